import type { BannedAddress, FareZone, FixedFare, MileBand, Surcharge, Tariff } from './types.ts';

/**
 * Database rows (tables proposed in tariffs.sql.md) → the engine's plain data. pg and PGlite return `date` as a Date
 * or text, `numeric` as text, `time` as 'HH:MM:SS', `jsonb` parsed and `integer[]` as arrays: all are accepted here.
 */

type Row = Record<string, unknown>;

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const int = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const ids = (value: unknown): number[] | null => (Array.isArray(value) ? value.map(Number) : null);

/** A `date` column as 'YYYY-MM-DD' (a Date from the driver is midnight UTC of that date). */
function isoDate(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

const hhmm = (value: unknown) => String(value).slice(0, 5);

export function tariffFromRow(row: Row): Tariff {
  const bands = (typeof row.mile_bands === 'string' ? JSON.parse(row.mile_bands) : row.mile_bands) as MileBand[];
  return {
    company_id: Number(row.company_id),
    vehicle_id: Number(row.vehicle_id),
    valid_from: isoDate(row.valid_from) as string,
    base_fare_pence: Number(row.base_fare_pence),
    mile_bands: bands.map((band) => ({ up_to_miles: band.up_to_miles === null ? null : Number(band.up_to_miles), per_mile_pence: Number(band.per_mile_pence) })),
    minimum_fare_pence: Number(row.minimum_fare_pence ?? 0),
    per_extra_stop_pence: Number(row.per_extra_stop_pence ?? 0),
    hourly_rate_pence: int(row.hourly_rate_pence),
    hourly_included_miles_per_hour: Number(row.hourly_included_miles_per_hour ?? 0),
    hourly_extra_mile_pence: int(row.hourly_extra_mile_pence),
  };
}

export function surchargeFromRow(row: Row): Surcharge {
  const common = {
    code: String(row.code),
    label: String(row.label),
    valid_from: isoDate(row.valid_from) as string,
    valid_to: isoDate(row.valid_to),
    company_ids: ids(row.company_ids),
    vehicle_ids: ids(row.vehicle_ids),
  };
  const kind = String(row.kind);
  switch (kind) {
    case 'night':
      return { ...common, kind, start: hhmm(row.start_time), end: hhmm(row.end_time), percent: Number(row.percent) };
    case 'bank_holiday':
      return { ...common, kind, percent: Number(row.percent) };
    case 'airport_pickup':
    case 'airport_dropoff':
      return { ...common, kind, airport: String(text(row.airport)), amount_pence: Number(row.amount_pence) };
    case 'congestion_charge':
    case 'ulez':
      return { ...common, kind, amount_pence: Number(row.amount_pence) };
    default:
      throw new Error(`Unknown surcharge kind ${kind}`);
  }
}

export const bannedAddressFromRow = (row: Row): BannedAddress => ({ pattern: String(row.pattern), reason: text(row.reason) });

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

export function fareZoneFromRow(row: Row): FareZone {
  const common = { id: Number(row.id), name: String(row.name), priority: Number(row.priority ?? 0) };
  switch (String(row.kind)) {
    case 'radius':
      return { ...common, area: { kind: 'radius', lat: Number(row.center_lat), lon: Number(row.center_lon), radius_miles: Number(row.radius_miles) } };
    case 'polygon':
      return { ...common, area: { kind: 'polygon', points: (json(row.polygon) as Array<[number, number]>).map(([lat, lon]) => [Number(lat), Number(lon)]) } };
    case 'postcodes':
      return { ...common, area: { kind: 'postcodes', districts: (row.districts as string[]).map(String) } };
    default:
      throw new Error(`Unknown zone kind ${String(row.kind)}`);
  }
}

export const fixedFareFromRow = (row: Row): FixedFare => ({
  id: Number(row.id),
  from_zone_id: Number(row.from_zone_id),
  to_zone_id: Number(row.to_zone_id),
  company_id: int(row.company_id),
  vehicle_id: Number(row.vehicle_id),
  both_ways: Boolean(row.both_ways),
  amount_pence: Number(row.amount_pence),
  valid_from: isoDate(row.valid_from) as string,
  valid_to: isoDate(row.valid_to),
});
