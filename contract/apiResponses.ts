import { passengerFlightSchema } from './flights.ts';
import { JOB_STAGES } from './dispatch.ts';
import type { ManageLiveTrip } from './manageLive.ts';
import type { ManageExtrasPayResponse } from './manageExtras.ts';
import { z } from 'zod';
import { BOOKING_TYPES, priceDetailSchema } from './booking.ts';
import type { BookingResponse, ConfirmPaymentResponse } from './bookings.ts';
import type { ContactResponse, QuoteEmailResponse } from './enquiries.ts';
import {
  MANAGE_CHANGE_OUTCOMES,
  MANAGE_STATUSES,
  REFUND_STATUSES,
  type ManageBookingView,
  type ManageCancelResponse,
  type ManageChangePreview,
  type ManageChangeResponse,
} from './manageBooking.ts';
import { PAYMENT_METHODS } from './paymentMethods.ts';

/**
 * The response schemas of the /api/v1 answers whose shape the contract writes as a TypeScript interface (the server's
 * route schemas validate and serialise each answer with them). They live apart from those interfaces because the
 * browser imports the interface files and would bundle every schema; each schema is held equal to its interface
 * below, so the two cannot drift.
 */

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Any error answer: `{ success: false, message, code, ...details }` (contract/errorCodes.ts); details pass through. */
export const errorResponseSchema = z.looseObject({ success: z.literal(false), message: z.string(), code: z.string().optional() });

/** GET /secret_key: the card processor's publishable key and whether it is the sandbox. */
export const secretKeyResponseSchema = z.object({ success: z.literal(true), data: z.string(), mode: z.enum(['sandbox', 'stripe']), test_mode: z.boolean() });

const bookedStopSchema = z.object({ id: z.number(), stop_address: z.string(), stop_post_code: z.string() });

/** Spec §3 Booking response (POST /booking, and the `data` of every manage answer). */
export const bookingResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    booking: z.object({
      booking_number: z.string(),
      ride_type: z.enum(['Q', 'H']),
      pick_up_address: z.string(),
      drop_off_address: z.string(),
      pick_up_date: z.string(),
      pick_up_time: z.string(),
      return_date: z.string().nullable(),
      return_time: z.string().nullable(),
      hourly_duration: z.number().nullable(),
      payment_method: z.enum(PAYMENT_METHODS),
      total_booking_amount: z.number(),
      vehicle_category: z.string(),
      company_name: z.string(),
      vehicle_qty: z.number(),
      currency: z.string(),
    }),
    bookingStops: z.array(bookedStopSchema),
    passengerDetails: z.object({
      passenger_id: z.number().nullable(),
      passenger_name: z.string(),
      passenger_email: z.string(),
      passenger_contact_no: z.string(),
      additional_info: z.string(),
      total_passengers: z.number(),
    }),
  }),
});
true satisfies Equal<z.infer<typeof bookingResponseSchema>, BookingResponse>;

/** POST /create-payment-intent. */
export const paymentIntentResponseSchema = z.object({
  success: z.literal(true),
  paymentIntentId: z.string(),
  client_secret: z.string().nullable(),
  amount: z.number(),
  test_mode: z.boolean(),
});

/** POST /confirm-payment-intent, the sandbox's 3-D Secure answer, and a manage change's. */
export const confirmPaymentResponseSchema = z.object({
  success: z.boolean(),
  status: z.enum(['succeeded', 'requires_action', 'failed', 'processing']),
  sessionId: z.string().nullable(),
  paymentId: z.string(),
  client_secret: z.string().nullable(),
  error: z.string().nullable(),
  booking_number: z.string().nullable(),
});
true satisfies Equal<z.infer<typeof confirmPaymentResponseSchema>, ConfirmPaymentResponse>;

/** One booking of GET /get_booking/:passenger_id (spec §3 Corporate booking list item, and its status for the passenger). */
export const corporateBookingItemSchema = z.object({
  booking_number: z.string(),
  /** Where the booking stands (MANAGE_STATUS_LABELS words it for the passenger in status_label). */
  status: z.enum(MANAGE_STATUSES),
  status_label: z.string(),
  pick_up_address: z.string(),
  drop_off_address: z.string(),
  pick_up_date: z.string().nullable(),
  pick_up_time: z.string(),
  fleet_category: z.object({ category_name: z.string() }),
  payment_method: z.string(),
  total_booking_amount: z.number(),
  ride_type: z.string(),
  return_date: z.string().nullable(),
  return_time: z.string().nullable(),
  flight_no: z.string(),
  return_flight_no: z.string(),
  hourly_duration: z.number().nullable(),
  company_name: z.string(),
  passenger_detail: z.object({
    passenger_name: z.string(),
    passenger_email: z.string(),
    passenger_contact_no: z.string(),
    total_passengers: z.number(),
    additional_info: z.string(),
  }),
  booking_details: z.object({
    luggages: z.number(),
    vehicle_qty: z.number(),
    meet_and_greet: z.string(),
    baby_seat: z.number(),
    booster_seat: z.number(),
    wheel_chair: z.string(),
    special_luggages: z.number(),
    waiting_minutes: z.number(),
  }),
  booking_stops: z.array(z.object({ stop_address: z.string(), stop_post_code: z.string(), stop_street_number: z.string() })),
});
export type CorporateBookingItem = z.infer<typeof corporateBookingItemSchema>;

/** GET /get_booking/:passenger_id: the corporate passenger's bookings, newest pick-up first. */
export const passengerBookingListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(corporateBookingItemSchema),
});

/** 200 of send-instant-email. */
export const quoteEmailResponseSchema = z.object({ success: z.literal(true), message: z.string(), quote_request_id: z.number() });
true satisfies Equal<z.infer<typeof quoteEmailResponseSchema>, QuoteEmailResponse>;

/** 200 of contact-us. */
export const contactResponseSchema = z.object({ success: z.literal(true), message: z.string(), contact_id: z.number() });
true satisfies Equal<z.infer<typeof contactResponseSchema>, ContactResponse>;

/** POST /quote-offer: the offered quote's form and its vehicle priced again now. */
export const quoteOfferOpenResponseSchema = z.object({
  success: z.literal(true),
  booking_type: z.enum([BOOKING_TYPES.mileage, BOOKING_TYPES.hourly]),
  // The stored form as the booking form's schema parsed it (that schema's preprocessing runs one way only, so it cannot
  // serialise): an object with its pickup, as the page reads it.
  booking_form: z.unknown().refine((form) => typeof form === 'object' && form !== null && typeof (form as { pickup?: unknown }).pickup === 'string', 'booking_form: the stored form'),
  vehicle: priceDetailSchema,
  expires_at: z.string(),
});

// ─── Manage booking (contract/manageBooking.ts) ─────────────────────────────────────────────────────

const manageStopSchema = z.object({ street_name: z.string(), number: z.string(), postcode: z.string() });
const yesNo = z.enum(['yes', 'no']);

const manageTripValuesSchema = z.object({
  pickup_date: z.string(),
  pickup_hour: z.string(),
  pickup_min: z.string(),
  passengers: z.number(),
  luggages: z.number(),
  hand_luggages: z.number(),
  meet_and_greet: yesNo,
  baby_seats: z.number(),
  booster_seats: z.number(),
  special_luggage: z.number(),
  wheel_chair: yesNo,
  waiting_min: z.number(),
  flight_no: z.string(),
  passenger_name: z.string(),
  passenger_email: z.string(),
  passenger_phone: z.string(),
  pickup: z.string(),
  stops: z.array(manageStopSchema),
  dropoff: z.string(),
});

const liveCarSchema = z.object({ lat: z.number(), lng: z.number(), recorded_at: z.string() });
const manageLiveTripSchema = z.object({
  stage: z.enum(JOB_STAGES),
  car: liveCarSchema.nullable(),
  eta: z.object({ minutes: z.number(), by_road: z.boolean() }).nullable(),
  pickup: z.object({ address: z.string(), lat: z.number().nullable(), lng: z.number().nullable() }),
  meeting: z.object({ address: z.string(), note: z.string().nullable() }),
  driver_phone: z.string().nullable(),
});
true satisfies Equal<z.infer<typeof manageLiveTripSchema>, ManageLiveTrip>;

const manageVehicleSchema = z.object({ make: z.string(), model: z.string(), colour: z.string(), registration: z.string() });

export const manageBookingViewSchema = z.object({
  success: z.literal(true),
  data: bookingResponseSchema.shape.data,
  status: z.enum(MANAGE_STATUSES),
  status_label: z.string(),
  driver: z.object({ first_name: z.string(), vehicle_registration: z.string().nullable(), vehicle: manageVehicleSchema.nullable() }).nullable(),
  revision: z.number(),
  cancellation: z.object({
    allowed: z.boolean(),
    refusal: z.string().nullable(),
    cutoff_minutes: z.number(),
    cutoff_at: z.string(),
    cutoff_date: z.string(),
    cutoff_time: z.string(),
    fee: z.number(),
    refund: z.number().nullable(),
  }),
  cancelled: z
    .object({
      at: z.string(),
      by: z.enum(['passenger', 'operator']),
      fee: z.number(),
      refund: z.object({ amount: z.number(), status: z.enum(REFUND_STATUSES) }).nullable(),
    })
    .nullable(),
  operator_phone: z.string().nullable(),
  link_expires_at: z.string().nullable(),
  change: z.object({
    allowed: z.boolean(),
    refusal: z.string().nullable(),
    as_request: z.boolean(),
    addresses: z.boolean(),
    trip_options: z.boolean(),
    current: manageTripValuesSchema,
  }),
  change_requests: z.array(z.object({ at: z.string(), summary: z.array(z.string()) })),
  flight: passengerFlightSchema.nullable().optional(),
  live: manageLiveTripSchema.nullable().optional(),
  extras: z
    .object({ lines: z.array(z.object({ label: z.string(), amount: z.number() })), total: z.number(), // contract/manageExtras.ts MANAGE_EXTRAS_STATUSES (spelt out: this file must not pull the manage page's texts into other bundles).
    status: z.enum(['owing', 'paid', 'charging', 'office', 'in_car']), message: z.string() })
    .nullable()
    .optional(),
});
true satisfies Equal<z.infer<typeof manageBookingViewSchema>, ManageBookingView>;

export const manageCancelResponseSchema = manageBookingViewSchema.extend({ message: z.string() });
true satisfies Equal<z.infer<typeof manageCancelResponseSchema>, ManageCancelResponse>;

export const manageChangePreviewSchema = z.object({
  success: z.literal(true),
  revision: z.number(),
  currency: z.string(),
  old_price: z.number(),
  new_price: z.number(),
  difference: z.number(),
  outcome: z.enum(MANAGE_CHANGE_OUTCOMES),
  message: z.string(),
  summary: z.array(z.string()),
  discount: z.object({ label: z.string(), amount: z.number() }).nullable(),
});
true satisfies Equal<z.infer<typeof manageChangePreviewSchema>, ManageChangePreview>;

export const manageChangeResponseSchema = manageBookingViewSchema.extend({
  message: z.string(),
  result: z.enum(['applied', 'requested', 'requires_action']),
  outcome: z.enum(MANAGE_CHANGE_OUTCOMES),
  difference: z.number(),
  payment_intent_id: z.string().nullable(),
  client_secret: z.string().nullable(),
});
true satisfies Equal<z.infer<typeof manageChangeResponseSchema>, ManageChangeResponse>;

export const manageExtrasPayResponseSchema = manageBookingViewSchema.extend({
  message: z.string(),
  result: z.enum(['paid', 'requires_action']),
  payment_intent_id: z.string().nullable(),
  client_secret: z.string().nullable(),
});
true satisfies Equal<z.infer<typeof manageExtrasPayResponseSchema>, ManageExtrasPayResponse>;
