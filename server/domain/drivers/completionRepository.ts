import type { Queryable } from '../../adapters/db/index.ts';
import { ABANDONED_CLAIM } from '../chargeClaims.ts';

/** How often the sweep re-reads an extras charge held for 3-D Secure at the processor (a missed webhook settles within it). */
export const HELD_RECHECK = '5 minutes';

/**
 * The statements of a job completed on the driver's app with extras (completion.ts, table job_completions of
 * migration 035): the completion kept and the booking's total raised in the completing transaction, and the
 * off-session charge of a card booking's extras (its claim, its states and its payment in the ledger).
 */

type Row = Record<string, unknown>;

/** What a completion reads of the booking's payment, under the booking's lock. */
export interface CompletionBookingRow {
  total_pence: number;
  payment_method: string;
  payment_intent_id: string | null;
}

/** The completion's row, as written by `insertCompletion`. */
export interface CompletionInsert {
  driverId: number;
  waitingMin: number;
  waitingPence: number;
  parkingPence: number;
  tollsPence: number;
  extrasPence: number;
  farePence: number;
  finalPence: number;
  paidInCar: string | null;
  extrasCharge: 'none' | 'claimed';
  tappedAt: Date;
}

/** The extras' payment in the ledger, once the processor charged them. */
export interface ExtrasPaymentInsert {
  intentId: string;
  provider: string;
  amountPence: number;
  requestKey: string;
  bookingId: number;
}

export function createCompletionRepository(db: Queryable) {
  return {
    /** The booking's fare and how it is paid (its row; undefined when the site has no such booking). */
    async bookingPayment(siteId: number, bookingId: number): Promise<CompletionBookingRow | undefined> {
      const { rows } = await db.query<CompletionBookingRow>('SELECT total_pence, payment_method, payment_intent_id FROM bookings WHERE site_id = $1 AND id = $2', [siteId, bookingId]);
      return rows[0];
    },

    /** Keeps the completion (one row per booking: the primary key). */
    async insertCompletion(siteId: number, bookingId: number, completion: CompletionInsert): Promise<void> {
      await db.query(
        `INSERT INTO job_completions (site_id, booking_id, driver_id, waiting_min, waiting_pence, parking_pence, tolls_pence, extras_pence, fare_pence, final_pence, paid_in_car, extras_charge, tapped_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          siteId,
          bookingId,
          completion.driverId,
          completion.waitingMin,
          completion.waitingPence,
          completion.parkingPence,
          completion.tollsPence,
          completion.extrasPence,
          completion.farePence,
          completion.finalPence,
          completion.paidInCar,
          completion.extrasCharge,
          completion.tappedAt,
        ],
      );
    },

    /** Raises the booking's total by the completion's extras. */
    async raiseTotal(siteId: number, bookingId: number, extrasPence: number): Promise<void> {
      await db.query('UPDATE bookings SET total_pence = total_pence + $3 WHERE site_id = $1 AND id = $2', [siteId, bookingId, extrasPence]);
    },

    /** The booking's completion row, or undefined. */
    async completion(siteId: number, bookingId: number): Promise<Row | undefined> {
      const { rows } = await db.query<Row>('SELECT * FROM job_completions WHERE site_id = $1 AND booking_id = $2', [siteId, bookingId]);
      return rows[0];
    },

    /**
     * Takes a claimed completion's extras for charging ('claimed' → 'charging') in one UPDATE: of any number of callers
     * at once, one gets the row (its extras and what the charge and the passenger's mail read of the booking).
     */
    async claimExtrasCharge(siteId: number, bookingId: number): Promise<Row | undefined> {
      const { rows } = await db.query<Row>(
        `UPDATE job_completions c SET extras_charge = 'charging', updated_at = now()
           FROM bookings b
          WHERE c.site_id = $1 AND c.booking_id = $2 AND c.extras_charge = 'claimed' AND b.site_id = c.site_id AND b.id = c.booking_id
         RETURNING c.extras_pence, b.payment_intent_id, b.booking_number, b.passenger_name, b.passenger_email, b.currency, b.pick_up_at, b.return_at`,
        [siteId, bookingId],
      );
      return rows[0];
    },

    /**
     * The claims left 'charging' for longer than ABANDONED_CLAIM (the process died between claiming the charge and
     * recording the processor's answer), any site, oldest first: the sweep settles them (extrasSweep.ts).
     */
    async abandonedCharges(limit: number): Promise<{ site_id: number; booking_id: number }[]> {
      const { rows } = await db.query<{ site_id: number; booking_id: string }>(
        `SELECT site_id, booking_id FROM job_completions WHERE extras_charge = 'charging' AND updated_at < now() - interval '${ABANDONED_CLAIM}' ORDER BY updated_at LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({ site_id: Number(row.site_id), booking_id: Number(row.booking_id) }));
    },

    /**
     * Takes over an abandoned 'charging' claim (its time renewed) in one UPDATE: of sweeps in several processes one
     * gets the row, with what the charge and the passenger's mail read (as claimExtrasCharge).
     */
    async takeAbandonedCharge(siteId: number, bookingId: number): Promise<Row | undefined> {
      const { rows } = await db.query<Row>(
        `UPDATE job_completions c SET updated_at = now()
           FROM bookings b
          WHERE c.site_id = $1 AND c.booking_id = $2 AND c.extras_charge = 'charging' AND c.updated_at < now() - interval '${ABANDONED_CLAIM}'
            AND b.site_id = c.site_id AND b.id = c.booking_id
         RETURNING c.extras_pence, b.payment_intent_id, b.booking_number, b.passenger_name, b.passenger_email, b.currency, b.pick_up_at, b.return_at`,
        [siteId, bookingId],
      );
      return rows[0];
    },

    /**
     * The extras owing ('requires_action') whose held charge was not re-read at the processor for HELD_RECHECK, any
     * site, oldest first, taken in one UPDATE (their time renewed, rows another sweep holds skipped): each goes to one
     * sweep, and each at most once per HELD_RECHECK (extrasSweep.ts).
     */
    async takeHeldCharges(limit: number): Promise<{ site_id: number; booking_id: number }[]> {
      const { rows } = await db.query<{ site_id: number; booking_id: string }>(
        `UPDATE job_completions SET updated_at = now()
          WHERE (site_id, booking_id) IN (
            SELECT site_id, booking_id FROM job_completions
             WHERE extras_charge = 'requires_action' AND updated_at < now() - interval '${HELD_RECHECK}'
             ORDER BY updated_at LIMIT $1 FOR UPDATE SKIP LOCKED)
            AND extras_charge = 'requires_action'
         RETURNING site_id, booking_id`,
        [limit],
      );
      return rows.map((row) => ({ site_id: Number(row.site_id), booking_id: Number(row.booking_id) }));
    },

    /** The intents holding the extras' one charging slot ('claimed', or 'open' from before migration 042). */
    async heldIntents(siteId: number, bookingId: number): Promise<string[]> {
      const { rows } = await db.query<{ intent_id: string }>("SELECT intent_id FROM payments WHERE site_id = $1 AND request_key = $2 AND charge IN ('claimed', 'open') ORDER BY intent_id", [
        siteId,
        `booking_extras:${bookingId}`,
      ]);
      return rows.map((row) => row.intent_id);
    },

    /** The booking whose extras this intent pays (the off-session charge or the passenger's card), or null: not an extras payment. */
    async extrasPaymentBooking(siteId: number, intentId: string): Promise<number | null> {
      const { rows } = await db.query<{ booking_id: string }>("SELECT booking_id FROM payments WHERE site_id = $1 AND intent_id = $2 AND request_key LIKE 'booking\\_extras:%' AND booking_id IS NOT NULL", [
        siteId,
        intentId,
      ]);
      return rows[0] ? Number(rows[0].booking_id) : null;
    },

    /** An abandoned claim whose charge never reached the processor goes back to 'claimed' (to be charged). */
    async reclaim(siteId: number, bookingId: number): Promise<void> {
      await db.query("UPDATE job_completions SET extras_charge = 'claimed', updated_at = now() WHERE site_id = $1 AND booking_id = $2 AND extras_charge = 'charging'", [siteId, bookingId]);
    },

    /** The extras' charge state with its intent and error (both replaced), from 'charging' only. */
    async setExtrasCharge(siteId: number, bookingId: number, state: string, intentId: string | null, error: string | null): Promise<void> {
      await db.query("UPDATE job_completions SET extras_charge = $3, extras_intent_id = $4, charge_error = $5, updated_at = now() WHERE site_id = $1 AND booking_id = $2 AND extras_charge = 'charging'", [
        siteId,
        bookingId,
        state,
        intentId,
        error,
      ]);
    },

    /**
     * The processor's answer to the charge: 'succeeded', or 'requires_action' (3-D Secure), with its intent. Only a
     * claim being charged moves: true when this call moved it (so the owing mail goes once).
     */
    async extrasCharged(siteId: number, bookingId: number, state: 'succeeded' | 'requires_action', intentId: string): Promise<boolean> {
      const sql =
        state === 'succeeded'
          ? "UPDATE job_completions SET extras_charge = 'succeeded', extras_intent_id = $3, updated_at = now() WHERE site_id = $1 AND booking_id = $2 AND extras_charge = 'charging' RETURNING booking_id"
          : "UPDATE job_completions SET extras_charge = 'requires_action', extras_intent_id = $3, updated_at = now() WHERE site_id = $1 AND booking_id = $2 AND extras_charge = 'charging' RETURNING booking_id";
      const { rows } = await db.query(sql, [siteId, bookingId, intentId]);
      return rows.length > 0;
    },

    /**
     * The off-session charge waiting for 3-D Secure holds the extras' one charging slot (migration 042): a 'claimed'
     * payment of the extras' request key, released only once the processor has cancelled it (manage/extras.ts).
     */
    async holdOffSessionClaim(siteId: number, payment: ExtrasPaymentInsert): Promise<void> {
      await db.query(
        `INSERT INTO payments (site_id, intent_id, provider, amount_pence, currency, request_key, submission, status, charge, booking_id)
         VALUES ($1, $2, $3, $4, 'gbp', $5, $6, 'requires_action', 'claimed', $7) ON CONFLICT (site_id, intent_id) DO NOTHING`,
        [siteId, payment.intentId, payment.provider, payment.amountPence, payment.requestKey, JSON.stringify({ booking_id: payment.bookingId, driver_extras: true, off_session: true }), payment.bookingId],
      );
    },

    /** The charged extras as a payment of the booking (in the ledger); a second write of the same intent is a no-op. */
    async insertExtrasPayment(siteId: number, payment: ExtrasPaymentInsert): Promise<void> {
      await db.query(
        `INSERT INTO payments (site_id, intent_id, provider, amount_pence, currency, request_key, submission, status, charge, booking_id)
         VALUES ($1, $2, $3, $4, 'gbp', $5, $6, 'succeeded', 'succeeded', $7) ON CONFLICT (site_id, intent_id) DO NOTHING`,
        [siteId, payment.intentId, payment.provider, payment.amountPence, payment.requestKey, JSON.stringify({ booking_id: payment.bookingId, driver_extras: true }), payment.bookingId],
      );
    },
  };
}

export type CompletionRepository = ReturnType<typeof createCompletionRepository>;
