/**
 * The real sources behind the address fields: the operator's saved addresses (src/api) and place suggestions from
 * Google Places Autocomplete (New) when the operator has a browser key (setting GOOGLE_API_KEY), else our own
 * GET /api/v1/places. Google's code and script load only when an address field first gets focus (`warmUp`), never
 * with the page. When Google cannot be loaded or fails, the suggestions come from /api/v1/places for the rest of the
 * page load, and the failure is logged once (spec §8 "Logged only").
 */
import type { fetchPlaceSuggestions as FetchPlaceSuggestions } from '../../api/places.ts';
import { browserMapsKey } from '../../maps/mapsKey.ts';
import { rememberPosition } from '../../maps/placePositions.ts';
import type { GooglePlaceSearch } from '../../maps/googlePlaces.ts';
import { createAddressSuggester, SUGGESTION_LIMITS, type PlaceCandidate, type SuggestAddresses, type SuggestOptions } from '../../components/address/addressSuggestions.ts';

// The API calls (with zod and the HTTP client) load at the first search, not with the address field: on a server-rendered
// home page the field's code arrives right after the hydration, and evaluating the schemas then was a long task.
const placesApi = () => import('../../api/places.ts');
const catalogApi = () => import('../../api/catalog.ts');

export const fetchPlaceSuggestions: typeof FetchPlaceSuggestions = async (...args) => (await placesApi()).fetchPlaceSuggestions(...args);

export interface PlaceSourceDeps {
  /** The browser key, or null for none (read on each query: a key set in the settings shows on the next page load). */
  mapsKey: () => string | null;
  /** Loads Google's script and our Places code; rejects when Google cannot be used. */
  loadGoogle: (key: string) => Promise<GooglePlaceSearch>;
  /** Our gazetteer. */
  gazetteer: (query: string, options: SuggestOptions) => Promise<PlaceCandidate[]>;
  /** Called once, with the first Google failure. */
  logFailure: (error: unknown) => void;
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * Place suggestions: Google while it works, the gazetteer otherwise. The first Google failure (load or query) is
 * logged and switches to the gazetteer for the rest of the page load; that query is answered by the gazetteer.
 */
export function createPlaceSource({ mapsKey, loadGoogle, gazetteer, logFailure }: PlaceSourceDeps) {
  let google: Promise<GooglePlaceSearch> | null = null;
  let failed = false;

  const start = (): Promise<GooglePlaceSearch> | null => {
    if (failed) return null;
    const key = mapsKey();
    if (!key) return null;
    google ??= loadGoogle(key);
    return google;
  };
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    logFailure(error);
  };

  const search = async (query: string, options: SuggestOptions): Promise<PlaceCandidate[]> => {
    const loading = start();
    if (loading) {
      try {
        return await (await loading)(query, options);
      } catch (error) {
        if (options.signal?.aborted || isAbort(error)) throw error;
        fail(error);
      }
    }
    return gazetteer(query, options);
  };

  /** Starts loading Google (if there is a key) without waiting; a failure is handled by the next query. */
  const warmUp = () => {
    start()?.catch(() => {});
  };

  return { search, warmUp };
}

/** Google's script (googleLoader) and our Places (New) client, in their own lazy chunk. */
async function loadGooglePlaces(key: string): Promise<GooglePlaceSearch> {
  const [{ importGoogleLibrary }, { createGooglePlaceSearch }, { biasLocation }] = await Promise.all([
    import('../../maps/googleLoader.ts'),
    import('../../maps/googlePlaces.ts'),
    import('../../maps/userLocation.ts'),
  ]);
  const places = await importGoogleLibrary(key, 'places');
  let centre: ReturnType<typeof biasLocation> | null = null;
  return createGooglePlaceSearch({ places: async () => places, centre: () => (centre ??= biasLocation()) });
}

/** Logs the first Google failure, unless the loader already did (it logs a script or key failure itself). */
async function logGoogleFailure(error: unknown) {
  const { googleMapsFailure } = await import('../../maps/googleLoader.ts');
  if (googleMapsFailure() !== error) console.error('Google place suggestions failed; using our own place search:', error);
}

const placeSource = createPlaceSource({
  mapsKey: browserMapsKey,
  loadGoogle: loadGooglePlaces,
  gazetteer: (query, { signal }) => fetchPlaceSuggestions(query, { signal, limit: SUGGESTION_LIMITS.places }),
  logFailure: (error) => void logGoogleFailure(error),
});

/** The site-wide suggester: one saved-address list per page load, shared by every address field. */
export const suggestAddresses: SuggestAddresses = Object.assign(
  createAddressSuggester({
    loadSavedAddresses: async ({ signal }) => (await catalogApi()).fetchAddresses({ signal }),
    searchPlaces: placeSource.search,
  }),
  {
    warmUp: placeSource.warmUp,
    chosen: ({ address, lat, lon }: { address: string; lat: number | null; lon: number | null }) => {
      if (lat !== null && lon !== null) rememberPosition(address, { lat, lon });
    },
  },
);
