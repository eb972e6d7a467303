import type { PassengerFlight } from './flights.ts';
import type { ManageLiveTrip } from './manageLive.ts';
import type { ManageExtras } from './manageExtras.ts';
import type { BookingResponse } from './bookings.ts';
import { poundsText } from './money.ts';

/**
 * Managing a booking (issue 18): one resource, the booking as its passenger sees it, read and acted on through the
 * calls below (under /api/v1, with the key pair like every call). Every answer that succeeds is the resource as it
 * now is (`ManageBookingView`), so the manage statechart moves on from the answer alone; an action's answer adds a
 * `message`. A refusal is `{ success: false, message, code, operator_phone }` (`ManageRefusal`): the statechart
 * branches on `code`, the page shows `message`.
 *
 * Who gets in:
 * - the holder of a "Manage your booking" link: `token` (the link's `?token=`), optionally with the
 *   `booking_number` the page expects (refused when it is another booking's);
 * - a signed-in corporate passenger: `Authorization: Bearer <access_token>` and the `booking_number` of one of their
 *   own bookings (spec §7's passenger token).
 */

/** The page a "Manage your booking" link opens: `https://<site host>/manage-booking?token=…`. */
export const MANAGE_BOOKING_ROUTE = '/manage-booking';
export const MANAGE_TOKEN_PARAM = 'token';

/** The calls, under /api/v1. All POST with a `ManageAccess` body (the token never travels in a URL the server logs). */
export const MANAGE_API = {
  /** → ManageBookingView */
  view: '/manage-booking',
  /** → ManageCancelResponse; 409 `cutoff_passed` / `not_cancellable` with the operator's phone. */
  cancel: '/manage-booking/cancel',
  /** → the booking's .ics (text/calendar, Content-Disposition attachment). */
  calendar: '/manage-booking/calendar',
  /** `ManageChangeRequest` without `revision` → ManageChangePreview: re-priced by the server, nothing changed. */
  changePreview: '/manage-booking/change/preview',
  /** `ManageChangeRequest` → ManageChangeResponse; 409 `stale_revision` when the booking moved on since the preview. */
  change: '/manage-booking/change',
  /**
   * TEST MODE only: the sandbox's 3-D Secure answer for a change's charge, `{ token | booking_number,
   * payment_intent_id, outcome: 'complete' | 'fail' }` → the confirm answer (`ConfirmPaymentResponse`), the change
   * applied when the charge succeeded.
   */
  changeAuthenticate: '/manage-booking/change/authenticate',
} as const;

/** A link's token: 256 random bits, base64url, 43 characters. */
export const MANAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const MANAGE_MESSAGES = {
  linkInvalid: 'This link is not valid. Please open the link in your confirmation e-mail again.',
  linkExpired: 'This link has expired.',
  linkRevoked: 'This link is no longer active.',
  wrongBooking: 'This link is for another booking.',
  notYourBooking: 'This booking is not in your account.',
  accessRequired: 'Open the link in your confirmation e-mail, or sign in to your corporate account.',
  cancelled: 'Your booking has been cancelled.',
  alreadyCancelled: 'This booking has already been cancelled.',
  completed: 'This booking has been completed and can no longer be cancelled.',
  changed: 'Your booking has been changed.',
  nothingChanged: 'Nothing has changed: change a detail of your booking first.',
  staleRevision: 'Your booking was changed meanwhile (by you in another window, or by the operator). Please look at it again and make your change once more.',
  changeNotAllowed: (status: string) => `This booking is ${status} and can no longer be changed.`,
  addressesByPhone: 'Addresses cannot be changed online.',
  hourlyAddresses: 'An hourly hire has only a pick-up address to change.',
  hourlyOptions: 'An hourly hire has no options, passengers or luggage to change.',
  requested: (companyName: string) => `A driver is already assigned, so we have sent your change to ${companyName} as a request. They will confirm it with you.`,
  cardRequired: 'Please enter your card to pay the difference.',
  paymentDeclined: 'Payment failed: your booking is unchanged.',
  changePaymentInProgress: 'A payment for this change is already in progress. Please wait for it to finish.',
  changeBeingPaid: 'Another change of this booking is being paid for. Try again in a minute.',
  noOriginalPrice: 'This booking cannot be re-priced online.',
  changeIntentElsewhere: "This payment is for a change to a booking: answer your bank's check on the booking's manage page.",
} as const;

const phrase = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** 120 → '2 hours', 90 → '1 hour 30 minutes', 0 → 'the pick-up time' (the cut-off as the owner set it). */
export function cutoffText(minutes: number): string {
  if (minutes <= 0) return 'the pick-up time';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? phrase(hours, 'hour') : '', rest ? phrase(rest, 'minute') : ''].filter(Boolean).join(' ');
}

const contact = (companyName: string, phone: string | null) => (phone ? `call ${companyName} on ${phone}` : `contact ${companyName}`);

/** 'Please call Westway Cars on 020 7946 0321.' (or without the number when the operator has not set one). */
export const callOperator = (companyName: string, phone: string | null) => `Please ${contact(companyName, phone)}.`;

/** Why a cancellation (or a change) is refused after the cut-off: the rule, the last moment it allowed, who to call. */
export function cutoffPassedMessage(
  facts: { cutoffMinutes: number; cutoffDate: string; cutoffTime: string; companyName: string; phone: string | null },
  action: 'cancel' | 'change' = 'cancel',
): string {
  const before = facts.cutoffMinutes > 0 ? `${cutoffText(facts.cutoffMinutes)} before pick-up` : 'the pick-up time';
  const date = facts.cutoffDate.split('-').reverse().join('-');
  const done = action === 'cancel' ? 'cancelled' : 'changed';
  return `Bookings can be ${done} online until ${before} (${facts.cutoffTime} on ${date}). To ${action} now, please ${contact(facts.companyName, facts.phone)}.`;
}

/** The request body of every manage call: a link's token, or a signed-in passenger's booking number (zod: manageAccess.ts). */
export interface ManageAccess {
  token?: string;
  booking_number?: string;
}

/** The booking's status from the operator's side. */
export const MANAGE_STATUSES = ['confirmed', 'accepted', 'driver_assigned', 'completed', 'cancelled', 'no_show'] as const;
export type ManageStatus = (typeof MANAGE_STATUSES)[number];

export const MANAGE_STATUS_LABELS: Record<ManageStatus, string> = {
  confirmed: 'Confirmed',
  accepted: 'Accepted by the operator',
  driver_assigned: 'Driver assigned',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'Passenger did not show',
};

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What cancelling would do now, or why it cannot be done. Money in pounds (like the spec's amounts). */
export interface ManageCancellationTerms {
  allowed: boolean;
  /** Why not (with the operator's phone), or null when allowed. */
  refusal: string | null;
  /** CANCEL_CUTOFF_MINUTES before the (first) pick-up. */
  cutoff_minutes: number;
  /** The last moment to cancel online: the instant (ISO 8601), and the London date (YYYY-MM-DD) and 12-hour time. */
  cutoff_at: string;
  cutoff_date: string;
  cutoff_time: string;
  /** Kept from a card payment (CANCELLATION_FEE, at most what is left of the payment); 0 when paying the driver. */
  fee: number;
  /** Given back to the card on cancelling now; null when the booking is paid to the driver. */
  refund: number | null;
}

export interface ManageRefund {
  amount: number;
  /** pending: asked of the card processor; succeeded: accepted by it; failed: the operator will sort it out. */
  status: RefundStatus;
}

export interface ManageBookingView {
  success: true;
  /** The booking as the confirmation shows it (spec §3 Booking response's data). */
  data: BookingResponse['data'];
  status: ManageStatus;
  status_label: string;
  /** Set once the operator has assigned a driver: the first name only, and the vehicle (as assigned: make, model, colour, registration). */
  driver: { first_name: string; vehicle_registration: string | null; vehicle: ManageVehicle | null } | null;
  /** Raised by every change; a change (next step) names the revision it was made from. */
  revision: number;
  cancellation: ManageCancellationTerms;
  /** Set once cancelled. */
  cancelled: { at: string; by: 'passenger' | 'operator'; fee: number; refund: ManageRefund | null } | null;
  /** Company_Contact_Info: who to call. */
  operator_phone: string | null;
  /** When a link stops working (ISO 8601); null for a signed-in corporate passenger. */
  link_expires_at: string | null;
  /** What may be changed now (and the form's current values), or why not. */
  change: ManageChangeTerms;
  /** The passenger's changes sent to the operator as requests (a driver was assigned), newest first. */
  change_requests: { at: string; summary: string[] }[];
  /**
   * Issue 33: the pick-up's flight when it is followed (an airport pick-up with a flight number, booking still to
   * come): "Your flight BA117 is expected at 14:35; your driver will meet you at 15:05". Absent or null otherwise.
   */
  flight?: PassengerFlight | null;
  /**
   * Issue 33, the passenger's live view (contract/manageLive.ts): while the driver is on the way, arrived or on board,
   * the car's position, the time to the pick-up, where to meet and (where the owner allows it) the driver's phone.
   * Absent or null otherwise.
   */
  live?: ManageLiveTrip | null;
  /**
   * Issue 32: the waiting time and extras the driver added at completion, and where their payment stands (owing after
   * the bank asked for 3-D Secure: the page pays it, contract/manageExtras.ts). Absent or null when none were added.
   */
  extras?: ManageExtras | null;
}

export interface ManageVehicle {
  make: string;
  model: string;
  colour: string;
  registration: string;
}

export interface ManageCancelResponse extends ManageBookingView {
  message: string;
}

export const MANAGE_REFUSAL_CODES = [
  'link_invalid',
  'link_expired',
  'link_revoked',
  'wrong_booking',
  'not_your_booking',
  'cutoff_passed',
  'not_cancellable',
  'not_changeable',
  'stale_revision',
  'change_refused',
  'payment_failed',
  'payment_in_progress',
  'change_being_paid',
  'extras_paid',
  'nothing_owing',
] as const;
export type ManageRefusalCode = (typeof MANAGE_REFUSAL_CODES)[number];

/**
 * A refused manage call: 401 link_invalid / link_expired / link_revoked, 403 wrong_booking, 404 not_your_booking,
 * 409 cutoff_passed / not_cancellable / not_changeable / stale_revision / payment_in_progress / change_being_paid
 * (another change of the booking is being paid for: nothing was charged, try again in a minute), 422 change_refused (the
 * spec's grace-time, banned-address, zero-distance and capacity messages; an address the maps cannot place; addresses
 * by phone when the owner does not allow them online), 402 payment_failed. (A malformed body is a plain 400 `{ success: false, message }`; a corporate
 * passenger's missing or ended session the usual 401 of the passenger calls.)
 */
export interface ManageRefusal {
  success: false;
  message: string;
  code: ManageRefusalCode;
  operator_phone: string | null;
}

// ─── Changing a booking ──────────────────────────────────────────────────────────────────────────

/** The options editor's fields (contract/bookingOptions.ts SELECTED_OPTION_FIELDS) and the party's counts. */
export interface ManageTripValues {
  pickup_date: string;
  pickup_hour: string;
  pickup_min: string;
  passengers: number;
  luggages: number;
  hand_luggages: number;
  meet_and_greet: 'yes' | 'no';
  baby_seats: number;
  booster_seats: number;
  special_luggage: number;
  wheel_chair: 'yes' | 'no';
  waiting_min: number;
  flight_no: string;
  passenger_name: string;
  passenger_email: string;
  passenger_phone: string;
  pickup: string;
  /** The extra stops in order, as the booking form has them (contract/booking.ts `Stop`); none for an hourly hire. */
  stops: ManageStop[];
  dropoff: string;
}

/** An extra stop as the booking form writes it: street or road name, number, city or post code. */
export interface ManageStop {
  street_name: string;
  number: string;
  postcode: string;
}

/** What a passenger may change: any subset of the trip's values (an address only where the owner allows it). */
export type ManageChanges = Partial<ManageTripValues>;

/** The fields a change may carry, in the order the page and the mails list them. */
export const MANAGE_CHANGE_FIELDS = [
  'pickup_date',
  'pickup_hour',
  'pickup_min',
  'passengers',
  'luggages',
  'hand_luggages',
  'meet_and_greet',
  'baby_seats',
  'booster_seats',
  'special_luggage',
  'wheel_chair',
  'waiting_min',
  'flight_no',
  'passenger_name',
  'passenger_email',
  'passenger_phone',
  'pickup',
  'stops',
  'dropoff',
] as const satisfies readonly (keyof ManageTripValues)[];

export interface ManageChangeTerms {
  allowed: boolean;
  /** Why not (with the operator's phone), or null. */
  refusal: string | null;
  /** A driver is assigned: a change is sent to the operator as a request instead of being applied. */
  as_request: boolean;
  /**
   * Addresses can be changed online (the owner's MANAGE_ADDRESS_CHANGES is 'enable'): the pick-up, stops and drop-off
   * of a mileage trip, the pick-up of an hourly hire; the server routes and prices the trip again. False: by phone.
   */
  addresses: boolean;
  /** A mileage booking (options, passengers and luggage can change); an hourly hire only its time and contact. */
  trip_options: boolean;
  /** The values a change starts from (London date and 12-hour time as the booking form has them). */
  current: ManageTripValues;
}

export interface ManageChangeRequest extends ManageAccess {
  /** The booking's `revision` the preview was made on (apply only). */
  revision?: number;
  changes: ManageChanges;
  /** A higher card price: the card's payment method (the booking flow's card form makes it). */
  payment_method_id?: string;
  /** After 3-D Secure: the intent the apply answered with `requires_action`. */
  payment_intent_id?: string;
}

/**
 * What confirming the change would do with the money:
 * - none: the price is the same;
 * - pay_driver: a pay-in-car booking, the new price is paid to the driver;
 * - charge: the card is charged the difference (3-D Secure when the bank asks);
 * - refund: the difference goes back to the card;
 * - request: a driver is assigned, the change goes to the operator as a request (nothing charged or refunded);
 * - on_account: a booking on a company account (issue 34): the new price is what the account is invoiced (a higher
 *   one within the account's credit limit; once invoiced, a lower one is a credit note).
 */
export const MANAGE_CHANGE_OUTCOMES = ['none', 'pay_driver', 'charge', 'refund', 'request', 'on_account'] as const;
export type ManageChangeOutcome = (typeof MANAGE_CHANGE_OUTCOMES)[number];

export interface ManageChangePreview {
  success: true;
  revision: number;
  currency: string;
  /** Pounds. */
  old_price: number;
  new_price: number;
  /** new − old (negative: money back). */
  difference: number;
  outcome: ManageChangeOutcome;
  /** What confirming means, in the passenger's words. */
  message: string;
  /** 'Pick-up: 10:30am on 12-12-2026 → 11:00am on 12-12-2026', one line per changed field. */
  summary: string[];
  /**
   * The promo code the booking was made with, taken off the new price under its rules as they stood at booking (no
   * second use, nothing judged again): its line's label and amount (pounds, negative); null when made without one.
   */
  discount: { label: string; amount: number } | null;
}

export interface ManageChangeResponse extends ManageBookingView {
  message: string;
  /** applied (with the money done), requested, or requires_action: 3-D Secure, then the same call with payment_intent_id. */
  result: 'applied' | 'requested' | 'requires_action';
  outcome: ManageChangeOutcome;
  difference: number;
  payment_intent_id: string | null;
  client_secret: string | null;
}

const pounds = (currency: string, amount: number) => poundsText(Math.round(Math.abs(amount) * 100), currency);

/** The preview's sentence for each outcome. */
export function changeOutcomeMessage(outcome: ManageChangeOutcome, currency: string, newPrice: number, difference: number, companyName: string): string {
  switch (outcome) {
    case 'none':
      return `The price stays ${pounds(currency, newPrice)}.`;
    case 'pay_driver':
      return `The new price is ${pounds(currency, newPrice)}, paid to the driver.`;
    case 'charge':
      return `The new price is ${pounds(currency, newPrice)}: ${pounds(currency, difference)} more will be charged to your card.`;
    case 'refund':
      return `The new price is ${pounds(currency, newPrice)}: ${pounds(currency, difference)} will go back to the card you paid with.`;
    case 'on_account':
      return `The new price is ${pounds(currency, newPrice)}, invoiced to your company account.`;
    case 'request':
      return `A driver is already assigned: your change will be sent to ${companyName} as a request, and the price confirmed with you.`;
  }
}
