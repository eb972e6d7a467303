import type { BannedAddress, MileBand, Surcharge, Tariff } from './types.ts';

/**
 * The demo operator's pricing (server/db/seed/demo.ts has its companies 1..3 and vehicle categories 1..6), as plain
 * data for the seed and the tests. `tariffs.sql.md` proposes the tables; its INSERTs are `demoPricingSql()`'s output.
 *
 * - Westway Cars (1) is mid-market; Thames Executive Travel (2) is dearer and has no minibus; Capital Airport
 *   Transfers (3) is cheap on long runs and has no wheelchair-accessible vehicle. A company without a tariff for a
 *   category gives a price-0 row, which the website shows as Contact Us (spec §2).
 * - The wheelchair-accessible category (6) costs exactly what a saloon costs: drivers of designated wheelchair-accessible
 *   vehicles may not charge a wheelchair user extra (Equality Act 2010 s.165), and the option itself is free
 *   (CLARIFICATIONS 7).
 * - Airport charges are INDICATIVE 2025 figures (drop-off: the airports' forecourt charges; pick-up: short-stay parking
 *   for a meet-and-greet wait). London City has no forecourt drop-off charge row. The operator must check them.
 * - Congestion Charge: £15, £18 from 2 January 2026 (TfL). Wheelchair-accessible private-hire vehicles are exempt, so it
 *   does not apply to category 6.
 * - ULEZ £12.50 a day applies only to non-compliant vehicles; in the demo that is the minibus category (5), an older
 *   diesel. An operator whose whole fleet complies removes the row.
 */

const bands = (...pairs: Array<[number | null, number]>): MileBand[] => pairs.map(([up_to_miles, per_mile_pence]) => ({ up_to_miles, per_mile_pence }));

const tariff = (
  company_id: number,
  vehicle_id: number,
  base_fare_pence: number,
  mile_bands: MileBand[],
  minimum_fare_pence: number,
  per_extra_stop_pence: number,
  hourly_rate_pence: number | null,
  hourly_extra_mile_pence: number | null,
): Tariff => ({
  company_id,
  vehicle_id,
  valid_from: '2025-01-01',
  base_fare_pence,
  mile_bands,
  minimum_fare_pence,
  per_extra_stop_pence,
  hourly_rate_pence,
  hourly_included_miles_per_hour: hourly_rate_pence === null ? 0 : 10,
  hourly_extra_mile_pence,
});

export const DEMO_TARIFFS: readonly Tariff[] = [
  // Westway Cars
  tariff(1, 1, 450, bands([10, 240], [30, 200], [null, 170]), 1200, 500, 3000, 200),
  tariff(1, 2, 500, bands([10, 260], [30, 215], [null, 180]), 1400, 500, 3300, 220),
  tariff(1, 3, 800, bands([10, 350], [30, 290], [null, 240]), 2500, 700, 4500, 300),
  tariff(1, 4, 650, bands([10, 320], [30, 260], [null, 215]), 1800, 600, 4000, 260),
  tariff(1, 5, 900, bands([10, 400], [30, 330], [null, 270]), 3000, 800, 5000, 330),
  tariff(1, 6, 450, bands([10, 240], [30, 200], [null, 170]), 1200, 500, 3000, 200),
  // Thames Executive Travel: no minibus
  tariff(2, 1, 600, bands([10, 280], [30, 235], [null, 195]), 1500, 600, 3500, 250),
  tariff(2, 2, 650, bands([10, 300], [30, 250], [null, 210]), 1600, 600, 3800, 260),
  tariff(2, 3, 1000, bands([10, 395], [30, 330], [null, 275]), 3000, 800, 5200, 340),
  tariff(2, 4, 800, bands([10, 360], [30, 300], [null, 245]), 2200, 700, 4600, 300),
  tariff(2, 6, 600, bands([10, 280], [30, 235], [null, 195]), 1500, 600, 3500, 250),
  // Capital Airport Transfers: no wheelchair-accessible vehicle
  tariff(3, 1, 300, bands([10, 260], [30, 180], [null, 140]), 1500, 400, 2800, 180),
  tariff(3, 2, 350, bands([10, 280], [30, 195], [null, 150]), 1600, 400, 3000, 190),
  tariff(3, 3, 700, bands([10, 340], [30, 260], [null, 200]), 2800, 600, 4200, 260),
  tariff(3, 4, 550, bands([10, 320], [30, 230], [null, 180]), 2000, 500, 3800, 230),
  tariff(3, 5, 800, bands([10, 380], [30, 290], [null, 225]), 3200, 700, 4800, 290),
];

export const DEMO_SURCHARGES: readonly Surcharge[] = [
  { code: 'night', kind: 'night', label: 'Night rate 22:00–06:00', valid_from: '2025-01-01', start: '22:00', end: '06:00', percent: 25 },
  { code: 'bank_holiday', kind: 'bank_holiday', label: 'Bank holiday rate', valid_from: '2025-01-01', percent: 50 },
  { code: 'lhr_dropoff', kind: 'airport_dropoff', airport: 'LHR', label: 'Heathrow terminal drop-off charge', valid_from: '2025-01-01', amount_pence: 600 },
  { code: 'lhr_pickup', kind: 'airport_pickup', airport: 'LHR', label: 'Heathrow short-stay parking for pick-up', valid_from: '2025-01-01', amount_pence: 1000 },
  { code: 'lgw_dropoff', kind: 'airport_dropoff', airport: 'LGW', label: 'Gatwick forecourt drop-off charge', valid_from: '2025-01-01', amount_pence: 700 },
  { code: 'lgw_pickup', kind: 'airport_pickup', airport: 'LGW', label: 'Gatwick short-stay parking for pick-up', valid_from: '2025-01-01', amount_pence: 1000 },
  { code: 'stn_dropoff', kind: 'airport_dropoff', airport: 'STN', label: 'Stansted express drop-off charge', valid_from: '2025-01-01', amount_pence: 700 },
  { code: 'stn_pickup', kind: 'airport_pickup', airport: 'STN', label: 'Stansted short-stay parking for pick-up', valid_from: '2025-01-01', amount_pence: 1000 },
  { code: 'ltn_dropoff', kind: 'airport_dropoff', airport: 'LTN', label: 'Luton terminal drop-off charge', valid_from: '2025-01-01', amount_pence: 700 },
  { code: 'ltn_pickup', kind: 'airport_pickup', airport: 'LTN', label: 'Luton short-stay parking for pick-up', valid_from: '2025-01-01', amount_pence: 900 },
  { code: 'lcy_pickup', kind: 'airport_pickup', airport: 'LCY', label: 'London City short-stay parking for pick-up', valid_from: '2025-01-01', amount_pence: 800 },
  { code: 'congestion_charge', kind: 'congestion_charge', label: 'London Congestion Charge', valid_from: '2020-06-22', amount_pence: 1500, vehicle_ids: [1, 2, 3, 4, 5] },
  { code: 'congestion_charge', kind: 'congestion_charge', label: 'London Congestion Charge', valid_from: '2026-01-02', amount_pence: 1800, vehicle_ids: [1, 2, 3, 4, 5] },
  { code: 'ulez', kind: 'ulez', label: 'ULEZ daily charge', valid_from: '2023-08-29', amount_pence: 1250, vehicle_ids: [5] },
];

/** A made-up street, so the demo can show 'Address is banned' ("7 Unpaid Fares Close, London W12 0AA"). */
export const DEMO_BANNED_ADDRESSES: readonly BannedAddress[] = [{ pattern: 'Unpaid Fares Close', reason: 'Demo: repeated unpaid fares' }];

const sql = (value: unknown): string => {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `'{${value.join(',')}}'`;
  return `'${String(value).replace(/'/g, "''")}'`;
};

/** The seed INSERTs for the demo operator's tariffs, surcharges and banned addresses; `$1` is the site id. */
export function demoPricingSql(): string {
  const lines: string[] = [];
  lines.push(
    'INSERT INTO tariffs (site_id, company_id, vehicle_id, valid_from, base_fare_pence, mile_bands, minimum_fare_pence, per_extra_stop_pence, hourly_rate_pence, hourly_included_miles_per_hour, hourly_extra_mile_pence) VALUES',
  );
  lines.push(
    DEMO_TARIFFS.map(
      (t) =>
        `  ($1, ${t.company_id}, ${t.vehicle_id}, ${sql(t.valid_from)}, ${t.base_fare_pence}, ${sql(JSON.stringify(t.mile_bands))}, ${t.minimum_fare_pence}, ${t.per_extra_stop_pence}, ${sql(t.hourly_rate_pence)}, ${t.hourly_included_miles_per_hour}, ${sql(t.hourly_extra_mile_pence)})`,
    ).join(',\n') + ';',
  );
  lines.push('');
  lines.push('INSERT INTO surcharges (site_id, code, kind, label, valid_from, valid_to, percent, amount_pence, airport, start_time, end_time, company_ids, vehicle_ids) VALUES');
  lines.push(
    DEMO_SURCHARGES.map((s) => {
      const percent = s.kind === 'night' || s.kind === 'bank_holiday' ? s.percent : null;
      const amount = s.kind === 'night' || s.kind === 'bank_holiday' ? null : s.amount_pence;
      const airport = s.kind === 'airport_pickup' || s.kind === 'airport_dropoff' ? s.airport : null;
      const [start, end] = s.kind === 'night' ? [s.start, s.end] : [null, null];
      return `  ($1, ${sql(s.code)}, ${sql(s.kind)}, ${sql(s.label)}, ${sql(s.valid_from)}, ${sql(s.valid_to ?? null)}, ${sql(percent)}, ${sql(amount)}, ${sql(airport)}, ${sql(start)}, ${sql(end)}, ${sql(s.company_ids ?? null)}, ${sql(s.vehicle_ids ?? null)})`;
    }).join(',\n') + ';',
  );
  lines.push('');
  lines.push('INSERT INTO banned_addresses (site_id, pattern, reason) VALUES');
  lines.push(DEMO_BANNED_ADDRESSES.map((b) => `  ($1, ${sql(b.pattern)}, ${sql(b.reason ?? null)})`).join(',\n') + ';');
  return lines.join('\n');
}
