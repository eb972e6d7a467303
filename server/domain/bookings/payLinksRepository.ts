import type { Queryable } from '../../adapters/db/index.ts';
import { ABANDONED_CLAIM } from '../chargeClaims.ts';
import type { PreparedBooking } from './prepare.ts';

/**
 * Statements of card payment links (migration 036, payLinks.ts): the link's row (its token's SHA-256, its time limit,
 * the prepared booking its confirmation is written from), its payments (request key 'pay_link:<booking id>', so
 * migration 007's payments_one_charge index allows one charge per booking) and the booking held for it.
 */

export const payLinkKey = (bookingId: number) => `pay_link:${bookingId}`;

export interface PayLinkRecord {
  bookingId: number;
  bookingNumber: string;
  status: string;
  paymentStatus: string;
  paymentIntentId: string | null;
  totalPence: number;
  currency: string;
  dueAt: Date;
  paidAt: Date | null;
  releasedAt: Date | null;
  prepared: PreparedBooking;
  passengerEmail: string;
  passengerName: string;
}

const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

const COLUMNS = `b.id, b.booking_number, b.status, b.payment_status, b.payment_intent_id, b.total_pence, b.currency, b.passenger_email, b.passenger_name,
  l.due_at, l.paid_at, l.released_at, l.prepared`;

const toRecord = (row: Record<string, unknown>): PayLinkRecord => ({
  bookingId: Number(row.id),
  bookingNumber: String(row.booking_number),
  status: String(row.status),
  paymentStatus: String(row.payment_status),
  paymentIntentId: (row.payment_intent_id as string | null) ?? null,
  totalPence: Number(row.total_pence),
  currency: String(row.currency),
  dueAt: new Date(row.due_at as string),
  paidAt: dateOrNull(row.paid_at),
  releasedAt: dateOrNull(row.released_at),
  prepared: parse<PreparedBooking>(row.prepared),
  passengerEmail: String(row.passenger_email),
  passengerName: String(row.passenger_name),
});

/** In the booking's transaction: the booking held for its payment, and its link. */
export async function holdForPayLink(tx: Queryable, siteId: number, bookingId: number, link: { tokenHash: Buffer; dueAt: Date; prepared: PreparedBooking }): Promise<void> {
  await tx.query(`UPDATE bookings SET status = 'awaiting_payment', payment_status = 'awaiting_payment' WHERE site_id = $1 AND id = $2`, [siteId, bookingId]);
  await tx.query('INSERT INTO booking_pay_links (site_id, booking_id, token_hash, due_at, prepared) VALUES ($1, $2, $3, $4, $5)', [siteId, bookingId, link.tokenHash, link.dueAt, JSON.stringify(link.prepared)]);
}

/** The link of a token's hash on this site, with its booking; `lock`: the booking's row locked (in a transaction). */
export async function payLinkByHash(db: Queryable, siteId: number, tokenHash: Buffer): Promise<PayLinkRecord | null> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM booking_pay_links l JOIN bookings b ON b.site_id = l.site_id AND b.id = l.booking_id WHERE l.site_id = $1 AND l.token_hash = $2`,
    [siteId, tokenHash],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The link of a booking by its number (the console's resend), or null. */
export async function payLinkByNumber(db: Queryable, siteId: number, bookingNumber: string): Promise<PayLinkRecord | null> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM booking_pay_links l JOIN bookings b ON b.site_id = l.site_id AND b.id = l.booking_id WHERE b.site_id = $1 AND b.booking_number = $2 FOR UPDATE OF b`,
    [siteId, bookingNumber],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** In a transaction: the booking's row locked, then its link as it now is (the pay's settlement and the release both lock it first). */
export async function lockPayLink(tx: Queryable, siteId: number, bookingId: number): Promise<PayLinkRecord | null> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM bookings b JOIN booking_pay_links l ON l.site_id = b.site_id AND l.booking_id = b.id WHERE b.site_id = $1 AND b.id = $2 FOR UPDATE OF b`,
    [siteId, bookingId],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** A new token for the link (the old one stops working), the same time limit. */
export async function replacePayLinkToken(tx: Queryable, siteId: number, bookingId: number, tokenHash: Buffer): Promise<void> {
  await tx.query('UPDATE booking_pay_links SET token_hash = $3, sent_count = sent_count + 1, sent_at = now() WHERE site_id = $1 AND booking_id = $2', [siteId, bookingId, tokenHash]);
}

/** The link's payment record (one per card's payment method), ignored when it exists. */
export async function insertPayLinkPayment(db: Queryable, siteId: number, payment: { intentId: string; provider: string; amountPence: number; bookingId: number; status: string }): Promise<void> {
  await db.query(
    `INSERT INTO payments (site_id, intent_id, provider, amount_pence, currency, request_key, submission, status)
     VALUES ($1, $2, $3, $4, 'gbp', $5, $6, $7) ON CONFLICT (site_id, intent_id) DO NOTHING`,
    [siteId, payment.intentId, payment.provider, payment.amountPence, payLinkKey(payment.bookingId), JSON.stringify({ pay_link_booking_id: payment.bookingId }), payment.status],
  );
}

/** Whether the intent is one of this booking's link payments. */
export async function isPayLinkPayment(db: Queryable, siteId: number, bookingId: number, intentId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM payments WHERE site_id = $1 AND intent_id = $2 AND request_key = $3', [siteId, intentId, payLinkKey(bookingId)]);
  return rows.length > 0;
}

/** In the locked booking's transaction: paid by `intentId`, confirmed, its payment bound to it and the link closed. */
export async function confirmPaidBooking(tx: Queryable, siteId: number, bookingId: number, intentId: string, manageTokenHash: Buffer): Promise<void> {
  await tx.query(
    `UPDATE bookings SET status = 'confirmed', payment_status = 'paid', payment_intent_id = $3 WHERE site_id = $1 AND id = $2 AND status = 'awaiting_payment'`,
    [siteId, bookingId, intentId],
  );
  await tx.query('UPDATE payments SET booking_id = $3, updated_at = now() WHERE site_id = $1 AND intent_id = $2', [siteId, intentId, bookingId]);
  await tx.query('UPDATE booking_pay_links SET paid_at = now() WHERE site_id = $1 AND booking_id = $2', [siteId, bookingId]);
  await tx.query('INSERT INTO booking_manage_links (site_id, booking_id, token_hash) VALUES ($1, $2, $3)', [siteId, bookingId, manageTokenHash]);
}

/** A payment of the link that arrived for a booking no longer held: bound to it, so its refund is the booking's. */
export async function bindLatePayment(tx: Queryable, siteId: number, bookingId: number, intentId: string): Promise<void> {
  await tx.query('UPDATE payments SET booking_id = $3, updated_at = now() WHERE site_id = $1 AND intent_id = $2', [siteId, intentId, bookingId]);
}

/**
 * The links past their time limit still holding their booking, across sites, soonest first: not those whose card is
 * being charged now (a claim younger than ABANDONED_CLAIM), which the next sweep looks at again.
 */
export async function duePayLinks(db: Queryable, now: Date, limit: number): Promise<{ siteId: number; bookingId: number }[]> {
  const { rows } = await db.query<{ site_id: number; booking_id: string }>(
    `SELECT l.site_id, l.booking_id FROM booking_pay_links l
      WHERE l.paid_at IS NULL AND l.released_at IS NULL AND l.due_at <= $1
        AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.site_id = l.site_id AND p.request_key = 'pay_link:' || l.booking_id
                          AND (p.charge = 'succeeded' OR (p.charge = 'claimed' AND p.updated_at > now() - interval '${ABANDONED_CLAIM}')))
      ORDER BY l.due_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((row) => ({ siteId: Number(row.site_id), bookingId: Number(row.booking_id) }));
}

/** Whether a charge of the link is under way now (claimed within ABANDONED_CLAIM) or done. */
export async function payLinkCharging(tx: Queryable, siteId: number, bookingId: number): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM payments WHERE site_id = $1 AND request_key = $2 AND (charge = 'succeeded' OR (charge = 'claimed' AND updated_at > now() - interval '${ABANDONED_CLAIM}'))`,
    [siteId, payLinkKey(bookingId)],
  );
  return rows.length > 0;
}

/** In the locked booking's transaction: the held booking released (cancelled with its reason) and its link closed. */
export async function releaseHeldBooking(tx: Queryable, siteId: number, bookingId: number, at: Date, note: string): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE bookings SET status = 'cancelled', cancelled_at = $3, cancelled_by = 'operator', cancel_reason = 'payment_problem', cancel_note = $4, revision = revision + 1
      WHERE site_id = $1 AND id = $2 AND status = 'awaiting_payment' RETURNING id`,
    [siteId, bookingId, at, note],
  );
  if (rows.length === 0) return false;
  await tx.query('UPDATE booking_pay_links SET released_at = $3 WHERE site_id = $1 AND booking_id = $2 AND paid_at IS NULL', [siteId, bookingId, at]);
  return true;
}
