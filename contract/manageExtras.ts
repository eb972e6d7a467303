/**
 * The driver's waiting time and extras on the manage page (issue 32). A card booking's extras are charged off-session
 * when the driver completes the job; when the bank wants 3-D Secure they stay owing and the passenger is mailed the
 * manage link (`driver_extras_owing`). The manage resource then carries `extras` (what the driver added, the total and
 * where the payment stands) and the page pays what is owing with the change payment's card form:
 *
 *   POST /api/v1/manage-booking/extras/pay `{ token | booking_number, payment_method_id }` → ManageExtrasPayResponse:
 *     `paid` (charged once: the database's one successful payment per booking's extras), or `requires_action`
 *     (3-D Secure: `client_secret`, then the same call with `payment_intent_id`); 409 `extras_paid` (paid already),
 *     `nothing_owing`, `payment_in_progress`; 402 `payment_failed`.
 *   POST /api/v1/manage-booking/extras/authenticate (TEST MODE only): the sandbox's 3-D Secure answer, as the change's.
 *
 * No zod here: the manage page loads this file (the schemas are in apiResponses.ts and manageAccess.ts).
 */
import { poundsText } from './money.ts';
import type { ManageBookingView } from './manageBooking.ts';

export const MANAGE_EXTRAS_API = {
  pay: '/manage-booking/extras/pay',
  authenticate: '/manage-booking/extras/authenticate',
} as const;

/**
 * Where the extras' payment stands, for the passenger:
 * owing (3-D Secure wanted: pay on this page), paid (charged to the card), charging (being charged now),
 * office (not charged online: the card refused them, or the booking is on account; the office collects), in_car (a pay-in-car booking: paid to the driver).
 */
export const MANAGE_EXTRAS_STATUSES = ['owing', 'paid', 'charging', 'office', 'in_car'] as const;
export type ManageExtrasStatus = (typeof MANAGE_EXTRAS_STATUSES)[number];

/** The driver's extras as the passenger sees them (pounds, as the rest of the manage resource). */
export interface ManageExtras {
  lines: { label: string; amount: number }[];
  total: number;
  status: ManageExtrasStatus;
  /** One sentence saying where the payment stands (EXTRAS_MESSAGES.status). */
  message: string;
}

export const EXTRAS_MESSAGES = {
  heading: 'Waiting time and extras',
  status: (status: ManageExtrasStatus, totalPence: number, symbol?: string | null): string => {
    const amount = poundsText(totalPence, symbol);
    switch (status) {
      case 'owing':
        return `${amount} to pay: your bank asked you to confirm this payment, so it could not be taken from your card.`;
      case 'paid':
        return `${amount} paid by card.`;
      case 'charging':
        return `${amount} is being charged to your card.`;
      case 'office':
        return `${amount} to settle with the office: they will contact you.`;
      case 'in_car':
        return `${amount} paid to your driver.`;
    }
  },
  paid: (totalPence: number, symbol?: string | null) => `Thank you: ${poundsText(totalPence, symbol)} of waiting time and extras paid.`,
  alreadyPaid: 'The waiting time and extras of this booking are paid already.',
  nothingOwing: 'There is nothing to pay on this booking.',
  paymentFailed: 'Payment failed: nothing was charged. Please try again or use another card.',
} as const;

/** The pay call's body (with the access: token or booking number). */
export interface ManageExtrasPayRequest {
  token?: string;
  booking_number?: string;
  payment_method_id?: string;
  payment_intent_id?: string;
}

/** The pay call's answer: the manage resource as it now is, what happened and, for 3-D Secure, the intent. */
export interface ManageExtrasPayResponse extends ManageBookingView {
  message: string;
  result: 'paid' | 'requires_action';
  payment_intent_id: string | null;
  client_secret: string | null;
}
