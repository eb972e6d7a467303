/**
 * What the Google route map draws, worked out without Google (pure, unit-tested): a marker per placed address (A for
 * the pick-up, 1, 2… for the stops, B for the drop-off; the pick-up only for hourly hire), the line — the road route
 * when the quote carries one (a decoded Routes polyline), else straight segments through the markers in order — and
 * the box the map is fitted to.
 */
import type { LatLon } from '../../contract/booking.ts';
import type { RoutePoint } from '../components/booking/RouteSchematic.tsx';
import { boundsOf } from './routeGeometry.ts';

export const ROUTE_COLOUR = '#255c9b';

export interface RouteMarker {
  text: string;
  title: string;
  position: LatLon;
  zIndex: number;
}

export interface RouteMapLayout {
  markers: RouteMarker[];
  /** Two points or more, or empty (one marker: no line). */
  line: LatLon[];
  /** null when everything is on one spot: the map centres on the first marker at street zoom. */
  bounds: google.maps.LatLngBoundsLiteral | null;
  /** True when `line` is the road route rather than straight segments. */
  roadRoute: boolean;
}

const markerText = (point: RoutePoint, index: number) => (point.kind === 'pickup' ? 'A' : point.kind === 'dropoff' ? 'B' : String(index));
const markerZ = (point: RoutePoint) => (point.kind === 'pickup' ? 3 : point.kind === 'dropoff' ? 2 : 1);

/**
 * `positions[i]` is where `points[i]` is (null when unknown). With a road route, an unplaced pick-up or drop-off is
 * put at the route's start or end. Null when nothing can be placed: the schematic is drawn instead.
 */
export function layoutRouteMap(points: readonly RoutePoint[], positions: readonly (LatLon | null)[], roadRoute?: readonly LatLon[] | null): RouteMapLayout | null {
  const road = roadRoute && roadRoute.length > 1 ? roadRoute : null;
  const markers = points.flatMap((point, index): RouteMarker[] => {
    const position = positions[index] ?? (road && point.kind === 'pickup' ? road[0]! : road && point.kind === 'dropoff' ? road.at(-1)! : null);
    return position ? [{ text: markerText(point, index), title: `${point.label}: ${point.text}`, position, zIndex: markerZ(point) }] : [];
  });
  if (markers.length === 0) return null;
  const line = road ? [...road] : markers.length > 1 ? markers.map(({ position }) => position) : [];
  const box = boundsOf([...line, ...markers.map(({ position }) => position)]);
  const bounds = box && (box.north !== box.south || box.east !== box.west) ? box : null;
  return { markers, line, bounds, roadRoute: road !== null };
}
