/**
 * The route map with a Google key (spec §2 Booking summary panel), drawn with @react-google-maps/api: `GoogleMap`,
 * a `MarkerF` per placed address and a `PolylineF` for the route (routeMapLayout.ts says what). Its own lazy chunk
 * (RouteMap imports it only when the key is set), and Google's script loads only then, through our loader.
 * Calls `onFallback` when Google cannot be used or no address can be placed; RouteMap then shows the schematic.
 */
import { GoogleMap, MarkerF, PolylineF } from '@react-google-maps/api';
import { useEffect, useMemo, useState } from 'react';
import type { LatLon } from '../../contract/booking.ts';
import { fetchPlaceSuggestions } from '../api/places.ts';
import type { RoutePoint } from '../components/booking/RouteSchematic.tsx';
import classes from '../components/booking/RouteMap.module.css';
import { positionsOf } from './placePositions.ts';
import { decodePolyline, toLatLng } from './routeGeometry.ts';
import { layoutRouteMap, ROUTE_COLOUR } from './routeMapLayout.ts';
import { useGoogleMaps } from './useGoogleMaps.ts';

const SINGLE_POINT_ZOOM = 14;
const PLACES_QUERY_MAX = 100;
const FIT_PADDING_PX = 32;

/** A position for an address from our own place search (its best match), or null. */
async function lookupPosition(address: string): Promise<LatLon | null> {
  const [best] = await fetchPlaceSuggestions(address.slice(0, PLACES_QUERY_MAX), { limit: 1 });
  return best ? { lat: best.lat, lon: best.lon } : null;
}

export type RouteMapFallback = 'google-failed' | 'no-positions';

export interface GoogleRouteMapProps {
  apiKey: string;
  points: RoutePoint[];
  /** Google's encoded polyline of the outbound road route, when the quote carries one. */
  routePolyline?: string | null;
  caption: string;
  onFallback: (reason: RouteMapFallback) => void;
}

export default function GoogleRouteMap({ apiKey, points, routePolyline, caption, onFallback }: GoogleRouteMapProps) {
  const google = useGoogleMaps(apiKey);
  const texts = JSON.stringify(points.map((point) => point.text));
  const [positions, setPositions] = useState<{ texts: string; positions: (LatLon | null)[] } | null>(null);
  useEffect(() => {
    let cancelled = false;
    positionsOf(JSON.parse(texts) as string[], lookupPosition).then((found) => {
      if (!cancelled) setPositions({ texts, positions: found });
    });
    return () => {
      cancelled = true;
    };
  }, [texts]);

  const road = useMemo(() => (routePolyline ? decodePolyline(routePolyline) : null), [routePolyline]);
  const layout = positions && positions.texts === texts ? layoutRouteMap(points, positions.positions, road) : undefined;
  const fallback = google === 'failed' ? 'google-failed' : layout === null ? 'no-positions' : null;
  useEffect(() => {
    if (fallback) onFallback(fallback);
  }, [fallback, onFallback]);

  const options = useMemo(
    (): google.maps.MapOptions | undefined =>
      layout
        ? { center: toLatLng(layout.markers[0]!.position), zoom: SINGLE_POINT_ZOOM, disableDefaultUI: true, zoomControl: true, gestureHandling: 'cooperative', clickableIcons: false }
        : undefined,
    // The first marker's spot is all the options depend on.
    [layout?.markers[0]?.position.lat, layout?.markers[0]?.position.lon],
  );
  const lineOptions = useMemo(
    () => (layout && layout.line.length > 1 ? { path: layout.line.map(toLatLng), geodesic: !layout.roadRoute, strokeColor: ROUTE_COLOUR, strokeOpacity: 0.9, strokeWeight: 4 } : null),
    [JSON.stringify(layout?.line ?? null), layout?.roadRoute],
  );

  const hourly = points.length === 1;
  const label = hourly ? `Map of the pick-up point: ${points[0]!.text}` : `Map of the route from ${points[0]!.text} to ${points.at(-1)!.text}`;
  const ready = google === 'ready' && layout;
  return (
    <figure className={classes.frame} data-testid="route-map" data-map="google">
      <div className={classes.canvas} role="region" aria-label={label} data-testid="google-map" data-state={ready ? 'ready' : 'loading'} data-markers={ready ? layout.markers.length : undefined} data-road-route={ready ? String(layout.roadRoute) : undefined}>
        {ready && (
          <GoogleMap key={`${texts}|${routePolyline ?? ''}`} mapContainerClassName={classes.map} options={options} onLoad={(map) => {
              if (layout.bounds) map.fitBounds(layout.bounds, FIT_PADDING_PX);
            }}>
            {layout.markers.map((marker) => (
              <MarkerF
                key={`${marker.text}-${marker.title}`}
                position={toLatLng(marker.position)}
                options={{ position: toLatLng(marker.position), label: { text: marker.text, color: '#ffffff', fontWeight: '700' }, title: marker.title, zIndex: marker.zIndex }}
              />
            ))}
            {lineOptions && <PolylineF options={lineOptions} />}
          </GoogleMap>
        )}
      </div>
      <figcaption className={classes.caption}>
        {caption}
        {hourly ? '' : ' · A pick-up, B drop-off'}
      </figcaption>
    </figure>
  );
}
