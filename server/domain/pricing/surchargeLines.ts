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

/** activeSurcharges per (London date, company, vehicle), for one pricing call only. */
export type SurchargeMemo = Map<string, ReturnType<typeof activeSurcharges>>;

export type SurchargesOn = (date: string) => ReturnType<typeof activeSurcharges>;

/** The rows of activeSurcharges for one company's vehicle, each date looked up once per pricing call. */
export function surchargesOn(facts: { surchargeMemo: SurchargeMemo }, surcharges: PricingCatalog['surcharges'], companyId: number, vehicleId: number): SurchargesOn {
  return (date) => {
    const key = `${date}|${companyId}|${vehicleId}`;
    let rows = facts.surchargeMemo.get(key);
    if (!rows) {
      rows = activeSurcharges(surcharges, date, companyId, vehicleId);
      facts.surchargeMemo.set(key, rows);
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
