import { z } from 'zod';
import { promoCodeFieldSchema } from './promoCodes.ts';
import { bookingFormSchema, hourlyRateFormSchema } from './booking.ts';
import { PAYMENT_METHODS, type PaymentMethod } from './paymentMethods.ts';

/**
 * POST /api/v1/booking (spec §3 Booking create payload) and the card payment calls (spec §7).
 * The server reads the chosen vehicle by its quote_id, vehicle_id and company_id and prices it itself: the browser's
 * price, final_price and amount are only compared with the server's, never stored.
 */

import { PASSENGER_MODES, type PassengerMode } from './passengerModes.ts';

export { PASSENGER_MODES, type PassengerMode };
export { NOTHING_TO_PAY, PAYMENT_METHODS, PAYMENT_METHOD_LABELS, paymentLabel, type PaymentMethod } from './paymentMethods.ts';

const text = (max = 300) => z.preprocess((value) => (value === undefined || value === null ? '' : value), z.string().trim().max(max));
const flag = z.preprocess((value) => value === true || value === 'true' || value === 'yes' || value === 1, z.boolean());

/** registrationData (spec §3), as the browser stores it. */
export const registrationDataSchema = z.object({
  firstName: text(100),
  surname: text(100),
  number: text(40),
  email: text(254),
  username: text(254).optional(),
  privacyAccepted: flag.optional(),
  termsAccepted: flag.optional(),
  passengerDetails: z.preprocess((value) => (value === 'yes' || value === true ? 'yes' : 'no'), z.enum(['yes', 'no'])),
  passengerName: text(200),
  passengerEmail: text(254),
  passengerPhone: text(40),
  additionalInfo: text(1000),
  return_additionalInfo: text(1000),
  password: text(128).optional(),
});
export type RegistrationData = z.infer<typeof registrationDataSchema>;

export const selectedVehicleDataSchema = z.object({
  quote_id: z.string().trim().min(1).max(100),
  vehicle_id: z.coerce.number().int().positive(),
  company_id: z.coerce.number().int().positive(),
  vehicle_type: z.string().max(200).optional(),
  /** What the browser showed for one vehicle; compared with the server's price, never trusted. */
  final_price: z.coerce.number().min(0).max(1_000_000).optional(),
  price: z.coerce.number().min(0).max(1_000_000).optional(),
});

export const bookingCreateSchema = z.object({
  selectedVehicleData: selectedVehicleDataSchema,
  selectedVehicle: z.preprocess((value) => (value === undefined || value === null || value === '' ? 1 : value), z.coerce.number().int().min(1).max(6)),
  bookingType: z.enum(['milleage', 'hourly']),
  bookingForm: bookingFormSchema.nullable().optional(),
  hourlyRateForm: hourlyRateFormSchema.nullable().optional(),
  registrationData: registrationDataSchema,
  payment_method: z.enum(PAYMENT_METHODS),
  selected_passenger: z.enum(PASSENGER_MODES),
  stripe_session_id: z.string().max(200).nullable().optional(),
  paymentId: z.string().max(200).nullable().optional(),
  /** The visitor's promo code (blank = none): the server checks it and takes the discount off the total. */
  promo_code: promoCodeFieldSchema,
  /**
   * "Nothing to pay": the visitor books a booking its promo code makes free, without a card or the driver. The server
   * prices it again and refuses it (409 `notFree`) unless its own total is £0; payment_method is then recorded as
   * 'car' (no card payment) with payment_status 'nothing_to_pay'.
   */
  nothing_to_pay: z.boolean().optional(),
  /**
   * Booking on account (issue 34), with payment_method 'account': the signed-in member's (the request's bearer token)
   * PO number and cost centre. The server finds the account from the token, never from the browser.
   */
  po_number: z.string().trim().max(100).optional(),
  cost_centre: z.string().trim().max(100).optional(),
});
export type BookingCreate = z.output<typeof bookingCreateSchema>;
export type BookingCreateInput = z.input<typeof bookingCreateSchema>;

/** Spec §3 Booking response. Dates YYYY-MM-DD, times as 12-hour text ('3:05pm'). */
export interface BookingResponse {
  success: true;
  data: {
    booking: {
      booking_number: string;
      ride_type: 'Q' | 'H';
      pick_up_address: string;
      drop_off_address: string;
      pick_up_date: string;
      pick_up_time: string;
      return_date: string | null;
      return_time: string | null;
      hourly_duration: number | null;
      payment_method: PaymentMethod;
      total_booking_amount: number;
      vehicle_category: string;
      company_name: string;
      vehicle_qty: number;
      currency: string;
    };
    bookingStops: { id: number; stop_address: string; stop_post_code: string }[];
    passengerDetails: {
      passenger_id: number | null;
      passenger_name: string;
      passenger_email: string;
      passenger_contact_no: string;
      additional_info: string;
      total_passengers: number;
    };
  };
}

/**
 * The website framed in the operator's own page (public/embed.js) sends this header with its booking and payment
 * calls, so the owner's reports can tell those bookings apart (bookings.source 'embedded'). Only that value counts:
 * anything else, or none, is the website. A report's attribution, not a fact the server can check.
 */
export const BOOKING_CHANNEL_HEADER = 'x-cabflow-channel';
export type BookingChannel = 'website' | 'embedded';
export const bookingChannelOf = (header: unknown): BookingChannel => (header === 'embedded' ? 'embedded' : 'website');

/** POST /api/v1/create-payment-intent: spec fields plus the booking it pays for (the amount is checked against it). */
export const createPaymentIntentSchema = z.object({
  paymentMethodId: z.string().trim().min(1).max(200),
  amount: z.coerce.number().int().positive().max(100_000_000),
  booking: bookingCreateSchema,
  idempotencyKey: z.string().trim().max(200).optional(),
});

export const confirmPaymentIntentSchema = z.object({
  paymentIntentId: z.string().trim().min(1).max(200),
});

/** The sandbox's own 3-D Secure challenge answer (TEST MODE only). */
export const sandboxAuthenticateSchema = z.object({
  paymentIntentId: z.string().trim().min(1).max(200),
  outcome: z.enum(['complete', 'fail']),
});

export interface ConfirmPaymentResponse {
  success: boolean;
  /** 'succeeded' | 'requires_action' | 'failed' | 'processing' */
  status: 'succeeded' | 'requires_action' | 'failed' | 'processing';
  sessionId: string | null;
  paymentId: string;
  client_secret: string | null;
  error: string | null;
  /** Set once the server has made the booking for this payment. */
  booking_number: string | null;
}

export const BOOKING_MESSAGES = {
  priceChanged: 'The price of this vehicle has changed. Please check the new price and try again.',
  amountMismatch: 'The amount to pay does not match the price of this booking. Please go back and try again.',
  emailTaken: 'An account with this email already exists. Choose "Existing client" and sign in, or use another email.',
  wrongCredentials: 'Email not found in the system, Enter new email inside new client or try with another email',
  paymentNotCompleted: 'The card payment for this booking has not been completed.',
  paymentUsed: 'This payment has already been used for another booking.',
  alreadyPaid: 'This booking has already been paid for.',
  paymentInProgress: 'A payment for this booking is already in progress. Please wait for it to finish.',
  formMissing: 'The booking form is missing.',
  vehicleNotInQuote: 'This vehicle is not part of the quote. Please search again.',
  zeroPrice: 'This vehicle has no price for this trip. Please contact us for a quote.',
  cardDisabled: 'Card payments are not available.',
  carDisabled: 'Pay in Car is not available.',
  notFree: 'This booking has a price to pay. Please go back and choose how to pay.',
  nothingToPayByCard: 'This booking is free: there is nothing to pay by card.',
  noWheelchairAccess: 'This vehicle is not wheelchair accessible. Please choose a wheelchair-accessible vehicle, or remove the wheelchair option.',
  /** A QUOTE NOW offer at the office's own price books once (issue 34). */
  offerAlreadyBooked: 'This offer has already been booked. Please contact us for a new quote.',
} as const;
