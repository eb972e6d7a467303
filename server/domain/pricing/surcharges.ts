import { CONGESTION_CHARGE_ZONE, pathEntersZone, ULEZ_ZONE } from '../geo/zones.ts';
import type { GeoPoint } from '../geo/types.ts';
import { isBankHoliday } from './bankHolidays.ts';
import { addDays, londonParts, londonWallClock, type LondonParts } from './londonTime.ts';
import type { LegRoute, Surcharge } from './types.ts';

/**
 * What a leg's time and places say about surcharges, computed once per leg (not per vehicle).
 *
 * London Congestion Charge hours (TfL, from 2025): Monday–Friday 07:00–18:00; Saturday, Sunday and bank holidays
 * 12:00–18:00; no charge from Christmas Day to New Year's Day inclusive. A leg is charged when its driving interval
 * overlaps those hours on a London day and its path enters the zone.
 * ULEZ: every day, midnight to midnight, except Christmas Day.
 */
export interface LegFacts {
  leg: 'outbound' | 'return' | 'hire';
  start: Date;
  end: Date;
  startParts: LondonParts;
  bankHoliday: boolean;
  pickupIata: string | null;
  dropoffIata: string | null;
  /** London dates on which this leg owes the Congestion Charge / ULEZ. */
  congestionDates: string[];
  ulezDates: string[];
}

/** '22:00' → 1320 minutes. */
function hm(text: string): number {
  const [hours, minutes] = text.split(':').map(Number);
  return hours * 60 + minutes;
}

/** True when London minutes-of-day fall in [start, end), a window that may wrap midnight ('22:00'–'06:00'). */
export function inTimeWindow(minutesOfDay: number, start: string, end: string): boolean {
  const from = hm(start);
  const to = hm(end);
  return from <= to ? minutesOfDay >= from && minutesOfDay < to : minutesOfDay >= from || minutesOfDay < to;
}

const isFestiveBreak = (date: string) => {
  const monthDay = date.slice(5);
  return monthDay >= '12-25' || monthDay === '01-01';
};

/** The Congestion Charge window of a London date as instants, or null when the day is free. */
export function congestionChargeWindow(date: string): { from: Date; to: Date } | null {
  if (isFestiveBreak(date)) return null;
  const weekday = londonParts(londonWallClock(date, 12, 0)).weekday;
  const weekend = weekday === 0 || weekday === 6;
  const opens = weekend || isBankHoliday(date) ? 12 : 7;
  return { from: londonWallClock(date, opens, 0), to: londonWallClock(date, 18, 0) };
}

function datesBetween(start: Date, end: Date): string[] {
  const last = londonParts(end).date;
  const dates: string[] = [];
  for (let date = londonParts(start).date; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

export function legFacts(leg: LegFacts['leg'], route: Pick<LegRoute, 'points' | 'path'>, start: Date, seconds: number): LegFacts {
  const end = new Date(start.getTime() + Math.max(seconds, 1) * 1000);
  const startParts = londonParts(start);
  const path: GeoPoint[] = route.path && route.path.length > 0 ? route.path : route.points;
  const dates = datesBetween(start, end);
  const entersCongestionZone = pathEntersZone(path, CONGESTION_CHARGE_ZONE);
  const entersUlez = pathEntersZone(path, ULEZ_ZONE);
  const congestionDates = entersCongestionZone
    ? dates.filter((date) => {
        const window = congestionChargeWindow(date);
        return window !== null && start < window.to && end > window.from;
      })
    : [];
  const ulezDates = entersUlez ? dates.filter((date) => date.slice(5) !== '12-25') : [];
  const first = route.points[0];
  const last = route.points[route.points.length - 1];
  return {
    leg,
    start,
    end,
    startParts,
    bankHoliday: isBankHoliday(startParts.date),
    pickupIata: first?.iata ?? null,
    dropoffIata: route.points.length > 1 ? (last?.iata ?? null) : null,
    congestionDates,
    ulezDates,
  };
}

/**
 * The surcharge rows that apply to a company's vehicle on a London date: the rows for it that are valid on that date,
 * and of those with the same code, the one with the latest valid_from.
 */
export function activeSurcharges(surcharges: readonly Surcharge[], date: string, companyId: number, vehicleId: number): Surcharge[] {
  const byCode = new Map<string, Surcharge>();
  for (const row of surcharges) {
    if (row.valid_from > date || (row.valid_to && date >= row.valid_to)) continue;
    if (row.company_ids && !row.company_ids.includes(companyId)) continue;
    if (row.vehicle_ids && !row.vehicle_ids.includes(vehicleId)) continue;
    const current = byCode.get(row.code);
    if (!current || row.valid_from > current.valid_from) byCode.set(row.code, row);
  }
  return [...byCode.values()];
}
