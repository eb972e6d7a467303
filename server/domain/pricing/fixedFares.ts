import { haversineKm, KM_PER_MILE } from '../geo/distance.ts';
import { findPostcode, POSTCODE_DISTRICTS } from '../geo/postcodes.ts';
import { pointInZone, type Zone } from '../geo/zones.ts';
import type { GeoPoint } from '../geo/types.ts';
import type { FareZone, FixedFare, LegRoute, RoutePoint, ZoneArea } from './types.ts';

/**
 * Fixed (zone-to-zone) fares.
 *
 * - A leg is matched only when it has no stops: its pickup against the zones that contain it (the "from" zones) and its
 *   drop-off likewise (the "to" zones). A return leg is matched on its own, drop-off → pickup, so a one-way fare
 *   (`both_ways` false) matches only legs driven in its direction.
 * - Zones containing a point are ranked: highest `priority` first, then the smallest area, then the lowest id. The
 *   zone pairs are tried in the order of the pickup's ranking, then the drop-off's; the first pair with a fare valid
 *   on the date for the company and vehicle wins. So a small "Heathrow" zone inside a large "West London" one wins
 *   when it has a fare, and the large one's fare still applies when the small one has none for that destination.
 * - Among the fares of one zone pair, a company's own fare beats an every-company fare (company_id null), and of
 *   those the latest valid_from wins (a price change is a new row, as with tariffs and surcharges).
 * - A postcode-district zone contains a point whose text or resolved label carries a postcode of one of its districts
 *   ('TW6 2GA', 'Windsor SL4'); an airport's terminals are in their airport's district (Heathrow TW6); otherwise the
 *   nearest district centre (within 5 km) of the offline postcode table stands for it (an approximation: a radius or a
 *   polygon is exact).
 */

const NEAREST_DISTRICT_KM = 5;
/** A postcode district counts as about 10 km² when zones are ranked by size (the table has centres, not areas). */
const DISTRICT_AREA_KM2 = 10;

const OUTWARD_CODE = /^[A-Z]{1,2}\d[A-Z\d]?$/;

export const isOutwardCode = (code: string) => OUTWARD_CODE.test(code);

/** The postcode district of each London airport's terminals (their resolved labels carry none). */
const AIRPORT_DISTRICTS: Record<string, string> = { LHR: 'TW6', LGW: 'RH6', STN: 'CM24', LTN: 'LU2', LCY: 'E16' };

/** The outward code of a point: from a postcode in its label or text, an airport's, else the nearest district centre. */
export function outwardCodeOf(point: Pick<RoutePoint, 'lat' | 'lon' | 'text' | 'label'> & { iata?: string | null }): string | null {
  const hit = findPostcode(point.label) ?? findPostcode(point.text);
  if (hit) return hit.matched.split(' ')[0];
  const airport = point.iata ? AIRPORT_DISTRICTS[point.iata] : undefined;
  if (airport) return airport;
  let best: { code: string; km: number } | null = null;
  for (const [code, , lat, lon] of POSTCODE_DISTRICTS) {
    const km = haversineKm(point, { lat, lon });
    if (km <= NEAREST_DISTRICT_KM && (!best || km < best.km)) best = { code, km };
  }
  return best?.code ?? null;
}

/** 'SW1' covers 'SW1' and its sub-districts 'SW1A'…; 'TW6' covers only 'TW6' ('TW60' is no district). */
const districtCovers = (district: string, outward: string) => outward === district || (outward.length === district.length + 1 && outward.startsWith(district) && /[A-Z]$/.test(outward));

function polygonAreaKm2(points: ReadonlyArray<readonly [number, number]>): number {
  // Shoelace on an equirectangular projection around the polygon's mean latitude: fine at a city's scale.
  const meanLat = (points.reduce((total, [lat]) => total + lat, 0) / points.length) * (Math.PI / 180);
  const kmPerDegree = 111.32;
  let twice = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
    const [latI, lonI] = points[i];
    const [latJ, lonJ] = points[j];
    twice += lonJ * Math.cos(meanLat) * kmPerDegree * (latI * kmPerDegree) - lonI * Math.cos(meanLat) * kmPerDegree * (latJ * kmPerDegree);
  }
  return Math.abs(twice) / 2;
}

export function zoneAreaKm2(area: ZoneArea): number {
  switch (area.kind) {
    case 'radius':
      return Math.PI * (area.radius_miles * KM_PER_MILE) ** 2;
    case 'polygon':
      return polygonAreaKm2(area.points);
    case 'postcodes':
      return area.districts.length * DISTRICT_AREA_KM2;
  }
}

export function zoneContains(area: ZoneArea, point: GeoPoint, outward: () => string | null): boolean {
  switch (area.kind) {
    case 'radius':
      return haversineKm(point, area) / KM_PER_MILE <= area.radius_miles;
    case 'polygon':
      // pointInZone reads only the corners.
      return pointInZone(point, { polygon: area.points } as Pick<Zone, 'polygon'> as Zone);
    case 'postcodes': {
      const code = outward();
      return code !== null && area.districts.some((district) => districtCovers(district, code));
    }
  }
}

const areas = new WeakMap<FareZone, number>();
const areaOf = (zone: FareZone) => {
  let km2 = areas.get(zone);
  if (km2 === undefined) {
    km2 = zoneAreaKm2(zone.area);
    areas.set(zone, km2);
  }
  return km2;
};

/** The zones containing a point, best first: priority (high first), then area (small first), then id. */
export function zonesAt(zones: readonly FareZone[], point: RoutePoint): FareZone[] {
  let outward: string | null | undefined;
  const lazyOutward = () => (outward === undefined ? (outward = outwardCodeOf(point)) : outward);
  return zones.filter((zone) => zoneContains(zone.area, point, lazyOutward)).sort((a, b) => b.priority - a.priority || areaOf(a) - areaOf(b) || a.id - b.id);
}

/** The ranked zones at a leg's two ends, or null when the leg cannot have a fixed fare (stops, or no zones). */
export interface LegZones {
  from: FareZone[];
  to: FareZone[];
}

export function legZones(zones: readonly FareZone[] | undefined, route: LegRoute | null): LegZones | null {
  if (!zones || zones.length === 0 || !route || route.points.length !== 2) return null;
  const from = zonesAt(zones, route.points[0]);
  if (from.length === 0) return null;
  const to = zonesAt(zones, route.points[1]);
  return to.length === 0 ? null : { from, to };
}

const validOn = (fare: FixedFare, date: string) => fare.valid_from <= date && (!fare.valid_to || date < fare.valid_to);

/** The fixed fare of a leg for a company's vehicle on a London date, with the zones it goes between; else null. */
export function findFixedFare(
  fares: readonly FixedFare[] | undefined,
  zones: LegZones | null,
  companyId: number,
  vehicleId: number,
  date: string,
): { fare: FixedFare; from: FareZone; to: FareZone } | null {
  if (!zones || !fares || fares.length === 0) return null;
  const usable = fares.filter((fare) => fare.vehicle_id === vehicleId && (fare.company_id === null || fare.company_id === companyId) && validOn(fare, date));
  if (usable.length === 0) return null;
  for (const from of zones.from) {
    for (const to of zones.to) {
      let best: FixedFare | null = null;
      for (const fare of usable) {
        const forward = fare.from_zone_id === from.id && fare.to_zone_id === to.id;
        const backward = fare.both_ways && fare.from_zone_id === to.id && fare.to_zone_id === from.id;
        if (!forward && !backward) continue;
        if (!best || rankFare(fare) > rankFare(best)) best = fare;
      }
      if (best) return { fare: best, from, to };
    }
  }
  return null;
}

/** A company's own fare before an every-company one, then the latest valid_from, then the highest id. */
const rankFare = (fare: FixedFare) => `${fare.company_id === null ? 0 : 1}|${fare.valid_from}|${String(fare.id).padStart(12, '0')}`;
