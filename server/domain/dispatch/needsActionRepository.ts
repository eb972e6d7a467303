import type { ManageTripValues } from '../../../contract/manageBooking.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import type { ChangePlan } from '../manage/reprice.ts';

/**
 * The statements of the "Needs action" queue (needsAction.ts), one per reason, each over the site's bookings still to
 * be run (the partial index bookings_open, migration 028), whatever their date.
 */

type Row = Record<string, unknown>;
const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
const at = (value: unknown) => new Date(value as string);

export interface LastOffer {
  bookingId: number;
  state: 'declined' | 'expired';
  since: Date;
  driverName: string;
}

export interface OpenChangeRequest {
  id: number;
  bookingId: number;
  createdAt: Date;
  before: ManageTripValues;
  plan: ChangePlan;
}

export function createNeedsActionRepository(db: Queryable) {
  return {
    /** Bookings made and not yet accepted. */
    async unaccepted(siteId: number): Promise<{ bookingId: number; createdAt: Date }[]> {
      const { rows } = await db.query<Row>(`SELECT id, created_at FROM bookings WHERE site_id = $1 AND status = 'confirmed'`, [siteId]);
      return rows.map((row) => ({ bookingId: Number(row.id), createdAt: at(row.created_at) }));
    },

    /** Phone bookings held for their card payment link (issue 34), with the link's time limit. */
    async awaitingPayment(siteId: number): Promise<{ bookingId: number; createdAt: Date; dueAt: Date }[]> {
      const { rows } = await db.query<Row>(
        `SELECT b.id, b.created_at, l.due_at FROM bookings b JOIN booking_pay_links l ON l.site_id = b.site_id AND l.booking_id = b.id WHERE b.site_id = $1 AND b.status = 'awaiting_payment'`,
        [siteId],
      );
      return rows.map((row) => ({ bookingId: Number(row.id), createdAt: at(row.created_at), dueAt: at(row.due_at) }));
    },

    /** Bookings without a driver whose pick-up is before `by` (past ones included). */
    async withoutDriverBefore(siteId: number, by: Date): Promise<{ bookingId: number; pickupAt: Date }[]> {
      const { rows } = await db.query<Row>(`SELECT id, pick_up_at FROM bookings WHERE site_id = $1 AND status IN ('confirmed', 'accepted') AND pick_up_at <= $2`, [siteId, by]);
      return rows.map((row) => ({ bookingId: Number(row.id), pickupAt: at(row.pick_up_at) }));
    },

    /**
     * Accepted bookings whose latest offer was declined or has timed out (an open offer past its time counts, as
     * the offers' reads settle it), with no other offer still open.
     */
    async lastOfferRefused(siteId: number, now: Date): Promise<LastOffer[]> {
      const { rows } = await db.query<Row>(
        `SELECT last.booking_id, last.state, last.since, last.driver_name FROM (
           SELECT DISTINCT ON (o.booking_id) o.booking_id, d.name AS driver_name,
                  CASE WHEN o.state = 'open' AND o.expires_at <= $2 THEN 'expired' ELSE o.state END AS state,
                  CASE WHEN o.state IN ('open', 'expired') THEN o.expires_at ELSE o.answered_at END AS since
             FROM bookings b
             JOIN driver_offers o ON o.site_id = b.site_id AND o.booking_id = b.id
             JOIN drivers d ON d.site_id = o.site_id AND d.id = o.driver_id
            WHERE b.site_id = $1 AND b.status = 'accepted'
            ORDER BY o.booking_id, o.id DESC) last
          WHERE last.state IN ('declined', 'expired')
            AND NOT EXISTS (SELECT 1 FROM driver_offers x WHERE x.site_id = $1 AND x.booking_id = last.booking_id AND x.state = 'open' AND x.expires_at > $2)`,
        [siteId, now],
      );
      return rows.map((row) => ({ bookingId: Number(row.booking_id), state: row.state as LastOffer['state'], since: at(row.since), driverName: String(row.driver_name) }));
    },

    /**
     * Assigned jobs not started whose pick-up is before `by`, of drivers on the app (an account with a password):
     * a driver the office runs by phone never taps 'On my way'.
     */
    async notOnTheWayBefore(siteId: number, by: Date): Promise<{ bookingId: number; driverName: string }[]> {
      const { rows } = await db.query<Row>(
        `SELECT b.id, b.assigned_driver->>'name' AS driver_name FROM bookings b
          WHERE b.site_id = $1 AND b.status = 'driver_assigned' AND b.job_stage IS NULL AND b.pick_up_at <= $2
            AND EXISTS (SELECT 1 FROM driver_accounts a WHERE a.site_id = b.site_id AND a.driver_id = (b.assigned_driver->>'id')::bigint AND a.password_hash IS NOT NULL)`,
        [siteId, by],
      );
      return rows.map((row) => ({ bookingId: Number(row.id), driverName: String(row.driver_name ?? '') }));
    },

    /** Change requests not yet dealt with, of bookings still to be run, oldest first. */
    async openChangeRequests(siteId: number): Promise<OpenChangeRequest[]> {
      const { rows } = await db.query<Row>(
        `SELECT c.id, c.booking_id, c.created_at, c.before, c.after FROM booking_changes c
           JOIN bookings b ON b.site_id = c.site_id AND b.id = c.booking_id
          WHERE c.site_id = $1 AND c.status = 'requested' AND c.handled_at IS NULL AND b.status IN ('confirmed', 'accepted', 'driver_assigned')
          ORDER BY c.id`,
        [siteId],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        bookingId: Number(row.booking_id),
        createdAt: at(row.created_at),
        before: parse(row.before) as ManageTripValues,
        plan: parse(row.after) as ChangePlan,
      }));
    },

    /** Marks the booking's open requests up to `lastId` dealt with; the ids marked (none: nothing was open). */
    async markRequestsHandled(siteId: number, bookingId: number, lastId: number, by: string, now: Date): Promise<number[]> {
      const { rows } = await db.query<Row>(
        `UPDATE booking_changes SET handled_at = $5, handled_by = $4
          WHERE site_id = $1 AND booking_id = $2 AND id <= $3 AND status = 'requested' AND handled_at IS NULL RETURNING id`,
        [siteId, bookingId, lastId, by, now],
      );
      return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    },
  };
}
