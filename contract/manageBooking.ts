import type { BookingResponse } from './bookings.ts';

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

/** Why a cancellation is refused after the cut-off: the rule, the last moment it allowed, who to call. */
export function cutoffPassedMessage(facts: { cutoffMinutes: number; cutoffDate: string; cutoffTime: string; companyName: string; phone: string | null }): string {
  const before = facts.cutoffMinutes > 0 ? `${cutoffText(facts.cutoffMinutes)} before pick-up` : 'the pick-up time';
  const date = facts.cutoffDate.split('-').reverse().join('-');
  return `Bookings can be cancelled online until ${before} (${facts.cutoffTime} on ${date}). To cancel now, please ${contact(facts.companyName, facts.phone)}.`;
}

/** The request body of every manage call: a link's token, or a signed-in passenger's booking number (zod: manageAccess.ts). */
export interface ManageAccess {
  token?: string;
  booking_number?: string;
}

/** The booking's status from the operator's side. */
export const MANAGE_STATUSES = ['confirmed', 'accepted', 'driver_assigned', 'completed', 'cancelled'] as const;
export type ManageStatus = (typeof MANAGE_STATUSES)[number];

export const MANAGE_STATUS_LABELS: Record<ManageStatus, string> = {
  confirmed: 'Confirmed',
  accepted: 'Accepted by the operator',
  driver_assigned: 'Driver assigned',
  completed: 'Completed',
  cancelled: 'Cancelled',
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
  /** Set once the operator has assigned a driver: the first name only, and the vehicle's registration. */
  driver: { first_name: string; vehicle_registration: string | null } | null;
  /** Raised by every change; a change (next step) names the revision it was made from. */
  revision: number;
  cancellation: ManageCancellationTerms;
  /** Set once cancelled. */
  cancelled: { at: string; by: 'passenger' | 'operator'; fee: number; refund: ManageRefund | null } | null;
  /** Company_Contact_Info: who to call. */
  operator_phone: string | null;
  /** When a link stops working (ISO 8601); null for a signed-in corporate passenger. */
  link_expires_at: string | null;
}

export interface ManageCancelResponse extends ManageBookingView {
  message: string;
}

export const MANAGE_REFUSAL_CODES = ['link_invalid', 'link_expired', 'link_revoked', 'wrong_booking', 'not_your_booking', 'cutoff_passed', 'not_cancellable'] as const;
export type ManageRefusalCode = (typeof MANAGE_REFUSAL_CODES)[number];

/**
 * A refused manage call: 401 link_invalid / link_expired / link_revoked, 403 wrong_booking, 404 not_your_booking,
 * 409 cutoff_passed / not_cancellable. (A malformed body is a plain 400 `{ success: false, message }`; a corporate
 * passenger's missing or ended session the usual 401 of the passenger calls.)
 */
export interface ManageRefusal {
  success: false;
  message: string;
  code: ManageRefusalCode;
  operator_phone: string | null;
}
