/**
 * The booking flow's effects, declared by signature only. The composition root (src/app/) supplies the real ones
 * with `bookingMachine.provide({ actors })` as thin wrappers over src/api (passing `signal` through); tests supply
 * stubs the same way. Each rejects with an Error whose message is the text to show: the server response's `message`
 * when there is a response, otherwise the client error's message (spec §8).
 */
import { fromPromise } from 'xstate';
import type {
  BookingCreatePayload,
  BookingForm,
  BookingResponse,
  BookingType,
  CardFormOutcome,
  HourlyRateForm,
  PaymentIntentStatus,
  PriceDetail,
  SelectedOptions,
  SelectedVehiclePriceResponse,
} from './booking.types.ts';

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`booking actor "${name}" is not provided: supply it with bookingMachine.provide({ actors })`));

export type CalculatePriceInput =
  | { bookingType: Extract<BookingType, 'milleage'>; bookingForm: BookingForm }
  | { bookingType: Extract<BookingType, 'hourly'>; hourlyRateForm: HourlyRateForm };

export interface RecalculateSelectedVehicleInput {
  /** The selected row: the body sends its quote_id, vehicle_id and company_id (contract selectedVehiclePriceBodySchema). */
  vehicle: PriceDetail;
  /** With the visitor's promo code and the booked quantity, the answer carries the code's line and totals (or its refusal). */
  options: SelectedOptions & { promo_code?: string; selectedVehicle?: number };
}

/** The HTTP status and, on 200, the body: spec §7 accepts only status 200, so the machine checks it. */
export interface RecalculateSelectedVehicleOutput {
  status: number;
  data: SelectedVehiclePriceResponse | null;
  /** The server's message when the status is not 200 (a refused promo code's, shown as it is). */
  message?: string;
}

export interface CheckPassengerEmailInput {
  email: string;
  password: string;
}

export interface CreatePaymentMethodInput {
  card: CardFormOutcome;
  billingDetails: { name: string; email: string; phone: string };
}

export interface CreatePaymentIntentInput {
  paymentMethodId: string;
  /** Minor units (spec §9); the server recomputes it from the quote and refuses a mismatch. */
  amount: number;
  /** The booking this payment is for (payment_method 'card', no payment ids yet): the server prices it from its quote. */
  booking: BookingCreatePayload;
  /** The same key for the same payment method, so a retried call makes one intent. */
  idempotencyKey: string;
}

export interface CreatePaymentIntentOutput {
  paymentIntentId: string;
  /** Needed by handleNextAction for 3-D Secure; null when the provider gives none. */
  clientSecret: string | null;
}

export interface ConfirmPaymentIntentInput {
  paymentIntentId: string;
  idempotencyKey: string;
}

export interface ConfirmPaymentIntentOutput {
  status: PaymentIntentStatus;
  sessionId: string | null;
  paymentId: string | null;
  clientSecret: string | null;
  /** The provider's decline or failure message, shown after 'Payment failed'. */
  error: string | null;
}

export interface HandleNextActionInput {
  paymentIntentId: string;
  clientSecret: string | null;
}

export type HandleNextActionOutput = { status: 'completed' } | { status: 'failed'; message: string | null };

export const bookingActors = {
  /**
   * POST /api/v1/calculate-distance-price (mileage, body = the BookingForm) or /calculate-hourly-price (the
   * HourlyRateForm). Resolves with the price_details list and the route_polyline (null when absent); rejects with
   * the error text (spec §8).
   */
  calculatePrice: fromPromise<{ priceDetails: PriceDetail[]; routePolyline: string | null }, CalculatePriceInput>(notProvided('calculatePrice')),
  /**
   * POST /api/v1/calculate-selected-vehicle-price. Resolves with the status and body whatever the status (use
   * ofetch.raw with ignoreResponseError); rejects only when there is no response.
   */
  recalculateSelectedVehicle: fromPromise<RecalculateSelectedVehicleOutput, RecalculateSelectedVehicleInput>(notProvided('recalculateSelectedVehicle')),
  /** POST /api/v1/check-passenger-email. Resolves with the success flag; rejects with the reason on an error. */
  checkPassengerEmail: fromPromise<{ success: boolean }, CheckPassengerEmailInput>(notProvided('checkPassengerEmail')),
  /** POST /api/v1/booking. Resolves with the booking response when success; rejects with the server's message. */
  createBooking: fromPromise<BookingResponse, BookingCreatePayload>(notProvided('createBooking')),
  /** GET /api/v1/secret_key: the card provider's publishable key (the sandbox's for the embedded default). */
  fetchPublishableKey: fromPromise<string, void>(notProvided('fetchPublishableKey')),
  /** Stripe.js createPaymentMethod from the card fields (or the sandbox's test-card mapping). Rejects with the provider's message. */
  createPaymentMethod: fromPromise<{ paymentMethodId: string }, CreatePaymentMethodInput>(notProvided('createPaymentMethod')),
  /** POST /api/v1/create-payment-intent. Rejects when the server gives no paymentIntentId (its error). */
  createPaymentIntent: fromPromise<CreatePaymentIntentOutput, CreatePaymentIntentInput>(notProvided('createPaymentIntent')),
  /**
   * POST /api/v1/confirm-payment-intent. Resolves with the intent's status whatever it is (a decline is a status,
   * not a rejection); rejects only when the call itself fails.
   */
  confirmPaymentIntent: fromPromise<ConfirmPaymentIntentOutput, ConfirmPaymentIntentInput>(notProvided('confirmPaymentIntent')),
  /**
   * 3-D Secure: Stripe.js handleNextAction (or the sandbox's challenge page with Complete and Fail). Resolves
   * 'completed' when the customer finished the challenge (the intent is then confirmed again), 'failed' otherwise.
   */
  handleNextAction: fromPromise<HandleNextActionOutput, HandleNextActionInput>(notProvided('handleNextAction')),
};
