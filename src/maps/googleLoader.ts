/**
 * Loads the Google Maps JavaScript API once per page, only when a screen needs it (an address field got focus, or the
 * route map on /quotationview is drawn), never at start-up: the home page's first paint fetches nothing from Google.
 *
 * This is Google's "dynamic library import" pattern written out: one <script> from maps.googleapis.com with the key,
 * `v=weekly` and a callback; afterwards every screen asks `google.maps.importLibrary('places' | 'maps' | 'marker')` for
 * what it uses. (@react-google-maps/api's useJsApiLoader would inject the same script, but only from inside a React
 * component; the address suggester is not one, and two loaders on one page make Google load the API twice.)
 *
 * Failure (the script cannot load, times out, or Google calls `gm_authFailure` for a refused key) is remembered for
 * the rest of the page load and reported once; callers then fall back to the offline place search and the schematic.
 */
import type { GoogleLibraries, GoogleMapsNamespace } from './googleTypes.ts';

export const GOOGLE_MAPS_SCRIPT_URL = 'https://maps.googleapis.com/maps/api/js';
/** The global the script calls when it is ready (a plain name: no path for the API to resolve). */
export const GOOGLE_MAPS_CALLBACK = 'cabflowGoogleMapsReady';
/** Give up on a script that has not called back by then. */
export const GOOGLE_MAPS_LOAD_TIMEOUT_MS = 10_000;

type GoogleWindow = typeof globalThis & {
  google?: { maps?: Partial<GoogleMapsNamespace> };
  gm_authFailure?: () => void;
  [GOOGLE_MAPS_CALLBACK]?: () => void;
};

let loading: Promise<GoogleMapsNamespace> | null = null;
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

/** The script's address: key, weekly channel, British English and UK region (formatting and ranking of results). */
export function googleMapsScriptUrl(apiKey: string, callback = GOOGLE_MAPS_CALLBACK): string {
  const query = new URLSearchParams({ key: apiKey, v: 'weekly', language: 'en-GB', region: 'GB', loading: 'async', callback });
  return `${GOOGLE_MAPS_SCRIPT_URL}?${query}`;
}

/**
 * Resolves with `google.maps` once the API is loaded; the same promise for every caller on the page. Rejects (and
 * reports once) when it cannot be loaded.
 */
export function loadGoogleMaps(apiKey: string, { timeoutMs = GOOGLE_MAPS_LOAD_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<GoogleMapsNamespace> {
  if (failure) return Promise.reject(failure);
  if (loading) return loading;
  const win = globalThis as GoogleWindow;
  const existing = win.google?.maps;
  if (typeof existing?.importLibrary === 'function') return (loading = Promise.resolve(existing as GoogleMapsNamespace));

  loading = new Promise<GoogleMapsNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    const timer = setTimeout(() => fail(new Error(`The Google Maps JavaScript API did not load within ${timeoutMs / 1000} s`)), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      reject(reportGoogleMapsFailure(error));
    }
    win[GOOGLE_MAPS_CALLBACK] = () => {
      clearTimeout(timer);
      const maps = win.google?.maps;
      if (typeof maps?.importLibrary === 'function') resolve(maps as GoogleMapsNamespace);
      else fail(new Error('The Google Maps JavaScript API loaded without google.maps.importLibrary'));
    };
    // Google calls this when the key is refused (wrong key, referrer not allowed, API not enabled, no billing).
    win.gm_authFailure = () => fail(new Error('Google refused the maps key (gm_authFailure): check its HTTP referrer restriction and enabled APIs'));
    script.src = googleMapsScriptUrl(apiKey);
    script.async = true;
    script.onerror = () => fail(new Error('The Google Maps JavaScript API could not load'));
    document.head.append(script);
  });
  return loading;
}

/** One library of the API (loads the API first). */
export async function importGoogleLibrary<Name extends keyof GoogleLibraries>(apiKey: string, name: Name): Promise<GoogleLibraries[Name]> {
  const maps = await loadGoogleMaps(apiKey);
  try {
    return await maps.importLibrary(name);
  } catch (error) {
    throw reportGoogleMapsFailure(error);
  }
}

/** Tests only: forget the loaded API and any failure. */
export function resetGoogleMapsLoader(): void {
  loading = null;
  failure = null;
  reported = false;
  failureListeners.clear();
}
