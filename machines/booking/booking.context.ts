/**
 * The booking machine's data: context, input (what the composition root restores), events, timings, and the
 * pure functions that build call inputs from the context.
 */
import type { AppliedPromo } from '../../contract/promoCodes.ts';
import type { RememberedDetails } from '../../contract/rememberedDetails.ts';
import { BOOKING_MESSAGES } from './booking.messages.ts';
import { bookedQuantity, cardAmountMinor, vehicleTotal } from './booking.pricing.ts';
import {
  EMPTY_REGISTRATION,
  type BookingAlert,
  type BookingCreatePayload,
  type BookingForm,
  type BookingResponse,
  type BookingSettings,
  type BookingType,
  type CardFormOutcome,
  type CardPayment,
  type HourlyRateForm,
  type PassengerMode,
  type PriceDetail,
  type RegistrationData,
  type SelectedOptions,
  type SelectionKind,
  type VehicleKey,
} from './booking.types.ts';

/** The BookingForm's reference fields for an airport, station or port pickup and return (spec §3 spelling). */
export type TravelReferences = Partial<Pick<BookingForm, 'pickup_fight_number' | 'return_fight_number'>>;

export interface BookingContext {
  /** The settings the flow reads; the composition root passes them in and sends settings.update when they load. */
  settings: BookingSettings;
  /** One per browser session; every payment and booking call derives its idempotency key from it. */
  idempotencyKey: string;
  bookingType: BookingType;
  /** The forms as last submitted (and as the options editor changed the mileage one). */
  bookingForm: BookingForm | null;
  hourlyRateForm: HourlyRateForm | null;
  /** The shown price list, filtered per spec §5; null when there is none (the quotation step is closed). */
  priceDetails: PriceDetail[] | null;
  /** The price answer's route_polyline (the road route drawn by the route map); null offline or after a reload. */
  routePolyline: string | null;
  /** The last price calculation's error text (cleared at the start of each call). */
  pricingError: string | null;
  /** Vehicle select per `${vehicle_id}-${company_id}`, 1..6; only keys of the current list. */
  quantities: Record<string, number>;
  selectedVehicle: PriceDetail | null;
  selectionKind: SelectionKind | null;
  registrationData: RegistrationData;
  passengerMode: PassengerMode;
  /** The card provider's publishable key, for the /stripecheckout query and Stripe.js. */
  publishableKey: string | null;
  /** The card payment in progress. Card data itself is never stored. */
  cardPayment: CardPayment | null;
  /** The booking response shown on /paymentSuccessView. */
  booking: BookingResponse | null;
  /** The popup or alert dialog showing now. */
  alert: BookingAlert | null;
  /** The quotation's card layout (spec §2: list or grid, list by default); kept across searches. */
  layout: QuotationLayout;
  /** The promo code field of the details step as typed. */
  promoDraft: string;
  /** The code the server accepted for the chosen vehicle: its line and totals (kept to the confirmation). */
  promo: AppliedPromo | null;
  /** The server's refusal of the code last tried, shown under the field. */
  promoMessage: string | null;
  /**
   * The corporate area's signed-in passenger (issue 34), or null: the details step is filled in from it, no password
   * is asked, and the payment step offers "On account (Company name)" when their account allows it.
   */
  member: SignedInMember | null;
  /** The PO number and cost centre typed on the payment step for a booking on account. */
  accountFields: AccountFields;
  /** "Remember my details on this device" (issue 37): ticked on the details step; off by default, on while a record is kept. */
  remember: boolean;
  /** What this device keeps (RememberedDetails): it fills the details step's blank fields; null when nothing is kept. */
  remembered: RememberedDetails | null;
}

/** The signed-in passenger and their company account's booking rules (the server checks them all again). */
export interface SignedInMember {
  name: string;
  email: string;
  phone: string;
  account: { name: string; onAccount: boolean; poRequired: boolean; costCentreRequired: boolean } | null;
}

export interface AccountFields {
  poNumber: string;
  costCentre: string;
}

export type { AppliedPromo };

export type QuotationLayout = 'list' | 'grid';

/**
 * What the options editor saves (spec §2, §4): the priced options of each leg, and the party's luggage, which the
 * chosen vehicle must still carry.
 */
export type TripOptions = SelectedOptions & Partial<Pick<BookingForm, 'luggages' | 'hand_luggages' | 'return_luggages' | 'return_hand_luggages'>>;

/** The form fields the options editor may change (nothing else of the form is touched by options.save): the contract's list. */
export { SELECTED_OPTION_FIELDS, TRIP_OPTION_FIELDS } from '../../contract/bookingOptions.ts';

/** What the composition root restores from localStorage (spec §3 keys) so a reload on any step keeps the state. */
export interface BookingInput {
  idempotencyKey: string;
  settings?: Partial<BookingSettings>;
  bookingType?: BookingType | null;
  bookingForm?: BookingForm | null;
  hourlyRateForm?: HourlyRateForm | null;
  priceDetails?: PriceDetail[] | null;
  quantities?: Record<string, number> | null;
  selectedVehicle?: PriceDetail | null;
  selectionKind?: SelectionKind | null;
  registrationData?: Partial<RegistrationData> | null;
  passengerMode?: PassengerMode | null;
  booking?: BookingResponse | null;
  /** The applied promo code as persistPromo stored it (only for the restored selection's vehicle). */
  promo?: AppliedPromo | null;
  /** The corporate area's signed-in passenger, when the page starts signed in. */
  member?: SignedInMember | null;
  /** The visitor's details kept on this device with their consent (RememberedDetails), if any. */
  remembered?: RememberedDetails | null;
}

export type BookingEvent =
  | { type: 'settings.update'; settings: Partial<BookingSettings> }
  | { type: 'quote.submit'; bookingForm: BookingForm }
  | { type: 'hourly.submit'; hourlyRateForm: HourlyRateForm }
  | { type: 'route.enter'; path: string }
  | { type: 'nav.back' }
  | { type: 'vehicle.quantity'; vehicle: VehicleKey; quantity: number }
  | { type: 'vehicle.book'; vehicle: VehicleKey; kind: SelectionKind }
  | { type: 'vehicle.contact' }
  | { type: 'options.save'; options: TripOptions }
  | { type: 'layout.change'; layout: QuotationLayout }
  | { type: 'registration.change'; data: Partial<RegistrationData> }
  | { type: 'passengerMode.change'; mode: PassengerMode }
  /** The flight, train or ferry reference of the personal-details step (spec §2), kept in the BookingForm. */
  | { type: 'travelReference.change'; data: TravelReferences }
  | { type: 'details.next' }
  /** "Remember my details on this device" ticked or unticked (unticking forgets what this device kept). */
  | { type: 'remember.change'; remember: boolean }
  /** "Forget my details": what this device kept goes, and the fields it filled are emptied. */
  | { type: 'remember.forget' }
  /** The details step's promo code field: typing, Apply (checked by the server for the chosen vehicle) and Remove. */
  | { type: 'promo.change'; code: string }
  | { type: 'promo.apply' }
  | { type: 'promo.remove' }
  | { type: 'payment.payInCar' }
  | { type: 'payment.chooseCard' }
  /** "Nothing to pay" (the applied promo code makes the booking free): booked in one tap, without a card. */
  | { type: 'payment.nothingToPay' }
  /** "On account (Company name)" with the PO number and cost centre typed (issue 34). */
  | { type: 'payment.onAccount'; fields: AccountFields }
  /** The corporate session became known or ended (the composition root reads it and the member's account). */
  | { type: 'member.set'; member: SignedInMember | null }
  | { type: 'card.submit'; card: CardFormOutcome }
  | { type: 'booking.retry' }
  | { type: 'alert.dismiss' }
  | { type: 'flow.restart' };

/** Every event type the machine accepts from outside (actor outcomes and delays come as xstate.* events). */
export const BOOKING_EVENT_TYPES = [
  'settings.update',
  'quote.submit',
  'hourly.submit',
  'route.enter',
  'nav.back',
  'vehicle.quantity',
  'vehicle.book',
  'vehicle.contact',
  'options.save',
  'layout.change',
  'registration.change',
  'passengerMode.change',
  'travelReference.change',
  'details.next',
  'remember.change',
  'remember.forget',
  'promo.change',
  'promo.apply',
  'promo.remove',
  'payment.payInCar',
  'payment.chooseCard',
  'payment.nothingToPay',
  'payment.onAccount',
  'member.set',
  'card.submit',
  'booking.retry',
  'alert.dismiss',
  'flow.restart',
] as const satisfies readonly BookingEvent['type'][];

// A missing entry above fails to compile here.
type MissingEventType = Exclude<BookingEvent['type'], (typeof BOOKING_EVENT_TYPES)[number]>;
const everyEventListed: [MissingEventType] extends [never] ? true : MissingEventType = true;
void everyEventListed;

/** Spec §8/§9 timings, in ms. */
export const BOOKING_TIMINGS = {
  /** Same Address / Urgent Booking popups redirect to /quoteView after 1 s… */
  popupRedirect: 1000,
  /** …and every pricing popup closes at 3 s. */
  popup: 3000,
  /** 'Payment successful!' shows for 1500 ms. */
  successToast: 1500,
  /** A 'processing' intent is asked again after this long (ours). */
  processingPoll: 2000,
} as const;

const NO_SETTINGS: BookingSettings = { MULTIPLE_PRICES: null, CHEAPEST_COMPANY_PRICE: null, SHOWCARD: null, SHOWPAYINCAR: null, GRACE_TIME: null, ROUND_OFF: null };

export const pickSettings = (settings: Partial<BookingSettings> | undefined, base: BookingSettings = NO_SETTINGS): BookingSettings => {
  const picked = { ...base };
  for (const name of Object.keys(NO_SETTINGS) as (keyof BookingSettings)[]) if (settings && name in settings) picked[name] = settings[name] ?? null;
  return picked;
};

/** The flow's data with nothing chosen yet; the start of every new booking. */
export const EMPTY_FLOW = {
  bookingForm: null,
  hourlyRateForm: null,
  priceDetails: null,
  routePolyline: null,
  pricingError: null,
  quantities: {},
  selectedVehicle: null,
  selectionKind: null,
  registrationData: EMPTY_REGISTRATION,
  passengerMode: 'guest_login',
  publishableKey: null,
  cardPayment: null,
  alert: null,
  promoDraft: '',
  promoMessage: null,
  accountFields: { poNumber: '', costCentre: '' },
} satisfies Partial<BookingContext>;

export function contextFromInput(input: BookingInput): BookingContext {
  return {
    ...EMPTY_FLOW,
    settings: pickSettings(input.settings),
    idempotencyKey: input.idempotencyKey,
    bookingType: input.bookingType === 'hourly' ? 'hourly' : 'milleage',
    bookingForm: input.bookingForm ?? null,
    hourlyRateForm: input.hourlyRateForm ?? null,
    priceDetails: input.priceDetails ?? null,
    quantities: input.quantities ?? {},
    selectedVehicle: input.selectedVehicle ?? null,
    selectionKind: input.selectedVehicle ? (input.selectionKind ?? 'selection') : null,
    registrationData: withRemembered({ ...EMPTY_REGISTRATION, ...input.registrationData }, input.remembered ?? null),
    passengerMode: input.passengerMode ?? 'guest_login',
    remember: Boolean(input.remembered),
    remembered: input.remembered ?? null,
    member: input.member ?? null,
    booking: input.booking ?? null,
    layout: 'list',
    promo: input.selectedVehicle && input.promo ? input.promo : null,
    promoDraft: input.selectedVehicle && input.promo ? input.promo.code : '',
  };
}

/** The remembered name, e-mail and mobile number fill the blank fields (what was typed stays). */
export function withRemembered(data: RegistrationData, remembered: RememberedDetails | null): RegistrationData {
  if (!remembered) return data;
  return {
    ...data,
    firstName: data.firstName || remembered.firstName,
    surname: data.surname || remembered.surname,
    email: data.email || remembered.email,
    number: data.number || remembered.number,
  };
}

/** "Forget my details": the fields still holding what was remembered are emptied (what the visitor changed stays). */
export function withoutRemembered(data: RegistrationData, remembered: RememberedDetails | null): RegistrationData {
  if (!remembered) return data;
  const fields = ['firstName', 'surname', 'email', 'number'] as const;
  return { ...data, ...Object.fromEntries(fields.filter((field) => data[field] === remembered[field]).map((field) => [field, ''])) };
}

/** What a booking made with "Remember my details" ticked keeps: the visitor's own details and the trip's places. */
export function rememberedFrom(context: Pick<BookingContext, 'registrationData' | 'bookingType' | 'bookingForm' | 'hourlyRateForm'>): RememberedDetails {
  const { firstName, surname, email, number } = context.registrationData;
  const form = context.bookingForm;
  const hourly = context.hourlyRateForm;
  const trip =
    context.bookingType === 'milleage' && form
      ? {
          bookingType: 'milleage' as const,
          pickup: form.pickup,
          dropoff: form.dropoff,
          stops: form.stops.map((stop) => ({ street_name: stop.street_name ?? '', number: stop.number ?? '', postcode: stop.postcode ?? '' })),
          pickup_duration: '',
        }
      : context.bookingType === 'hourly' && hourly
        ? { bookingType: 'hourly' as const, pickup: hourly.pickup, dropoff: '', stops: [], pickup_duration: hourly.pickup_duration }
        : null;
  return { firstName, surname, email, number, trip };
}

export const failedPayment = (message: string): BookingAlert => ({ kind: 'error', title: BOOKING_MESSAGES.paymentFailedTitle, message });
export const errorAlert = (message: string): BookingAlert => ({ kind: 'error', title: BOOKING_MESSAGES.errorTitle, message });

/**
 * Spec §3 Booking create payload from the flow's data; the idempotency key is per quote (car, free) or per intent
 * (card). 'free' is "Nothing to pay": payment_method 'car' (no card) with nothing_to_pay, which the server refuses
 * unless its own total is £0.
 */
export function bookingPayload(context: BookingContext, how: 'car' | 'card' | 'free' | 'account'): BookingCreatePayload {
  const vehicle = context.selectedVehicle!;
  const card = context.cardPayment;
  const method = how === 'card' ? 'card' : how === 'account' ? 'account' : 'car';
  return {
    selectedVehicleData: vehicle,
    selectedVehicle: bookedQuantity(vehicle, context.selectionKind, context.quantities),
    bookingType: context.bookingType,
    bookingForm: context.bookingType === 'milleage' ? context.bookingForm : null,
    hourlyRateForm: context.bookingType === 'milleage' ? null : context.hourlyRateForm,
    registrationData: context.registrationData,
    payment_method: method,
    selected_passenger: context.passengerMode,
    stripe_session_id: method === 'card' ? (card?.stripeSessionId ?? null) : null,
    paymentId: method === 'card' ? (card?.paymentId ?? card?.paymentIntentId ?? null) : null,
    ...(context.promo ? { promo_code: context.promo.code } : {}),
    ...(how === 'free' ? { nothing_to_pay: true } : {}),
    ...(context.member ? { signedIn: true } : {}),
    ...(how === 'account' ? { po_number: context.accountFields.poNumber.trim(), cost_centre: context.accountFields.costCentre.trim() } : {}),
    idempotencyKey:
      how === 'card'
        ? `${context.idempotencyKey}:booking:${card?.paymentIntentId ?? card?.paymentMethodId ?? ''}`
        : `${context.idempotencyKey}:booking:${vehicle.quote_id}${how === 'free' ? ':free' : how === 'account' ? ':account' : ''}`,
  };
}

/** What the card costs, in minor units (spec §9): unit price × quantity, rounded first when ROUND_OFF is 'yes'. */
export function amountToPayMinor(context: Pick<BookingContext, 'selectedVehicle' | 'selectionKind' | 'quantities' | 'settings' | 'promo'>): number {
  const vehicle = context.selectedVehicle;
  if (!vehicle) return 0;
  // With a promo code the server's total after it is the amount (it is what the server will charge).
  if (context.promo) return context.promo.total_pence;
  return cardAmountMinor(vehicleTotal(vehicle, bookedQuantity(vehicle, context.selectionKind, context.quantities)), context.settings);
}
