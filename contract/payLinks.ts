import { z } from 'zod';

/**
 * Card payment by a mailed payment link (issue 34, "Bookings the office takes"): a phone booking taken as
 * 'Card by payment link' is held (bookings.status 'awaiting_payment') until the passenger pays on the public page
 * /pay-booking#token=… that the mail links to, or until its time limit, when the server releases it (cancelled).
 * The calls are under /api/v1 with the site's key pair, like the manage page's; the token travels in the body.
 */

export const PAY_LINK_ROUTE = '/pay-booking';

export const PAY_LINK_API = {
  view: '/pay-booking',
  pay: '/pay-booking/pay',
  /** TEST MODE only: the sandbox's 3-D Secure answer for the link's charge. */
  authenticate: '/pay-booking/authenticate',
} as const;

/** A link's token: 256 random bits, base64url (as the manage link's). */
export const PAY_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A link is never due later than this long before the pick-up (the driver must know whether to go). */
export const PAY_LINK_BEFORE_PICKUP_MINUTES = 60;
/** PAY_LINK_MINUTES when the owner has not set it: a day. */
export const PAY_LINK_DEFAULT_MINUTES = 1_440;
/** A link with less than this long to run is not sent: the pick-up is too soon for one. */
export const PAY_LINK_MIN_MINUTES = 15;

/** How long a payment link runs from `now`: the owner's minutes, at the latest PAY_LINK_BEFORE_PICKUP_MINUTES before the pick-up. */
export function payLinkDueAt(now: Date, pickupAt: Date, setting: string | null | undefined): Date {
  const text = setting?.trim() ?? '';
  const minutes = /^\d{1,6}$/.test(text) ? Math.min(Math.max(Number(text), PAY_LINK_MIN_MINUTES), 10_080) : PAY_LINK_DEFAULT_MINUTES;
  return new Date(Math.min(now.getTime() + minutes * 60_000, pickupAt.getTime() - PAY_LINK_BEFORE_PICKUP_MINUTES * 60_000));
}

export const PAY_LINK_MESSAGES = {
  unknown: 'This payment link is not valid. Please use the link in the latest e-mail we sent you, or call us.',
  released: 'This payment link has expired and the booking was cancelled. Please call us to book again.',
  cancelled: 'This booking was cancelled, so there is nothing to pay. Please call us if you still need the trip.',
  alreadyPaid: 'This booking is already paid: you will not be charged again.',
  paid: (bookingNumber: string) => `Thank you: booking ${bookingNumber} is paid and confirmed. Your confirmation is on its way by e-mail.`,
  declined: 'Your card was not charged.',
  inProgress: 'A payment for this booking is already under way. Please wait a moment and reload the page.',
  tooSoon: 'The pick-up is too soon for a payment link: take the payment another way.',
  cardsOff: 'Card payments are turned off for this site: take the payment another way.',
  notHeld: 'This booking is not waiting for a payment link.',
  resent: (email: string) => `A new payment link is on its way to ${email}. The old link no longer works.`,
  lateRefunded: (amount: string) => `This booking had already been cancelled when your payment arrived: the ${amount} is refunded to your card in full.`,
} as const;

/** released: past its limit unpaid (the release job cancelled it, or is about to); cancelled: by the office. */
export const PAY_LINK_STATUSES = ['awaiting_payment', 'paid', 'released', 'cancelled'] as const;
export type PayLinkStatus = (typeof PAY_LINK_STATUSES)[number];

const token = z.string({ error: 'token is required' }).regex(PAY_LINK_TOKEN_PATTERN, 'token: not a payment link');

/** POST /pay-booking { token }: the booking the link pays. */
export const payLinkAccessSchema = z.object({ token }).strict();
export type PayLinkAccess = z.infer<typeof payLinkAccessSchema>;

/** POST /pay-booking/pay: a card's payment method, or (after 3-D Secure) the intent it made. */
export const payLinkPaySchema = z
  .object({
    token,
    payment_method_id: z.string().trim().min(1).max(200).optional(),
    payment_intent_id: z.string().trim().min(1).max(200).optional(),
  })
  .strict()
  .refine((body) => (body.payment_method_id === undefined) !== (body.payment_intent_id === undefined), { message: 'send payment_method_id or payment_intent_id' });
export type PayLinkPayInput = z.infer<typeof payLinkPaySchema>;

export const payLinkAuthenticateSchema = z.object({ token, payment_intent_id: z.string().trim().min(1).max(200), outcome: z.enum(['complete', 'fail']) }).strict();

export const payLinkViewSchema = z.object({
  success: z.literal(true),
  booking_number: z.string(),
  status: z.enum(PAY_LINK_STATUSES),
  /** Pounds, the booking's total (the server's price). */
  amount: z.number(),
  currency: z.string(),
  /** When the link stops working (ISO instant). */
  due_at: z.string(),
  trip: z.object({
    pickup: z.string(),
    stops: z.array(z.string()),
    dropoff: z.string(),
    pickup_date: z.string(),
    pickup_time: z.string(),
    return_date: z.string().nullable(),
    return_time: z.string().nullable(),
    hours: z.number().nullable(),
    vehicle: z.string(),
    passengers: z.number(),
    passenger_name: z.string(),
  }),
  company_name: z.string(),
});
export type PayLinkView = z.infer<typeof payLinkViewSchema>;

export const payLinkPayAnswerSchema = z.object({
  success: z.literal(true),
  /** paid: the booking is confirmed; requires_action: 3-D Secure first, then pay again with the intent. */
  result: z.enum(['paid', 'requires_action']),
  message: z.string(),
  booking_number: z.string(),
  payment_intent_id: z.string(),
  client_secret: z.string().nullable(),
});
export type PayLinkPayAnswer = z.infer<typeof payLinkPayAnswerSchema>;

/** POST /api/admin/phone-bookings/:booking_number/pay-link: a new link mailed (the old one stops working). */
export const payLinkResendParamsSchema = z.object({ booking_number: z.string().trim().regex(/^CF-[A-Z0-9]{8}$/, 'booking_number: not a booking number') });
export const payLinkResendAnswerSchema = z.object({ success: z.literal(true), message: z.string(), due_at: z.string() });
export type PayLinkResendAnswer = z.infer<typeof payLinkResendAnswerSchema>;
