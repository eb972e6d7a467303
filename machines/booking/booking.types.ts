/**
 * Data the booking flow holds. The shapes the server reads or answers come from the contract: the quoting shapes
 * (BookingForm, HourlyRateForm, PriceDetail, the selected-vehicle price call) from contract/booking.ts, and the
 * passenger modes, registration data, payment methods and the booking response from contract/bookings.ts. What is
 * the flow's own (the settings it reads, the selection kind, the card payment in progress, the alerts) is defined here.
 */
import type { BookingForm, BookingType, HourlyRateForm, PriceDetail, SelectedOptions, SelectedVehiclePriceResponse } from '../../contract/booking.ts';
import type { BookingCreate, BookingResponse, RegistrationData as SubmittedRegistrationData } from '../../contract/bookings.ts';
import type { PassengerMode } from '../../contract/passengerModes.ts';
import type { Settings } from '../../contract/settings.ts';

export type { BookingForm, BookingType, HourlyRateForm, PriceDetail, SelectedOptions, SelectedVehiclePriceResponse };
export type { BookingResponse, PassengerMode };
// From the schema-free module: the home page imports these types' module, and zod must stay out of its bundle.
export { PASSENGER_MODES } from '../../contract/passengerModes.ts';

/** The settings the flow reads (spec §3, §5, §8, §9). Missing ones read as null (switched off). */
export type BookingSettingName = 'MULTIPLE_PRICES' | 'CHEAPEST_COMPANY_PRICE' | 'SHOWCARD' | 'SHOWPAYINCAR' | 'GRACE_TIME' | 'ROUND_OFF';
export type BookingSettings = Pick<Settings, BookingSettingName>;

/** Spec §3 "The kind of selection": Book Now on the Lowest Price block, or on a vehicle card. */
export type SelectionKind = 'lowest' | 'selection';

/** Spec §3 Registration data (stored encoded under registrationData): the contract's fields, every one kept. */
export type RegistrationData = Required<SubmittedRegistrationData>;

export const EMPTY_REGISTRATION: RegistrationData = {
  firstName: '',
  surname: '',
  number: '',
  email: '',
  username: '',
  privacyAccepted: false,
  termsAccepted: false,
  passengerDetails: 'no',
  passengerName: '',
  passengerEmail: '',
  passengerPhone: '',
  additionalInfo: '',
  return_additionalInfo: '',
  password: '',
};

/** A price row's identity: quantities are keyed `${vehicle_id}-${company_id}` (spec §3). */
export type VehicleKey = Pick<PriceDetail, 'vehicle_id' | 'company_id'>;

/**
 * Spec §3 Booking create payload as the flow sends it (the contract's fields), plus the idempotency key that makes a
 * retried call create one booking (sent as a header). The whole price row travels as selectedVehicleData: the server
 * reads its quote_id, vehicle_id and company_id and prices the vehicle itself.
 */
export interface BookingCreatePayload extends Pick<BookingCreate, 'selectedVehicle' | 'bookingType' | 'payment_method' | 'selected_passenger'> {
  selectedVehicleData: PriceDetail;
  bookingForm: BookingForm | null;
  hourlyRateForm: HourlyRateForm | null;
  registrationData: RegistrationData;
  stripe_session_id: string | null;
  paymentId: string | null;
  /** The applied promo code (the server checks it again and takes the discount itself). */
  promo_code?: string | null;
  /** "Nothing to pay": the applied code makes the booking free (the server refuses it unless its total is £0). */
  nothing_to_pay?: boolean;
  /** On account (issue 34): the PO number and cost centre (the account is the signed-in member's, found by the server). */
  po_number?: string;
  cost_centre?: string;
  /** Sent with the corporate session's bearer token (the member is signed in); not part of the body. */
  signedIn?: boolean;
  idempotencyKey: string;
}

/** What the card page hands over on Pay Now: Stripe's card element or the sandbox's fields. Never stored. */
export type CardFormOutcome = unknown;

/** Stripe's PaymentIntent statuses, plus 'failed' which spec §8 names for a declined confirmation. */
export type PaymentIntentStatus =
  | 'succeeded'
  | 'requires_action'
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'processing'
  | 'canceled'
  | 'failed';

/** The ids of the card payment in progress (all strings: the context stays finite). */
export interface CardPayment {
  paymentMethodId: string;
  paymentIntentId: string | null;
  clientSecret: string | null;
  paymentId: string | null;
  stripeSessionId: string | null;
}

/** An alert dialog or popup the view shows while it is set (spec §8). */
export interface BookingAlert {
  kind: 'sameAddress' | 'urgentBooking' | 'error' | 'validation' | 'success';
  /** 'Same Address Booking!', 'Urgent Booking!', 'Error', 'Payment failed', 'Payment successful!'; null for a bare message. */
  title: string | null;
  message: string;
}
