import { createHash } from 'node:crypto';
import type { Queryable } from '../../adapters/db/index.ts';
import type { PaymentsPort, RefundReason } from '../../adapters/payments/port.ts';
import {
  bookingCardPayments,
  insertRefund,
  markRefundFailed,
  markRefundSent,
  raiseRefunded,
  refundByKey,
  refundsUnder,
  type BookingCardPayment,
  type RefundRequest,
  type RefundRow,
} from './refundsRepository.ts';

export { bookingCardPayments, refundsToRetry, refundsUnder, unsentRefunds } from './refundsRepository.ts';
export type { BookingCardPayment, RefundRequest, RefundRow } from './refundsRepository.ts';

/**
 * Money given back (table `refunds`, migration 007), in two steps so that no refund is paid twice:
 * 1. `recordRefund`, in the caller's transaction (with its mail): one row per idempotency key, and the payment's
 *    `refunded_pence` raised in the same statement set, which the database keeps within what was paid;
 * 2. `sendRefund`, after the commit: asks the processor with a key derived from the same idempotency key, so a retry
 *    (a replayed webhook, a second attempt after a network error) returns the refund already made.
 * Partial and repeated refunds of one payment (a cancellation fee kept, a second partial refund) are rows of their own.
 */

export class RefundExceedsPayment extends Error {}

/** Records a refund to make (in the caller's transaction). `created` is false when this key was recorded before. */
export async function recordRefund(tx: Queryable, siteId: number, request: RefundRequest): Promise<{ refund: RefundRow; created: boolean }> {
  const inserted = await insertRefund(tx, siteId, request);
  if (!inserted) return { refund: await refundByKey(tx, siteId, request.idempotencyKey), created: false };
  if (!(await raiseRefunded(tx, siteId, request.intentId, request.amountPence))) {
    throw new RefundExceedsPayment(`A refund of ${request.amountPence} would exceed what payment ${request.intentId} paid`);
  }
  return { refund: inserted, created: true };
}

/** Asks the processor for a recorded refund (idempotent) and records its answer; a failure is recorded, then thrown. */
export async function sendRefund(db: Queryable, payments: PaymentsPort, siteId: number, refund: RefundRow): Promise<RefundRow> {
  if (refund.status === 'succeeded') return refund;
  const idempotencyKey = createHash('sha256').update(['refund', String(siteId), refund.idempotencyKey].join('\u0000')).digest('hex');
  try {
    const made = await payments.refund({ siteId, intentId: refund.intentId, amount: refund.amountPence, reason: refund.reason, idempotencyKey });
    return await markRefundSent(db, siteId, refund.id, made);
  } catch (error) {
    await markRefundFailed(db, siteId, refund.id, error instanceof Error ? error.message : String(error));
    throw error;
  }
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
