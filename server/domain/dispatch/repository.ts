import type { PaymentState } from '../../../contract/consoleBookings.ts';
import type { AssignedDriver, AssignedVehicle, BookingStatus, JobStage } from '../../../contract/dispatch.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import type { DispatchMailBooking } from './mails.ts';
import { flightColumn } from '../flights/repository.ts';

/** A booking as a dispatch transition reads it, locked until the caller's transaction ends. */
export interface DispatchRow extends DispatchMailBooking {
  id: number;
  status: BookingStatus;
  revision: number;
  paid: boolean;
  driver: AssignedDriver | null;
  vehicle: AssignedVehicle | null;
  /** The driver's part (issue 32): the stage of a driver_assigned job and when they arrived. */
  jobStage: JobStage | null;
  arrivedAt: Date | null;
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
  // The driver's steps (issue 32); assign and unassign clear them.
  job_stage: JobStage | null;
  on_the_way_at: Date | null;
  arrived_at: Date | null;
  on_board_at: Date | null;
}>;

const JSON_COLUMNS: readonly (keyof DispatchColumns)[] = ['assigned_driver', 'assigned_vehicle'];

type Row = Record<string, unknown>;

/** A board row's columns (alias b = bookings, p = its card payment); the board's and the detail's. */
const ROW_COLUMNS = `
  b.id, b.booking_number, b.status, b.revision, b.created_at, b.ride_type, b.pick_up_at, b.return_at, b.pick_up_address, b.drop_off_address,
  b.company_id, b.company_name, b.vehicle_id, b.vehicle_category, b.vehicle_qty, b.total_passengers, b.passenger_name, b.passenger_phone,
  b.currency, b.total_pence, b.payment_method, b.payment_status, b.hourly_duration, b.anonymised_at,
  b.assigned_driver->>'name' AS driver_name, b.assigned_vehicle->>'registration' AS driver_vehicle_registration, b.job_stage,
  COALESCE(p.refunded_pence, 0) AS refunded_pence,
  (SELECT count(*) FROM booking_stops s WHERE s.site_id = b.site_id AND s.booking_id = b.id) AS stop_count,
  ${flightColumn('b')}`;
const PAYMENT_JOIN = `LEFT JOIN payments p ON p.site_id = b.site_id AND p.intent_id = b.payment_intent_id AND b.payment_status = 'paid'`;

/** What the board filters on, as instants and values (board.ts turns the console's query into it). */
export interface BoardCriteria {
  /** Pick-ups in [start, end). */
  range: { start: Date; end: Date } | null;
  status?: BookingStatus[];
  paymentMethod?: 'car' | 'card';
  paymentStates?: PaymentState[];
  companyId?: number;
  vehicleId?: number;
  /** A booking number prefix, or a passenger name or e-mail inside, or (4 digits or more) a phone number. */
  search: string;
  /** Rows after this (pick-up, id): the keyset cursor. */
  after: { pickupAt: Date; id: number } | null;
  limit: number;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const json = <T>(value: unknown): T | null => (value === null || value === undefined ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as T));

/** The statements of the operator's dispatch (service.ts, the board, the detail, the statutory record, the console's events), in the caller's transaction where it has one. */
export function createDispatchRepository(db: Queryable) {
  return {
    async lockBooking(siteId: number, bookingNumber: string): Promise<DispatchRow | null> {
      const { rows } = await db.query<Row>(
        `SELECT b.id, b.booking_number, b.status, b.revision, b.passenger_name, b.passenger_email, b.pick_up_at, b.pick_up_address, b.drop_off_address,
                b.currency, b.total_pence, b.assigned_driver, b.assigned_vehicle, b.payment_status, b.job_stage, b.arrived_at
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
        jobStage: (row.job_stage as JobStage | null) ?? null,
        arrivedAt: row.arrived_at ? new Date(row.arrived_at as string) : null,
      };
    },

    /**
     * The board's rows in pick-up order (keyset paging on (pick_up_at, id) inside the site: the database walks the
     * bookings_board index from the cursor, so page N costs what page 1 does).
     */
    async boardRows(siteId: number, criteria: BoardCriteria): Promise<Row[]> {
      const params: unknown[] = [siteId];
      const where = ['b.site_id = $1'];
      const add = (sql: (placeholder: string) => string, value: unknown) => {
        params.push(value);
        where.push(sql(`$${params.length}`));
      };
      if (criteria.range) {
        add((p) => `b.pick_up_at >= ${p}`, criteria.range.start);
        add((p) => `b.pick_up_at < ${p}`, criteria.range.end);
      }
      if (criteria.status?.length) add((p) => `b.status = ANY(${p}::text[])`, criteria.status);
      if (criteria.paymentMethod) add((p) => `b.payment_method = ${p}`, criteria.paymentMethod);
      if (criteria.paymentStates?.length) {
        const states = new Set(criteria.paymentStates);
        const parts = [
          // A free booking (nothing_to_pay, £0) shows as due to the driver (board.ts paymentState): filtered with them.
          states.has('due_to_driver') ? "b.payment_status IN ('due_to_driver', 'nothing_to_pay')" : null,
          states.has('paid') ? "(b.payment_status = 'paid' AND COALESCE(p.refunded_pence, 0) = 0)" : null,
          states.has('refunded') ? "(b.payment_status = 'paid' AND COALESCE(p.refunded_pence, 0) > 0)" : null,
          states.has('on_account') ? "b.payment_status = 'on_account'" : null,
        ].filter(Boolean);
        where.push(`(${parts.join(' OR ')})`);
      }
      if (criteria.companyId) add((p) => `b.company_id = ${p}`, criteria.companyId);
      if (criteria.vehicleId) add((p) => `b.vehicle_id = ${p}`, criteria.vehicleId);
      const search = criteria.search;
      if (search !== '') {
        params.push(`${likeEscape(search)}%`, `%${likeEscape(search)}%`);
        const prefix = `$${params.length - 1}`;
        const inside = `$${params.length}`;
        const alternatives = [`b.booking_number ILIKE ${prefix}`, `b.passenger_name ILIKE ${inside}`, `b.passenger_email ILIKE ${inside}`];
        const digits = search.replace(/\D/g, '');
        if (digits.length >= 4) {
          params.push(`%${digits}%`);
          alternatives.push(`regexp_replace(b.passenger_phone, '\\D', '', 'g') LIKE $${params.length}`);
        }
        where.push(`(${alternatives.join(' OR ')})`);
      }
      if (criteria.after) {
        params.push(criteria.after.pickupAt, criteria.after.id);
        where.push(`(b.pick_up_at, b.id) > ($${params.length - 1}, $${params.length})`);
      }
      params.push(criteria.limit);
      const { rows } = await db.query<Row>(
        `SELECT ${ROW_COLUMNS} FROM bookings b ${PAYMENT_JOIN}
          WHERE ${where.join(' AND ')}
          ORDER BY b.pick_up_at, b.id LIMIT $${params.length}`,
        params,
      );
      return rows;
    },

    /** The board rows of these bookings (the "Needs action" queue's), soonest pick-up first, at most `limit`. */
    async boardRowsByIds(siteId: number, ids: readonly number[], limit: number): Promise<Row[]> {
      if (ids.length === 0) return [];
      const { rows } = await db.query<Row>(`SELECT ${ROW_COLUMNS} FROM bookings b ${PAYMENT_JOIN} WHERE b.site_id = $1 AND b.id = ANY($2::bigint[]) ORDER BY b.pick_up_at, b.id LIMIT $3`, [
        siteId,
        ids,
        limit,
      ]);
      return rows;
    },

    /** A booking's board row with everything the console's detail shows of it, or null. */
    async detailRow(siteId: number, bookingNumber: string): Promise<Row | null> {
      const { rows } = await db.query<Row>(
        `SELECT ${ROW_COLUMNS}, b.booking_type, b.passenger_mode, b.passenger_email, b.additional_info, b.return_additional_info, b.flight_no,
                b.return_flight_no, b.options, b.distance_miles, b.duration_seconds, b.unit_price_pence, b.breakdown, b.payment_intent_id,
                b.assigned_driver, b.assigned_vehicle, b.accepted_at, b.assigned_at, b.completed_at, b.no_show_at, b.cancelled_at, b.cancelled_by,
                b.cancel_reason, b.cancel_note, b.cancellation_fee_pence, b.on_the_way_at, b.arrived_at, b.on_board_at
           FROM bookings b ${PAYMENT_JOIN}
          WHERE b.site_id = $1 AND b.booking_number = $2`,
        [siteId, bookingNumber],
      );
      return rows[0] ?? null;
    },

    async stopAddresses(siteId: number, bookingId: number): Promise<string[]> {
      const { rows } = await db.query<{ stop_address: string }>('SELECT stop_address FROM booking_stops WHERE site_id = $1 AND booking_id = $2 ORDER BY position', [siteId, bookingId]);
      return rows.map((stop) => stop.stop_address);
    },

    async refunds(siteId: number, bookingId: number): Promise<Row[]> {
      const { rows } = await db.query<Row>('SELECT amount_pence, reason, status, created_at FROM refunds WHERE site_id = $1 AND booking_id = $2 ORDER BY id', [siteId, bookingId]);
      return rows;
    },

    /** What the driver's extras took by card (issue 32: the one succeeded payment under `booking_extras:<id>`), or 0. */
    async extrasPaidPence(siteId: number, bookingId: number): Promise<number> {
      const { rows } = await db.query<{ amount_pence: number }>("SELECT amount_pence FROM payments WHERE site_id = $1 AND request_key = $2 AND charge = 'succeeded'", [
        siteId,
        `booking_extras:${bookingId}`,
      ]);
      return rows.reduce((sum, row) => sum + Number(row.amount_pence), 0);
    },

    /** Mails whose subject names the booking number (as a word), oldest first, at most 100. */
    async mailsAbout(siteId: number, bookingNumber: string): Promise<Row[]> {
      const { rows } = await db.query<Row>(
        `SELECT id, kind, to_address, subject, status, created_at, sent_at FROM mail_outbox
          WHERE site_id = $1 AND subject ~ ('(^|[^A-Za-z0-9])' || $2 || '([^A-Za-z0-9]|$)') ORDER BY id LIMIT 100`,
        [siteId, bookingNumber.replace(/[^A-Za-z0-9-]/g, '')],
      );
      return rows;
    },

    /** The statutory record's columns of the bookings picked up in [start, end), in pick-up order. */
    async statutoryRows(siteId: number, start: Date, end: Date): Promise<Row[]> {
      const { rows } = await db.query<Row>(
        `SELECT booking_number, created_at, pick_up_at, pick_up_address, drop_off_address, hourly_duration, passenger_name, assigned_driver, assigned_vehicle, status,
                (SELECT coalesce(json_agg(s.stop_address ORDER BY s.position), '[]') FROM booking_stops s WHERE s.site_id = b.site_id AND s.booking_id = b.id) AS stops
           FROM bookings b WHERE site_id = $1 AND pick_up_at >= $2 AND pick_up_at < $3 ORDER BY pick_up_at, id`,
        [siteId, start, end],
      );
      return rows;
    },

    /** A notification on `channel`, delivered when the caller's transaction commits (events.ts). */
    async notify(channel: string, payload: string): Promise<void> {
      await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },

    /** The pick-up time and vehicle category of a booking, or null when the site has no such booking. */
    async trip(siteId: number, bookingNumber: string): Promise<{ pickupAt: Date; vehicleId: number } | null> {
      const { rows } = await db.query<{ pick_up_at: string; vehicle_id: number }>('SELECT pick_up_at, vehicle_id FROM bookings WHERE site_id = $1 AND booking_number = $2', [siteId, bookingNumber]);
      return rows[0] ? { pickupAt: new Date(rows[0].pick_up_at), vehicleId: Number(rows[0].vehicle_id) } : null;
    },

    /** The booking's total as stored now (a driver's extras may have raised it), or null when the site has no such booking. */
    async totalPence(siteId: number, bookingId: number): Promise<number | null> {
      const { rows } = await db.query<{ total_pence: number }>('SELECT total_pence FROM bookings WHERE site_id = $1 AND id = $2', [siteId, bookingId]);
      return rows[0]?.total_pence === undefined || rows[0].total_pence === null ? null : Number(rows[0].total_pence);
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
