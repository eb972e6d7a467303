/**
 * Google's map classes for @react-google-maps/api's components (GoogleMap, MarkerF, PolylineF, PolygonF, CircleF),
 * which use the global `google.maps` and do not load it themselves here: our loader (googleLoader.ts, over
 * @googlemaps/js-api-loader) loads the API once per page for the address suggester and the maps alike, and
 * `importLibrary('maps' | 'marker')` puts the classes on `google.maps`. 'failed' when Google cannot be used on this
 * page load (then the caller draws its schematic).
 */
import { useEffect, useState } from 'react';
import { googleMapsFailure, importGoogleLibrary, onGoogleMapsFailure } from './googleLoader.ts';

export type GoogleMapsState = 'loading' | 'ready' | 'failed';

export function useGoogleMaps(apiKey: string): GoogleMapsState {
  const [state, setState] = useState<GoogleMapsState>(() => (googleMapsFailure() ? 'failed' : 'loading'));
  useEffect(() => {
    let cancelled = false;
    const stopListening = onGoogleMapsFailure(() => {
      if (!cancelled) setState('failed');
    });
    Promise.all([importGoogleLibrary(apiKey, 'maps'), importGoogleLibrary(apiKey, 'marker')]).then(
      () => {
        if (!cancelled) setState('ready');
      },
      () => {
        // importGoogleLibrary has reported the failure (once).
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
      stopListening();
    };
  }, [apiKey]);
  return state;
}
