/**
 * Address suggestions for the address fields (spec §2 Home, §5 Form limits): the operator's saved addresses
 * filtered case-insensitively by substring, then place suggestions from a place source. Pure apart from the two
 * sources it is given, so the merging rules are unit-tested without a network; src/app/address/addressSources.ts wires the real
 * ones (GET /api/v1/ai-addresses, and Google Places Autocomplete (New) or our GET /api/v1/places).
 */
import type { Address } from '../../../contract/catalog.ts';
import type { PlaceKind, PlaceSuggestion } from '../../../contract/booking.ts';

export interface AddressSuggestion {
  /** The text that goes into the field. */
  address: string;
  /** 'saved': one of the operator's saved addresses; 'place': from the place source. */
  source: 'saved' | 'place';
  kind: PlaceKind;
  lat: number | null;
  lon: number | null;
  /** True when the place comes from the offline gazetteer (the UI says "estimated"). */
  estimated: boolean;
  /** Who suggested a place: Google Places (the dropdown then credits Google) or our gazetteer (default). */
  provider?: 'google' | 'gazetteer';
  /**
   * Runs when the visitor picks the suggestion, before the field takes its final text: Google's place details (the
   * address with its postcode appended, and the position). Absent for saved addresses and gazetteer places.
   */
  details?: () => Promise<{ address: string; lat: number | null; lon: number | null }>;
}

export interface SuggestOptions {
  signal?: AbortSignal;
}

/** What AddressAutocomplete calls with the trimmed text typed so far. Rejects only when aborted. */
export interface SuggestAddresses {
  (query: string, options?: SuggestOptions): Promise<AddressSuggestion[]>;
  /** An address field got focus: a source may start loading now (Google's script), so it is ready for the first keys. */
  warmUp?: () => void;
  /** A suggestion was picked and completed (details fetched): e.g. remember its position for the route map. */
  chosen?: (suggestion: AddressSuggestion) => void;
}

/** A place from the place source: our gazetteer's shape, or Google's with its provider and details. */
export type PlaceCandidate = PlaceSuggestion | (Omit<PlaceSuggestion, 'lat' | 'lon'> & Pick<AddressSuggestion, 'lat' | 'lon' | 'provider' | 'details'>);

export interface AddressSources {
  /** The saved address list (GET /api/v1/ai-addresses). */
  loadSavedAddresses: (options: SuggestOptions) => Promise<Address[]>;
  /** Place suggestions for the text (Google Places, or GET /api/v1/places). */
  searchPlaces: (query: string, options: SuggestOptions) => Promise<PlaceCandidate[]>;
  /** Spec §8 "Logged only": maps failures are logged, and simply give no place suggestions. */
  logError?: (message: string, error: unknown) => void;
}

export const SUGGESTION_LIMITS = { saved: 5, places: 8 } as const;

/** Saved addresses whose text contains the query, ignoring case (spec §5). */
export function filterSavedAddresses(addresses: readonly Address[], query: string, limit: number = SUGGESTION_LIMITS.saved): Address[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return addresses.filter((entry) => entry.address.toLowerCase().includes(needle)).slice(0, limit);
}

/** Saved first, then places, without repeating an address already listed (compared ignoring case and spacing). */
export function mergeSuggestions(saved: readonly Address[], places: readonly PlaceCandidate[], placeLimit: number = SUGGESTION_LIMITS.places): AddressSuggestion[] {
  const key = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  const seen = new Set<string>();
  const merged: AddressSuggestion[] = [];
  for (const entry of saved) {
    if (seen.has(key(entry.address))) continue;
    seen.add(key(entry.address));
    merged.push({ address: entry.address, source: 'saved', kind: 'saved', lat: null, lon: null, estimated: false });
  }
  let placesAdded = 0;
  for (const place of places) {
    if (placesAdded >= placeLimit || seen.has(key(place.address))) continue;
    seen.add(key(place.address));
    placesAdded += 1;
    const extra = 'provider' in place ? { provider: place.provider, details: place.details } : {};
    merged.push({ address: place.address, source: 'place', kind: place.kind, lat: place.lat, lon: place.lon, estimated: place.estimated, ...extra });
  }
  return merged;
}

const isAbort = (error: unknown, signal?: AbortSignal) => signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');

/**
 * A suggester over two sources. The saved list is fetched once, on first use (spec §7: "fetched if the store is
 * empty"); a failed fetch is logged and tried again on the next query. Either source failing leaves the other's
 * suggestions; an aborted query rejects so the caller can ignore it.
 */
export function createAddressSuggester({ loadSavedAddresses, searchPlaces, logError = (message, error) => console.error(message, error) }: AddressSources): SuggestAddresses {
  let saved: Address[] | null = null;
  let loading: Promise<Address[]> | null = null;

  const savedAddresses = (): Promise<Address[]> => {
    if (saved) return Promise.resolve(saved);
    // Not tied to one query's signal: the list is shared by every later query.
    loading ??= loadSavedAddresses({})
      .then((list) => (saved = list))
      .catch((error: unknown) => {
        logError('Could not load saved addresses:', error);
        return [];
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };

  return async (query, { signal } = {}) => {
    const text = query.trim();
    if (!text) return [];
    const [savedList, places] = await Promise.all([
      savedAddresses(),
      searchPlaces(text, { signal }).catch((error: unknown) => {
        if (!isAbort(error, signal)) logError('Place suggestions failed:', error);
        return [] as PlaceCandidate[];
      }),
    ]);
    if (signal?.aborted) throw new DOMException('The suggestion request was aborted', 'AbortError');
    return mergeSuggestions(filterSavedAddresses(savedList, text), places);
  };
}
