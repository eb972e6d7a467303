import { formatLondonDate } from './londonTime.ts';
import { percentOf } from './money.ts';
import { activeSurcharges, inTimeWindow, type LegFacts } from './surcharges.ts';
import type { Pence, PricingCatalog } from './types.ts';
import type { Line } from './lines.ts';

/** The surcharge lines of a priced row: time (night, bank holiday), airport, and the daily zone charges. */


/** Night / bank-holiday percentage on a leg's fare: the highest that applies (they do not stack). */
export function timeSurchargeLine(facts: LegFacts, fare: Pence, rows: ReturnType<typeof activeSurcharges>, prefix: string): Line | null {
  let best: { percent: number; code: string; label: string } | null = null;
  for (const row of rows) {
    let applies = false;
    if (row.kind === 'night') applies = inTimeWindow(facts.startParts.minutesOfDay, row.start, row.end);
    if (row.kind === 'bank_holiday') applies = facts.bankHoliday;
    if (!applies || (row.kind !== 'night' && row.kind !== 'bank_holiday')) continue;
    if (!best || row.percent > best.percent) best = { percent: row.percent, code: row.kind, label: row.label };
  }
  if (!best || fare <= 0) return null;
  const amount = percentOf(fare, best.percent);
  return amount > 0 ? { code: best.code, label: `${prefix}${best.label} (+${best.percent}%)`, leg: facts.leg, group: 'surcharge', amount_pence: amount } : null;
}

export function airportLines(facts: LegFacts, rows: ReturnType<typeof activeSurcharges>, prefix: string): Line[] {
  const lines: Line[] = [];
  for (const row of rows) {
    if (row.kind === 'airport_pickup' && facts.pickupIata === row.airport && row.amount_pence > 0) {
      lines.push({ code: 'airport_pickup', label: `${prefix}${row.label}`, leg: facts.leg, group: 'surcharge', amount_pence: row.amount_pence });
    }
    if (row.kind === 'airport_dropoff' && facts.dropoffIata === row.airport && row.amount_pence > 0) {
      lines.push({ code: 'airport_dropoff', label: `${prefix}${row.label}`, leg: facts.leg, group: 'surcharge', amount_pence: row.amount_pence });
    }
  }
  return lines;
}

export type SurchargesOn = (date: string) => ReturnType<typeof activeSurcharges>;

/**
 * activeSurcharges per (company, vehicle, London date), kept per catalogue's surcharge list (a cached catalogue keeps
 * the same array until it changes; a preview's drafts are another array): every search of the same day asks the same.
 */
const activeByList = new WeakMap<PricingCatalog['surcharges'], Map<string, ReturnType<typeof activeSurcharges>>>();
const ACTIVE_KEPT = 50_000;

/** The rows of activeSurcharges for one company's vehicle, each date worked out once per catalogue. */
export function surchargesOn(surcharges: PricingCatalog['surcharges'], companyId: number, vehicleId: number): SurchargesOn {
  let active = activeByList.get(surcharges);
  if (!active) {
    active = new Map();
    activeByList.set(surcharges, active);
  }
  const known = active;
  const prefix = `${companyId}|${vehicleId}|`;
  return (date) => {
    const key = prefix + date;
    let rows = known.get(key);
    if (!rows) {
      rows = activeSurcharges(surcharges, date, companyId, vehicleId);
      if (known.size >= ACTIVE_KEPT) known.clear();
      known.set(key, rows);
    }
    return rows;
  };
}

/** Congestion Charge and ULEZ are daily: one line per London day, on the first leg that owes it. */
export function dailyZoneLines(legs: readonly LegFacts[], rowsOn: SurchargesOn): Line[] {
  const lines: Line[] = [];
  for (const kind of ['congestion_charge', 'ulez'] as const) {
    const charged = new Set<string>();
    for (const facts of legs) {
      for (const date of kind === 'congestion_charge' ? facts.congestionDates : facts.ulezDates) {
        if (charged.has(date)) continue;
        const row = rowsOn(date).find((candidate) => candidate.kind === kind);
        if (!row || row.kind !== kind || row.amount_pence <= 0) continue;
        charged.add(date);
        lines.push({ code: kind, label: `${row.label}, ${formatLondonDate(date)}`, leg: facts.leg, group: 'surcharge', amount_pence: row.amount_pence });
      }
    }
  }
  return lines;
}
