import type { ManageTripValues } from '../../../contract/manageBooking.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { ABANDONED_CLAIM } from '../chargeClaims.ts';
import { stopText } from '../../../contract/booking.ts';
import { createQuotesRepository } from '../quotes/quotesRepository.ts';
import type { ChangePlan, ChangedRoute } from './reprice.ts';

/**
 * The statements of the passengers' changes (table booking_changes, migration 013) and the card payments of their price differences
 * (rows of `payments` under the request key `booking_change:<change id>`, so the one-charge index of migration 007
 * allows one successful charge per change, and refunds.ts can give it back).
 */

export type ChangeStatus = 'awaiting_payment' | 'applied' | 'requested' | 'abandoned';

export interface ChangeRecord {
  id: number;
  bookingId: number;
  fromRevision: number;
  status: ChangeStatus;
  digest: string;
  /** The values the change was made from. */
  before: ManageTripValues;
  plan: ChangePlan;
  oldTotalPence: number;
  newTotalPence: number;
  differencePence: number;
  paymentIntentId: string | null;
}

type Row = Record<string, unknown>;
const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
const COLUMNS = 'id, booking_id, from_revision, status, digest, before, after, old_total_pence, new_total_pence, difference_pence, payment_intent_id';

const toRecord = (row: Row): ChangeRecord => ({
  id: Number(row.id),
  bookingId: Number(row.booking_id),
  fromRevision: Number(row.from_revision),
  status: row.status as ChangeStatus,
  digest: String(row.digest),
  before: (({ total_pence: _total, ...values }) => values)(parse(row.before) as ManageTripValues & { total_pence: number }),
  plan: parse(row.after) as ChangePlan,
  oldTotalPence: Number(row.old_total_pence),
  newTotalPence: Number(row.new_total_pence),
  differencePence: Number(row.difference_pence),
  paymentIntentId: (row.payment_intent_id as string | null) ?? null,
});

/** The change of a revision that is being paid or was applied (at most one: the partial unique index). */
export async function liveChangeOf(db: Queryable, siteId: number, bookingId: number, revision: number): Promise<ChangeRecord | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM booking_changes WHERE site_id = $1 AND booking_id = $2 AND from_revision = $3 AND status IN ('awaiting_payment', 'applied')`,
    [siteId, bookingId, revision],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function changeByPayment(db: Queryable, siteId: number, bookingId: number, intentId: string): Promise<ChangeRecord | null> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM booking_changes WHERE site_id = $1 AND booking_id = $2 AND payment_intent_id = $3`, [siteId, bookingId, intentId]);
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function insertChange(
  tx: Queryable,
  siteId: number,
  change: { bookingId: number; fromRevision: number; status: ChangeStatus; digest: string; before: ManageTripValues & { total_pence: number }; plan: ChangePlan; oldTotalPence: number; holdsPayment?: boolean },
): Promise<ChangeRecord> {
  const { rows } = await tx.query<Row>(
    `INSERT INTO booking_changes (site_id, booking_id, from_revision, status, digest, before, after, old_total_pence, new_total_pence, difference_pence, applied_at, payment_held_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $4 = 'applied' THEN now() END, CASE WHEN $11 THEN now() END) RETURNING ${COLUMNS}`,
    [
      siteId,
      change.bookingId,
      change.fromRevision,
      change.status,
      change.digest,
      JSON.stringify(change.before),
      JSON.stringify(change.plan),
      change.oldTotalPence,
      change.plan.totalPence,
      change.plan.totalPence - change.oldTotalPence,
      change.holdsPayment === true,
    ],
  );
  return toRecord(rows[0]);
}

/** A change leaving `awaiting_payment` (applied, abandoned) gives up the booking's payment hold with it. */
export async function setChangeStatus(tx: Queryable, siteId: number, changeId: number, status: ChangeStatus, extra: { refundKey?: string } = {}): Promise<void> {
  await tx.query(
    `UPDATE booking_changes SET status = $3, applied_at = CASE WHEN $3 = 'applied' THEN now() END, refund_key = COALESCE($4, refund_key),
            payment_held_at = CASE WHEN $3 = 'awaiting_payment' THEN payment_held_at END
      WHERE site_id = $1 AND id = $2`,
    [siteId, changeId, status, extra.refundKey ?? null],
  );
}

/**
 * The change holding the booking's payment (migration 022: at most one per booking, `booking_changes_one_in_payment`),
 * and whether its hold has lapsed: held for longer than ABANDONED_CLAIM, the time a charge's claim may wait for the
 * processor (chargeClaims.ts), so its payment was started and then abandoned.
 */
export async function changeHoldingPayment(db: Queryable, siteId: number, bookingId: number): Promise<{ record: ChangeRecord; lapsed: boolean } | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS}, payment_held_at < now() - interval '${ABANDONED_CLAIM}' AS lapsed FROM booking_changes
      WHERE site_id = $1 AND booking_id = $2 AND status = 'awaiting_payment' AND payment_held_at IS NOT NULL`,
    [siteId, bookingId],
  );
  return rows[0] ? { record: toRecord(rows[0]), lapsed: rows[0].lapsed === true } : null;
}

/**
 * The change takes (or renews) its booking's payment hold, in the transaction that locked the booking, before any
 * intent is created. Another change holding it makes the unique index refuse: the caller answers change_being_paid.
 */
export async function holdChangePayment(tx: Queryable, siteId: number, changeId: number): Promise<void> {
  await tx.query(`UPDATE booking_changes SET payment_held_at = now() WHERE site_id = $1 AND id = $2 AND status = 'awaiting_payment'`, [siteId, changeId]);
}

/**
 * The change's card was declined (or its charge never started): the hold ends, unless another of its payments (a
 * second card of the same change, sent at once) has taken the charge meanwhile.
 */
export async function releaseChangeHold(db: Queryable, siteId: number, changeId: number): Promise<void> {
  await db.query(
    `UPDATE booking_changes c SET payment_held_at = NULL
      WHERE c.site_id = $1 AND c.id = $2 AND c.payment_held_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.site_id = c.site_id AND p.request_key = $3 AND p.charge IN ('claimed', 'succeeded'))`,
    [siteId, changeId, changePaymentKey(changeId)],
  );
}

export async function setChangePayment(db: Queryable, siteId: number, changeId: number, intentId: string): Promise<void> {
  await db.query('UPDATE booking_changes SET payment_intent_id = $3 WHERE site_id = $1 AND id = $2', [siteId, changeId, intentId]);
}

/** The request key of a change's card payment: one successful charge per change (payments_one_charge). */
export const changePaymentKey = (changeId: number) => `booking_change:${changeId}`;

/** Whether an intent is a change's difference (answered by the manage page's own 3-D Secure call, not the booking flow's). */
export async function isChangeIntent(db: Queryable, siteId: number, intentId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM payments WHERE site_id = $1 AND intent_id = $2 AND request_key LIKE 'booking\\_change:%'`, [siteId, intentId]);
  return rows.length > 0;
}

/** Whether the change's card payment is being charged or was charged (then the change can no longer give way). */
export async function isChangeCharging(db: Queryable, siteId: number, changeId: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM payments WHERE site_id = $1 AND request_key = $2 AND charge IN ('claimed', 'succeeded')`, [siteId, changePaymentKey(changeId)]);
  return rows.length > 0;
}

/** Records the difference's card payment (no booking submission: the booking service's settling refuses it as not its own). */
export async function insertChangePayment(db: Queryable, siteId: number, payment: { intentId: string; provider: string; amountPence: number; changeId: number; bookingId: number; status: string }) {
  await db.query(
    `INSERT INTO payments (site_id, intent_id, provider, amount_pence, currency, request_key, submission, status)
     VALUES ($1, $2, $3, $4, 'gbp', $5, $6, $7) ON CONFLICT (site_id, intent_id) DO NOTHING`,
    [siteId, payment.intentId, payment.provider, payment.amountPence, changePaymentKey(payment.changeId), JSON.stringify({ booking_change_id: payment.changeId, booking_id: payment.bookingId }), payment.status],
  );
}

/** The change's payment charged: bound to its booking (so a later lower price can be refunded from it). */
export async function settleChangePayment(tx: Queryable, siteId: number, intentId: string, bookingId: number): Promise<void> {
  await tx.query(`UPDATE payments SET charge = 'succeeded', status = 'succeeded', booking_id = $3, updated_at = now() WHERE site_id = $1 AND intent_id = $2`, [siteId, intentId, bookingId]);
}

/** The requests sent to the operator, newest first (shown on the manage page). */
export async function changeRequests(db: Queryable, siteId: number, bookingId: number): Promise<{ at: Date; plan: ChangePlan; before: ManageTripValues }[]> {
  const { rows } = await db.query<Row>(
    `SELECT created_at, before, after FROM booking_changes WHERE site_id = $1 AND booking_id = $2 AND status = 'requested' ORDER BY id DESC LIMIT 20`,
    [siteId, bookingId],
  );
  return rows.map((row) => ({ at: new Date(row.created_at as string), plan: parse(row.after) as ChangePlan, before: parse(row.before) as ManageTripValues }));
}

/** Writes an applied change to the booking and raises its revision (in the transaction that locked the row). */
export async function writeChangeToBooking(tx: Queryable, siteId: number, bookingId: number, plan: ChangePlan, now: Date): Promise<void> {
  if (plan.route) await writeRouteToBooking(tx, siteId, bookingId, plan.route, now);
  const v = plan.values;
  await tx.query(
    `UPDATE bookings SET pick_up_at = $3, pick_up_date = $4, pick_up_time = $5, total_passengers = $6, options = $7, flight_no = $8,
            passenger_name = $9, passenger_email = $10, passenger_phone = $11, unit_price_pence = $12, total_pence = $13,
            breakdown = COALESCE($14::jsonb, breakdown), revision = revision + 1,
            -- A booking its promo code made free has something to pay to the driver once a change prices it above £0.
            payment_status = CASE WHEN payment_status IN ('nothing_to_pay', 'due_to_driver') THEN (CASE WHEN $13::integer = 0 THEN 'nothing_to_pay' ELSE 'due_to_driver' END) ELSE payment_status END
      WHERE site_id = $1 AND id = $2`,
    [
      siteId,
      bookingId,
      plan.pickupAt,
      plan.pickupDate,
      plan.pickupTime,
      v.passengers,
      JSON.stringify(plan.options),
      v.flight_no,
      v.passenger_name,
      v.passenger_email,
      v.passenger_phone,
      Math.round(plan.unitPence),
      plan.totalPence,
      plan.breakdown ? JSON.stringify(plan.breakdown) : null,
    ],
  );
}

/**
 * An address change: the trip as routed again becomes the booking's quote (so a later change re-prices from it), and
 * its addresses, stops and distance are the booking's.
 */
async function writeRouteToBooking(tx: Queryable, siteId: number, bookingId: number, route: ChangedRoute, now: Date): Promise<void> {
  const quote = await createQuotesRepository(tx).save(siteId, { bookingType: route.bookingType, form: route.form, trip: route.trip, rows: [route.row] }, now);
  const dropoff = route.bookingType === 'milleage' ? route.form.dropoff : '';
  await tx.query(
    `UPDATE bookings SET quote_id = $3, pick_up_address = $4, drop_off_address = $5, distance_miles = $6, duration_seconds = $7, distance_estimated = $8
      WHERE site_id = $1 AND id = $2`,
    [siteId, bookingId, quote.id, route.form.pickup, dropoff, route.row.breakdown.distance_miles, route.row.breakdown.duration_seconds, route.row.estimated],
  );
  if (route.bookingType !== 'milleage') return;
  await tx.query('DELETE FROM booking_stops WHERE site_id = $1 AND booking_id = $2', [siteId, bookingId]);
  for (const [index, stop] of route.form.stops.entries()) {
    await tx.query('INSERT INTO booking_stops (site_id, booking_id, position, stop_address, stop_post_code, stop_street_number) VALUES ($1, $2, $3, $4, $5, $6)', [
      siteId,
      bookingId,
      index + 1,
      stopText(stop),
      stop.postcode,
      stop.number,
    ]);
  }
}
