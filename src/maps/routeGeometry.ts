/** Geometry for the route map: Google's encoded polylines, and the bounds a map is fitted to. Pure. */
import type { LatLon } from '../../contract/booking.ts';

export const toLatLng = ({ lat, lon }: LatLon): google.maps.LatLngLiteral => ({ lat, lng: lon });

/**
 * Decodes a Google encoded polyline (precision 5), as Routes `computeRoutes` returns in `polyline.encodedPolyline`.
 * A malformed tail is dropped rather than read past the end.
 */
export function decodePolyline(encoded: string): LatLon[] {
  const points: LatLon[] = [];
  let index = 0;
  let lat = 0;
  let lon = 0;
  const next = (): number | null => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      if (index >= encoded.length) return null;
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    const dLat = next();
    const dLon = next();
    if (dLat === null || dLon === null) break;
    lat += dLat;
    lon += dLon;
    points.push({ lat: lat / 1e5, lon: lon / 1e5 });
  }
  return points;
}

/** The smallest box around the points, or null for none. */
export function boundsOf(points: readonly LatLon[]): google.maps.LatLngBoundsLiteral | null {
  if (points.length === 0) return null;
  return points.reduce<google.maps.LatLngBoundsLiteral>(
    (box, { lat, lon }) => ({ north: Math.max(box.north, lat), south: Math.min(box.south, lat), east: Math.max(box.east, lon), west: Math.min(box.west, lon) }),
    { north: -90, south: 90, east: -180, west: 180 },
  );
}
