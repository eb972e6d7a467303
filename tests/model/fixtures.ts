/**
 * Data the models feed the machines: forms, price lists and the actors' answers, shaped as the contract says.
 * Machine-level only: the UI runner makes the real server give the equivalent answers.
 */
import type { Breakdown } from '../../contract/booking.ts';
import { QUOTE_MESSAGES } from '../../contract/quoting.constants.ts';
import type { BookingForm, BookingResponse, BookingSettings, ConfirmPaymentIntentOutput, HourlyRateForm, PriceDetail } from '../../machines/booking/index.ts';

/** The demo operator's booking settings (server/db/seed/demo.ts). */
export const DEMO_BOOKING_SETTINGS: BookingSettings = {
  MULTIPLE_PRICES: 'enable',
  CHEAPEST_COMPANY_PRICE: 'disable',
  SHOWCARD: 'yes',
  SHOWPAYINCAR: 'yes',
  GRACE_TIME: '120',
  ROUND_OFF: 'no',
};

const breakdown = (final_price: number): Breakdown => ({
  currency: 'GBP',
  lines: [],
  fare: final_price,
  surcharges: 0,
  extras: 0,
  rounding: 0,
  final_price,
  final_price_pence: Math.round(final_price * 100),
  price_pence: Math.round(final_price * 100),
  booking_type: 'milleage',
  distance_miles: 15,
  duration_seconds: 2400,
  return_distance_miles: null,
  return_duration_seconds: null,
  hours: null,
  pickup_at: '2030-06-03T13:30:00.000Z',
  return_at: null,
  estimated: true,
  notes: [],
});

const row = (vehicle_id: number, company_id: number, vehicle_type: string, seats: [number, number, number], price: number, final_price = price): PriceDetail => ({
  vehicle_id,
  company_id,
  company_name: ['', 'Westway Cars', 'Thames Executive Travel', 'Capital Airport Transfers'][company_id] ?? `Company ${company_id}`,
  vehicle_image: `vehicles/${vehicle_id}.svg`,
  vehicle_type,
  max_seat: seats[0],
  luggage: seats[1],
  small_luggage: seats[2],
  price,
  final_price,
  rating: 4.6,
  breakdown: breakdown(final_price),
  quote_id: `q-${vehicle_id}-${company_id}`,
  estimated: true,
});

export const SALOON = row(1, 1, 'Saloon', [4, 2, 2], 62.5);
export const ESTATE = row(2, 1, 'Estate', [4, 4, 3], 71);
export const MPV = row(4, 2, 'MPV 6-seat', [6, 4, 4], 58);
/** No price: the card offers Contact Us (spec §2 Quotation). */
export const UNPRICED = row(5, 3, 'Minibus 8-seat', [8, 8, 8], 0);
export const PRICE_LIST: PriceDetail[] = [SALOON, ESTATE, MPV, UNPRICED];
/** A list no vehicle of which seats the party (spec §5 capacity): the browser shows 'Passengers exceeded by …'. */
export const TOO_SMALL_LIST: PriceDetail[] = [row(1, 1, 'Saloon', [1, 0, 0], 40)];

export const QUOTE_FORM: BookingForm = {
  stops: [],
  pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
  dropoff: 'The Savoy, Strand, London WC2R 0EZ',
  pickup_date: '2030-06-03',
  pickup_hour: '2pm',
  pickup_min: '30',
  select_option: 'one_way',
  return_date: null,
  return_hour: null,
  return_min: null,
  passengers: 2,
  luggages: 1,
  hand_luggages: 1,
  return_passengers: 2,
  return_luggages: 1,
  return_hand_luggages: 1,
  waiting_min: 0,
  return_waiting_min: 0,
  pickup_fight_number: '',
  return_fight_number: '',
  meet_and_greet: 'no',
  baby_seats: 0,
  booster_seats: 0,
  wheel_chair: 'no',
  special_luggage: 0,
  return_meet_and_greet: 'no',
  return_baby_seats: 0,
  return_booster_seats: 0,
  return_wheel_chair: 'no',
  return_special_luggage: 0,
};

export const HOURLY_FORM: HourlyRateForm = {
  pickup_date: '2030-06-03',
  pickup_duration: '4hour',
  pickup_hour: '12pm',
  pickup_min: '00',
  pickup: 'Paddington Station, Praed Street, London W2 1HB',
  userLocation: null,
};

export const PRICE_ERRORS = {
  sameAddress: QUOTE_MESSAGES.zeroDistance,
  gracePeriod: QUOTE_MESSAGES.gracePeriod,
  banned: QUOTE_MESSAGES.bannedAddress,
  server: 'Something went wrong on our side. Please try again.',
} as const;

export const BOOKING_RESPONSE: BookingResponse = {
  success: true,
  data: {
    booking: {
      booking_number: 'CF-7K3M9Q',
      ride_type: 'Q',
      pick_up_address: QUOTE_FORM.pickup,
      drop_off_address: QUOTE_FORM.dropoff,
      pick_up_date: QUOTE_FORM.pickup_date,
      pick_up_time: '2:30pm',
      return_date: null,
      return_time: null,
      hourly_duration: null,
      payment_method: 'card',
      total_booking_amount: 62.5,
      vehicle_category: 'Saloon',
      company_name: 'Westway Cars',
      vehicle_qty: 1,
      currency: 'GBP',
    },
    bookingStops: [],
    passengerDetails: {
      passenger_id: null,
      passenger_name: 'Ada Lovelace',
      passenger_email: 'ada@example.test',
      passenger_contact_no: '+44 7700 900123',
      additional_info: '',
      total_passengers: 2,
    },
  },
};

export const confirmation = (status: ConfirmPaymentIntentOutput['status'], error: string | null = null): ConfirmPaymentIntentOutput => ({
  status,
  sessionId: status === 'succeeded' ? 'cs_test_1' : null,
  paymentId: status === 'succeeded' ? 'pi_sandbox_1' : null,
  clientSecret: status === 'requires_action' ? 'pi_sandbox_1_secret' : null,
  error,
});

export const CARD_DECLINED = 'Your card was declined.';
export const INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';
export const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
export const TEST_CARD_ONLY = 'TEST MODE accepts only the test card numbers shown';
