import type { Queryable } from '../../adapters/db/index.ts';

/**
 * The statements of the passenger paying the driver's extras on the manage page (extras.ts): the completion's extras
 * (job_completions, migration 035), and their payment in `payments` under the booking's extras request key
 * (`booking_extras:<id>`), where migration 007's `payments_one_charge` lets at most one payment be claimed or
 * succeeded: the off-session charge and the passenger's payment are the one charge of the extras.
 */

export interface ExtrasRow {
  waiting_min: number;
  waiting_pence: number;
  parking_pence: number;
  tolls_pence: number;
  extras_pence: number;
  extras_charge: string;
  extras_intent_id: string | null;
}

const COLUMNS = 'waiting_min, waiting_pence, parking_pence, tolls_pence, extras_pence, extras_charge, extras_intent_id';

export function createExtrasRepository(db: Queryable) {
  return {
    /** The booking's completion with extras, or undefined (none, or no extras added). */
    async extras(siteId: number, bookingId: number, lock = false): Promise<ExtrasRow | undefined> {
      const { rows } = await db.query<ExtrasRow>(`SELECT ${COLUMNS} FROM job_completions WHERE site_id = $1 AND booking_id = $2 AND extras_pence > 0${lock ? ' FOR UPDATE' : ''}`, [
        siteId,
        bookingId,
      ]);
      return rows[0] ? { ...rows[0], extras_pence: Number(rows[0].extras_pence) } : undefined;
    },

    /** The passenger's payment of the extras, as asked of the processor (a second write of one intent is a no-op). */
    async insertPayment(siteId: number, payment: { intentId: string; provider: string; amountPence: number; requestKey: string; bookingId: number; status: string }): Promise<void> {
      await db.query(
        `INSERT INTO payments (site_id, intent_id, provider, amount_pence, currency, request_key, submission, status, booking_id)
         VALUES ($1, $2, $3, $4, 'gbp', $5, $6, $7, $8) ON CONFLICT (site_id, intent_id) DO NOTHING`,
        [siteId, payment.intentId, payment.provider, payment.amountPence, payment.requestKey, JSON.stringify({ booking_id: payment.bookingId, driver_extras: true, by: 'passenger' }), payment.status, payment.bookingId],
      );
    },

    /** Whether the intent is a payment of this booking's extras (the 3-D Secure follow-up names only its own). */
    async isExtrasPayment(siteId: number, requestKey: string, intentId: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM payments WHERE site_id = $1 AND request_key = $2 AND intent_id = $3', [siteId, requestKey, intentId]);
      return rows.length > 0;
    },

    /** The off-session charge's payment state: 'claimed' (holds the slot), 'open' (recorded before migration 042 beside another), 'failed' (released), 'succeeded'; null: none recorded. */
    async offSessionCharge(siteId: number, requestKey: string, intentId: string): Promise<string | null> {
      const { rows } = await db.query<{ charge: string }>('SELECT charge FROM payments WHERE site_id = $1 AND request_key = $2 AND intent_id = $3', [siteId, requestKey, intentId]);
      return rows[0]?.charge ?? null;
    },

    /** Frees the slot the off-session charge held, once the processor has cancelled it (it can never be confirmed now). */
    async releaseOffSession(siteId: number, intentId: string): Promise<void> {
      await db.query("UPDATE payments SET charge = 'failed', status = 'canceled', updated_at = now() WHERE site_id = $1 AND intent_id = $2 AND charge IN ('claimed', 'open')", [siteId, intentId]);
    },

    /**
     * In the settling transaction (the completion locked): the payment succeeded (the unique index refuses a second
     * success of the extras) and the completion's extras charged with it; the booking's number, for the board's news.
     */
    async settle(siteId: number, bookingId: number, intentId: string): Promise<string | null> {
      await db.query("UPDATE payments SET charge = 'succeeded', status = 'succeeded', updated_at = now() WHERE site_id = $1 AND intent_id = $2", [siteId, intentId]);
      await db.query("UPDATE job_completions SET extras_charge = 'succeeded', extras_intent_id = $3, charge_error = NULL, updated_at = now() WHERE site_id = $1 AND booking_id = $2", [
        siteId,
        bookingId,
        intentId,
      ]);
      const { rows } = await db.query<{ booking_number: string }>('SELECT booking_number FROM bookings WHERE site_id = $1 AND id = $2', [siteId, bookingId]);
      return rows[0]?.booking_number ?? null;
    },
  };
}
