import { z } from 'zod';
import { isCalendarDate } from './londonClock.ts';
import type { AssignedDriver, AssignedVehicle, BookingStatus, DispatchEvent } from './dispatch.ts';
import { BOOKING_STATUSES, CANCEL_REASONS } from './dispatch.ts';
import type { Driver, Vehicle } from './fleet.ts';
import type { AuditEntry } from './staff.ts';

/**
 * The operator console's bookings board, a booking's detail, dispatch and the statutory record (issue 17), under
 * /api/admin, for owners and dispatchers of the signed-in member's own site.
 *
 *   GET  /api/admin/bookings?BoardQuery                  → BoardPage
 *   GET  /api/admin/bookings/filters                      → BoardFilters (the choices of the company and vehicle filters)
 *   GET  /api/admin/bookings/:booking_number              → { success, booking: AdminBookingDetail }
 *   GET  /api/admin/bookings/:booking_number/assignable   → Assignable (active drivers and vehicles, licences valid
 *                                                            on the day of the job)
 *   POST /api/admin/bookings/:booking_number/dispatch  DispatchRequest (contract/dispatch.ts) → DispatchResponse
 *        409 illegal transition (illegalTransitionMessage) or revision changed; 422 an expired licence;
 *        404 unknown booking / driver / vehicle
 *   GET  /api/admin/bookings/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD → text/csv (STATUTORY_CSV_COLUMNS)
 *   GET  /api/admin/events                                → text/event-stream (`event: booking`, data
 *                                                            BookingEventMessage; a `: heartbeat` comment every 25 s)
 *   POST /api/admin/retention/run  (owners)               → RetentionRunResponse
 */

export const ADMIN_BOOKINGS_PATHS = {
  board: '/api/admin/bookings',
  filters: '/api/admin/bookings/filters',
  detail: (bookingNumber: string) => `/api/admin/bookings/${encodeURIComponent(bookingNumber)}`,
  assignable: (bookingNumber: string) => `/api/admin/bookings/${encodeURIComponent(bookingNumber)}/assignable`,
  dispatch: (bookingNumber: string) => `/api/admin/bookings/${encodeURIComponent(bookingNumber)}/dispatch`,
  export: '/api/admin/bookings/export.csv',
  events: '/api/admin/events',
  retention: '/api/admin/retention/run',
} as const;

export const BOARD_PAGE_DEFAULT = 50;
export const BOARD_PAGE_MAX = 200;
/** An export covers at most this many days (a year and a day: the statutory 12 months at once). */
export const EXPORT_MAX_DAYS = 366;

export const PAYMENT_STATES = ['due_to_driver', 'paid', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = { due_to_driver: 'Pay driver', paid: 'Paid by card', refunded: 'Refunded' };

export const ADMIN_BOOKINGS_MESSAGES = {
  badCursor: 'The page cursor is not valid: start again from the first page',
  rangeBackwards: "'from' must not be after 'to'",
  rangeTooLong: `An export covers at most ${EXPORT_MAX_DAYS} days`,
} as const;

const isoDate = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDate, `${label} must be a real date`);

/** One value or a comma-separated list (`status=confirmed,accepted` or `status=confirmed&status=accepted`). */
const list = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : (Array.isArray(value) ? value : [value]).flatMap((item) => String(item).split(',')).filter(Boolean)),
    z.array(z.enum(values, { error: `${label} must be among ${values.join(', ')}` })).max(values.length * 2).optional(),
  );
const positiveId = (label: string) => z.coerce.number({ error: `${label} must be a number` }).int().positive(`${label} must be a number`).max(2 ** 31 - 1).optional();

/**
 * GET /api/admin/bookings. Dates are London calendar days of the pick-up, both ends included. Without from/to the
 * board shows today and tomorrow (London) — unless `q` is given, which then searches every date; `from` alone shows
 * that day and the next, `to` alone that day only. `q` matches the
 * booking number (from its start), or part of the passenger's name, phone (digits) or e-mail, case-insensitively.
 * Sorted by pick-up time then id; `cursor` is the previous page's `next_cursor`.
 */
export const boardQuerySchema = z
  .object({
    from: isoDate('from').optional(),
    to: isoDate('to').optional(),
    status: list(BOOKING_STATUSES, 'status'),
    payment_method: z.enum(['car', 'card'], { error: "payment_method must be 'car' or 'card'" }).optional(),
    payment_state: list(PAYMENT_STATES, 'payment_state'),
    company_id: positiveId('company_id'),
    vehicle_id: positiveId('vehicle_id'),
    q: z.string().trim().max(120, 'The search must be at most 120 characters').optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(BOARD_PAGE_MAX).optional().default(BOARD_PAGE_DEFAULT),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: ADMIN_BOOKINGS_MESSAGES.rangeBackwards });
export type BoardQuery = z.input<typeof boardQuerySchema>;

/** One line of the board. Times are ISO instants; `pickup_date`/`pickup_time` the London wall clock (YYYY-MM-DD, HH:mm). */
export interface BoardRow {
  booking_number: string;
  status: BookingStatus;
  revision: number;
  created_at: string;
  ride_type: 'Q' | 'H';
  pickup_at: string;
  pickup_date: string;
  pickup_time: string;
  return_at: string | null;
  from: string;
  to: string;
  stops: number;
  company_id: number;
  company_name: string;
  vehicle_id: number;
  vehicle_category: string;
  vehicle_qty: number;
  passengers: number;
  passenger_name: string;
  passenger_phone: string;
  currency: string;
  total_pence: number;
  payment_method: 'car' | 'card';
  payment_state: PaymentState;
  refunded_pence: number;
  /** The assigned driver's name and vehicle registration, null until assigned. */
  driver: { name: string; vehicle_registration: string } | null;
  anonymised: boolean;
}

export interface BoardPage {
  success: true;
  bookings: BoardRow[];
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: string | null;
  /** The London days the page covers (the defaults filled in); null when a search spans every date. */
  range: { from: string; to: string } | null;
}

/** The site's companies and vehicle categories, for the board's filters (company_id, vehicle_id). */
export interface BoardFilters {
  success: true;
  companies: { id: number; name: string }[];
  vehicle_categories: { id: number; name: string }[];
}

export interface AdminRefund {
  amount_pence: number;
  reason: 'duplicate_charge' | 'cancellation' | 'operator';
  status: 'pending' | 'succeeded' | 'failed';
  created_at: string;
}

export interface AdminMail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: 'queued' | 'sent' | 'failed';
  created_at: string;
  sent_at: string | null;
}

/** GET /api/admin/bookings/:booking_number: everything the passenger entered, the money, the dispatch and the history. */
export interface AdminBookingDetail extends BoardRow {
  booking_type: string;
  passenger_mode: 'guest_login' | 'new_client' | 'existing_client' | 'corporate';
  passenger_email: string;
  additional_info: string;
  return_additional_info: string;
  flight_no: string;
  return_flight_no: string;
  hire_hours: number | null;
  stop_addresses: string[];
  /** As booked: luggage, seats, meet and greet, wheelchair, waiting … (bookings.options). */
  options: Record<string, unknown>;
  distance_miles: number | null;
  duration_seconds: number | null;
  price: { unit_price_pence: number; total_pence: number; currency: string; breakdown: unknown };
  payment: {
    method: 'car' | 'card';
    state: PaymentState;
    intent_id: string | null;
    paid_pence: number;
    refunded_pence: number;
    /** What an operator's refund may still give back. */
    refundable_pence: number;
    refunds: AdminRefund[];
  };
  dispatch: {
    driver: AssignedDriver | null;
    vehicle: AssignedVehicle | null;
    accepted_at: string | null;
    assigned_at: string | null;
    completed_at: string | null;
    no_show_at: string | null;
    cancelled_at: string | null;
    cancelled_by: 'passenger' | 'operator' | null;
    cancel_reason: (typeof CANCEL_REASONS)[number] | null;
    cancel_note: string | null;
    cancellation_fee_pence: number | null;
  };
  /** The console's buttons: what contract/dispatch.ts allows from this status. */
  allowed_events: DispatchEvent[];
  /** Mails sent to or about this booking (its number in the subject), oldest first. */
  mails: AdminMail[];
  /** The audit log of this booking, oldest first. */
  timeline: AuditEntry[];
}

export interface Assignable {
  success: true;
  /** The London day the licences must still be valid on (the pick-up day, or today if later). */
  valid_on: string;
  drivers: Driver[];
  /** Vehicles of the booked category first (`same_category`), then the others. */
  vehicles: (Vehicle & { same_category: boolean })[];
}

export interface DispatchResponse {
  success: true;
  message: string;
  booking: AdminBookingDetail;
  /** A cancellation's refund, when one was recorded: shown to the operator. */
  refund: { amount_pence: number; status: 'pending' | 'succeeded' | 'failed' } | null;
}

/** GET /api/admin/bookings/export.csv: both dates required, London pick-up days, at most EXPORT_MAX_DAYS. */
export const exportQuerySchema = z
  .object({ from: isoDate('from'), to: isoDate('to') })
  .refine((query) => query.from <= query.to, { message: ADMIN_BOOKINGS_MESSAGES.rangeBackwards })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < EXPORT_MAX_DAYS, { message: ADMIN_BOOKINGS_MESSAGES.rangeTooLong });

/** The statutory booking record, one row per booking, in this order (the header line is these labels). */
export const STATUTORY_CSV_COLUMNS = [
  ['booking_number', 'Booking number'],
  ['booked_at', 'Booked at (London)'],
  ['pickup_date', 'Pick-up date'],
  ['pickup_time', 'Pick-up time'],
  ['pickup_place', 'Pick-up place'],
  ['destination', 'Destination'],
  ['passenger_name', 'Passenger name'],
  ['driver', 'Driver'],
  ['driver_licence', 'Driver licence'],
  ['vehicle_registration', 'Vehicle registration'],
  ['vehicle_licence', 'Vehicle licence'],
  ['status', 'Status'],
] as const;

/** POST /api/admin/retention/run (owners; the server runs it daily). */
export interface RetentionRunResponse {
  success: true;
  months: number;
  /** Bookings whose last pick-up is before this instant were anonymised. */
  cutoff: string;
  anonymised: number;
}
