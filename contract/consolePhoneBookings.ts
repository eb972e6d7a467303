import { z } from 'zod';
import { EMAIL_PATTERN } from './plainChecks.ts';
import { priceAnswerSchema, priceTripSchema, type PriceAnswer, type PriceTripInput } from './consoleEnquiries.ts';
import { priceOverrideSchema } from './staffPrices.ts';

/**
 * Phone bookings (issue 34, "Bookings the office takes"), under /api/admin, for owners and dispatchers of the site.
 * The dispatcher prices the caller's trip with the site's own quoting engine (the public site's price list), finds the
 * passenger by phone number or e-mail (or types one in), and books one vehicle of the list: pay in car, or on the
 * company account the passenger is a member of (its credit limit applies). The price may be overridden with a reason
 * (audited). The booking is the website's booking in every other way: the board hears of it, the passenger gets the
 * same confirmation; bookings.source is 'console'.
 */

export const PHONE_BOOKING_PATHS = {
  price: '/phone-bookings/price',
  passengers: '/phone-bookings/passengers',
  create: '/phone-bookings',
  /** POST, no body: card by payment link, a new link mailed (contract/payLinks.ts). */
  resendLink: '/phone-bookings/:booking_number/pay-link',
} as const;
export const phoneResendLinkPath = (bookingNumber: string) => PHONE_BOOKING_PATHS.resendLink.replace(':booking_number', encodeURIComponent(bookingNumber));

/** 'link': card by a mailed payment link (contract/payLinks.ts): the booking is held until paid, within a time limit. */
export const PHONE_PAYMENTS = ['car', 'account', 'link'] as const;
export type PhonePayment = (typeof PHONE_PAYMENTS)[number];
export const PHONE_PAYMENT_LABELS: Record<PhonePayment, string> = { car: 'Pay in car', account: 'On account', link: 'Card by payment link' };

export const PHONE_BOOKING_MESSAGES = {
  unknownPassenger: 'No such passenger on this site',
  accountNeedsMember: 'On account needs a passenger who is a member of a company account: find them first',
  booked: (bookingNumber: string) => `Booked ${bookingNumber}. The confirmation is on its way to the passenger.`,
  /** `due`: as londonMoment writes it ('09:00 on 2026-11-27'). */
  heldForLink: (bookingNumber: string, due: string) => `Booked ${bookingNumber}, held until ${due} (London time). The payment link is on its way to the passenger.`,
  searchShort: 'Type at least 3 characters of a phone number or e-mail address',
} as const;

/** POST /phone-bookings/price: the trip as the caller gives it (the inbox's trip fields). */
export const phonePriceSchema = priceTripSchema;
export type PhonePriceInput = PriceTripInput;
export const phonePriceAnswerSchema = priceAnswerSchema;
export type PhonePriceAnswer = PriceAnswer;

/** GET /phone-bookings/passengers?q=: by e-mail (its start) or phone number (its last 10 digits). */
export const passengerSearchSchema = z.object({ q: z.string({ error: PHONE_BOOKING_MESSAGES.searchShort }).trim().min(3, PHONE_BOOKING_MESSAGES.searchShort).max(254) });

export const phoneAccountSchema = z.object({ id: z.number(), name: z.string(), active: z.boolean(), po_required: z.boolean(), cost_centre_required: z.boolean() });
export const phonePassengerSchema = z.object({ id: z.number(), name: z.string(), email: z.string(), phone: z.string(), account: phoneAccountSchema.nullable() });
export type PhonePassenger = z.infer<typeof phonePassengerSchema>;
export const passengerSearchAnswerSchema = z.object({ success: z.literal(true), passengers: z.array(phonePassengerSchema) });
export type PassengerSearchAnswer = z.infer<typeof passengerSearchAnswerSchema>;

const field = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);

/** POST /phone-bookings */
export const phoneBookingSchema = z.object({
  quote_id: z.string().trim().min(1).max(100),
  vehicle_id: z.coerce.number().int().positive(),
  company_id: z.coerce.number().int().positive(),
  passenger: z.object({
    /** A passenger found by the search (their account, their company account); absent for one typed in. */
    id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
    name: field(200, "Enter the passenger's name"),
    email: z.string().trim().max(254).regex(EMAIL_PATTERN, "Enter the passenger's e-mail address (the confirmation goes there)"),
    phone: field(40, "Enter the passenger's phone number"),
  }),
  payment: z.enum(PHONE_PAYMENTS, { error: "payment must be 'car', 'account' or 'link'" }),
  po_number: z.string().trim().max(100).optional(),
  cost_centre: z.string().trim().max(100).optional(),
  /** For the driver (the booking's additional information). */
  notes: z.string().trim().max(1000).default(''),
  /** The dispatcher's own price for the vehicle instead of the tariff's, with the reason; null = the tariff's. */
  price_override: priceOverrideSchema.nullable().optional(),
  /** The console's key of this booking: the same key again (a double Enter, a retry) is the same booking. */
  booking_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'booking_key: 8 to 64 letters, digits, - or _'),
});
export type PhoneBookingInput = z.input<typeof phoneBookingSchema>;

export const phoneBookingAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  booking_number: z.string(),
  /** Pounds: what the passenger pays, and what the tariff said. */
  total: z.number(),
  tariff_total: z.number(),
  payment_method: z.string(),
  payment_status: z.string(),
  /** False when the same booking_key had booked already (nothing new written). */
  created: z.boolean(),
  /** Card by payment link only: when the link stops working and the booking is released unpaid (ISO instant). */
  pay_link_due_at: z.string().optional(),
});
export type PhoneBookingAnswer = z.infer<typeof phoneBookingAnswerSchema>;
