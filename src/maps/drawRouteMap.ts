/**
 * The route map with a Google key (spec §2 Booking summary panel): a Google map with a marker per known address (A for
 * the pick-up, 1, 2… for the stops, B for the drop-off; the pick-up only for hourly hire) and the route between them —
 * the road path when one is given (a decoded Routes polyline), else straight segments through the markers in order.
 * Its own lazy chunk without React: RouteMap renders the fixed-height box (so the page does not move when the map
 * arrives) and imports this only when the key is set. Calls `onFallback` when Google cannot be used or no address
 * could be placed, and RouteMap shows the schematic instead.
 */
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

export type RouteMapFallback = 'google-failed' | 'no-positions';

export interface DrawRouteMapOptions {
  /** The fixed-size box RouteMap renders; the map is drawn into it. */
  element: HTMLElement;
  apiKey: string;
  points: RoutePoint[];
  /** The road path (e.g. a decoded Routes polyline); without it the markers are joined by straight lines. */
  path?: LatLon[] | null;
  onFallback: (reason: RouteMapFallback) => void;
}

/**
 * Draws the map into `element` (data-state goes from 'loading' to 'ready', data-markers counts the markers) and
 * returns a clean-up that removes the overlays and ignores a drawing still under way.
 */
export function drawRouteMap({ element, apiKey, points, path, onFallback }: DrawRouteMapOptions): () => void {
  let cancelled = false;
  const overlays: MapOverlay[] = [];
  const fallback = (reason: RouteMapFallback) => {
    if (!cancelled) onFallback(reason);
  };
  const stopListening = onGoogleMapsFailure(() => fallback('google-failed'));
  element.dataset.state = 'loading';

  const draw = async () => {
    if (googleMapsFailure()) return fallback('google-failed');
    const [maps, markers, positions] = await Promise.all([
      importGoogleLibrary(apiKey, 'maps'),
      importGoogleLibrary(apiKey, 'marker'),
      positionsOf(
        points.map((point) => point.text),
        lookupPosition,
      ),
    ]);
    if (cancelled) return;
    const placed = points.flatMap((point, index) => (positions[index] ? [{ point, index, position: positions[index]! }] : []));
    if (placed.length === 0) return fallback('no-positions');

    const map = new maps.Map(element, {
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
    const line = path && path.length > 1 ? path : placed.map(({ position }) => position);
    if (line.length > 1) {
      overlays.push(new maps.Polyline({ map, path: line.map(toLatLng), geodesic: true, strokeColor: ROUTE_COLOUR, strokeOpacity: 0.9, strokeWeight: 4 }));
    }
    const box = boundsOf([...line, ...placed.map(({ position }) => position)]);
    if (box && (box.north !== box.south || box.east !== box.west)) map.fitBounds(box, 32);
    element.dataset.state = 'ready';
    element.dataset.markers = String(placed.length);
  };

  draw().catch((error: unknown) => {
    // importGoogleLibrary has reported a Google failure (once); anything else is ours and logged here.
    if (!googleMapsFailure()) console.error('The route map could not be drawn:', error);
    fallback('google-failed');
  });
  return () => {
    cancelled = true;
    stopListening();
    for (const overlay of overlays) overlay.setMap(null);
  };
}
