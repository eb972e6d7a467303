import type { Queryable } from '../../adapters/db/index.ts';
import { ABANDONED_CLAIM } from '../chargeClaims.ts';
import { releaseReservation } from '../promos/repository.ts';
import type { PreparedBooking } from './prepare.ts';

/**
 * The statements of our card payment records (`payments`) and the one charging slot of a booking submission
 * (migration 007): at most one payment per site and request key is `claimed` (being charged, or waiting for 3-D
 * Secure) or `succeeded`; the partial unique index `payments_one_charge` refuses a second one, whatever the code does.
 */

export type Charge = 'open' | 'claimed' | 'succeeded' | 'failed' | 'duplicate';

export interface PaymentRecord {
  intentId: string;
  amountPence: number;
  currency: string;
  requestKey: string;
  submission: PreparedBooking;
  submissionDigest: string | null;
  bookingId: number | null;
  charge: Charge;
}

interface Row {
  intent_id: string;
  amount_pence: number;
  currency: string;
  request_key: string;
  submission: unknown;
  submission_digest: string | null;
  booking_id: string | null;
  charge: Charge;
}

const toRecord = (row: Row): PaymentRecord => ({
  intentId: row.intent_id,
  amountPence: Number(row.amount_pence),
  currency: row.currency,
  requestKey: row.request_key,
  submission: (typeof row.submission === 'string' ? JSON.parse(row.submission) : row.submission) as PreparedBooking,
  submissionDigest: row.submission_digest,
  bookingId: row.booking_id === null ? null : Number(row.booking_id),
  charge: row.charge,
});

/** True for the error PostgreSQL (and PGlite) raise when a unique index refuses a row. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

const RECORD_COLUMNS = 'intent_id, amount_pence, currency, request_key, submission, submission_digest, booking_id, charge';

export async function loadPayment(db: Queryable, siteId: number, intentId: string): Promise<PaymentRecord | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${RECORD_COLUMNS} FROM payments WHERE site_id = $1 AND intent_id = $2`,
    [siteId, intentId],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function insertPayment(
  db: Queryable,
  siteId: number,
  payment: { intentId: string; provider: string; prepared: PreparedBooking; submissionDigest: string; status: string },
): Promise<void> {
  await db.query(
    `INSERT INTO payments (site_id, intent_id, provider, amount_pence, currency, request_key, submission, submission_digest, status)
     VALUES ($1, $2, $3, $4, 'gbp', $5, $6, $7, $8) ON CONFLICT (site_id, intent_id) DO NOTHING`,
    [siteId, payment.intentId, payment.provider, payment.prepared.totalPence, payment.prepared.requestKey, JSON.stringify(payment.prepared), payment.submissionDigest, payment.status],
  );
}

/** The booking number of a submission that is already booked (or paid), or undefined. */
export async function bookedSubmission(db: Queryable, siteId: number, requestKey: string): Promise<{ bookingNumber: string | null } | undefined> {
  const { rows } = await db.query<{ booking_number: string | null }>(
    `SELECT booking_number FROM (
       SELECT booking_number FROM bookings WHERE site_id = $1 AND request_key = $2
       UNION ALL
       SELECT b.booking_number FROM payments p LEFT JOIN bookings b ON b.site_id = p.site_id AND b.id = p.booking_id
        WHERE p.site_id = $1 AND p.request_key = $2 AND p.charge = 'succeeded'
     ) booked ORDER BY booking_number IS NULL LIMIT 1`,
    [siteId, requestKey],
  );
  return rows[0] ? { bookingNumber: rows[0].booking_number } : undefined;
}

export type ClaimResult =
  | { claimed: true; record: PaymentRecord }
  | { claimed: false; own: Charge; record: PaymentRecord | null }
  | { claimed: false; holder: { intentId: string; charge: 'claimed' | 'succeeded'; bookingId: number | null } | null };

/**
 * Takes the submission's charging slot for this intent before the processor is asked to charge it. Already holding it
 * counts as taking it (a retried confirm, the re-read after 3-D Secure). Otherwise says who holds it, or that this
 * payment is past charging (`own`: succeeded or duplicate). With the slot, or past charging, the payment's record
 * comes too (null: no such payment), so a confirm reads it in the same statement.
 */
export async function claimCharge(db: Queryable, siteId: number, intentId: string): Promise<ClaimResult> {
  try {
    const { rows } = await db.query<Row>(
      `UPDATE payments SET charge = 'claimed', updated_at = now() WHERE site_id = $1 AND intent_id = $2 AND charge IN ('open', 'failed', 'claimed') RETURNING ${RECORD_COLUMNS}`,
      [siteId, intentId],
    );
    if (rows[0]) return { claimed: true, record: toRecord(rows[0]) };
    const own = await loadPayment(db, siteId, intentId);
    return { claimed: false, own: own?.charge ?? 'failed', record: own };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const { rows } = await db.query<{ intent_id: string; charge: 'claimed' | 'succeeded'; booking_id: string | null }>(
    `SELECT intent_id, charge, booking_id FROM payments
      WHERE site_id = $1 AND request_key = (SELECT request_key FROM payments WHERE site_id = $1 AND intent_id = $2)
        AND intent_id <> $2 AND charge IN ('claimed', 'succeeded')`,
    [siteId, intentId],
  );
  const holder = rows[0] ? { intentId: rows[0].intent_id, charge: rows[0].charge, bookingId: rows[0].booking_id === null ? null : Number(rows[0].booking_id) } : null;
  return { claimed: false, holder };
}

/** Frees the slot after a decline or a failed 3-D Secure, so that another card can pay. */
export async function releaseCharge(db: Queryable, siteId: number, intentId: string): Promise<void> {
  await db.query(`UPDATE payments SET charge = 'failed', updated_at = now() WHERE site_id = $1 AND intent_id = $2 AND charge = 'claimed'`, [siteId, intentId]);
  // Its promo code's use goes back too (a confirm of this intent takes it again before charging).
  await releaseReservation(db, siteId, intentId);
}

/**
 * Frees a claim whose confirm call never came back (the process stopped between the claim and the processor's answer):
 * a confirm lasts at most about a minute (the Stripe SDK's 20 s timeout, two retries), so a claim on an intent still
 * waiting for confirmation after ABANDONED_CLAIM is abandoned. True when it was freed.
 */
export async function releaseAbandonedClaim(db: Queryable, siteId: number, intentId: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE payments SET charge = 'failed', updated_at = now() WHERE site_id = $1 AND intent_id = $2 AND charge = 'claimed' AND updated_at < now() - interval '${ABANDONED_CLAIM}' RETURNING intent_id`,
    [siteId, intentId],
  );
  if (rows.length > 0) await releaseReservation(db, siteId, intentId);
  return rows.length > 0;
}

export type Settlement = { outcome: 'paid' } | { outcome: 'duplicate'; paidBy: { intentId: string; bookingId: number | null } | null; newlyDuplicate: boolean };

/**
 * In the caller's transaction, for an intent the processor reports `succeeded`: locks the submission's payments and
 * decides whether this charge pays the booking (the first success wins, taking the slot from a payment still waiting
 * for 3-D Secure) or is a second charge (`duplicate`, to refund). A payment claimed meanwhile by a row this lock did
 * not see makes the final UPDATE fail with a unique violation: the caller runs the transaction again.
 */
export async function settleSuccess(tx: Queryable, siteId: number, intentId: string, requestKey: string): Promise<Settlement> {
  const { rows } = await tx.query<{ intent_id: string; charge: Charge; booking_id: string | null }>(
    'SELECT intent_id, charge, booking_id FROM payments WHERE site_id = $1 AND request_key = $2 ORDER BY intent_id FOR UPDATE',
    [siteId, requestKey],
  );
  const mine = rows.find((row) => row.intent_id === intentId);
  const paid = rows.find((row) => row.charge === 'succeeded' && row.intent_id !== intentId);
  const paidBy = paid ? { intentId: paid.intent_id, bookingId: paid.booking_id === null ? null : Number(paid.booking_id) } : null;
  if (mine?.charge === 'succeeded') return { outcome: 'paid' };
  if (mine?.charge === 'duplicate') return { outcome: 'duplicate', paidBy, newlyDuplicate: false };
  if (paid) {
    await tx.query(`UPDATE payments SET charge = 'duplicate', status = 'succeeded', updated_at = now() WHERE site_id = $1 AND intent_id = $2`, [siteId, intentId]);
    return { outcome: 'duplicate', paidBy, newlyDuplicate: true };
  }
  // A claim this lock did not see (inserted since) makes the UPDATE below fail with a unique violation: run again.
  if (rows.some((row) => row.charge === 'claimed' && row.intent_id !== intentId)) {
    await tx.query(`UPDATE payments SET charge = 'open', updated_at = now() WHERE site_id = $1 AND request_key = $2 AND intent_id <> $3 AND charge = 'claimed'`, [siteId, requestKey, intentId]);
  }
  await tx.query(`UPDATE payments SET charge = 'succeeded', status = 'succeeded', updated_at = now() WHERE site_id = $1 AND intent_id = $2`, [siteId, intentId]);
  return { outcome: 'paid' };
}

/** Whether a Stripe webhook event was handled before (its work done and recorded). */
export async function isWebhookEventHandled(db: Queryable, eventId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT event_id FROM webhook_events WHERE event_id = $1', [eventId]);
  return rows.length > 0;
}

/** Records a Stripe webhook event as handled (once its work is done; a replay is a no-op). */
export async function recordWebhookEvent(db: Queryable, eventId: string): Promise<void> {
  await db.query('INSERT INTO webhook_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING', [eventId]);
}
