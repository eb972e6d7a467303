import type { GeoPoint, RouteEstimate, RouteLegEstimate } from './types.ts';

/**
 * The offline distance and time model.
 *
 * Distance: great-circle (haversine) distance × ROAD_FACTOR. Roads are longer than the straight line; the ratio
 * (the "detour index") is typically 1.2–1.4 in Great Britain, a little higher in cities. 1.3 puts London → Manchester
 * at about 211 miles (the M40/M6 route is about 200–210) and Heathrow → the West End at about 18 (about 16–17 by road).
 *
 * Time: each leg is driven through speed bands by its road distance: the first 3 miles at urban speed (12 mph, London
 * traffic), the next 12 at suburban speed (25 mph), the rest at motorway/trunk-road speed (55 mph, an average with
 * junctions and slower stretches). London → Manchester then takes about 4 h 15 min; Heathrow → the West End about 47 min.
 * Every figure is marked estimated; the Google adapter replaces both with Routes API answers.
 */
export const ROAD_FACTOR = 1.3;
export const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_MILE = 1.609344;

export const SPEED_BANDS = [
  { name: 'urban', upToMiles: 3, mph: 12 },
  { name: 'suburban', upToMiles: 15, mph: 25 },
  { name: 'motorway', upToMiles: Number.POSITIVE_INFINITY, mph: 55 },
] as const;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const roundMiles = (miles: number) => Math.round(miles * 100) / 100;

/** Road miles between two points by the model (not rounded). */
export const roadMiles = (a: GeoPoint, b: GeoPoint) => (haversineKm(a, b) * ROAD_FACTOR) / KM_PER_MILE;

/** Seconds to drive a leg of this many road miles, through the speed bands. */
export function driveSeconds(miles: number): number {
  let hours = 0;
  let from = 0;
  for (const band of SPEED_BANDS) {
    if (miles <= from) break;
    const inBand = Math.min(miles, band.upToMiles) - from;
    hours += inBand / band.mph;
    from = band.upToMiles;
  }
  return Math.round(hours * 3600);
}

export function estimateLeg(a: GeoPoint, b: GeoPoint): RouteLegEstimate {
  const miles = roadMiles(a, b);
  return { miles: roundMiles(miles), seconds: driveSeconds(miles) };
}

/** Sums the legs between consecutive points, in order (pickup, stops…, dropoff). Fewer than two points: 0 miles. */
export function routeThrough(points: readonly GeoPoint[]): RouteEstimate {
  const legs: RouteLegEstimate[] = [];
  let miles = 0;
  let seconds = 0;
  for (let index = 1; index < points.length; index += 1) {
    const exact = roadMiles(points[index - 1], points[index]);
    const leg = { miles: roundMiles(exact), seconds: driveSeconds(exact) };
    legs.push(leg);
    miles += exact;
    seconds += leg.seconds;
  }
  return { miles: roundMiles(miles), seconds, legs, estimated: true };
}
