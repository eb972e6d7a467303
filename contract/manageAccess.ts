import { z } from 'zod';
import { hourSchema, isoDateSchema, LIMITS, MAX_STOPS, minuteSchema, stopSchema, stopText, TEXT_MAX } from './booking.ts';
import { MANAGE_MESSAGES, MANAGE_TOKEN_PATTERN, type ManageAccess, type ManageChangeRequest, type ManageChanges } from './manageBooking.ts';
import { EMAIL_PATTERN } from './plainChecks.ts';

/**
 * The request body of every manage call, kept apart from manageBooking.ts so the manage page loads no zod. Both fields
 * are optional here: the server decides which way in was used (a malformed token is a 400, an unknown one a 401
 * `link_invalid`).
 */
export const manageAccessSchema = z.object({
  token: z.string().regex(MANAGE_TOKEN_PATTERN, MANAGE_MESSAGES.linkInvalid).optional(),
  booking_number: z.string().trim().min(1).max(40).optional(),
}) satisfies z.ZodType<ManageAccess>;

/** Cancel: optionally the revision the passenger looked at, so that a cancel and a change never both apply to one revision. */
export const manageCancelSchema = manageAccessSchema.extend({
  revision: z.number().int().min(0).max(2_147_483_647).optional(),
});

const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const yesNo = z.enum(['yes', 'no']);
const text = (max: number) => z.string().trim().max(max);

/** A change: any of the trip's values (contract/manageBooking.ts ManageChanges), each as the booking form validates it. */
export const manageChangesSchema = z
  .object({
    pickup_date: isoDateSchema,
    pickup_hour: hourSchema,
    pickup_min: minuteSchema,
    passengers: count(1, LIMITS.passengers),
    luggages: count(0, LIMITS.luggage),
    hand_luggages: count(0, LIMITS.luggage),
    meet_and_greet: yesNo,
    baby_seats: count(0, LIMITS.seats),
    booster_seats: count(0, LIMITS.seats),
    special_luggage: count(0, LIMITS.seats),
    wheel_chair: yesNo,
    waiting_min: count(0, LIMITS.waitingMinutes).multipleOf(LIMITS.waitingStep),
    flight_no: text(40),
    passenger_name: text(200).min(1, 'Name is required'),
    passenger_email: text(254).regex(EMAIL_PATTERN, 'Please enter a valid e-mail address'),
    passenger_phone: text(40).min(1, 'Phone number is required'),
    pickup: text(TEXT_MAX).min(1, 'Pick-Up is required'),
    // As the booking form's: a stop with no text is no stop.
    stops: z
      .array(stopSchema)
      .max(MAX_STOPS, `At most ${MAX_STOPS} stops`)
      .transform((stops) => stops.filter((stop) => stopText(stop) !== '')),
    dropoff: text(TEXT_MAX).min(1, 'Drop-Off is required'),
  })
  .partial()
  .strict() satisfies z.ZodType<ManageChanges>;

/** The body of the change calls: the access, the change, and for apply the revision it was previewed on (and the card). */
export const manageChangeSchema = manageAccessSchema.extend({
  revision: z.number().int().min(0).max(2_147_483_647).optional(),
  changes: manageChangesSchema,
  payment_method_id: z.string().trim().min(1).max(200).optional(),
  payment_intent_id: z.string().trim().min(1).max(200).optional(),
}).strict() satisfies z.ZodType<ManageChangeRequest>;

/** A processor's id (Stripe's and the sandbox's: `pm_…`, `pi_…`). */
const PROCESSOR_ID = /^[A-Za-z0-9_]{3,200}$/;

/** Paying the driver's extras owing (contract/manageExtras.ts): the access and a card's payment method, or the intent after 3-D Secure. */
export const manageExtrasPaySchema = manageAccessSchema
  .extend({
    payment_method_id: z.string().regex(PROCESSOR_ID, 'payment_method_id is not a payment method').optional(),
    payment_intent_id: z.string().regex(PROCESSOR_ID, 'payment_intent_id is not a payment').optional(),
  })
  .strict();
