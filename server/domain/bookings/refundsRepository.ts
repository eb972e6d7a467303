import type { Queryable } from '../../adapters/db/index.ts';
import type { RefundReason } from '../../adapters/payments/port.ts';

/** The statements of money given back (table `refunds`, migration 007) and of the card payments a refund draws on. */

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

export interface BookingCardPayment {
  intentId: string;
  amountPence: number;
  refundedPence: number;
  currency: string;
}

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

/** A new refund row under its key, or null when the key was recorded before. */
export async function insertRefund(tx: Queryable, siteId: number, request: RefundRequest): Promise<RefundRow | null> {
  const { rows } = await tx.query<Row>(
    `INSERT INTO refunds (site_id, intent_id, booking_id, amount_pence, currency, reason, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (site_id, idempotency_key) DO NOTHING RETURNING ${COLUMNS}`,
    [siteId, request.intentId, request.bookingId, request.amountPence, request.currency, request.reason, request.idempotencyKey],
  );
  return rows[0] ? toRefund(rows[0]) : null;
}

export async function refundByKey(db: Queryable, siteId: number, idempotencyKey: string): Promise<RefundRow> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM refunds WHERE site_id = $1 AND idempotency_key = $2`, [siteId, idempotencyKey]);
  return toRefund(rows[0]);
}

/** Raises the payment's `refunded_pence`, only while it stays within what was paid: false when it would not. */
export async function raiseRefunded(tx: Queryable, siteId: number, intentId: string, amountPence: number): Promise<boolean> {
  const { rows } = await tx.query(
    'UPDATE payments SET refunded_pence = refunded_pence + $3, updated_at = now() WHERE site_id = $1 AND intent_id = $2 AND refunded_pence + $3 <= amount_pence RETURNING intent_id',
    [siteId, intentId, amountPence],
  );
  return rows.length > 0;
}

/** The refunds of a payment the processor has not accepted yet (recorded, or its call failed), oldest first. */
export async function unsentRefunds(db: Queryable, siteId: number, intentId: string): Promise<RefundRow[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM refunds WHERE site_id = $1 AND intent_id = $2 AND provider_refund_id IS NULL AND status <> 'succeeded' ORDER BY id`,
    [siteId, intentId],
  );
  return rows.map(toRefund);
}

/** The processor's answer to a refund. */
export async function markRefundSent(db: Queryable, siteId: number, refundId: number, answer: { status: string; id: string }): Promise<RefundRow> {
  const { rows } = await db.query<Row>(
    `UPDATE refunds SET status = $3, provider_refund_id = $4, last_error = NULL, updated_at = now() WHERE site_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [siteId, refundId, answer.status, answer.id],
  );
  return toRefund(rows[0]);
}

/** A failed call to the processor (a refund it has already accepted stays as it is). */
export async function markRefundFailed(db: Queryable, siteId: number, refundId: number, message: string): Promise<void> {
  await db.query("UPDATE refunds SET status = 'failed', last_error = $3, updated_at = now() WHERE site_id = $1 AND id = $2 AND status <> 'succeeded'", [siteId, refundId, message]);
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

/** The refunds recorded under a booking refund's key (all its parts), oldest first. */
export async function refundsUnder(db: Queryable, siteId: number, idempotencyKey: string): Promise<RefundRow[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM refunds WHERE site_id = $1 AND (idempotency_key = $2 OR idempotency_key LIKE $3) ORDER BY id`,
    [siteId, idempotencyKey, `${idempotencyKey}:%`],
  );
  return rows.map(toRefund);
}
