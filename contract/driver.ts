import { z } from 'zod';
import { accountEmailSchema, PASSWORD_MAX, PASSWORD_MESSAGES } from './accounts.ts';
import { BOOKING_STATUSES, DRIVER_STEPS, JOB_STAGES, OFFER_STATES } from './dispatch.ts';
import { DRIVER_MESSAGES } from './driverRules.ts';
import { COMPLETION_MESSAGES, completionViewSchema, extrasAllowedSchema, extrasSchema, PAID_IN_CAR } from './jobCompletion.ts';

/**
 * The driver's app, server half (issue 32): the driver API under /api/driver, and the console's calls that bring
 * drivers onto it. The job's and the offer's tables are contract/dispatch.ts's (DRIVER_STEP_TRANSITIONS,
 * OFFER_TRANSITIONS), shared with the console.
 *
 * Sign-in and session (as the console's, with a cookie of its own scoped to DRIVER_API):
 *   POST   /api/driver/session  DriverSignIn → DriverSession (Set-Cookie)   GET /api/driver/session → DriverSession
 *   DELETE /api/driver/session                 POST /api/driver/session/sign-out-everywhere
 *   POST   /api/driver/set-password  { token, password }   (the mailed link's fragment token)
 * Every POST, PUT, PATCH and DELETE with the cookie carries the session's CSRF token in `x-csrf-token`.
 * Shift and position:
 *   GET /api/driver/vehicles (usable today)   POST /api/driver/shift { vehicle_id }   DELETE /api/driver/shift
 *   POST /api/driver/positions { lat, lng, accuracy_m?, recorded_at? } → { success, flagged }
 * Offers and jobs (the driver's own only; another's are 404):
 *   GET /api/driver/offers   POST /api/driver/offers/:id/accept|decline { idempotency_key }
 *   GET /api/driver/jobs     GET /api/driver/jobs/:booking_number
 *   POST /api/driver/jobs/:booking_number/steps { step, idempotency_key, tapped_at?, extras?, paid_in_car? }
 *   GET /api/driver/events  (Server-Sent Events: `event: booking` { booking_number, kind } for the driver's jobs and offers)
 * A tap (accept, decline, a step) is answered once: a replay of its key gets the first answer, applied once.
 * Console (owners and dispatchers):
 *   POST /api/admin/drivers/:id/invite { email }   POST /api/admin/bookings/:number/offers { driver_id }
 *   GET  /api/admin/bookings/:number/offers        GET  /api/admin/drivers/on-duty
 */

export * from './driverRules.ts';

const email = accountEmailSchema;
const password = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong);
const idempotencyKey = z.uuid({ error: 'idempotency_key must be a UUID the phone made for this tap' });

export const driverInviteSchema = z.object({ email }).strict();
export const driverSignInSchema = z.object({ email, password });
export type DriverSignIn = z.input<typeof driverSignInSchema>;
export const driverSetPasswordSchema = z.object({
  token: z.string({ error: 'Token is required' }).regex(/^[A-Za-z0-9_-]{43}$/, DRIVER_MESSAGES.linkInvalid),
  password: z.string({ error: 'Password is required' }).max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong),
});
export const shiftStartSchema = z.object({ vehicle_id: z.number({ error: 'vehicle_id is required' }).int().positive('vehicle_id is required') }).strict();
export const positionReportSchema = z
  .object({
    lat: z.number({ error: 'lat is required' }).min(-90).max(90),
    lng: z.number({ error: 'lng is required' }).min(-180).max(180),
    // Kept to a tenth of a metre, as fine as a phone's fix means anything: the column is a 4-byte float, and a value
    // it cannot hold (5e-324, a denormal a client can send) failed the insert with a 500.
    accuracy_m: z.number().min(0).max(100_000).transform((metres) => Math.round(metres * 10) / 10).optional(),
    /** When the phone took it (ISO); the server's time when absent. */
    recorded_at: z.iso.datetime({ offset: true, error: 'recorded_at must be an ISO date-time' }).optional(),
  })
  .strict();
export const tapSchema = z.object({ idempotency_key: idempotencyKey }).strict();
export const stepTapSchema = z
  .object({
    step: z.enum(DRIVER_STEPS, { error: `step must be one of ${DRIVER_STEPS.join(', ')}` }),
    idempotency_key: idempotencyKey,
    /**
     * When the driver tapped (the phone's clock, ISO): a tap kept without signal and sent later is recorded at this
     * time, bounded by the server (not in the future, not before the job's previous step, at most
     * TAP_TIME_MAX_AGE_HOURS old); the server's time when absent.
     */
    tapped_at: z.iso.datetime({ offset: true, error: 'tapped_at must be an ISO date-time' }).optional(),
    /** With 'complete' only: the extras the driver adds (contract/jobCompletion.ts), priced by the server. */
    extras: extrasSchema.optional(),
    /** With 'complete' of a pay-in-car job only: how the passenger paid. */
    paid_in_car: z.enum(PAID_IN_CAR, { error: "paid_in_car must be 'cash' or 'card'" }).optional(),
  })
  .strict()
  .refine((tap) => tap.step === 'complete' || (tap.extras === undefined && tap.paid_in_car === undefined), { message: COMPLETION_MESSAGES.extrasOnlyOnComplete });
export type StepTap = z.input<typeof stepTapSchema>;
export const offerIdParamsSchema = z.object({ id: z.coerce.number({ error: 'Unknown offer' }).int().positive().max(2 ** 53) });
export const jobParamsSchema = z.object({ booking_number: z.string().trim().min(1).max(40) });
export const offerCreateSchema = z.object({ driver_id: z.number({ error: 'driver_id is required' }).int().positive('driver_id is required') }).strict();

const vehicleView = z.object({ id: z.number(), registration: z.string(), make: z.string(), model: z.string(), colour: z.string(), category_name: z.string() });
export const shiftSchema = z.object({ id: z.number(), vehicle: vehicleView, started_at: z.string() });
export type DriverShift = z.infer<typeof shiftSchema>;

export const driverSessionSchema = z.object({
  success: z.literal(true),
  driver: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  site: z.object({ id: z.number(), name: z.string() }),
  csrf_token: z.string(),
  expires_at: z.string(),
  idle_minutes: z.number(),
  shift: shiftSchema.nullable(),
});
export type DriverSession = z.infer<typeof driverSessionSchema>;

export const driverMessageSchema = z.object({ success: z.literal(true), message: z.string() });
export const driverSignOutEverywhereSchema = z.object({ success: z.literal(true), message: z.string(), ended: z.number() });
export const usableVehiclesSchema = z.object({ success: z.literal(true), vehicles: z.array(vehicleView) });
export const shiftResponseSchema = z.object({ success: z.literal(true), message: z.string(), shift: shiftSchema.nullable() });
export const positionResponseSchema = z.object({ success: z.literal(true), flagged: z.boolean() });

const fare = z.object({
  currency: z.string(),
  total_pence: z.number(),
  /** 'card': paid by card; 'car': collect `collect_pence` in the car. */
  payment: z.enum(['card', 'car']),
  collect_pence: z.number(),
});

/** A job as its driver sees it (their own only). */
export const driverJobSchema = z.object({
  booking_number: z.string(),
  revision: z.number(),
  status: z.enum(BOOKING_STATUSES),
  stage: z.enum(JOB_STAGES).nullable(),
  state: z.enum(['assigned', ...JOB_STAGES, 'completed', 'no_show', 'cancelled']),
  pickup_at: z.string(),
  pickup_address: z.string(),
  stops: z.array(z.string()),
  dropoff_address: z.string(),
  passenger_name: z.string(),
  passenger_phone: z.string(),
  passengers: z.number(),
  flight_no: z.string(),
  notes: z.string(),
  options: z.record(z.string(), z.unknown()),
  vehicle_category: z.string(),
  fare,
  /** The steps the table allows now (each still subject to its time rule, `not_before`). */
  allowed_steps: z.array(z.enum(DRIVER_STEPS)),
  not_before: z.object({ on_the_way: z.string(), complete: z.string(), no_show: z.string() }),
  on_the_way_at: z.string().nullable(),
  arrived_at: z.string().nullable(),
  on_board_at: z.string().nullable(),
  /**
   * When the driver should be at the pick-up (issue 33): for an airport pick-up whose flight is known, its expected
   * arrival plus the owner's airport wait; else the pick-up time. Optional for answers made before it.
   */
  due_at: z.string().optional(),
  /** The pick-up's flight, when followed: its number, the provider's status and expected arrival, cancelled or diverted. */
  flight: z
    .object({ number: z.string(), status: z.string(), expected_arrival: z.string().nullable(), cancelled: z.boolean(), diverted: z.boolean() })
    .nullable()
    .optional(),
  /** What the completion form offers (issue 32: the owner's extras and their limits). */
  extras_allowed: extrasAllowedSchema.optional(),
  /** Once completed on the app: the extras, the final fare and how it was paid. */
  completion: completionViewSchema.nullable().optional(),
});
export type DriverJob = z.infer<typeof driverJobSchema>;

/** An open offer: only what the driver needs to decide (the area, not the door; no passenger details). */
export const driverOfferSchema = z.object({
  id: z.number(),
  booking_number: z.string(),
  expires_at: z.string(),
  seconds_left: z.number(),
  pickup_at: z.string(),
  pickup_area: z.string(),
  dropoff_area: z.string(),
  vehicle_category: z.string(),
  fare,
});
export type DriverOffer = z.infer<typeof driverOfferSchema>;

export const driverJobsResponseSchema = z.object({ success: z.literal(true), jobs: z.array(driverJobSchema) });
export const driverJobResponseSchema = z.object({ success: z.literal(true), job: driverJobSchema });
export const driverOffersResponseSchema = z.object({ success: z.literal(true), offers: z.array(driverOfferSchema) });
/** A tap's answer: the job as it now is (null for a declined offer). */
export const tapResponseSchema = z.object({ success: z.literal(true), message: z.string(), job: driverJobSchema.nullable() });
export type TapResponse = z.infer<typeof tapResponseSchema>;

// ─── The console's side ───────────────────────────────────────────────────────────────────────────────────────────
export const driverAccountSchema = z.object({ driver_id: z.number(), email: z.string(), password_set: z.boolean(), invited_at: z.string() });
export const driverInviteResponseSchema = z.object({ success: z.literal(true), message: z.string(), account: driverAccountSchema });

export const consoleOfferSchema = z.object({
  id: z.number(),
  driver: z.object({ id: z.number(), name: z.string() }),
  vehicle_id: z.number(),
  state: z.enum(OFFER_STATES),
  offered_at: z.string(),
  expires_at: z.string(),
  answered_at: z.string().nullable(),
  /** Made by the server's automatic offers (issue 33), not a dispatcher. */
  automatic: z.boolean(),
});
export type ConsoleOffer = z.infer<typeof consoleOfferSchema>;
export const consoleOffersResponseSchema = z.object({ success: z.literal(true), offers: z.array(consoleOfferSchema) });
export const consoleOfferCreatedSchema = z.object({ success: z.literal(true), message: z.string(), offer: consoleOfferSchema });

export const onDutySchema = z.object({
  driver: z.object({ id: z.number(), name: z.string() }),
  shift: shiftSchema,
  position: z.object({ lat: z.number(), lng: z.number(), accuracy_m: z.number().nullable(), recorded_at: z.string() }).nullable(),
  /** The job in progress (a stage set), else the next assigned one. */
  job: z.object({ booking_number: z.string(), state: z.enum(['assigned', ...JOB_STAGES]), pickup_at: z.string() }).nullable(),
});
export type OnDutyDriver = z.infer<typeof onDutySchema>;
export const onDutyResponseSchema = z.object({ success: z.literal(true), drivers: z.array(onDutySchema) });
