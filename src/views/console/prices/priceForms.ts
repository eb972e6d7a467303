/**
 * The editors' text fields ⇄ the API's values (contract/consolePrices.ts). The owner types pounds; the API takes pence.
 * A field that does not parse becomes NaN (sent as null), so the server's validation names it in the preview or on save.
 */
import type { FixedFareRow, PricesList, SurchargeRow, TariffRow, ZoneRow } from '../../../../contract/consolePrices.ts';
import { poundsField } from '../../../../contract/money.ts';

export const penceOf = (text: string): number => (text.trim() === '' ? Number.NaN : Math.round(Number(text.replace(/[£,\s]/g, '')) * 100));
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

// ─── Tariffs ───

export interface TariffFields {
  company_id: string;
  vehicle_id: string;
  valid_from: string;
  base: string;
  bands: Array<{ up_to: string; rate: string }>;
  minimum: string;
  stop: string;
  hourly: string;
  included: string;
  extraMile: string;
}

export const tariffFields = (row: TariffRow): TariffFields => ({
  company_id: String(row.company_id),
  vehicle_id: String(row.vehicle_id),
  valid_from: row.valid_from,
  base: poundsField(row.base_fare_pence),
  bands: row.mile_bands.map((band) => ({ up_to: band.up_to_miles === null ? '' : String(band.up_to_miles), rate: poundsField(band.per_mile_pence) })),
  minimum: poundsField(row.minimum_fare_pence),
  stop: poundsField(row.per_extra_stop_pence),
  hourly: poundsField(row.hourly_rate_pence),
  included: String(row.hourly_included_miles_per_hour),
  extraMile: poundsField(row.hourly_extra_mile_pence),
});

export const tariffValues = (fields: TariffFields) => ({
  company_id: Number(fields.company_id),
  vehicle_id: Number(fields.vehicle_id),
  valid_from: fields.valid_from,
  base_fare_pence: penceOf(fields.base),
  mile_bands: fields.bands.map((band, index) => ({ up_to_miles: index === fields.bands.length - 1 ? null : numberOf(band.up_to), per_mile_pence: penceOf(band.rate) })),
  minimum_fare_pence: penceOf(fields.minimum || '0'),
  per_extra_stop_pence: penceOf(fields.stop || '0'),
  hourly_rate_pence: fields.hourly.trim() === '' ? null : penceOf(fields.hourly),
  hourly_included_miles_per_hour: numberOf(fields.included || '0'),
  hourly_extra_mile_pence: fields.extraMile.trim() === '' ? null : penceOf(fields.extraMile),
});

/** A new tariff for the first company and vehicle from the first of next month, or a copy of a row from a new date. */
export function newTariffFields(data: PricesList, from?: TariffRow): TariffFields {
  const [year, month] = data.today.split('-').map(Number);
  const firstOfNextMonth = `${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-01`;
  const base: TariffRow = from ?? {
    company_id: data.companies[0]?.id ?? 1,
    vehicle_id: data.vehicles[0]?.id ?? 1,
    valid_from: firstOfNextMonth,
    base_fare_pence: 450,
    mile_bands: [
      { up_to_miles: 10, per_mile_pence: 240 },
      { up_to_miles: null, per_mile_pence: 200 },
    ],
    minimum_fare_pence: 1200,
    per_extra_stop_pence: 500,
    hourly_rate_pence: null,
    hourly_included_miles_per_hour: 0,
    hourly_extra_mile_pence: null,
  };
  return { ...tariffFields(base), valid_from: firstOfNextMonth };
}

// ─── Surcharges ───

export interface SurchargeFields {
  kind: SurchargeRow['kind'];
  code: string;
  label: string;
  valid_from: string;
  valid_to: string;
  percent: string;
  amount: string;
  airport: string;
  start_time: string;
  end_time: string;
  vehicle_ids: string;
}

export const surchargeFields = (row: SurchargeRow): SurchargeFields => ({
  kind: row.kind,
  code: row.code,
  label: row.label,
  valid_from: row.valid_from,
  valid_to: row.valid_to ?? '',
  percent: 'percent' in row ? String(row.percent) : '',
  amount: 'amount_pence' in row ? poundsField(row.amount_pence) : '',
  airport: 'airport' in row ? row.airport : '',
  start_time: 'start_time' in row ? row.start_time : '22:00',
  end_time: 'end_time' in row ? row.end_time : '06:00',
  vehicle_ids: (row.vehicle_ids ?? []).join(', '),
});

export function surchargeValues(fields: SurchargeFields) {
  const ids = fields.vehicle_ids.split(/[\s,]+/).filter(Boolean).map(Number);
  const common = { code: fields.code, kind: fields.kind, label: fields.label, valid_from: fields.valid_from, valid_to: orNull(fields.valid_to), company_ids: null, vehicle_ids: ids.length ? ids : null };
  switch (fields.kind) {
    case 'night':
      return { ...common, percent: numberOf(fields.percent), start_time: fields.start_time, end_time: fields.end_time };
    case 'bank_holiday':
      return { ...common, percent: numberOf(fields.percent) };
    case 'airport_pickup':
    case 'airport_dropoff':
      return { ...common, airport: fields.airport.trim().toUpperCase(), amount_pence: penceOf(fields.amount) };
    default:
      return { ...common, amount_pence: penceOf(fields.amount) };
  }
}

export const newSurchargeFields = (today: string): SurchargeFields => ({
  kind: 'airport_pickup',
  code: '',
  label: '',
  valid_from: today,
  valid_to: '',
  percent: '',
  amount: '',
  airport: 'LHR',
  start_time: '22:00',
  end_time: '06:00',
  vehicle_ids: '',
});

// ─── Zones ───

export interface ZoneFields {
  name: string;
  priority: string;
  kind: ZoneRow['area']['kind'];
  lat: string;
  lon: string;
  radius: string;
  districts: string;
  /** One corner a line: "51.47, -0.45". */
  polygon: string;
}

export const zoneFields = (row: ZoneRow): ZoneFields => ({
  name: row.name,
  priority: String(row.priority),
  kind: row.area.kind,
  lat: row.area.kind === 'radius' ? String(row.area.lat) : '',
  lon: row.area.kind === 'radius' ? String(row.area.lon) : '',
  radius: row.area.kind === 'radius' ? String(row.area.radius_miles) : '',
  districts: row.area.kind === 'postcodes' ? row.area.districts.join(', ') : '',
  polygon: row.area.kind === 'polygon' ? row.area.points.map(([lat, lon]) => `${lat}, ${lon}`).join('\n') : '',
});

/** The area's typed fields from the values (after the map picker changed them): centre and corners. */
export function zoneAreaFields(area: unknown): Pick<ZoneFields, 'lat' | 'lon' | 'polygon'> | null {
  const shape = area as { kind?: string; lat?: number; lon?: number; points?: [number, number][] } | null;
  if (shape?.kind === 'radius') return { lat: String(shape.lat ?? ''), lon: String(shape.lon ?? ''), polygon: '' };
  if (shape?.kind === 'polygon') return { lat: '', lon: '', polygon: (shape.points ?? []).map(([lat, lon]) => `${lat}, ${lon}`).join('\n') };
  return null;
}

export function zoneValues(fields: ZoneFields) {
  const common = { name: fields.name, priority: numberOf(fields.priority || '0') };
  switch (fields.kind) {
    case 'radius':
      return { ...common, area: { kind: 'radius', lat: numberOf(fields.lat), lon: numberOf(fields.lon), radius_miles: numberOf(fields.radius) } };
    case 'postcodes':
      return { ...common, area: { kind: 'postcodes', districts: fields.districts.split(/[\s,;]+/).filter(Boolean) } };
    case 'polygon':
      return {
        ...common,
        area: {
          kind: 'polygon',
          points: fields.polygon
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
            .map((line) => line.split(/[\s,]+/).slice(0, 2).map(Number)),
        },
      };
  }
}

export const newZoneFields = (): ZoneFields => ({ name: '', priority: '0', kind: 'postcodes', lat: '', lon: '', radius: '', districts: '', polygon: '' });

// ─── Fixed fares ───

export interface FixedFareFields {
  from_zone_id: string;
  to_zone_id: string;
  company_id: string;
  vehicle_id: string;
  both_ways: boolean;
  amount: string;
  valid_from: string;
  valid_to: string;
}

export const fixedFareFields = (row: FixedFareRow): FixedFareFields => ({
  from_zone_id: String(row.from_zone_id),
  to_zone_id: String(row.to_zone_id),
  company_id: row.company_id === null ? '' : String(row.company_id),
  vehicle_id: String(row.vehicle_id),
  both_ways: row.both_ways,
  amount: poundsField(row.amount_pence),
  valid_from: row.valid_from,
  valid_to: row.valid_to ?? '',
});

export const fixedFareValues = (fields: FixedFareFields) => ({
  from_zone_id: Number(fields.from_zone_id),
  to_zone_id: Number(fields.to_zone_id),
  company_id: fields.company_id === '' ? null : Number(fields.company_id),
  vehicle_id: Number(fields.vehicle_id),
  both_ways: fields.both_ways,
  amount_pence: penceOf(fields.amount),
  valid_from: fields.valid_from,
  valid_to: orNull(fields.valid_to),
});

export const newFixedFareFields = (data: PricesList): FixedFareFields => ({
  from_zone_id: String(data.zones[0]?.id ?? ''),
  to_zone_id: String(data.zones[1]?.id ?? data.zones[0]?.id ?? ''),
  company_id: '',
  vehicle_id: String(data.vehicles[0]?.id ?? ''),
  both_ways: true,
  amount: '',
  valid_from: data.today,
  valid_to: '',
});
