import { createHash } from 'node:crypto';
import type { Queryable } from '../../adapters/db/index.ts';
import type { PaymentsPort, RefundReason } from '../../adapters/payments/port.ts';

/**
 * Money given back (table `refunds`, migration 007), in two steps so that no refund is paid twice:
 * 1. `recordRefund`, in the caller's transaction (with its mail): one row per idempotency key, and the payment's
 *    `refunded_pence` raised in the same statement set, which the database keeps within what was paid;
 * 2. `sendRefund`, after the commit: asks the processor with a key derived from the same idempotency key, so a retry
 *    (a replayed webhook, a second attempt after a network error) returns the refund already made.
 * Partial and repeated refunds of one payment (a cancellation fee kept, a second partial refund) are rows of their own.
 */

export interface RefundRequest {
  intentId: string;
  bookingId: number | null;
  amountPence: number;
  currency: string;
  reason: RefundReason;
  /** One refund per key: e.g. `duplicate_charge:<intent id>`. */
  idempotencyKey: string;
}

export interface RefundRow {
  id: number;
  intentId: string;
  amountPence: number;
  reason: RefundReason;
  idempotencyKey: string;
  status: 'pending' | 'succeeded' | 'failed';
  providerRefundId: string | null;
}

export class RefundExceedsPayment extends Error {}

interface Row {
  id: string;
  intent_id: string;
  amount_pence: number;
  reason: RefundReason;
  idempotency_key: string;
  status: RefundRow['status'];
  provider_refund_id: string | null;
}

const toRefund = (row: Row): RefundRow => ({
  id: Number(row.id),
  intentId: row.intent_id,
  amountPence: Number(row.amount_pence),
  reason: row.reason,
  idempotencyKey: row.idempotency_key,
  status: row.status,
  providerRefundId: row.provider_refund_id,
});

const COLUMNS = 'id, intent_id, amount_pence, reason, idempotency_key, status, provider_refund_id';

/** Records a refund to make (in the caller's transaction). `created` is false when this key was recorded before. */
export async function recordRefund(tx: Queryable, siteId: number, request: RefundRequest): Promise<{ refund: RefundRow; created: boolean }> {
  const inserted = await tx.query<Row>(
    `INSERT INTO refunds (site_id, intent_id, booking_id, amount_pence, currency, reason, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (site_id, idempotency_key) DO NOTHING RETURNING ${COLUMNS}`,
    [siteId, request.intentId, request.bookingId, request.amountPence, request.currency, request.reason, request.idempotencyKey],
  );
  if (!inserted.rows[0]) {
    const { rows } = await tx.query<Row>(`SELECT ${COLUMNS} FROM refunds WHERE site_id = $1 AND idempotency_key = $2`, [siteId, request.idempotencyKey]);
    return { refund: toRefund(rows[0]), created: false };
  }
  const raised = await tx.query(
    'UPDATE payments SET refunded_pence = refunded_pence + $3, updated_at = now() WHERE site_id = $1 AND intent_id = $2 AND refunded_pence + $3 <= amount_pence RETURNING intent_id',
    [siteId, request.intentId, request.amountPence],
  );
  if (!raised.rows[0]) throw new RefundExceedsPayment(`A refund of ${request.amountPence} would exceed what payment ${request.intentId} paid`);
  return { refund: toRefund(inserted.rows[0]), created: true };
}

/** The refunds of a payment the processor has not accepted yet (recorded, or its call failed), oldest first. */
export async function unsentRefunds(db: Queryable, siteId: number, intentId: string): Promise<RefundRow[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM refunds WHERE site_id = $1 AND intent_id = $2 AND provider_refund_id IS NULL AND status <> 'succeeded' ORDER BY id`,
    [siteId, intentId],
  );
  return rows.map(toRefund);
}

/** Asks the processor for a recorded refund (idempotent) and records its answer; a failure is recorded, then thrown. */
export async function sendRefund(db: Queryable, payments: PaymentsPort, siteId: number, refund: RefundRow): Promise<RefundRow> {
  if (refund.status === 'succeeded') return refund;
  const idempotencyKey = createHash('sha256').update(['refund', String(siteId), refund.idempotencyKey].join('\u0000')).digest('hex');
  try {
    const made = await payments.refund({ siteId, intentId: refund.intentId, amount: refund.amountPence, reason: refund.reason, idempotencyKey });
    const { rows } = await db.query<Row>(
      `UPDATE refunds SET status = $3, provider_refund_id = $4, last_error = NULL, updated_at = now() WHERE site_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [siteId, refund.id, made.status, made.id],
    );
    return toRefund(rows[0]);
  } catch (error) {
    await db.query("UPDATE refunds SET status = 'failed', last_error = $3, updated_at = now() WHERE site_id = $1 AND id = $2 AND status <> 'succeeded'", [
      siteId,
      refund.id,
      error instanceof Error ? error.message : String(error),
    ]);
    throw error;
  }
}

/**
 * The refunds recorded under this key (and its per-payment parts, see `recordBookingRefund`) that should be asked of
 * the processor again now: they failed, or waited unsent for over `staleSeconds` (whoever recorded them stopped
 * before asking). A refund another request is asking for right now is left to it.
 */
export async function refundsToRetry(db: Queryable, siteId: number, idempotencyKey: string, staleSeconds = 120): Promise<RefundRow[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM refunds
      WHERE site_id = $1 AND (idempotency_key = $2 OR idempotency_key LIKE $4) AND provider_refund_id IS NULL
        AND (status = 'failed' OR (status = 'pending' AND updated_at < now() - $3 * interval '1 second'))
      ORDER BY id`,
    [siteId, idempotencyKey, staleSeconds, `${idempotencyKey}:%`],
  );
  return rows.map(toRefund);
}

export interface BookingCardPayment {
  intentId: string;
  amountPence: number;
  refundedPence: number;
  currency: string;
}

/**
 * Every card payment a booking holds, oldest first: the payment that paid it, then the charges of its paid changes
 * (issue 18: a change to a higher price is charged as a payment of its own, `booking_change:<id>`).
 */
export async function bookingCardPayments(db: Queryable, siteId: number, bookingId: number): Promise<BookingCardPayment[]> {
  const { rows } = await db.query<{ intent_id: string; amount_pence: number; refunded_pence: number; currency: string }>(
    `SELECT p.intent_id, p.amount_pence, p.refunded_pence, p.currency
       FROM payments p
      WHERE p.site_id = $1 AND p.charge = 'succeeded'
        AND (p.intent_id = (SELECT payment_intent_id FROM bookings WHERE site_id = $1 AND id = $2 AND payment_status = 'paid')
             OR (p.booking_id = $2 AND p.request_key LIKE 'booking_change:%'))
      ORDER BY p.created_at, p.intent_id`,
    [siteId, bookingId],
  );
  return rows.map((row) => ({ intentId: row.intent_id, amountPence: Number(row.amount_pence), refundedPence: Number(row.refunded_pence), currency: row.currency }));
}

/** All of a booking's card payments as one: what was paid and refunded in total (null when nothing was paid by card). */
export function cardPaymentsTotal(payments: readonly BookingCardPayment[]): { amountPence: number; refundedPence: number } | null {
  if (payments.length === 0) return null;
  return { amountPence: payments.reduce((sum, p) => sum + p.amountPence, 0), refundedPence: payments.reduce((sum, p) => sum + p.refundedPence, 0) };
}

/** The per-payment key of a booking refund: the key itself for the first payment (as before changes existed), `key:intent` for the others. */
const partKey = (idempotencyKey: string, index: number, intentId: string) => (index === 0 ? idempotencyKey : `${idempotencyKey}:${intentId}`);

/**
 * Records a refund of `amountPence` from a booking (a cancellation's), spread over its card payments oldest first,
 * one row per payment touched, in the caller's transaction. Recorded before under the same key: the rows already made.
 */
export async function recordBookingRefund(
  tx: Queryable,
  siteId: number,
  request: { bookingId: number; amountPence: number; reason: RefundReason; idempotencyKey: string },
): Promise<RefundRow[]> {
  const made = await refundsUnder(tx, siteId, request.idempotencyKey);
  if (made.length > 0) return made;
  const refunds: RefundRow[] = [];
  let owed = request.amountPence;
  const payments = await bookingCardPayments(tx, siteId, request.bookingId);
  for (const [index, payment] of payments.entries()) {
    const amountPence = Math.min(owed, payment.amountPence - payment.refundedPence);
    if (amountPence <= 0) continue;
    const { refund } = await recordRefund(tx, siteId, {
      intentId: payment.intentId,
      bookingId: request.bookingId,
      amountPence,
      currency: payment.currency,
      reason: request.reason,
      idempotencyKey: partKey(request.idempotencyKey, index, payment.intentId),
    });
    refunds.push(refund);
    owed -= amountPence;
    if (owed === 0) break;
  }
  if (owed > 0) throw new RefundExceedsPayment(`A refund of ${request.amountPence} would exceed what booking ${request.bookingId} paid`);
  return refunds;
}

/** The refunds recorded under a booking refund's key (all its parts), oldest first. */
export async function refundsUnder(db: Queryable, siteId: number, idempotencyKey: string): Promise<RefundRow[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM refunds WHERE site_id = $1 AND (idempotency_key = $2 OR idempotency_key LIKE $3) ORDER BY id`,
    [siteId, idempotencyKey, `${idempotencyKey}:%`],
  );
  return rows.map(toRefund);
}
