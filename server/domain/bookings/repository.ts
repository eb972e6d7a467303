import { randomInt } from 'node:crypto';
import type { BookingResponse, PaymentMethod } from '../../../contract/bookings.ts';
import type { CorporateBookingItem } from '../../../contract/apiResponses.ts';
import type { JobStage } from '../../../contract/dispatch.ts';
import type { ManageStatus } from '../../../contract/manageBooking.ts';
import { passengerStatusLabel } from '../drivers/progress.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { outboxInsertIf, type MailMessage } from '../../adapters/mail/index.ts';
import { smsInsertWith, type SmsMessage } from '../../adapters/sms/index.ts';
import type { PreparedBooking } from './prepare.ts';

// No 0/O, 1/I/L: easy to read out over the phone.
const NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A booking number like 'CF-7K2M9QXA': unique per site, random, 8 symbols from an unambiguous alphabet. */
export function newBookingNumber(): string {
  let out = '';
  for (let index = 0; index < 8; index++) out += NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)];
  return `CF-${out}`;
}

const money = (pence: number) => Math.round(pence) / 100;
const isoDate = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

export interface BookingRow {
  id: number;
  booking_number: string;
  [column: string]: unknown;
}

/**
 * The columns a booking's answer is built from (bookingResponse) and its id: what the INSERT returns and the answer's
 * read selects, not the whole row (the breakdown and options JSON would be sent, parsed and dropped).
 */
const RESPONSE_COLUMNS = `id, booking_number, ride_type, pick_up_address, drop_off_address, pick_up_date, pick_up_time, return_date, return_time,
  hourly_duration, payment_method, total_pence, vehicle_category, company_name, vehicle_qty, currency,
  passenger_id, passenger_name, passenger_email, passenger_phone, additional_info, total_passengers`;

/** What insertBooking did: the booking of the submission, and when it wrote it, the stored row and stops (for the answer). */
export type InsertedBooking = { bookingId: number; bookingNumber: string; passengerId: number | null } & (
  | { created: true; stored: { row: Record<string, unknown>; stops: Record<string, unknown>[] } }
  | { created: false; stored: null }
);

/** What is written with a new booking, in its INSERT statement, and only if the booking is new. */
export interface WrittenWithBooking {
  /** Its number (newBookingNumber), which the mails already name. */
  bookingNumber: string;
  /** The SHA-256 of its manage link's token (booking_manage_links). */
  manageTokenHash: Buffer;
  /** Its mails, queued in mail_outbox. */
  mails: readonly MailMessage[];
  /** Its passenger's text (the confirmation), queued in sms_outbox. */
  texts?: readonly Omit<SmsMessage, 'bookingId'>[];
  /** A notification sent at commit (pg_notify): the consoles' live event. */
  notify: { channel: string; payload: string };
}

const BOOKING_COLUMNS = `site_id, booking_number, request_key, ride_type, booking_type, quote_id, company_id, company_name, vehicle_id, vehicle_category,
  vehicle_qty, passenger_id, passenger_mode, passenger_name, passenger_email, passenger_phone, total_passengers, additional_info, return_additional_info,
  pick_up_address, drop_off_address, pick_up_at, pick_up_date, pick_up_time, return_at, return_date, return_time, hourly_duration, flight_no, return_flight_no,
  options, distance_miles, duration_seconds, distance_estimated, currency, unit_price_pence, total_pence, breakdown, company_account_id, po_number, cost_centre,
  payment_method, payment_status, payment_intent_id, price_override_reason, source`;

function bookingValues(siteId: number, prepared: PreparedBooking, bookingNumber: string, passengerId: number | null, payment: { intentId: string } | null): unknown[] {
  const row = prepared.row;
  return [
    siteId,
    bookingNumber,
    prepared.requestKey,
    prepared.bookingType === 'milleage' ? 'Q' : 'H',
    prepared.bookingType,
    prepared.quoteId,
    row.company_id,
    row.company_name,
    row.vehicle_id,
    row.vehicle_type,
    prepared.quantity,
    passengerId,
    prepared.passenger.mode,
    prepared.passenger.name,
    prepared.passenger.email,
    prepared.passenger.phone,
    prepared.totalPassengers,
    prepared.passenger.additionalInfo,
    prepared.passenger.returnAdditionalInfo,
    prepared.pickupAddress,
    prepared.dropoffAddress,
    prepared.pickupAt,
    prepared.pickupDate,
    prepared.pickupTime,
    prepared.returnAt,
    prepared.returnDate,
    prepared.returnTime,
    prepared.hours,
    prepared.flightNo,
    prepared.returnFlightNo,
    JSON.stringify(prepared.options),
    row.breakdown.distance_miles,
    row.breakdown.duration_seconds,
    row.estimated,
    prepared.currency,
    prepared.unitPence,
    prepared.totalPence,
    JSON.stringify(row.breakdown),
    prepared.onAccount?.accountId ?? null,
    prepared.onAccount?.poNumber ?? '',
    prepared.onAccount?.costCentre ?? '',
    prepared.paymentMethod,
    // The server decides: paid by its card intent, nothing to pay at £0 (a promo code made it free), on the company's
    // account, else the driver's.
    payment ? 'paid' : prepared.totalPence === 0 ? 'nothing_to_pay' : prepared.paymentMethod === 'account' ? 'on_account' : 'due_to_driver',
    payment?.intentId ?? null,
    prepared.priceOverride?.reason ?? null,
    // $46, read by BOOKING_SOURCE; a card payment's submission stored before `source` existed is the website's.
    prepared.source ?? 'website',
  ];
}
/** The parameter of payment_intent_id (the card booking's payment is bound by it). */
const INTENT_PARAM = 44;
const BOOKING_PARAMS = 46;
/**
 * Where the booking came from (bookings.source, migration 030, the owner's reports): a phone booking is the console's
 * ($46), else a QUOTE NOW offer's quote ($6 is the quote id) is the offer's, else where the visitor booked ($46: the
 * website, or the website framed in the operator's page).
 */
const BOOKING_SOURCE = `CASE WHEN $${BOOKING_PARAMS}::text = 'console' THEN 'console' WHEN EXISTS (SELECT 1 FROM quote_offers o WHERE o.site_id = $1 AND o.quote_id = $6) THEN 'quote_offer' ELSE $${BOOKING_PARAMS}::text END`;
const BOOKING_VALUES = `${Array.from({ length: BOOKING_PARAMS - 1 }, (_, index) => `$${index + 1}`).join(', ')}, ${BOOKING_SOURCE}`;

/**
 * The statement that writes a new booking and everything that goes with it: its stops, its manage link, its mails
 * and its notification, each only when the booking's INSERT wrote a row (nothing for a submission already stored).
 * One statement is atomic on its own, so a booking needs no transaction of several round trips unless more is
 * written with it (a new account, a promo code's use). The stops, link and mails are inserted, and a card booking's
 * payment bound to it, in
 * data-modifying WITH queries: their foreign keys are checked at the end of the statement, once the booking is there.
 */
function bookingStatement(siteId: number, prepared: PreparedBooking, passengerId: number | null, payment: { intentId: string } | null, also: WrittenWithBooking) {
  const values = bookingValues(siteId, prepared, also.bookingNumber, passengerId, payment);
  const next = (...added: unknown[]) => {
    values.push(...added);
    return values.length - added.length + 1;
  };
  const parts = [`booking AS (INSERT INTO bookings (${BOOKING_COLUMNS}) VALUES (${BOOKING_VALUES}) ON CONFLICT (site_id, request_key) DO NOTHING RETURNING ${RESPONSE_COLUMNS})`];
  if (prepared.stops.length > 0) {
    const first = next(
      prepared.stops.map((_, index) => index + 1),
      prepared.stops.map((stop) => stop.stop_address),
      prepared.stops.map((stop) => stop.stop_post_code),
      prepared.stops.map((stop) => stop.stop_street_number),
    );
    parts.push(
      `stops AS (INSERT INTO booking_stops (site_id, booking_id, position, stop_address, stop_post_code, stop_street_number)
         SELECT $1::integer, booking.id, stop.position, stop.address, stop.post_code, stop.street_number
           FROM booking, unnest($${first}::integer[], $${first + 1}::text[], $${first + 2}::text[], $${first + 3}::text[]) AS stop (position, address, post_code, street_number))`,
    );
  }
  // A card booking's payment is bound to it here (the last of the booking's values is its payment_intent_id).
  if (payment) parts.push(`bound AS (UPDATE payments SET booking_id = booking.id, updated_at = now() FROM booking WHERE payments.site_id = $1 AND payments.intent_id = $${INTENT_PARAM})`);
  parts.push(`link AS (INSERT INTO booking_manage_links (site_id, booking_id, token_hash) SELECT $1::integer, id, $${next(also.manageTokenHash)}::bytea FROM booking)`);
  if (also.mails.length > 0) {
    const mails = outboxInsertIf('booking', siteId, also.mails, values.length + 1);
    next(...mails.values);
    parts.push(`mails AS (${mails.sql})`);
  }
  for (const [index, text] of (also.texts ?? []).entries()) {
    const queued = smsInsertWith(`texts${index}`, 'booking', siteId, text, values.length + 1);
    next(...queued.values);
    parts.push(queued.sql);
  }
  const channel = next(also.notify.channel, also.notify.payload);
  parts.push(`notified AS (SELECT pg_notify($${channel}::text, $${channel + 1}::text) FROM booking)`);
  // The notification's WITH query is not a write: it runs only because the answer reads it.
  return { sql: `WITH ${parts.join(',\n')}\nSELECT booking.*, (SELECT count(*) FROM notified) AS notified FROM booking`, values };
}

/**
 * Writes the booking (and, for a new client, the account first) with `also`, in the caller's transaction, or as one
 * statement on its own. Idempotent on the request key: a second identical submission, a retried request or a
 * replayed webhook finds the first booking instead (the INSERT does nothing on the submission's key, nor does
 * anything written with it, then the first booking is read). A new booking's INSERT returns the answer's columns of
 * the stored row, so the answer needs no reading back.
 */
export async function insertBooking(db: Queryable, siteId: number, prepared: PreparedBooking, payment: { intentId: string } | null, also: WrittenWithBooking): Promise<InsertedBooking> {
  let passengerId = prepared.passenger.passengerId;
  const account = prepared.passenger.newAccount;
  if (account) {
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO passengers (site_id, name, email, phone, password_hash) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (site_id, lower(email)) DO NOTHING RETURNING id`,
      [siteId, account.name, account.email, account.phone, account.passwordHash],
    );
    passengerId = inserted.rows[0]
      ? Number(inserted.rows[0].id)
      : Number((await db.query<{ id: string }>('SELECT id FROM passengers WHERE site_id = $1 AND lower(email) = lower($2)', [siteId, account.email])).rows[0].id);
  }

  const statement = bookingStatement(siteId, prepared, passengerId, payment, also);
  const { rows } = await db.query<Record<string, unknown>>(statement.sql, statement.values);
  if (!rows[0]) {
    // An identical submission is stored (or committed between our check and our insert).
    const again = await db.query<{ id: string; booking_number: string; passenger_id: string | null }>(
      'SELECT id, booking_number, passenger_id FROM bookings WHERE site_id = $1 AND request_key = $2',
      [siteId, prepared.requestKey],
    );
    const first = again.rows[0];
    return { bookingId: Number(first.id), bookingNumber: first.booking_number, created: false, passengerId: first.passenger_id === null ? null : Number(first.passenger_id), stored: null };
  }
  const { notified: _notified, ...row } = rows[0];
  // The stops as written, in their order (the answer's `id` is the position).
  const stops = prepared.stops.map((stop, index) => ({ position: index + 1, stop_address: stop.stop_address, stop_post_code: stop.stop_post_code }));
  return { bookingId: Number(row.id), bookingNumber: String(row.booking_number), created: true, passengerId, stored: { row, stops } };
}

/** A card booking's payment, bound to the booking it paid (a new booking's statement binds it itself). */
export async function bindPayment(db: Queryable, siteId: number, intentId: string, bookingId: number): Promise<void> {
  await db.query('UPDATE payments SET booking_id = $3, updated_at = now() WHERE site_id = $1 AND intent_id = $2', [siteId, intentId, bookingId]);
}

/** Records the processor's latest status of a payment's intent. */
export async function recordIntentStatus(db: Queryable, siteId: number, intentId: string, status: string): Promise<void> {
  await db.query('UPDATE payments SET status = $3, updated_at = now() WHERE site_id = $1 AND intent_id = $2', [siteId, intentId, status]);
}

/** A booking's number by its id, or null (no id, or no such booking). */
export async function bookingNumberOf(db: Queryable, siteId: number, bookingId: number | null): Promise<string | null> {
  if (bookingId === null) return null;
  const { rows } = await db.query<{ booking_number: string }>('SELECT booking_number FROM bookings WHERE site_id = $1 AND id = $2', [siteId, bookingId]);
  return rows[0]?.booking_number ?? null;
}

/** Spec §3 Booking response, from what is stored. */
export async function loadBookingResponse(db: Queryable, siteId: number, bookingId: number): Promise<BookingResponse> {
  const { rows } = await db.query<Record<string, unknown> & { stops: Record<string, unknown>[] | string }>(
    `SELECT ${RESPONSE_COLUMNS}, (SELECT coalesce(json_agg(json_build_object('position', position, 'stop_address', stop_address, 'stop_post_code', stop_post_code) ORDER BY position), '[]')
       FROM booking_stops WHERE site_id = $1 AND booking_id = $2) AS stops
     FROM bookings WHERE site_id = $1 AND id = $2`,
    [siteId, bookingId],
  );
  const { stops, ...booking } = rows[0];
  return bookingResponse(booking, typeof stops === 'string' ? (JSON.parse(stops) as Record<string, unknown>[]) : stops);
}

/** Spec §3 Booking response of a stored booking row (its RESPONSE_COLUMNS) and its stops in order. */
export function bookingResponse(booking: Record<string, unknown>, stops: readonly Record<string, unknown>[]): BookingResponse {
  return {
    success: true,
    data: {
      booking: {
        booking_number: String(booking.booking_number),
        ride_type: booking.ride_type as 'Q' | 'H',
        pick_up_address: String(booking.pick_up_address),
        drop_off_address: String(booking.drop_off_address),
        pick_up_date: isoDate(booking.pick_up_date)!,
        pick_up_time: String(booking.pick_up_time),
        return_date: isoDate(booking.return_date),
        return_time: (booking.return_time as string | null) ?? null,
        hourly_duration: booking.hourly_duration === null ? null : Number(booking.hourly_duration),
        payment_method: booking.payment_method as PaymentMethod,
        total_booking_amount: money(Number(booking.total_pence)),
        vehicle_category: String(booking.vehicle_category),
        company_name: String(booking.company_name),
        vehicle_qty: Number(booking.vehicle_qty),
        currency: String(booking.currency),
      },
      bookingStops: stops.map((stop) => ({ id: Number(stop.position), stop_address: String(stop.stop_address), stop_post_code: String(stop.stop_post_code) })),
      passengerDetails: {
        passenger_id: booking.passenger_id === null ? null : Number(booking.passenger_id),
        passenger_name: String(booking.passenger_name),
        passenger_email: String(booking.passenger_email),
        passenger_contact_no: String(booking.passenger_phone),
        additional_info: String(booking.additional_info),
        total_passengers: Number(booking.total_passengers),
      },
    },
  };
}

/** Spec §3 Corporate booking list item (with its status), newest first, for one passenger. */
export async function listPassengerBookings(db: Queryable, siteId: number, passengerId: number): Promise<CorporateBookingItem[]> {
  const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM bookings WHERE site_id = $1 AND passenger_id = $2 ORDER BY pick_up_at DESC, id DESC LIMIT 500', [siteId, passengerId]);
  return corporateBookingItems(db, siteId, rows);
}

/** Booking rows as the corporate area's list items, with their stops (one more statement). */
export async function corporateBookingItems(db: Queryable, siteId: number, rows: Record<string, unknown>[]): Promise<CorporateBookingItem[]> {
  const ids = rows.map((row) => Number(row.id));
  const stops = ids.length
    ? (await db.query<Record<string, unknown>>('SELECT booking_id, position, stop_address, stop_post_code, stop_street_number FROM booking_stops WHERE site_id = $1 AND booking_id = ANY($2::bigint[]) ORDER BY booking_id, position', [siteId, ids])).rows
    : [];
  return rows.map((row) => {
    const options = (typeof row.options === 'string' ? JSON.parse(row.options) : row.options) as Record<string, unknown>;
    const status = row.status as ManageStatus;
    return {
      booking_number: String(row.booking_number),
      status,
      status_label: passengerStatusLabel(status, (row.job_stage as JobStage | null) ?? null),
      pick_up_address: String(row.pick_up_address),
      drop_off_address: String(row.drop_off_address),
      pick_up_date: isoDate(row.pick_up_date),
      pick_up_time: String(row.pick_up_time),
      fleet_category: { category_name: String(row.vehicle_category) },
      payment_method: String(row.payment_method),
      total_booking_amount: money(Number(row.total_pence)),
      ride_type: String(row.ride_type),
      return_date: isoDate(row.return_date),
      return_time: (row.return_time as string | null) ?? null,
      flight_no: String(row.flight_no),
      return_flight_no: String(row.return_flight_no),
      hourly_duration: row.hourly_duration === null ? null : Number(row.hourly_duration),
      company_name: String(row.company_name),
      passenger_detail: {
        passenger_name: String(row.passenger_name),
        passenger_email: String(row.passenger_email),
        passenger_contact_no: String(row.passenger_phone),
        total_passengers: Number(row.total_passengers),
        additional_info: String(row.additional_info),
      },
      booking_details: {
        luggages: Number(options.luggages ?? 0),
        vehicle_qty: Number(row.vehicle_qty),
        meet_and_greet: String(options.meet_and_greet ?? 'no'),
        baby_seat: Number(options.baby_seats ?? 0),
        booster_seat: Number(options.booster_seats ?? 0),
        wheel_chair: String(options.wheel_chair ?? 'no'),
        special_luggages: Number(options.special_luggage ?? 0),
        waiting_minutes: Number(options.waiting_min ?? 0),
      },
      booking_stops: stops
        .filter((stop) => Number(stop.booking_id) === Number(row.id))
        .map((stop) => ({ stop_address: String(stop.stop_address), stop_post_code: String(stop.stop_post_code), stop_street_number: String(stop.stop_street_number) })),
    };
  });
}
