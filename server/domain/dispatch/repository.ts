import type { AssignedDriver, AssignedVehicle, BookingStatus } from '../../../contract/dispatch.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import type { DispatchMailBooking } from './mails.ts';

/** A booking as a dispatch transition reads it, locked until the caller's transaction ends. */
export interface DispatchRow extends DispatchMailBooking {
  id: number;
  status: BookingStatus;
  revision: number;
  paid: boolean;
  driver: AssignedDriver | null;
  vehicle: AssignedVehicle | null;
}

/** The booking columns a transition writes besides its status (contract/dispatch.ts's table says which). */
export type DispatchColumns = Partial<{
  accepted_at: Date;
  assigned_driver: AssignedDriver | null;
  assigned_vehicle: AssignedVehicle | null;
  driver_name: string | null;
  vehicle_registration: string | null;
  assigned_at: Date | null;
  completed_at: Date;
  no_show_at: Date;
  cancelled_at: Date;
  cancelled_by: 'operator';
  cancel_reason: string;
  cancel_note: string | null;
}>;

const JSON_COLUMNS: readonly (keyof DispatchColumns)[] = ['assigned_driver', 'assigned_vehicle'];

type Row = Record<string, unknown>;
const json = <T>(value: unknown): T | null => (value === null || value === undefined ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as T));

/** The statements of the operator's dispatch (service.ts), in the caller's transaction where it has one. */
export function createDispatchRepository(db: Queryable) {
  return {
    async lockBooking(siteId: number, bookingNumber: string): Promise<DispatchRow | null> {
      const { rows } = await db.query<Row>(
        `SELECT b.id, b.booking_number, b.status, b.revision, b.passenger_name, b.passenger_email, b.pick_up_at, b.pick_up_address, b.drop_off_address,
                b.currency, b.total_pence, b.assigned_driver, b.assigned_vehicle, b.payment_status
           FROM bookings b WHERE b.site_id = $1 AND b.booking_number = $2 FOR UPDATE`,
        [siteId, bookingNumber],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        id: Number(row.id),
        bookingNumber: String(row.booking_number),
        status: row.status as BookingStatus,
        revision: Number(row.revision),
        passengerName: String(row.passenger_name),
        passengerEmail: String(row.passenger_email),
        pickupAt: new Date(row.pick_up_at as string),
        pickupAddress: String(row.pick_up_address),
        dropoffAddress: String(row.drop_off_address),
        currency: String(row.currency),
        totalPence: Number(row.total_pence),
        paid: row.payment_status === 'paid',
        driver: json<AssignedDriver>(row.assigned_driver),
        vehicle: json<AssignedVehicle>(row.assigned_vehicle),
      };
    },

    /** The pick-up time and vehicle category of a booking, or null when the site has no such booking. */
    async trip(siteId: number, bookingNumber: string): Promise<{ pickupAt: Date; vehicleId: number } | null> {
      const { rows } = await db.query<{ pick_up_at: string; vehicle_id: number }>('SELECT pick_up_at, vehicle_id FROM bookings WHERE site_id = $1 AND booking_number = $2', [siteId, bookingNumber]);
      return rows[0] ? { pickupAt: new Date(rows[0].pick_up_at), vehicleId: Number(rows[0].vehicle_id) } : null;
    },

    /** The booking's new status with the transition's columns, its revision raised. */
    async transition(siteId: number, bookingId: number, to: BookingStatus, columns: DispatchColumns): Promise<void> {
      const entries = Object.entries(columns) as [keyof DispatchColumns, unknown][];
      const sets = entries.map(([column], index) => `, ${column} = $${index + 4}`).join('');
      const values = entries.map(([column, value]) => (JSON_COLUMNS.includes(column) && value !== null ? JSON.stringify(value) : value));
      await db.query(`UPDATE bookings SET status = $3, revision = revision + 1${sets} WHERE site_id = $1 AND id = $2`, [siteId, bookingId, to, ...values]);
    },
  };
}
