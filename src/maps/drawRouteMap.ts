/**
 * The route map with a Google key (spec §2 Booking summary panel): a Google map with a marker per known address (A for
 * the pick-up, 1, 2… for the stops, B for the drop-off; the pick-up only for hourly hire) and the route between them —
 * the road path when one is given (a decoded Routes polyline), else straight segments through the markers in order.
 * Its own lazy chunk, loaded only by RouteMap when the key is set. Drawn into the fixed-height box RouteMap provides,
 * so the page does not move when the map arrives. Calls `onFallback` when Google cannot be used or no address could
 * be placed, and RouteMap shows the schematic instead.
 */
import { useEffect, useRef } from 'react';
import type { LatLon } from '../../contract/booking.ts';
import { fetchPlaceSuggestions } from '../api/places.ts';
import type { RoutePoint } from '../components/booking/RouteSchematic.tsx';
import { googleMapsFailure, importGoogleLibrary, onGoogleMapsFailure } from './googleLoader.ts';
import type { MapOverlay } from './googleTypes.ts';
import { positionsOf } from './placePositions.ts';
import { boundsOf, toLatLng } from './routeGeometry.ts';

export const ROUTE_COLOUR = '#255c9b';
const SINGLE_POINT_ZOOM = 14;
const PLACES_QUERY_MAX = 100;

/** A position for an address from our own place search (its best match), or null. */
async function lookupPosition(address: string): Promise<LatLon | null> {
  const [best] = await fetchPlaceSuggestions(address.slice(0, PLACES_QUERY_MAX), { limit: 1 });
  return best ? { lat: best.lat, lon: best.lon } : null;
}

const markerText = (point: RoutePoint, index: number) => (point.kind === 'pickup' ? 'A' : point.kind === 'dropoff' ? 'B' : String(index));

export interface GoogleRouteMapProps {
  apiKey: string;
  points: RoutePoint[];
  /** The road path (e.g. a decoded Routes polyline); without it the markers are joined by straight lines. */
  path?: LatLon[] | null;
  /** The accessible name of the map region. */
  label: string;
  className?: string;
  onFallback: (reason: 'google-failed' | 'no-positions') => void;
}

export default function GoogleRouteMap({ apiKey, points, path, label, className, onFallback }: GoogleRouteMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const fallback = useRef(onFallback);
  fallback.current = onFallback;
  const pointsKey = JSON.stringify(points.map(({ kind, text }) => [kind, text]));
  const pathKey = JSON.stringify(path ?? null);

  useEffect(() => {
    let cancelled = false;
    const overlays: MapOverlay[] = [];
    const stopListening = onGoogleMapsFailure(() => !cancelled && fallback.current('google-failed'));
    const draw = async () => {
      if (googleMapsFailure()) return fallback.current('google-failed');
      const routePoints: RoutePoint[] = JSON.parse(pointsKey);
      const [maps, markers, positions] = await Promise.all([
        importGoogleLibrary(apiKey, 'maps'),
        importGoogleLibrary(apiKey, 'marker'),
        positionsOf(
          routePoints.map((point) => point.text),
          lookupPosition,
        ),
      ]);
      const target = element.current;
      if (cancelled || !target) return;
      const placed = routePoints.flatMap((point, index) => (positions[index] ? [{ point, index, position: positions[index]! }] : []));
      if (placed.length === 0) return fallback.current('no-positions');

      const map = new maps.Map(target, {
        center: toLatLng(placed[0].position),
        zoom: SINGLE_POINT_ZOOM,
        disableDefaultUI: true,
        zoomControl: true,
        gestureHandling: 'cooperative',
        clickableIcons: false,
      });
      for (const { point, index, position } of placed) {
        overlays.push(
          new markers.Marker({
            map,
            position: toLatLng(position),
            label: { text: markerText(point, index), color: '#ffffff', fontWeight: '700' },
            title: `${point.label}: ${point.text}`,
            zIndex: point.kind === 'pickup' ? 3 : point.kind === 'dropoff' ? 2 : 1,
          }),
        );
      }
      const roadPath: LatLon[] | null = JSON.parse(pathKey);
      const line = roadPath && roadPath.length > 1 ? roadPath : placed.map(({ position }) => position);
      if (line.length > 1) {
        overlays.push(new maps.Polyline({ map, path: line.map(toLatLng), geodesic: true, strokeColor: ROUTE_COLOUR, strokeOpacity: 0.9, strokeWeight: 4 }));
      }
      const box = boundsOf([...line, ...placed.map(({ position }) => position)]);
      if (box && (box.north !== box.south || box.east !== box.west)) map.fitBounds(box, 32);
      target.dataset.state = 'ready';
      target.dataset.markers = String(placed.length);
    };
    draw().catch((error: unknown) => {
      // importGoogleLibrary has reported a Google failure (once); anything else is ours and logged here.
      if (!googleMapsFailure()) console.error('The route map could not be drawn:', error);
      if (!cancelled) fallback.current('google-failed');
    });
    return () => {
      cancelled = true;
      stopListening();
      for (const overlay of overlays) overlay.setMap(null);
    };
  }, [apiKey, pointsKey, pathKey]);

  return <div ref={element} className={className} role="region" aria-label={label} data-testid="google-map" data-state="loading" />;
}
