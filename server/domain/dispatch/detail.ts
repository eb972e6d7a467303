import type { AdminBookingDetail, AdminMail, AdminRefund } from '../../../contract/adminBookings.ts';
import { allowedEvents, type AssignedDriver, type AssignedVehicle, type BookingStatus, type CancelReason } from '../../../contract/dispatch.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { listAudit } from '../audit/audit.ts';
import { PAYMENT_JOIN, ROW_COLUMNS, toBoardRow } from './board.ts';
import { bookingCardPayments, cardPaymentsTotal } from '../bookings/refunds.ts';

type Row = Record<string, unknown>;
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());
const json = <T>(value: unknown): T | null => (value === null || value === undefined ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as T));
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The booking's id by its number on this site, or null. */
export async function bookingIdByNumber(db: Queryable, siteId: number, bookingNumber: string): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM bookings WHERE site_id = $1 AND booking_number = $2', [siteId, bookingNumber]);
  return rows[0] ? Number(rows[0].id) : null;
}

/** Mails whose subject names the booking: the confirmation, the operator's notices, dispatch and cancellation mails. */
async function mailsAbout(db: Queryable, siteId: number, bookingNumber: string): Promise<AdminMail[]> {
  const { rows } = await db.query<Row>(
    `SELECT id, kind, to_address, subject, status, created_at, sent_at FROM mail_outbox
      WHERE site_id = $1 AND subject ~ ('(^|[^A-Za-z0-9])' || $2 || '([^A-Za-z0-9]|$)') ORDER BY id LIMIT 100`,
    [siteId, bookingNumber.replace(/[^A-Za-z0-9-]/g, '')],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    kind: String(row.kind),
    to: String(row.to_address),
    subject: String(row.subject),
    status: row.status as AdminMail['status'],
    created_at: iso(row.created_at)!,
    sent_at: iso(row.sent_at),
  }));
}

/** Everything the console shows of one booking, or null when the site has no such booking. */
export async function loadBookingDetail(db: Queryable, siteId: number, bookingNumber: string): Promise<AdminBookingDetail | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${ROW_COLUMNS}, b.booking_type, b.passenger_mode, b.passenger_email, b.additional_info, b.return_additional_info, b.flight_no,
            b.return_flight_no, b.options, b.distance_miles, b.duration_seconds, b.unit_price_pence, b.breakdown, b.payment_intent_id,
            b.assigned_driver, b.assigned_vehicle, b.accepted_at, b.assigned_at, b.completed_at, b.no_show_at, b.cancelled_at, b.cancelled_by,
            b.cancel_reason, b.cancel_note, b.cancellation_fee_pence
       FROM bookings b ${PAYMENT_JOIN}
      WHERE b.site_id = $1 AND b.booking_number = $2`,
    [siteId, bookingNumber],
  );
  const row = rows[0];
  if (!row) return null;
  const id = Number(row.id);
  const [stops, refunds, mails, audit, payments] = await Promise.all([
    db.query<{ stop_address: string }>('SELECT stop_address FROM booking_stops WHERE site_id = $1 AND booking_id = $2 ORDER BY position', [siteId, id]),
    db.query<Row>('SELECT amount_pence, reason, status, created_at FROM refunds WHERE site_id = $1 AND booking_id = $2 ORDER BY id', [siteId, id]),
    mailsAbout(db, siteId, bookingNumber),
    listAudit(db, siteId, { entity: 'booking', id: bookingNumber, limit: 200 }),
    bookingCardPayments(db, siteId, id),
  ]);
  const board = toBoardRow(row);
  // The booking's payment and the charges of its paid changes.
  const total = cardPaymentsTotal(payments) ?? { amountPence: 0, refundedPence: 0 };
  const paid = total.amountPence;
  return {
    ...board,
    booking_type: String(row.booking_type),
    passenger_mode: row.passenger_mode as AdminBookingDetail['passenger_mode'],
    passenger_email: String(row.passenger_email),
    additional_info: String(row.additional_info),
    return_additional_info: String(row.return_additional_info),
    flight_no: String(row.flight_no),
    return_flight_no: String(row.return_flight_no),
    hire_hours: numberOrNull(row.hourly_duration),
    stop_addresses: stops.rows.map((stop) => stop.stop_address),
    options: json<Record<string, unknown>>(row.options) ?? {},
    distance_miles: numberOrNull(row.distance_miles),
    duration_seconds: numberOrNull(row.duration_seconds),
    price: { unit_price_pence: Number(row.unit_price_pence), total_pence: board.total_pence, currency: board.currency, breakdown: json(row.breakdown) },
    payment: {
      method: board.payment_method,
      state: board.payment_state,
      intent_id: board.payment_method === 'card' ? ((row.payment_intent_id as string | null) ?? null) : null,
      paid_pence: paid,
      refunded_pence: total.refundedPence,
      refundable_pence: Math.max(0, paid - total.refundedPence),
      refunds: refunds.rows.map(
        (refund): AdminRefund => ({
          amount_pence: Number(refund.amount_pence),
          reason: refund.reason as AdminRefund['reason'],
          status: refund.status as AdminRefund['status'],
          created_at: iso(refund.created_at)!,
        }),
      ),
    },
    dispatch: {
      driver: json<AssignedDriver>(row.assigned_driver),
      vehicle: json<AssignedVehicle>(row.assigned_vehicle),
      accepted_at: iso(row.accepted_at),
      assigned_at: iso(row.assigned_at),
      completed_at: iso(row.completed_at),
      no_show_at: iso(row.no_show_at),
      cancelled_at: iso(row.cancelled_at),
      cancelled_by: (row.cancelled_by as 'passenger' | 'operator' | null) ?? null,
      cancel_reason: (row.cancel_reason as CancelReason | null) ?? null,
      cancel_note: (row.cancel_note as string | null) ?? null,
      cancellation_fee_pence: numberOrNull(row.cancellation_fee_pence),
    },
    allowed_events: allowedEvents(board.status as BookingStatus),
    mails,
    timeline: audit.reverse(),
  };
}
