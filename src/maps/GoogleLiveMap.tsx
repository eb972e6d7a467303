/**
 * The passenger's live map with a Google key (issue 33), drawn with @react-google-maps/api: a `MarkerF` for the
 * pick-up (A) and one for the car, moved as its positions arrive; the map is fitted to both when the car first shows
 * and whenever it leaves the part shown. Its own lazy chunk (LiveMap.tsx imports it only with the key); Google's
 * script loads through our loader (useGoogleMaps). Calls `onFallback` when Google cannot be used: the schematic.
 */
import { GoogleMap, MarkerF } from '@react-google-maps/api';
import { useEffect, useMemo, useRef } from 'react';
import classes from '../components/maps/LiveMap.module.css';
import type { LiveMapPoint } from '../components/maps/LiveSchematic.tsx';
import { useGoogleMaps } from './useGoogleMaps.ts';

const SINGLE_POINT_ZOOM = 15;
/** The car: the schematic's dot (a blue disc with a white rim), 24 px. */
const CAR_ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="9.5" fill="#1b4f8a" stroke="#fff" stroke-width="3"/></svg>')}`;

/** The bounds around the car and the pick-up (a literal: no Google class needed). */
const around = (car: LiveMapPoint, pickup: LiveMapPoint | null): google.maps.LatLngBoundsLiteral => {
  const points = pickup ? [car, pickup] : [car];
  return {
    north: Math.max(...points.map((point) => point.lat)),
    south: Math.min(...points.map((point) => point.lat)),
    east: Math.max(...points.map((point) => point.lng)),
    west: Math.min(...points.map((point) => point.lng)),
  };
};
const FIT_PADDING_PX = 40;

export interface GoogleLiveMapProps {
  apiKey: string;
  pickup: LiveMapPoint | null;
  car: LiveMapPoint | null;
  label: string;
  onFallback: () => void;
}

export default function GoogleLiveMap({ apiKey, pickup, car, label, onFallback }: GoogleLiveMapProps) {
  const state = useGoogleMaps(apiKey);
  const map = useRef<google.maps.Map | null>(null);
  useEffect(() => {
    if (state === 'failed') onFallback();
  }, [state, onFallback]);

  const centre = pickup ?? car;
  const options = useMemo(
    (): google.maps.MapOptions | undefined =>
      centre ? { center: centre, zoom: SINGLE_POINT_ZOOM, disableDefaultUI: true, zoomControl: true, gestureHandling: 'cooperative', clickableIcons: false } : undefined,
    // Only the first centre: later positions move the marker, not the map's options.
    [Boolean(centre)],
  );

  // Both in sight: fitted when the car first shows, and again whenever it leaves the part of the map shown.
  useEffect(() => {
    const shown = map.current;
    if (!shown || !car) return;
    const bounds = shown.getBounds();
    if (bounds?.contains(car) && (!pickup || bounds.contains(pickup))) return;
    shown.fitBounds(around(car, pickup), FIT_PADDING_PX);
  }, [car?.lat, car?.lng, pickup?.lat, pickup?.lng, state]);

  const ready = state === 'ready' && centre;
  return (
    <figure className={classes.frame} data-testid="live-map" data-map="google">
      <div className={classes.canvas} role="region" aria-label={label} data-state={ready ? 'ready' : 'loading'} data-car={car ? `${car.lat},${car.lng}` : ''}>
        {ready && (
          <GoogleMap
            mapContainerClassName={classes.map}
            options={options}
            onLoad={(loaded) => {
              map.current = loaded;
              if (car && pickup) loaded.fitBounds(around(car, pickup), FIT_PADDING_PX);
            }}
            onUnmount={() => {
              map.current = null;
            }}
          >
            {pickup && <MarkerF position={pickup} options={{ position: pickup, label: { text: 'A', color: '#ffffff', fontWeight: '700' }, title: 'Pick-up', zIndex: 1 }} />}
            {car && (
              <MarkerF
                position={car}
                options={{
                  position: car,
                  title: "Your driver's car",
                  zIndex: 2,
                  icon: { url: CAR_ICON, anchor: new google.maps.Point(12, 12) },
                }}
              />
            )}
          </GoogleMap>
        )}
      </div>
    </figure>
  );
}
