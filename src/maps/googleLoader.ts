/**
 * Loads the Google Maps JavaScript API once per page, only when a screen needs it (an address field got focus, or a
 * Google map is drawn), never at start-up: the home page's first paint fetches nothing from Google.
 *
 * The loading is Google's own package, @googlemaps/js-api-loader: `setOptions` (key, `v=weekly`, British English, UK
 * region) once per page, then `importLibrary('places' | 'maps' | 'marker')`, which adds one <script> from
 * maps.googleapis.com/maps/api/js (Google's "dynamic library import" bootstrap) on its first call. It is a plain
 * function, so the address suggester (not a component) and the maps (@react-google-maps/api's components, which use
 * the global `google.maps` and are not given a loader of their own) share the one load. The types are
 * @types/google.maps. Every screen asks through this module: nothing else imports the package.
 *
 * What the package leaves to us: a failure (the script cannot load, times out, or Google calls `gm_authFailure` for a
 * refused key) is remembered for the rest of the page load and reported once; callers then fall back to the offline
 * place search and the schematic, and the package is not asked again (after a script error it would add a second
 * script on the next call).
 */
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';

export type GoogleLibraryName = keyof google.maps.ImportLibraryMap;

/** What the script is asked with besides the key: the weekly channel, British English and UK formatting and ranking. */
export const GOOGLE_MAPS_OPTIONS = { v: 'weekly', language: 'en-GB', region: 'GB' } as const;
/** Give up on a script that has not loaded by then. */
export const GOOGLE_MAPS_LOAD_TIMEOUT_MS = 10_000;

type GoogleWindow = typeof globalThis & { gm_authFailure?: () => void };

/** The package takes its options once per page (a second setOptions is ignored): set on the first load. */
let optionsSet = false;
let loading: Promise<typeof google.maps> | null = null;
let failure: Error | null = null;
let reported = false;
const failureListeners = new Set<(error: Error) => void>();

/** The failure that switched Google off for this page load, if any. */
export const googleMapsFailure = (): Error | null => failure;

/** Called once when Google is switched off (load failure, or a refused key after the map was drawn). */
export function onGoogleMapsFailure(listener: (error: Error) => void): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

/**
 * Switches Google off for this page load and logs why, once (spec §8 "Logged only": maps failures). Later calls only
 * keep the first error.
 */
export function reportGoogleMapsFailure(error: unknown): Error {
  const err = error instanceof Error ? error : new Error(String(error));
  failure ??= err;
  if (!reported) {
    reported = true;
    console.error('Google Maps is unavailable; using the offline place search and route schematic:', err);
    for (const listener of failureListeners) listener(err);
  }
  return failure;
}

/**
 * Resolves with `google.maps` once the API is loaded (its `core` library); the same promise for every caller on the
 * page. Rejects (and reports once) when it cannot be loaded.
 */
export function loadGoogleMaps(apiKey: string, { timeoutMs = GOOGLE_MAPS_LOAD_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<typeof google.maps> {
  if (failure) return Promise.reject(failure);
  if (loading) return loading;
  loading = new Promise<typeof google.maps>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`The Google Maps JavaScript API did not load within ${timeoutMs / 1000} s`)), timeoutMs);
    function fail(error: unknown) {
      clearTimeout(timer);
      reject(reportGoogleMapsFailure(error));
    }
    // Google calls this when the key is refused (wrong key, referrer not allowed, API not enabled, no billing).
    (globalThis as GoogleWindow).gm_authFailure = () => fail(new Error('Google refused the maps key (gm_authFailure): check its HTTP referrer restriction and enabled APIs'));
    if (!optionsSet) {
      optionsSet = true;
      setOptions({ key: apiKey, ...GOOGLE_MAPS_OPTIONS });
    }
    importLibrary('core').then(() => {
      clearTimeout(timer);
      resolve(google.maps);
    }, fail);
  });
  return loading;
}

/** One library of the API (loads the API first; asked for in the same script request when it is the first). */
export async function importGoogleLibrary<Name extends GoogleLibraryName>(apiKey: string, name: Name): Promise<google.maps.ImportLibraryMap[Name]> {
  const loaded = loadGoogleMaps(apiKey);
  const library = failure ? null : importLibrary(name);
  // Its rejection while the API cannot load is the load's failure, reported there.
  library?.catch(() => {});
  await loaded;
  try {
    return await library!;
  } catch (error) {
    throw reportGoogleMapsFailure(error);
  }
}

/** Tests only: forget the loaded API and any failure (not the package's options, which it keeps per module). */
export function resetGoogleMapsLoader(): void {
  loading = null;
  failure = null;
  reported = false;
  failureListeners.clear();
}
