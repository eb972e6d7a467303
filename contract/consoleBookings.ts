import { z } from 'zod';
import { isCalendarDate } from './londonClock.ts';
import type { AssignedDriver, AssignedVehicle } from './dispatch.ts';
import { BOOKING_STATUSES, CANCEL_REASONS, DISPATCH_EVENTS, DISPATCH_MESSAGES, JOB_STAGES } from './dispatch.ts';
import { driverSchema, vehicleSchema } from './fleet.ts';
import { flightViewSchema } from './flights.ts';
import { completionViewSchema } from './jobCompletion.ts';
import { auditEntrySchema } from './staff.ts';

/**
 * The operator console's bookings board, a booking's detail, dispatch and the statutory record (issue 17), under
 * /api/admin, for owners and dispatchers of the signed-in member's own site.
 *
 *   GET  /api/admin/bookings?BoardQuery                  → BoardPage
 *   GET  /api/admin/bookings/filters                      → BoardFilters (the choices of the company and vehicle filters)
 *   GET  /api/admin/bookings/:booking_number              → { success, booking: ConsoleBookingDetail }
 *   GET  /api/admin/bookings/:booking_number/assignable   → Assignable (active drivers and vehicles, licences valid
 *                                                            on the day of the job)
 *   POST /api/admin/bookings/:booking_number/dispatch  DispatchRequest (below) → DispatchResponse
 *        409 illegal transition (illegalTransitionMessage) or revision changed; 422 an expired licence;
 *        404 unknown booking / driver / vehicle
 *   GET  /api/admin/bookings/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD → text/csv (STATUTORY_CSV_COLUMNS)
 *   GET  /api/admin/events                                → text/event-stream (`event: booking`, data
 *                                                            BookingEventMessage; a `: heartbeat` comment every 25 s)
 *   POST /api/admin/retention/run  (owners)               → RetentionRunResponse
 */

export const CONSOLE_BOOKINGS_PATHS = {
  board: '/api/admin/bookings',
  filters: '/api/admin/bookings/filters',
  detail: (bookingNumber: string) => `/api/admin/bookings/${encodeURIComponent(bookingNumber)}`,
  assignable: (bookingNumber: string) => `/api/admin/bookings/${encodeURIComponent(bookingNumber)}/assignable`,
  dispatch: (bookingNumber: string) => `/api/admin/bookings/${encodeURIComponent(bookingNumber)}/dispatch`,
  export: '/api/admin/bookings/export.csv',
  events: '/api/admin/events',
  retention: '/api/admin/retention/run',
  /** POST: the dispatcher's expected arrival of the booking's flight (contract/flights.ts). */
  flightArrival: (bookingNumber: string) => `/api/admin/bookings/${encodeURIComponent(bookingNumber)}/flight/arrival`,
} as const;

export const BOARD_PAGE_DEFAULT = 50;
export const BOARD_PAGE_MAX = 200;
/** An export covers at most this many days (a year and a day: the statutory 12 months at once). */
export const EXPORT_MAX_DAYS = 366;

export const PAYMENT_STATES = ['due_to_driver', 'paid', 'refunded', 'on_account'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = { due_to_driver: 'Pay driver', paid: 'Paid by card', refunded: 'Refunded', on_account: 'On account' };

export const CONSOLE_BOOKINGS_MESSAGES = {
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
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: CONSOLE_BOOKINGS_MESSAGES.rangeBackwards });
export type BoardQuery = z.input<typeof boardQuerySchema>;

/** One line of the board. Times are ISO instants; `pickup_date`/`pickup_time` the London wall clock (YYYY-MM-DD, HH:mm). */
export const boardRowSchema = z.object({
  booking_number: z.string(),
  status: z.enum(BOOKING_STATUSES),
  revision: z.number(),
  created_at: z.string(),
  ride_type: z.enum(['Q', 'H']),
  pickup_at: z.string(),
  pickup_date: z.string(),
  pickup_time: z.string(),
  return_at: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  stops: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  vehicle_id: z.number(),
  vehicle_category: z.string(),
  vehicle_qty: z.number(),
  passengers: z.number(),
  passenger_name: z.string(),
  passenger_phone: z.string(),
  currency: z.string(),
  total_pence: z.number(),
  // Issue 34: 'account', a company account's booking (the board and a booking's page showed none before: a 500).
  payment_method: z.enum(['car', 'card', 'account']),
  payment_state: z.enum(PAYMENT_STATES),
  refunded_pence: z.number(),
  /** The assigned driver's name and vehicle registration, null until assigned. */
  driver: z.object({ name: z.string(), vehicle_registration: z.string() }).nullable(),
  anonymised: z.boolean(),
  /** The driver's part of a driver_assigned job (issue 32): null until they set off, then on the way, arrived, on board. */
  job_stage: z.enum(JOB_STAGES).nullable(),
  /**
   * The booking's flight (issue 33, contract/flights.ts): an airport pick-up with a flight number; its status, expected
   * arrival, the driver's due time and why it needs action. Null (or absent) for any other booking.
   */
  flight: flightViewSchema.nullable().optional(),
});
export type BoardRow = z.infer<typeof boardRowSchema>;

export const boardPageSchema = z.object({
  success: z.literal(true),
  bookings: z.array(boardRowSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
  /** The London days the page covers (the defaults filled in); null when a search spans every date. */
  range: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** How many bookings the "Needs action" queue holds (contract/consoleQueue.ts), whatever the filters: the board's badge. */
  needs_action: z.number(),
});
export type BoardPage = z.infer<typeof boardPageSchema>;

const namedId = z.object({ id: z.number(), name: z.string() });
/** The site's companies and vehicle categories, for the board's filters (company_id, vehicle_id). */
export const boardFiltersSchema = z.object({ success: z.literal(true), companies: z.array(namedId), vehicle_categories: z.array(namedId) });
export type BoardFilters = z.infer<typeof boardFiltersSchema>;

const refundStatus = z.enum(['pending', 'succeeded', 'failed']);
export const consoleRefundSchema = z.object({
  amount_pence: z.number(),
  reason: z.enum(['duplicate_charge', 'cancellation', 'operator', 'change']),
  status: refundStatus,
  created_at: z.string(),
});
export type ConsoleRefund = z.infer<typeof consoleRefundSchema>;

export const consoleMailSchema = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type ConsoleMail = z.infer<typeof consoleMailSchema>;

/** The driver and vehicle of a dispatched booking: ASSIGNED_DRIVER_FIELDS and ASSIGNED_VEHICLE_FIELDS (contract/dispatch.ts). */
const assignedDriverSchema = driverSchema.pick({ id: true, name: true, phone: true, licence_number: true, licensing_authority: true, licence_expiry: true });
const assignedVehicleSchema = vehicleSchema.pick({ id: true, registration: true, make: true, model: true, colour: true, category_id: true, category_name: true, licence_number: true, licence_expiry: true });
assignedDriverSchema satisfies z.ZodType<AssignedDriver>;
assignedVehicleSchema satisfies z.ZodType<AssignedVehicle>;

/** GET /api/admin/bookings/:booking_number: everything the passenger entered, the money, the dispatch and the history. */
export const consoleBookingDetailSchema = boardRowSchema.extend({
  booking_type: z.string(),
  passenger_mode: z.enum(['guest_login', 'new_client', 'existing_client', 'corporate']),
  passenger_email: z.string(),
  additional_info: z.string(),
  return_additional_info: z.string(),
  flight_no: z.string(),
  return_flight_no: z.string(),
  hire_hours: z.number().nullable(),
  stop_addresses: z.array(z.string()),
  /** As booked: luggage, seats, meet and greet, wheelchair, waiting … (bookings.options). */
  options: z.record(z.string(), z.unknown()),
  distance_miles: z.number().nullable(),
  duration_seconds: z.number().nullable(),
  price: z.object({ unit_price_pence: z.number(), total_pence: z.number(), currency: z.string(), breakdown: z.unknown() }),
  payment: z.object({
    method: z.enum(['car', 'card', 'account']),
    state: z.enum(PAYMENT_STATES),
    intent_id: z.string().nullable(),
    /** Everything paid by card: the booking's payment, its changes' charges and the driver's extras (issue 32). */
    paid_pence: z.number(),
    /** Of which the driver's extras, charged to the saved card or paid by the passenger on the manage page. */
    extras_paid_pence: z.number(),
    refunded_pence: z.number(),
    /** What an operator's refund may still give back (of the booking's payment and its changes' charges). */
    refundable_pence: z.number(),
    refunds: z.array(consoleRefundSchema),
  }),
  dispatch: z.object({
    driver: assignedDriverSchema.nullable(),
    vehicle: assignedVehicleSchema.nullable(),
    accepted_at: z.string().nullable(),
    assigned_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    no_show_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    cancelled_by: z.enum(['passenger', 'operator']).nullable(),
    cancel_reason: z.enum(CANCEL_REASONS).nullable(),
    cancel_note: z.string().nullable(),
    cancellation_fee_pence: z.number().nullable(),
    /**
     * The soonest instant (ISO) each timed event may happen (contract/dispatch.ts dispatchNotBefore with the owner's
     * EARLY_COMPLETION_MINUTES): the console does not send one sooner, the server refuses it (422 too_early).
     */
    not_before: z.object({ complete: z.string(), no_show: z.string() }),
    /** The driver's steps (issue 32), as the driver tapped them on the app. */
    on_the_way_at: z.string().nullable(),
    arrived_at: z.string().nullable(),
    on_board_at: z.string().nullable(),
  }),
  /**
   * Issue 32: the driver's completion with extras (waiting time, parking, tolls as the server priced them, the fare
   * before and after, how a pay-in-car fare was paid, and the card's charge of the extras); null before completion.
   */
  completion: completionViewSchema.nullable().optional(),
  /** The console's buttons: what contract/dispatch.ts allows from this status. */
  allowed_events: z.array(z.enum(DISPATCH_EVENTS)),
  /** Mails sent to or about this booking (its number in the subject), oldest first. */
  mails: z.array(consoleMailSchema),
  /** The audit log of this booking, oldest first. */
  timeline: z.array(auditEntrySchema),
});
export type ConsoleBookingDetail = z.infer<typeof consoleBookingDetailSchema>;
export const consoleBookingResponseSchema = z.object({ success: z.literal(true), booking: consoleBookingDetailSchema });
/** A change of a booking that is not a dispatch event (the flight's expected arrival): its message and the booking now. */
export const consoleBookingActionSchema = z.object({ success: z.literal(true), message: z.string(), booking: consoleBookingDetailSchema });

export const assignableSchema = z.object({
  success: z.literal(true),
  /** The London day the licences must still be valid on (the pick-up day, or today if later). */
  valid_on: z.string(),
  drivers: z.array(driverSchema),
  /** Vehicles of the booked category first (`same_category`), then the others. */
  vehicles: z.array(vehicleSchema.extend({ same_category: z.boolean() })),
});
export type Assignable = z.infer<typeof assignableSchema>;

export const dispatchResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  booking: consoleBookingDetailSchema,
  /** A cancellation's refund, when one was recorded: shown to the operator. */
  refund: z.object({ amount_pence: z.number(), status: refundStatus }).nullable(),
});
export type DispatchResponse = z.infer<typeof dispatchResponseSchema>;

/** POST /api/admin/bookings/:booking_number/revoke-manage-links: how many live links the booking had. */
export const revokeManageLinksResponseSchema = z.object({ success: z.literal(true), booking_number: z.string(), revoked: z.number() });

/** GET /api/admin/bookings/export.csv: both dates required, London pick-up days, at most EXPORT_MAX_DAYS. */
export const exportQuerySchema = z
  .object({ from: isoDate('from'), to: isoDate('to') })
  .refine((query) => query.from <= query.to, { message: CONSOLE_BOOKINGS_MESSAGES.rangeBackwards })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < EXPORT_MAX_DAYS, { message: CONSOLE_BOOKINGS_MESSAGES.rangeTooLong });

/** The statutory booking record, one row per booking, in this order (the header line is these labels). */
export const STATUTORY_CSV_COLUMNS = [
  ['booking_number', 'Booking number'],
  ['booked_at', 'Booked at (London)'],
  ['pickup_date', 'Pick-up date'],
  ['pickup_time', 'Pick-up time'],
  ['pickup_place', 'Pick-up place'],
  ['stops', 'Stops (in order)'],
  ['destination', 'Destination'],
  ['passenger_name', 'Passenger name'],
  ['driver', 'Driver'],
  ['driver_licence', 'Driver licence'],
  ['vehicle_registration', 'Vehicle registration'],
  ['vehicle_licence', 'Vehicle licence'],
  ['status', 'Status'],
] as const;

/** POST /api/admin/retention/run (owners; the server runs it daily). */
export const retentionRunResponseSchema = z.object({
  success: z.literal(true),
  months: z.number(),
  /** Bookings whose last pick-up is before this instant were anonymised. */
  cutoff: z.string(),
  anonymised: z.number(),
  /** Rows deleted, per kind of personal data. */
  deleted: z.object({
    quote_requests: z.number(),
    contact_messages: z.number(),
    enquiry_replies: z.number(),
    quote_offers: z.number(),
    passenger_accounts: z.number(),
    mails: z.number(),
    position_reports: z.number(),
    flights: z.number(),
  }),
});
export type RetentionRunResponse = z.infer<typeof retentionRunResponseSchema>;

const revision = z.number({ error: 'revision must be a number' }).int().min(0).optional();
const id = (what: string) => z.number({ error: `${what} is required` }).int().positive(`${what} is required`);

/**
 * POST /api/admin/bookings/:booking_number/dispatch. `revision` (optional): the revision the console shows; a booking
 * changed since (by a passenger or another dispatcher) is refused with 409 revisionChanged.
 */
export const dispatchRequestSchema = z.discriminatedUnion(
  'event',
  [
    z.object({ event: z.literal('accept'), revision }).strict(),
    z.object({ event: z.literal('assign'), revision, driver_id: id('driver_id'), vehicle_id: id('vehicle_id') }).strict(),
    z.object({ event: z.literal('unassign'), revision }).strict(),
    z.object({ event: z.literal('complete'), revision }).strict(),
    z
      .object({
        event: z.literal('cancel'),
        revision,
        reason: z.enum(CANCEL_REASONS, { error: `reason must be one of ${CANCEL_REASONS.join(', ')}` }),
        note: z.string().trim().max(500, 'The note must be at most 500 characters').optional().default(''),
        /** Card-paid only: pence to give back; absent = everything still unrefunded. 0 = keep it all. */
        refund_pence: z.number({ error: 'refund_pence must be a number of pence' }).int().min(0).optional(),
      })
      .strict()
      .refine((body) => body.reason !== 'operator_other' || body.note !== '', { message: DISPATCH_MESSAGES.noteRequired, path: ['note'] }),
    z.object({ event: z.literal('no_show'), revision }).strict(),
  ],
  { error: `event must be one of ${DISPATCH_EVENTS.join(', ')}` },
);
export type DispatchRequest = z.input<typeof dispatchRequestSchema>;
