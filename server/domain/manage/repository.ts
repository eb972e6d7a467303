import { flightColumn } from '../flights/repository.ts';
import type { Queryable } from '../../adapters/db/index.ts';

/** A manage link's row with what its checks read of the booking. */
export interface ManageLinkRow {
  bookingId: number;
  bookingNumber: string;
  revokedAt: Date | null;
  pickupAt: Date;
  returnAt: Date | null;
  /** A short-lived link's own end (a corporate member's, migration 037); null for a mailed link. */
  expiresAt: Date | null;
}

const MANAGED_BOOKING = `
  SELECT b.id, b.booking_number, b.status, b.revision, b.ride_type, b.pick_up_at, b.return_at, b.pick_up_address, b.drop_off_address,
         b.duration_seconds, b.breakdown->>'return_duration_seconds' AS return_duration_seconds, b.hourly_duration, b.flight_no, b.return_flight_no,
         b.vehicle_category, b.vehicle_qty, b.company_name, b.total_passengers, b.passenger_id, b.passenger_name, b.passenger_email,
         b.payment_method, b.currency, b.total_pence, b.driver_name, b.vehicle_registration, b.cancelled_at, b.cancelled_by, b.cancellation_fee_pence,
         b.quote_id, b.vehicle_id, b.company_id, b.options, b.passenger_phone, b.breakdown->'promo' AS promo_line, b.job_stage, b.on_the_way_at,
         (SELECT q.form->'stops' FROM quotes q WHERE q.site_id = b.site_id AND q.id = b.quote_id) AS quote_stops,
         to_jsonb(b)->'assigned_driver' AS assigned_driver, to_jsonb(b)->'assigned_vehicle' AS assigned_vehicle,
         p.intent_id, p.amount_pence, p.refunded_pence, p.currency AS payment_currency,
         r.amount_pence AS refund_pence, r.status AS refund_status, ${flightColumn('b')}
    FROM bookings b
    LEFT JOIN payments p ON p.site_id = b.site_id AND p.intent_id = b.payment_intent_id AND b.payment_status = 'paid'
    LEFT JOIN refunds r ON r.site_id = b.site_id AND r.idempotency_key = $3
   WHERE b.site_id = $1 AND b.id = $2`;

/** The statements of the manage page: its links (links.ts: tokens stored and found by their hash only), the managed booking (record.ts) and the passenger's cancellation. */
export function createManageRepository(db: Queryable) {
  return {
    async linkByHash(siteId: number, tokenHash: Buffer): Promise<ManageLinkRow | null> {
      const { rows } = await db.query<{ booking_id: string; booking_number: string; revoked_at: Date | null; pick_up_at: Date | string; return_at: Date | string | null; expires_at: Date | string | null }>(
        `SELECT l.booking_id, b.booking_number, l.revoked_at, b.pick_up_at, b.return_at, l.expires_at
           FROM booking_manage_links l JOIN bookings b ON b.site_id = l.site_id AND b.id = l.booking_id
          WHERE l.site_id = $1 AND l.token_hash = $2`,
        [siteId, tokenHash],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        bookingId: Number(row.booking_id),
        bookingNumber: row.booking_number,
        revokedAt: row.revoked_at,
        pickupAt: new Date(row.pick_up_at),
        returnAt: row.return_at === null ? null : new Date(row.return_at),
        expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
      };
    },

    /** What managing a booking reads of it (record.ts maps it): the booking, its card payment and the refund under `refundKey`. */
    async managedBookingRow(siteId: number, bookingId: number, refundKey: string): Promise<Record<string, unknown> | null> {
      const { rows } = await db.query<Record<string, unknown>>(MANAGED_BOOKING, [siteId, bookingId, refundKey]);
      return rows[0] ?? null;
    },

    /** What the passenger's live stream follows of the booking (issue 33): its status, the driver's stage and since when they are on the way. */
    async liveState(siteId: number, bookingId: number): Promise<Record<string, unknown> | null> {
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT booking_number, status, job_stage, revision, on_the_way_at, (assigned_driver ->> 'id')::bigint AS driver_id, pick_up_address
           FROM bookings WHERE site_id = $1 AND id = $2`,
        [siteId, bookingId],
      );
      return rows[0] ?? null;
    },

    /** Locks the booking's row until the caller's transaction ends. */
    async lockBooking(siteId: number, bookingId: number): Promise<void> {
      await db.query('SELECT id FROM bookings WHERE site_id = $1 AND id = $2 FOR UPDATE', [siteId, bookingId]);
    },

    /** A corporate passenger's own booking by its number, or null (another passenger's, another site's, unknown). */
    async ownBookingId(siteId: number, passengerId: number, bookingNumber: string): Promise<number | null> {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM bookings WHERE site_id = $1 AND passenger_id = $2 AND booking_number = $3', [siteId, passengerId, bookingNumber]);
      return rows[0] ? Number(rows[0].id) : null;
    },

    /** The passenger's cancellation written on the booking (in the caller's transaction), with its fee. */
    async cancelByPassenger(siteId: number, bookingId: number, at: Date, feePence: number): Promise<void> {
      await db.query(
        `UPDATE bookings SET status = 'cancelled', cancelled_at = $3, cancelled_by = 'passenger', cancellation_fee_pence = $4, revision = revision + 1
          WHERE site_id = $1 AND id = $2`,
        [siteId, bookingId, at, feePence],
      );
    },

    /** Every live link of the booking revoked; how many, or null when the site has no such booking. */
    async revokeLinks(siteId: number, bookingNumber: string): Promise<number | null> {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM bookings WHERE site_id = $1 AND booking_number = $2', [siteId, bookingNumber]);
      if (!rows[0]) return null;
      const revoked = await db.query('UPDATE booking_manage_links SET revoked_at = now() WHERE site_id = $1 AND booking_id = $2 AND revoked_at IS NULL RETURNING id', [siteId, rows[0].id]);
      return revoked.rows.length;
    },
  };
}
