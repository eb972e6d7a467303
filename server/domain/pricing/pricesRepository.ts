import type { FixedFareInput, FixedFareRow, SurchargeInput, SurchargeRow, TariffInput, TariffRow, ZoneInput, ZoneRow } from '../../../contract/consolePrices.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { fareZoneFromRow, fixedFareFromRow, surchargeFromRow, tariffFromRow } from './rows.ts';
import type { FareZone, FixedFare, Surcharge } from './types.ts';

/**
 * The price tables of a site (migrations 002 and 019): what the owner's price calls read and write, and the fare zones
 * the quoting engine reads beside the site catalogue. Every statement is scoped by site_id.
 */

type Row = Record<string, unknown>;

export interface ZoneFares {
  zones: FareZone[];
  fixedFares: FixedFare[];
}

export async function loadZoneFares(db: Queryable, siteId: number): Promise<ZoneFares> {
  const [zones, fares] = await Promise.all([
    db.query<Row>('SELECT * FROM fare_zones WHERE site_id = $1 ORDER BY id', [siteId]),
    db.query<Row>('SELECT * FROM fixed_fares WHERE site_id = $1 ORDER BY id', [siteId]),
  ]);
  return { zones: zones.rows.map(fareZoneFromRow), fixedFares: fares.rows.map(fixedFareFromRow) };
}

/** The engine's surcharge as the API shows it. */
export function surchargeRow(id: number, row: Surcharge): SurchargeRow {
  const common = { id, code: row.code, label: row.label, valid_from: row.valid_from, valid_to: row.valid_to ?? null, company_ids: row.company_ids ?? null, vehicle_ids: row.vehicle_ids ?? null };
  switch (row.kind) {
    case 'night':
      return { ...common, kind: row.kind, percent: row.percent, start_time: row.start, end_time: row.end };
    case 'bank_holiday':
      return { ...common, kind: row.kind, percent: row.percent };
    case 'airport_pickup':
    case 'airport_dropoff':
      return { ...common, kind: row.kind, airport: row.airport, amount_pence: row.amount_pence };
    case 'congestion_charge':
    case 'ulez':
      return { ...common, kind: row.kind, amount_pence: row.amount_pence };
  }
}

/** The API's surcharge as the engine reads it (the preview's draft). */
export const surchargeOf = (input: SurchargeInput): Surcharge => surchargeFromRow(surchargeColumns(input));

export const zoneRow = (zone: FareZone): ZoneRow => ({ id: zone.id, name: zone.name, priority: zone.priority, area: zone.area });
export const fixedFareRow = (fare: FixedFare): FixedFareRow => ({ ...fare, valid_to: fare.valid_to ?? null });

function surchargeColumns(input: SurchargeInput) {
  const has = <K extends string>(key: K) => (key in input ? (input as Record<K, unknown>)[key] : null);
  return {
    code: input.code,
    kind: input.kind,
    label: input.label,
    valid_from: input.valid_from,
    valid_to: input.valid_to,
    percent: has('percent'),
    amount_pence: has('amount_pence'),
    airport: has('airport'),
    start_time: has('start_time'),
    end_time: has('end_time'),
    company_ids: input.company_ids,
    vehicle_ids: input.vehicle_ids,
  };
}

function zoneColumns(input: ZoneInput) {
  const { area } = input;
  return [
    input.name,
    input.priority,
    area.kind,
    area.kind === 'radius' ? area.lat : null,
    area.kind === 'radius' ? area.lon : null,
    area.kind === 'radius' ? area.radius_miles : null,
    area.kind === 'polygon' ? JSON.stringify(area.points) : null,
    area.kind === 'postcodes' ? area.districts : null,
  ];
}

const TARIFF_FIGURES = ['base_fare_pence', 'mile_bands', 'minimum_fare_pence', 'per_extra_stop_pence', 'hourly_rate_pence', 'hourly_included_miles_per_hour', 'hourly_extra_mile_pence'] as const;
const tariffFigures = (input: Omit<TariffInput, 'company_id' | 'vehicle_id' | 'valid_from'>) =>
  TARIFF_FIGURES.map((column) => (column === 'mile_bands' ? JSON.stringify(input.mile_bands) : input[column]));

const first = <T>(rows: T[]): T | null => rows[0] ?? null;

export function createPricesRepository(db: Queryable) {
  return {
    async names(siteId: number) {
      const [companies, vehicles] = await Promise.all([
        db.query<Row>('SELECT id, company_name FROM companies WHERE site_id = $1 ORDER BY id', [siteId]),
        db.query<Row>('SELECT id, category_name FROM vehicle_categories WHERE site_id = $1 ORDER BY sort_order, id', [siteId]),
      ]);
      return {
        companies: companies.rows.map((row) => ({ id: Number(row.id), name: String(row.company_name) })),
        vehicles: vehicles.rows.map((row) => ({ id: Number(row.id), name: String(row.category_name) })),
      };
    },

    async tariffs(siteId: number): Promise<TariffRow[]> {
      const { rows } = await db.query<Row>('SELECT * FROM tariffs WHERE site_id = $1 ORDER BY company_id, vehicle_id, valid_from', [siteId]);
      return rows.map(tariffFromRow);
    },

    async tariff(siteId: number, key: Pick<TariffInput, 'company_id' | 'vehicle_id' | 'valid_from'>, lock = false): Promise<TariffRow | null> {
      const { rows } = await db.query<Row>(
        `SELECT * FROM tariffs WHERE site_id = $1 AND company_id = $2 AND vehicle_id = $3 AND valid_from = $4${lock ? ' FOR UPDATE' : ''}`,
        [siteId, key.company_id, key.vehicle_id, key.valid_from],
      );
      return rows.length ? tariffFromRow(rows[0]) : null;
    },

    /** The new row, or null when one with the same key exists. */
    async insertTariff(siteId: number, input: TariffInput): Promise<TariffRow | null> {
      const { rows } = await db.query<Row>(
        `INSERT INTO tariffs (site_id, company_id, vehicle_id, valid_from, ${TARIFF_FIGURES.join(', ')})
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11)
         ON CONFLICT DO NOTHING RETURNING *`,
        [siteId, input.company_id, input.vehicle_id, input.valid_from, ...tariffFigures(input)],
      );
      return rows.length ? tariffFromRow(rows[0]) : null;
    },

    async updateTariff(siteId: number, input: TariffInput): Promise<TariffRow | null> {
      const { rows } = await db.query<Row>(
        `UPDATE tariffs SET base_fare_pence = $5, mile_bands = $6::jsonb, minimum_fare_pence = $7, per_extra_stop_pence = $8,
           hourly_rate_pence = $9, hourly_included_miles_per_hour = $10, hourly_extra_mile_pence = $11
         WHERE site_id = $1 AND company_id = $2 AND vehicle_id = $3 AND valid_from = $4 RETURNING *`,
        [siteId, input.company_id, input.vehicle_id, input.valid_from, ...tariffFigures(input)],
      );
      return rows.length ? tariffFromRow(rows[0]) : null;
    },

    async deleteTariff(siteId: number, key: Pick<TariffInput, 'company_id' | 'vehicle_id' | 'valid_from'>): Promise<boolean> {
      const { rows } = await db.query('DELETE FROM tariffs WHERE site_id = $1 AND company_id = $2 AND vehicle_id = $3 AND valid_from = $4 RETURNING 1', [
        siteId,
        key.company_id,
        key.vehicle_id,
        key.valid_from,
      ]);
      return rows.length > 0;
    },

    async surcharges(siteId: number): Promise<SurchargeRow[]> {
      const { rows } = await db.query<Row>('SELECT * FROM surcharges WHERE site_id = $1 ORDER BY code, valid_from, id', [siteId]);
      return rows.map((row) => surchargeRow(Number(row.id), surchargeFromRow(row)));
    },

    async surcharge(siteId: number, id: number, lock = false): Promise<SurchargeRow | null> {
      const { rows } = await db.query<Row>(`SELECT * FROM surcharges WHERE site_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [siteId, id]);
      return rows.length ? surchargeRow(id, surchargeFromRow(rows[0])) : null;
    },

    async insertSurcharge(siteId: number, input: SurchargeInput): Promise<SurchargeRow | null> {
      const c = surchargeColumns(input);
      const { rows } = await db.query<Row>(
        `INSERT INTO surcharges (site_id, code, kind, label, valid_from, valid_to, percent, amount_pence, airport, start_time, end_time, company_ids, vehicle_ids)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING RETURNING *`,
        [siteId, c.code, c.kind, c.label, c.valid_from, c.valid_to, c.percent, c.amount_pence, c.airport, c.start_time, c.end_time, c.company_ids, c.vehicle_ids],
      );
      return rows.length ? surchargeRow(Number(rows[0].id), surchargeFromRow(rows[0])) : null;
    },

    async updateSurcharge(siteId: number, id: number, input: SurchargeInput): Promise<SurchargeRow | null> {
      const c = surchargeColumns(input);
      const { rows } = await db.query<Row>(
        `UPDATE surcharges SET code = $3, kind = $4, label = $5, valid_from = $6, valid_to = $7, percent = $8, amount_pence = $9, airport = $10,
           start_time = $11, end_time = $12, company_ids = $13, vehicle_ids = $14
         WHERE site_id = $1 AND id = $2 RETURNING *`,
        [siteId, id, c.code, c.kind, c.label, c.valid_from, c.valid_to, c.percent, c.amount_pence, c.airport, c.start_time, c.end_time, c.company_ids, c.vehicle_ids],
      );
      return rows.length ? surchargeRow(id, surchargeFromRow(rows[0])) : null;
    },

    async deleteSurcharge(siteId: number, id: number): Promise<boolean> {
      return (await db.query('DELETE FROM surcharges WHERE site_id = $1 AND id = $2 RETURNING 1', [siteId, id])).rows.length > 0;
    },

    async zones(siteId: number): Promise<ZoneRow[]> {
      return (await loadZoneFares(db, siteId)).zones.map(zoneRow);
    },

    async zone(siteId: number, id: number, lock = false): Promise<ZoneRow | null> {
      const { rows } = await db.query<Row>(`SELECT * FROM fare_zones WHERE site_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [siteId, id]);
      return rows.length ? zoneRow(fareZoneFromRow(rows[0])) : null;
    },

    async insertZone(siteId: number, input: ZoneInput): Promise<ZoneRow | null> {
      const { rows } = await db.query<Row>(
        `INSERT INTO fare_zones (site_id, name, priority, kind, center_lat, center_lon, radius_miles, polygon, districts)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9) ON CONFLICT DO NOTHING RETURNING *`,
        [siteId, ...zoneColumns(input)],
      );
      const row = first(rows);
      return row ? zoneRow(fareZoneFromRow(row)) : null;
    },

    async updateZone(siteId: number, id: number, input: ZoneInput): Promise<ZoneRow | null> {
      const { rows } = await db.query<Row>(
        `UPDATE fare_zones SET name = $3, priority = $4, kind = $5, center_lat = $6, center_lon = $7, radius_miles = $8, polygon = $9::jsonb, districts = $10
         WHERE site_id = $1 AND id = $2 RETURNING *`,
        [siteId, id, ...zoneColumns(input)],
      );
      const row = first(rows);
      return row ? zoneRow(fareZoneFromRow(row)) : null;
    },

    async deleteZone(siteId: number, id: number): Promise<boolean> {
      return (await db.query('DELETE FROM fare_zones WHERE site_id = $1 AND id = $2 RETURNING 1', [siteId, id])).rows.length > 0;
    },

    async fixedFares(siteId: number): Promise<FixedFareRow[]> {
      return (await loadZoneFares(db, siteId)).fixedFares.map(fixedFareRow);
    },

    async fixedFare(siteId: number, id: number, lock = false): Promise<FixedFareRow | null> {
      const { rows } = await db.query<Row>(`SELECT * FROM fixed_fares WHERE site_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [siteId, id]);
      return rows.length ? fixedFareRow(fixedFareFromRow(rows[0])) : null;
    },

    async insertFixedFare(siteId: number, input: FixedFareInput): Promise<FixedFareRow | null> {
      const { rows } = await db.query<Row>(
        `INSERT INTO fixed_fares (site_id, from_zone_id, to_zone_id, company_id, vehicle_id, both_ways, amount_pence, valid_from, valid_to)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING *`,
        [siteId, input.from_zone_id, input.to_zone_id, input.company_id, input.vehicle_id, input.both_ways, input.amount_pence, input.valid_from, input.valid_to],
      );
      const row = first(rows);
      return row ? fixedFareRow(fixedFareFromRow(row)) : null;
    },

    async updateFixedFare(siteId: number, id: number, input: FixedFareInput): Promise<FixedFareRow | null> {
      const { rows } = await db.query<Row>(
        `UPDATE fixed_fares SET from_zone_id = $3, to_zone_id = $4, company_id = $5, vehicle_id = $6, both_ways = $7, amount_pence = $8, valid_from = $9, valid_to = $10
         WHERE site_id = $1 AND id = $2 RETURNING *`,
        [siteId, id, input.from_zone_id, input.to_zone_id, input.company_id, input.vehicle_id, input.both_ways, input.amount_pence, input.valid_from, input.valid_to],
      );
      const row = first(rows);
      return row ? fixedFareRow(fixedFareFromRow(row)) : null;
    },

    async deleteFixedFare(siteId: number, id: number): Promise<boolean> {
      return (await db.query('DELETE FROM fixed_fares WHERE site_id = $1 AND id = $2 RETURNING 1', [siteId, id])).rows.length > 0;
    },
  };
}

export type PricesRepository = ReturnType<typeof createPricesRepository>;
