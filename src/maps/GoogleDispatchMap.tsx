/**
 * The dispatcher's map with the operator's Google browser key (issue 33), drawn with @react-google-maps/api: one
 * `MarkerF` per driver and job, labelled and coloured as the schematic draws them, moved as positions arrive. Fitted
 * around the markers when they first show; the dispatcher's pans and zooms are kept after that. Its own lazy chunk;
 * Google's script loads through our loader (useGoogleMaps). Calls `onFallback` when Google cannot be used.
 */
import { GoogleMap, MarkerF } from '@react-google-maps/api';
import { useEffect, useMemo, useRef } from 'react';
import type { MapCanvasProps } from '../views/console/map/MapSchematic.tsx';
import { markerColour, type MapMarker } from '../views/console/map/mapMarkers.ts';
import classes from '../views/console/map/MapPage.module.css';
import { useGoogleMaps } from './useGoogleMaps.ts';

const FIT_PADDING_PX = 48;

const icon = (marker: MapMarker): google.maps.Symbol => ({
  path: marker.kind === 'driver' ? google.maps.SymbolPath.CIRCLE : 'M -10 -7 h 20 v 14 h -20 z',
  scale: marker.kind === 'driver' ? 14 : 2,
  fillColor: markerColour(marker),
  fillOpacity: 1,
  strokeColor: marker.selected ? '#111111' : '#ffffff',
  strokeWeight: marker.selected ? 3 : 2,
});

export interface GoogleDispatchMapProps extends MapCanvasProps {
  apiKey: string;
  onFallback: () => void;
}

export default function GoogleDispatchMap({ apiKey, markers, base, label, onSelect, onFallback }: GoogleDispatchMapProps) {
  const state = useGoogleMaps(apiKey);
  const map = useRef<google.maps.Map | null>(null);
  const fitted = useRef(false);
  useEffect(() => {
    if (state === 'failed') onFallback();
  }, [state, onFallback]);

  const options = useMemo(
    (): google.maps.MapOptions => ({ center: base ?? { lat: 51.5074, lng: -0.1278 }, zoom: 10, disableDefaultUI: true, zoomControl: true, clickableIcons: false }),
    [],
  );

  useEffect(() => {
    const shown = map.current;
    if (!shown || fitted.current || markers.length === 0) return;
    fitted.current = true;
    const bounds = new google.maps.LatLngBounds();
    for (const marker of markers) bounds.extend({ lat: marker.lat, lng: marker.lng });
    shown.fitBounds(bounds, FIT_PADDING_PX);
  }, [markers, state]);

  return (
    <div className={classes.canvas} data-testid="dispatch-map" data-map="google" role="region" aria-label={label} data-state={state}>
      {state === 'ready' && (
        <GoogleMap
          mapContainerStyle={{ width: '100%', height: '100%' }}
          options={options}
          onLoad={(loaded) => {
            map.current = loaded;
          }}
          onUnmount={() => {
            map.current = null;
          }}
        >
          {markers.map((marker) => (
            <MarkerF
              key={marker.key}
              position={{ lat: marker.lat, lng: marker.lng }}
              title={marker.title}
              label={{ text: marker.short, color: '#ffffff', fontWeight: '700', fontSize: '11px' }}
              icon={icon(marker)}
              zIndex={marker.selected ? 3 : marker.kind === 'driver' ? 2 : 1}
              onClick={() => onSelect(marker)}
            />
          ))}
        </GoogleMap>
      )}
    </div>
  );
}
