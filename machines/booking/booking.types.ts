/**
 * Data the booking flow holds. The quoting shapes (BookingForm, HourlyRateForm, PriceDetail, the selected-vehicle
 * price call) come from contract/booking.ts. Registration data, the booking create payload and the booking response
 * are defined here with the field names of spec §3 because the contract does not carry them yet; when it does,
 * re-export the contract's types from this file instead so every importer follows.
 */
import type { BookingForm, BookingType, HourlyRateForm, PriceDetail, SelectedOptions, SelectedVehiclePriceResponse } from '../../contract/booking.ts';
import type { Settings } from '../../contract/settings.ts';

export type { BookingForm, BookingType, HourlyRateForm, PriceDetail, SelectedOptions, SelectedVehiclePriceResponse };

/** The settings the flow reads (spec §3, §5, §8, §9). Missing ones read as null (switched off). */
export type BookingSettingName = 'MULTIPLE_PRICES' | 'CHEAPEST_COMPANY_PRICE' | 'SHOWCARD' | 'SHOWPAYINCAR' | 'GRACE_TIME' | 'ROUND_OFF';
export type BookingSettings = Pick<Settings, BookingSettingName>;

/** Spec §3 "The kind of selection": Book Now on the Lowest Price block, or on a vehicle card. */
export type SelectionKind = 'lowest' | 'selection';

/** Spec §3/§9 passenger modes, persisted separately (selectedPassenger). */
export type PassengerMode = 'guest_login' | 'new_client' | 'existing_client';
export const PASSENGER_MODES = ['guest_login', 'new_client', 'existing_client'] as const satisfies readonly PassengerMode[];

/** Spec §3 Registration data (stored encoded under registrationData). */
export interface RegistrationData {
  firstName: string;
  surname: string;
  number: string;
  email: string;
  username: string;
  privacyAccepted: boolean;
  termsAccepted: boolean;
  /** 'yes' when someone else travels (passengerName, passengerEmail, passengerPhone apply); 'no' by default. */
  passengerDetails: 'yes' | 'no';
  passengerName: string;
  passengerEmail: string;
  passengerPhone: string;
  additionalInfo: string;
  return_additionalInfo: string;
  password: string;
}

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

/** Spec §3 Booking response. */
export interface BookingResponse {
  success: boolean;
  data: {
    booking: {
      booking_number: string;
      /** 'Q' is a normal (mileage) booking, anything else hourly. */
      ride_type: string;
      pick_up_address: string;
      drop_off_address: string | null;
      pick_up_date: string;
      pick_up_time: string;
      return_date: string | null;
      return_time: string | null;
      hourly_duration: number | string | null;
      payment_method: 'car' | 'card';
      total_booking_amount: number | string;
    };
    bookingStops: { id: number; stop_address: string; stop_post_code: string }[];
    passengerDetails: {
      passenger_id: number | null;
      passenger_name: string;
      passenger_email: string;
      passenger_contact_no: string;
      additional_info: string | null;
      total_passengers: number;
    };
  };
}

/** Spec §3 Booking create payload, plus the idempotency key that makes a retried call create one booking. */
export interface BookingCreatePayload {
  selectedVehicleData: PriceDetail;
  /** The number of vehicles, or 1 when the selection kind is 'lowest'. */
  selectedVehicle: number;
  bookingType: BookingType;
  bookingForm: BookingForm | null;
  hourlyRateForm: HourlyRateForm | null;
  registrationData: RegistrationData;
  payment_method: 'car' | 'card';
  selected_passenger: PassengerMode;
  stripe_session_id: string | null;
  paymentId: string | null;
  /** The applied promo code (the server checks it again and takes the discount itself). */
  promo_code?: string | null;
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
