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
 * The refund recorded under this key if it should be asked of the processor again now: it failed, or it has waited
 * unsent for over `staleSeconds` (whoever recorded it stopped before asking). A refund another request is asking for
 * right now is left to it. Null otherwise.
 */
export async function refundToRetry(db: Queryable, siteId: number, idempotencyKey: string, staleSeconds = 120): Promise<RefundRow | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM refunds
      WHERE site_id = $1 AND idempotency_key = $2 AND provider_refund_id IS NULL
        AND (status = 'failed' OR (status = 'pending' AND updated_at < now() - $3 * interval '1 second'))`,
    [siteId, idempotencyKey, staleSeconds],
  );
  return rows[0] ? toRefund(rows[0]) : null;
}
