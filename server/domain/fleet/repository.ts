import type { Driver, Vehicle } from '../../../contract/fleet.ts';
import type { Queryable } from '../../adapters/db/index.ts';

/** The site's drivers and vehicles registers (migration 011). `today` is London's date: a licence expiring before it has expired. */

type Row = Record<string, unknown>;
const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));
const iso = (value: unknown) => new Date(value as string).toISOString();

// Dates come back as text so that no time zone can move them.
const DRIVER_COLUMNS = 'id, name, phone, licence_number, licensing_authority, licence_expiry::text AS licence_expiry, active, created_at, updated_at';
const VEHICLE_COLUMNS = `v.id, v.registration, v.make, v.model, v.colour, v.category_id, c.category_name, v.licence_number,
  v.licence_expiry::text AS licence_expiry, v.active, v.created_at, v.updated_at`;
const VEHICLE_FROM = 'vehicles v JOIN vehicle_categories c ON c.site_id = v.site_id AND c.id = v.category_id';

function toDriver(row: Row, today: string): Driver {
  const expiry = day(row.licence_expiry);
  return {
    id: Number(row.id),
    name: String(row.name),
    phone: String(row.phone),
    licence_number: String(row.licence_number),
    licensing_authority: String(row.licensing_authority),
    licence_expiry: expiry,
    active: Boolean(row.active),
    licence_expired: expiry < today,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function toVehicle(row: Row, today: string): Vehicle {
  const expiry = day(row.licence_expiry);
  return {
    id: Number(row.id),
    registration: String(row.registration),
    make: String(row.make),
    model: String(row.model),
    colour: String(row.colour),
    category_id: Number(row.category_id),
    category_name: String(row.category_name),
    licence_number: String(row.licence_number),
    licence_expiry: expiry,
    active: Boolean(row.active),
    licence_expired: expiry < today,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export type DriverFields = Omit<Driver, 'id' | 'licence_expired' | 'created_at' | 'updated_at'>;
export type VehicleFields = Omit<Vehicle, 'id' | 'category_name' | 'licence_expired' | 'created_at' | 'updated_at'>;

const DRIVER_FIELDS = ['name', 'phone', 'licence_number', 'licensing_authority', 'licence_expiry', 'active'] as const;
const VEHICLE_FIELDS = ['registration', 'make', 'model', 'colour', 'category_id', 'licence_number', 'licence_expiry', 'active'] as const;

/** SET a = $3, b = $4 … of the fields present in `patch` (names from a fixed list, never from the input). */
function assignments(fields: readonly string[], patch: Record<string, unknown>, firstParam: number) {
  const names = fields.filter((name) => patch[name] !== undefined);
  return { sql: names.map((name, index) => `${name} = $${firstParam + index}`).join(', '), values: names.map((name) => patch[name]) };
}

export function createFleetRepository(db: Queryable) {
  return {
    async drivers(siteId: number, today: string): Promise<Driver[]> {
      const { rows } = await db.query<Row>(`SELECT ${DRIVER_COLUMNS} FROM drivers WHERE site_id = $1 ORDER BY active DESC, lower(name), id`, [siteId]);
      return rows.map((row) => toDriver(row, today));
    },
    async driver(siteId: number, id: number, today: string, lock = false): Promise<Driver | null> {
      const { rows } = await db.query<Row>(`SELECT ${DRIVER_COLUMNS} FROM drivers WHERE site_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [siteId, id]);
      return rows[0] ? toDriver(rows[0], today) : null;
    },
    async insertDriver(siteId: number, fields: DriverFields, today: string): Promise<Driver> {
      const { rows } = await db.query<Row>(
        `INSERT INTO drivers (site_id, name, phone, licence_number, licensing_authority, licence_expiry, active)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${DRIVER_COLUMNS}`,
        [siteId, fields.name, fields.phone, fields.licence_number, fields.licensing_authority, fields.licence_expiry, fields.active],
      );
      return toDriver(rows[0], today);
    },
    async updateDriver(siteId: number, id: number, patch: Partial<DriverFields>, today: string): Promise<Driver> {
      const set = assignments(DRIVER_FIELDS, patch, 3);
      const { rows } = await db.query<Row>(`UPDATE drivers SET ${set.sql}, updated_at = now() WHERE site_id = $1 AND id = $2 RETURNING ${DRIVER_COLUMNS}`, [siteId, id, ...set.values]);
      return toDriver(rows[0], today);
    },

    async vehicles(siteId: number, today: string): Promise<Vehicle[]> {
      const { rows } = await db.query<Row>(`SELECT ${VEHICLE_COLUMNS} FROM ${VEHICLE_FROM} WHERE v.site_id = $1 ORDER BY v.active DESC, v.registration, v.id`, [siteId]);
      return rows.map((row) => toVehicle(row, today));
    },
    async vehicle(siteId: number, id: number, today: string, lock = false): Promise<Vehicle | null> {
      const { rows } = await db.query<Row>(`SELECT ${VEHICLE_COLUMNS} FROM ${VEHICLE_FROM} WHERE v.site_id = $1 AND v.id = $2${lock ? ' FOR UPDATE OF v' : ''}`, [siteId, id]);
      return rows[0] ? toVehicle(rows[0], today) : null;
    },
    async insertVehicle(siteId: number, fields: VehicleFields, today: string): Promise<Vehicle> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO vehicles (site_id, registration, make, model, colour, category_id, licence_number, licence_expiry, active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [siteId, fields.registration, fields.make, fields.model, fields.colour, fields.category_id, fields.licence_number, fields.licence_expiry, fields.active],
      );
      return (await this.vehicle(siteId, Number(rows[0].id), today))!;
    },
    async updateVehicle(siteId: number, id: number, patch: Partial<VehicleFields>, today: string): Promise<Vehicle> {
      const set = assignments(VEHICLE_FIELDS, patch, 3);
      await db.query(`UPDATE vehicles SET ${set.sql}, updated_at = now() WHERE site_id = $1 AND id = $2`, [siteId, id, ...set.values]);
      return (await this.vehicle(siteId, id, today))!;
    },

    /** A category the site offers (a switched-off one takes no new vehicles). */
    async categoryExists(siteId: number, categoryId: number): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM vehicle_categories WHERE site_id = $1 AND id = $2 AND active', [siteId, categoryId]);
      return rows.length > 0;
    },
  };
}
