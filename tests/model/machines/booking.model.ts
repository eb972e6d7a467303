/**
 * The booking flow's model (machines/booking): the events a visitor, the server and the clock feed it, and what
 * every state must hold. Two origins: a fresh visit to the home page, and a reload after choosing a vehicle (the
 * spec's stored keys restored, as the composition root does), which reaches the later steps by URL.
 */
import type { RememberedDetails } from '../../../contract/rememberedDetails.ts';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  BOOKING_MESSAGES,
  amountToPayMinor,
  bookingMachine,
  contextFromInput,
  detailsProblem,
  isNothingToPay,
  urgentBookingText,
  vehicleKey,
  type BookingContext,
  type BookingInput,
} from '../../../machines/booking/index.ts';
import {
  AUTHENTICATION_FAILED,
  BOOKING_RESPONSE,
  CARD_DECLINED,
  DEMO_BOOKING_SETTINGS,
  ESTATE,
  HOURLY_FORM,
  INSUFFICIENT_FUNDS,
  MPV,
  PRICE_ERRORS,
  PRICE_LIST,
  QUOTE_FORM,
  SALOON,
  TEST_CARD_ONLY,
  TOO_SMALL_LIST,
  UNPRICED,
  confirmation,
} from '../fixtures.ts';
import type { EventVariant, MachineModel, MachineStateAssertion } from '../types.ts';
import { PROMO_MESSAGES, promoLabel, type AppliedPromo } from '../../../contract/promoCodes.ts';
import type { SignedInMember } from '../../../machines/booking/booking.context.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as BookingContext;

/** Every path of the flow (spec §2 route table) as a route.enter variant: typed URLs, links, Back/Forward. */
export const BOOKING_PATHS = ['/', '/booktripview', '/home', '/quotationview', '/personalDetailView', '/paymentview', '/stripecheckout', '/paymentSuccessView', '/quoteView'] as const;

/** The promo code the details step's paths type (the UI paths' server has it: 10% off, unlimited), as typed. */
export const MODEL_PROMO_CODE = 'modelten';
/** The server's answer for it on the model's saloon (£62.50): 10% off. */
export const MODEL_APPLIED_PROMO: AppliedPromo = (() => {
  const label = promoLabel({ code: 'MODELTEN', kind: 'percent', percent: 10, amount_pence: null });
  return { code: 'MODELTEN', label, discount_pence: 625, total_before_pence: 6250, total_pence: 5625, total: 56.25, line: { code: 'promo', label, leg: 'trip', group: 'adjustment', amount: -6.25, amount_pence: -625 } };
})();
/** The code that makes the booking free (the UI paths' server has it: 100% off), as typed. */
export const MODEL_FREE_PROMO_CODE = 'modelfree';
/** The server's answer for it on the model's saloon: £0, "Nothing to pay" instead of the two choices. */
export const MODEL_FREE_PROMO: AppliedPromo = (() => {
  const label = promoLabel({ code: 'MODELFREE', kind: 'percent', percent: 100, amount_pence: null });
  return { code: 'MODELFREE', label, discount_pence: 6250, total_before_pence: 6250, total_pence: 0, total: 0, line: { code: 'promo', label, leg: 'trip', group: 'adjustment', amount: -62.5, amount_pence: -6250 } };
})();
const MODEL_PROMOS = [MODEL_APPLIED_PROMO, MODEL_FREE_PROMO];
/** A refusal the server gives with its own message (contract/promoCodes.ts), shown as it is. */
export const MODEL_PROMO_REFUSAL = PROMO_MESSAGES.usedUp;

/** A signed-in member of a company account that is on and requires a PO number (issue 34). */
export const MODEL_MEMBER: SignedInMember = { name: 'Tess Traveller', email: 'tess@travel.test', phone: '07700 900123', account: { name: 'Travel Ltd', onAccount: true, poRequired: true, costCentreRequired: false } };

const v = (key: string, event: EventVariant['event'], label: string): EventVariant => ({ key, event, label });
/** An Error as src/api throws it: the server's message, and its code (contract/errorCodes.ts) when it has one. */
const err = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

export const bookingVariants: EventVariant[] = [
  // ── The visitor ──
  v('quote.submit', { type: 'quote.submit', bookingForm: QUOTE_FORM }, 'Search (GET A QUOTE)'),
  v('hourly.submit', { type: 'hourly.submit', hourlyRateForm: HOURLY_FORM }, 'Search (Hourly Rate)'),
  ...BOOKING_PATHS.map((path) => v(`route.enter:${path}`, { type: 'route.enter', path }, `go to ${path}`)),
  v('nav.back', { type: 'nav.back' }, 'Back'),
  v('vehicle.quantity', { type: 'vehicle.quantity', vehicle: SALOON, quantity: 2 }, '2 Vehicle Selected (Saloon)'),
  v('vehicle.book:selection', { type: 'vehicle.book', vehicle: SALOON, kind: 'selection' }, 'Book Now (Saloon card)'),
  v('vehicle.book:lowest', { type: 'vehicle.book', vehicle: MPV, kind: 'lowest' }, 'Book Now (Lowest Price block)'),
  v('vehicle.contact', { type: 'vehicle.contact' }, 'Contact Us (vehicle without a price)'),
  v('options.save:seat', { type: 'options.save', options: { baby_seats: 1 } }, 'options editor: one baby seat, Save'),
  v('options.save:luggage', { type: 'options.save', options: { luggages: 9 } }, 'options editor: 9 large cases, Save'),
  v('layout.change', { type: 'layout.change', layout: 'grid' }, 'grid layout'),
  v('registration.change:guest', { type: 'registration.change', data: { firstName: 'Ada', surname: 'Lovelace', email: 'ada@example.test', number: '+44 7700 900123' } }, 'type name, e-mail, mobile'),
  v('registration.change:password', { type: 'registration.change', data: { password: 'a long enough password' } }, 'type a password'),
  v('registration.change:privacy', { type: 'registration.change', data: { privacyAccepted: true } }, 'tick the Privacy Policy'),
  v('registration.change:terms', { type: 'registration.change', data: { termsAccepted: true } }, 'tick the Terms and Conditions'),
  v('passengerMode.change:guest_login', { type: 'passengerMode.change', mode: 'guest_login' }, 'Guest'),
  v('passengerMode.change:new_client', { type: 'passengerMode.change', mode: 'new_client' }, 'New client'),
  v('passengerMode.change:existing_client', { type: 'passengerMode.change', mode: 'existing_client' }, 'Existing client'),
  v('travelReference.change', { type: 'travelReference.change', data: { pickup_fight_number: 'BA 117' } }, 'flight number BA 117'),
  v('details.next', { type: 'details.next' }, 'Next'),
  // Issue 37: "Remember my details on this device" and "Forget my details".
  v('remember.change:on', { type: 'remember.change', remember: true }, 'tick Remember my details on this device'),
  v('remember.change:off', { type: 'remember.change', remember: false }, 'untick Remember my details on this device'),
  v('remember.forget', { type: 'remember.forget' }, 'Forget my details'),
  v('promo.change', { type: 'promo.change', code: MODEL_PROMO_CODE }, `type ${MODEL_PROMO_CODE} in Promo code`),
  v('promo.change:free', { type: 'promo.change', code: MODEL_FREE_PROMO_CODE }, `type ${MODEL_FREE_PROMO_CODE} in Promo code`),
  v('promo.apply', { type: 'promo.apply' }, 'Apply (promo code)'),
  v('promo.remove', { type: 'promo.remove' }, 'Remove (the applied promo code)'),
  v('payment.payInCar', { type: 'payment.payInCar' }, 'Pay in Car'),
  v('payment.chooseCard', { type: 'payment.chooseCard' }, 'Pay By Card'),
  v('payment.nothingToPay', { type: 'payment.nothingToPay' }, 'Confirm Booking (Nothing to pay)'),
  // Issue 34: signed in to the corporate area, booking on account.
  v('member.set', { type: 'member.set', member: MODEL_MEMBER }, 'signed in to a company account (Travel Ltd, PO number required)'),
  v('payment.onAccount:blank', { type: 'payment.onAccount', fields: { poNumber: '', costCentre: '' } }, 'On account (Travel Ltd) without a PO number'),
  v('payment.onAccount', { type: 'payment.onAccount', fields: { poNumber: 'PO-77', costCentre: 'Sales' } }, 'On account (Travel Ltd) with PO-77'),
  v('card.submit', { type: 'card.submit', card: { kind: 'sandbox' } }, 'Pay Now'),
  v('booking.retry', { type: 'booking.retry' }, 'Try again (booking)'),
  v('alert.dismiss', { type: 'alert.dismiss' }, 'OK on the alert'),
  v('flow.restart', { type: 'flow.restart' }, 'Book another ride'),
  v('settings.update', { type: 'settings.update', settings: DEMO_BOOKING_SETTINGS }, 'settings loaded'),

  // ── The server's answers (actor outcomes) ──
  v('xstate.done.actor.calculatePrice:ok', { type: 'xstate.done.actor.calculatePrice', output: { priceDetails: PRICE_LIST, routePolyline: null } }, 'prices returned'),
  v('xstate.done.actor.calculatePrice:capacity', { type: 'xstate.done.actor.calculatePrice', output: { priceDetails: TOO_SMALL_LIST, routePolyline: null } }, 'no vehicle seats the party'),
  v('xstate.error.actor.calculatePrice:sameAddress', { type: 'xstate.error.actor.calculatePrice', error: err(PRICE_ERRORS.sameAddress, 'zero_distance') }, 'same pickup and drop-off'),
  v('xstate.error.actor.calculatePrice:grace', { type: 'xstate.error.actor.calculatePrice', error: err(PRICE_ERRORS.gracePeriod, 'grace_period') }, 'pickup within the grace time'),
  v('xstate.error.actor.calculatePrice:banned', { type: 'xstate.error.actor.calculatePrice', error: err(PRICE_ERRORS.banned, 'banned_address') }, 'banned address'),
  v('xstate.error.actor.calculatePrice:server', { type: 'xstate.error.actor.calculatePrice', error: err(PRICE_ERRORS.server) }, 'pricing fails (server error)'),
  v(
    'xstate.done.actor.recalculateSelectedVehicle:ok',
    { type: 'xstate.done.actor.recalculateSelectedVehicle', output: { status: 200, data: { success: true, price: 67.5, final_price: 67.5, breakdown: SALOON.breakdown, quote_id: 'q-1-1-b' } } },
    're-priced',
  ),
  v('xstate.done.actor.recalculateSelectedVehicle:refused', { type: 'xstate.done.actor.recalculateSelectedVehicle', output: { status: 422, data: null } }, 're-pricing refused (not 200)'),
  v('xstate.error.actor.recalculateSelectedVehicle', { type: 'xstate.error.actor.recalculateSelectedVehicle', error: err('Failed to fetch') }, 're-pricing fails (no answer)'),
  v(
    'xstate.done.actor.checkPromo:ok',
    {
      type: 'xstate.done.actor.checkPromo',
      output: { status: 200, data: { success: true, price: 62.5, final_price: 62.5, breakdown: SALOON.breakdown, quote_id: 'q-1-1-p', promo: MODEL_APPLIED_PROMO } },
    },
    'the code is priced (10% off)',
  ),
  v(
    'xstate.done.actor.checkPromo:free',
    {
      type: 'xstate.done.actor.checkPromo',
      output: { status: 200, data: { success: true, price: 62.5, final_price: 62.5, breakdown: SALOON.breakdown, quote_id: 'q-1-1-f', promo: MODEL_FREE_PROMO } },
    },
    'the code is priced (100% off: nothing to pay)',
  ),
  v('xstate.done.actor.checkPromo:refused', { type: 'xstate.done.actor.checkPromo', output: { status: 409, data: null, message: MODEL_PROMO_REFUSAL } }, 'the code is refused (used up)'),
  v('xstate.error.actor.checkPromo', { type: 'xstate.error.actor.checkPromo', error: err('Failed to fetch') }, 'the code check fails (no answer)'),
  v('xstate.done.actor.checkPassengerEmail:found', { type: 'xstate.done.actor.checkPassengerEmail', output: { success: true } }, 'account found'),
  v('xstate.done.actor.checkPassengerEmail:notFound', { type: 'xstate.done.actor.checkPassengerEmail', output: { success: false } }, 'account not found'),
  v('xstate.error.actor.checkPassengerEmail', { type: 'xstate.error.actor.checkPassengerEmail', error: err(PRICE_ERRORS.server) }, 'e-mail check fails (server error)'),
  v('xstate.done.actor.createBooking', { type: 'xstate.done.actor.createBooking', output: BOOKING_RESPONSE }, 'booking made'),
  v('xstate.error.actor.createBooking', { type: 'xstate.error.actor.createBooking', error: err(PRICE_ERRORS.server) }, 'booking fails (server error)'),
  v('xstate.done.actor.fetchPublishableKey', { type: 'xstate.done.actor.fetchPublishableKey', output: 'pk_sandbox_demo' }, 'card key loaded'),
  v('xstate.error.actor.fetchPublishableKey', { type: 'xstate.error.actor.fetchPublishableKey', error: err(PRICE_ERRORS.server) }, 'card key fails (server error)'),
  v('xstate.done.actor.createPaymentMethod', { type: 'xstate.done.actor.createPaymentMethod', output: { paymentMethodId: 'pm_card_visa' } }, 'card accepted (4242…)'),
  v('xstate.error.actor.createPaymentMethod', { type: 'xstate.error.actor.createPaymentMethod', error: err(TEST_CARD_ONLY) }, 'card refused (not a test card)'),
  v('xstate.done.actor.createPaymentIntent', { type: 'xstate.done.actor.createPaymentIntent', output: { paymentIntentId: 'pi_sandbox_1', clientSecret: 'pi_sandbox_1_secret' } }, 'payment intent created'),
  v('xstate.error.actor.createPaymentIntent', { type: 'xstate.error.actor.createPaymentIntent', error: err(PRICE_ERRORS.server) }, 'payment intent fails (server error)'),
  v('xstate.done.actor.confirmPaymentIntent:succeeded', { type: 'xstate.done.actor.confirmPaymentIntent', output: confirmation('succeeded') }, 'payment succeeded'),
  v('xstate.done.actor.confirmPaymentIntent:requiresAction', { type: 'xstate.done.actor.confirmPaymentIntent', output: confirmation('requires_action') }, '3-D Secure asked (…3184)'),
  v('xstate.done.actor.confirmPaymentIntent:processing', { type: 'xstate.done.actor.confirmPaymentIntent', output: confirmation('processing') }, 'payment processing'),
  v('xstate.done.actor.confirmPaymentIntent:declined', { type: 'xstate.done.actor.confirmPaymentIntent', output: confirmation('requires_payment_method', CARD_DECLINED) }, 'card declined (…0002)'),
  v('xstate.done.actor.confirmPaymentIntent:insufficientFunds', { type: 'xstate.done.actor.confirmPaymentIntent', output: confirmation('requires_payment_method', INSUFFICIENT_FUNDS) }, 'insufficient funds (…9995)'),
  v('xstate.error.actor.confirmPaymentIntent', { type: 'xstate.error.actor.confirmPaymentIntent', error: err(PRICE_ERRORS.server) }, 'confirmation fails (server error)'),
  v('xstate.done.actor.handleNextAction:completed', { type: 'xstate.done.actor.handleNextAction', output: { status: 'completed' } }, '3-D Secure Complete'),
  v('xstate.done.actor.handleNextAction:failed', { type: 'xstate.done.actor.handleNextAction', output: { status: 'failed', message: AUTHENTICATION_FAILED } }, '3-D Secure Fail'),
  v('xstate.error.actor.handleNextAction', { type: 'xstate.error.actor.handleNextAction', error: err(PRICE_ERRORS.server) }, '3-D Secure answer fails (server error)'),

  // ── The clock ──
  v('xstate.after.popup.booking.bookTrip.priceError', { type: 'xstate.after.popup.booking.bookTrip.priceError' }, "'Error' closes after 3 s"),
  v('xstate.after.popupRedirect.booking.bookTrip.sameAddress', { type: 'xstate.after.popupRedirect.booking.bookTrip.sameAddress' }, 'to /quoteView after 1 s'),
  v('xstate.after.popupRedirect.booking.bookTrip.urgentBooking', { type: 'xstate.after.popupRedirect.booking.bookTrip.urgentBooking' }, 'to /quoteView after 1 s'),
  v('xstate.after.popupRest.booking.quoteRequest.popup', { type: 'xstate.after.popupRest.booking.quoteRequest.popup' }, 'popup closes 2 s later'),
  v('xstate.after.successToast.booking.cardCheckout.succeeded', { type: 'xstate.after.successToast.booking.cardCheckout.succeeded' }, "'Payment successful!' for 1.5 s"),
  v('xstate.after.processingPoll.booking.cardCheckout.awaitingProcessing', { type: 'xstate.after.processingPoll.booking.cardCheckout.awaitingProcessing' }, 'asked again after 2 s'),
];

/** As the quotation step leaves localStorage (spec §3 keys), restored by the composition root on a reload. */
export const RESTORED_CHOSEN: BookingInput = {
  idempotencyKey: 'model-restored',
  settings: DEMO_BOOKING_SETTINGS,
  bookingType: 'milleage',
  bookingForm: QUOTE_FORM,
  priceDetails: PRICE_LIST,
  selectedVehicle: SALOON,
  selectionKind: 'selection',
};

/** The same, with the stored BookingForm gone (spec §5 Missing stored data: 'No BookingForm data found in localStorage.'). */
export const RESTORED_WITHOUT_FORM: BookingInput = { ...RESTORED_CHOSEN, idempotencyKey: 'model-no-form', bookingForm: null };

/** A reload after choosing a vehicle, where the page then learns the visitor is signed in to a company account. */
export const RESTORED_SIGNED_IN: BookingInput = { ...RESTORED_CHOSEN, idempotencyKey: 'model-signed-in' };
/** Issue 37: what "Remember my details on this device" kept from an earlier booking. */
export const MODEL_REMEMBERED: RememberedDetails = {
  firstName: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.test',
  number: '+44 7700 900123',
  trip: { bookingType: 'milleage', pickup: 'Paddington Station, Praed Street, London W2 1HB', dropoff: 'The Savoy, Strand, London WC2R 0EZ', stops: [], pickup_duration: '' },
};
/** A returning visitor's reload after choosing a vehicle, with their details kept on this device. */
export const RESTORED_REMEMBERED: BookingInput = { ...RESTORED_CHOSEN, idempotencyKey: 'model-returning', remembered: MODEL_REMEMBERED };

export const FRESH: BookingInput = { idempotencyKey: 'model-fresh', settings: DEMO_BOOKING_SETTINGS };

/** States where a call is in flight: the views disable their buttons and the machine ignores navigation. */
const busy = (s: AnyMachineSnapshot) => s.hasTag('busy');

const alertOf = (s: AnyMachineSnapshot) => ctx(s).alert;
const latest = (invocations: Record<string, unknown[]>, name: string) => {
  const list = invocations[name] ?? [];
  expect(list.length, `${name} was invoked`).toBeGreaterThan(0);
  return list[list.length - 1] as Record<string, unknown>;
};

const DETAILS_MESSAGES = [BOOKING_MESSAGES.emailMissing, BOOKING_MESSAGES.passwordMissing, BOOKING_MESSAGES.privacyMissing, BOOKING_MESSAGES.termsMissing];

const assertions: Record<string, MachineStateAssertion> = {
  'bookTrip.form': ({ snapshot }) => {
    expect(busy(snapshot)).toBe(false);
    expect(snapshot.can({ type: 'quote.submit', bookingForm: QUOTE_FORM })).toBe(true);
  },
  'bookTrip.noPriceData': ({ snapshot }) => {
    expect(busy(snapshot)).toBe(false);
    expect(snapshot.can({ type: 'hourly.submit', hourlyRateForm: HOURLY_FORM })).toBe(true);
  },
  'bookTrip.pricing': ({ snapshot, invocations }) => {
    expect(snapshot.hasTag('loadingPrice')).toBe(true);
    const c = ctx(snapshot);
    // The error, the list and the choice are cleared at the start of each call (spec §4 Price calculation).
    expect([c.priceDetails, c.pricingError, c.selectedVehicle, c.booking, c.alert]).toEqual([null, null, null, null, null]);
    const input = latest(invocations, 'calculatePrice');
    expect(input.bookingType).toBe(c.bookingType);
    expect(input[c.bookingType === 'milleage' ? 'bookingForm' : 'hourlyRateForm']).toEqual(c.bookingType === 'milleage' ? c.bookingForm : c.hourlyRateForm);
  },
  'bookTrip.priceError': ({ snapshot }) => {
    const c = ctx(snapshot);
    // The 'Error' popup with the price error, unless its OK already closed it (the state lasts until its timer).
    if (c.alert !== null) {
      expect(c.alert).toMatchObject({ kind: 'error', title: 'Error' });
      expect(c.pricingError).toBe(c.alert.message);
    }
    expect(c.pricingError).toBeTruthy();
    expect(c.priceDetails).toBeNull();
  },
  // The popup, or none once its OK closed it (the redirect still comes after its 1 s).
  'bookTrip.sameAddress': ({ snapshot }) => {
    if (alertOf(snapshot) === null) return expect(ctx(snapshot).pricingError).toBeTruthy();
    expect(alertOf(snapshot)).toEqual({ kind: 'sameAddress', title: 'Same Address Booking!', message: BOOKING_MESSAGES.sameAddressText });
  },
  'bookTrip.urgentBooking': ({ snapshot }) => {
    if (alertOf(snapshot) === null) return expect(ctx(snapshot).pricingError).toBeTruthy();
    expect(alertOf(snapshot)).toEqual({ kind: 'urgentBooking', title: 'Urgent Booking!', message: urgentBookingText(ctx(snapshot).settings.GRACE_TIME) });
    expect(alertOf(snapshot)!.message).toContain('2 hours');
  },
  'quotation.choosing': ({ snapshot }) => {
    const c = ctx(snapshot);
    expect(c.priceDetails?.length).toBeGreaterThan(0);
    expect(busy(snapshot)).toBe(false);
  },
  'quotation.recalculating': ({ snapshot, invocations }) => {
    const c = ctx(snapshot);
    expect(busy(snapshot)).toBe(true);
    const input = latest(invocations, 'recalculateSelectedVehicle');
    expect(input.vehicle).toEqual(c.selectedVehicle);
    expect((input.options as Record<string, unknown>).baby_seats).toBe(c.bookingForm!.baby_seats);
  },
  'personalDetails.editing': ({ snapshot }) => {
    const c = ctx(snapshot);
    expect(c.selectedVehicle).not.toBeNull();
    expect(c.priceDetails).not.toBeNull();
    if (c.alert?.kind === 'validation') expect(DETAILS_MESSAGES).toContain(c.alert.message);
    // An applied code shows as typed by the server; a refusal (its message exactly) applies nothing.
    if (c.promo) {
      expect(MODEL_PROMOS).toContainEqual(c.promo);
      expect([c.promoDraft, c.promoMessage]).toEqual([c.promo.code, null]);
    }
    if (c.promoMessage !== null) {
      expect([MODEL_PROMO_REFUSAL, 'Failed to fetch']).toContain(c.promoMessage);
      expect(c.promo).toBeNull();
    }
  },
  'personalDetails.checkingPromo': ({ snapshot, invocations }) => {
    const c = ctx(snapshot);
    expect(busy(snapshot)).toBe(true);
    expect(c.promoDraft.trim()).not.toBe('');
    const input = latest(invocations, 'recalculateSelectedVehicle');
    expect(input.vehicle).toEqual(c.selectedVehicle);
    // The code as the server takes it (trimmed, upper case), with the booked quantity.
    expect(input.options).toMatchObject({ promo_code: c.promoDraft.trim().toUpperCase(), selectedVehicle: expect.any(Number) });
  },
  'personalDetails.checkingEmail': ({ snapshot, invocations }) => {
    const c = ctx(snapshot);
    expect(c.passengerMode).toBe('existing_client');
    expect(latest(invocations, 'checkPassengerEmail')).toEqual({ email: c.registrationData.email, password: c.registrationData.password });
  },
  'personalDetails.recalculating': ({ snapshot, invocations }) => {
    expect(busy(snapshot)).toBe(true);
    expect(latest(invocations, 'recalculateSelectedVehicle').vehicle).toEqual(ctx(snapshot).selectedVehicle);
  },
  'payment.choosing': ({ snapshot }) => {
    const c = ctx(snapshot);
    // Payment needs price details, a selected vehicle and saved registration data (spec §2 stepper).
    expect(c.priceDetails).not.toBeNull();
    expect(c.selectedVehicle).not.toBeNull();
    expect(detailsProblem(c.registrationData, c.passengerMode)).toBeNull();
  },
  'payment.bookingFree': ({ snapshot, invocations }) => {
    const c = ctx(snapshot);
    // Only a booking the server priced at £0 with its code; no card, and the server checks the total again.
    expect(isNothingToPay(c.promo)).toBe(true);
    const input = latest(invocations, 'createBooking');
    expect(input).toMatchObject({ payment_method: 'car', nothing_to_pay: true, promo_code: c.promo!.code, stripe_session_id: null, paymentId: null });
    expect(input.idempotencyKey).toBe(`${c.idempotencyKey}:booking:${c.selectedVehicle!.quote_id}:free`);
  },
  'payment.bookingOnAccount': ({ snapshot, invocations }) => {
    const c = ctx(snapshot);
    // Signed in, on the member's account (issue 34): with the bearer token, the PO number, one booking per quote.
    expect(c.member?.account?.onAccount).toBe(true);
    const input = latest(invocations, 'createBooking');
    expect(input).toMatchObject({ payment_method: 'account', po_number: 'PO-77', cost_centre: 'Sales', signedIn: true, stripe_session_id: null, paymentId: null });
    expect(input.idempotencyKey).toBe(`${c.idempotencyKey}:booking:${c.selectedVehicle!.quote_id}:account`);
  },
  'payment.bookingInCar': ({ snapshot, invocations }) => {
    const c = ctx(snapshot);
    const input = latest(invocations, 'createBooking');
    expect(input).toMatchObject({ payment_method: 'car', selectedVehicleData: c.selectedVehicle, registrationData: c.registrationData, stripe_session_id: null, paymentId: null });
    // One booking per quote, whatever the retries (spec §8; our idempotency).
    expect(input.idempotencyKey).toBe(`${c.idempotencyKey}:booking:${c.selectedVehicle!.quote_id}`);
  },
  'cardCheckout.loadingKey': ({ snapshot }) => {
    expect(busy(snapshot)).toBe(true);
    expect(ctx(snapshot).cardPayment).toBeNull();
  },
  'cardCheckout.form': ({ snapshot }) => {
    const c = ctx(snapshot);
    expect(c.publishableKey).not.toBeNull();
    expect(c.cardPayment).toBeNull();
    expect(snapshot.can({ type: 'card.submit', card: {} })).toBe(true);
  },
  'cardCheckout.creatingPaymentMethod': ({ snapshot, invocations }) => {
    const r = ctx(snapshot).registrationData;
    expect(latest(invocations, 'createPaymentMethod').billingDetails).toEqual({ name: `${r.firstName} ${r.surname}`.trim(), email: r.email, phone: r.number });
  },
  'cardCheckout.creatingPaymentIntent': ({ snapshot, invocations }) => {
    const c = ctx(snapshot);
    const input = latest(invocations, 'createPaymentIntent');
    // The amount is unit price × quantity in pence (spec §9), never 0.
    expect(input.amount).toBe(amountToPayMinor(c));
    expect(input.amount).toBeGreaterThan(0);
    expect(input.paymentMethodId).toBe(c.cardPayment!.paymentMethodId);
  },
  'cardCheckout.confirming': ({ snapshot, invocations }) => {
    const c = ctx(snapshot);
    expect(c.cardPayment?.paymentIntentId).toBeTruthy();
    expect(latest(invocations, 'confirmPaymentIntent').paymentIntentId).toBe(c.cardPayment!.paymentIntentId);
  },
  'cardCheckout.awaitingProcessing': ({ snapshot }) => {
    expect(busy(snapshot)).toBe(true);
    expect(ctx(snapshot).cardPayment?.paymentIntentId).toBeTruthy();
  },
  'cardCheckout.authenticating': ({ snapshot, invocations }) => {
    const c = ctx(snapshot);
    expect(latest(invocations, 'handleNextAction')).toEqual({ paymentIntentId: c.cardPayment!.paymentIntentId, clientSecret: c.cardPayment!.clientSecret });
  },
  'cardCheckout.booking': ({ snapshot, invocations }) => {
    const c = ctx(snapshot);
    // The booking is created only after 'succeeded' (spec §4): the payment is known.
    expect(latest(invocations, 'createBooking')).toMatchObject({ payment_method: 'card', paymentId: c.cardPayment!.paymentId ?? c.cardPayment!.paymentIntentId });
  },
  'cardCheckout.bookingFailed': ({ snapshot }) => {
    const c = ctx(snapshot);
    // 'Error' with the server's message (until its OK); the retry uses the same payment.
    if (c.alert !== null) expect(c.alert).toMatchObject({ kind: 'error', title: 'Error' });
    expect(c.booking).toBeNull();
    expect(c.cardPayment?.paymentIntentId).toBeTruthy();
    expect(snapshot.can({ type: 'booking.retry' })).toBe(true);
  },
  'cardCheckout.succeeded': ({ snapshot }) => {
    const c = ctx(snapshot);
    expect(c.booking).not.toBeNull();
    // 'Payment successful!' shows until the visitor closes it or the confirmation comes.
    if (c.alert !== null) expect(c.alert.title).toBe(BOOKING_MESSAGES.paymentSuccessful);
    expect(snapshot.can({ type: 'nav.back' })).toBe(false);
  },
  confirmed: ({ snapshot }) => {
    const c = ctx(snapshot);
    expect(c.booking).not.toBeNull();
    // The flow starts afresh (spec §4: stored flow data cleared on arrival).
    expect([c.priceDetails, c.selectedVehicle, c.bookingForm, c.cardPayment]).toEqual([null, null, null, null]);
  },
  'quoteRequest.idle': ({ snapshot }) => {
    expect(alertOf(snapshot)).toBeNull();
  },
  'quoteRequest.popup': ({ snapshot }) => {
    // The popup still shows (unless its OK closed it) and closes on its own.
    if (alertOf(snapshot) !== null) expect(['sameAddress', 'urgentBooking']).toContain(alertOf(snapshot)!.kind);
    expect(snapshot.can({ type: 'alert.dismiss' })).toBe(true);
  },
};

/**
 * The promo code field is explored before the visitor types any detail (the details, the code and its answer are
 * independent: their product would multiply the details step's states past the traversal's bound).
 */
const INITIAL_DETAILS = contextFromInput(FRESH);
const untouchedDetails = (c: BookingContext) => c.passengerMode === INITIAL_DETAILS.passengerMode && JSON.stringify(c.registrationData) === JSON.stringify(INITIAL_DETAILS.registrationData);

const NO_FORM_EVENTS = ['route.enter', 'options.save', 'alert.dismiss', 'vehicle.book', 'xstate.done.actor.recalculateSelectedVehicle'];
const SIMPLE_KEYS = ['quote.submit', 'vehicle.book:selection', 'vehicle.contact', 'registration.change:guest', 'details.next', 'payment.payInCar', 'payment.chooseCard', 'card.submit', 'booking.retry'];
const FREE_KEYS = ['registration.change:guest', 'details.next', 'payment.nothingToPay', 'nav.back', 'alert.dismiss', 'route.enter'];
const RETURNING_KEYS = ['route.enter:/personalDetailView', 'remember.', 'details.next', 'nav.back', 'payment.payInCar', 'alert.dismiss', 'xstate.done.actor.createBooking', 'xstate.error.actor.createBooking'];
const SIGNED_IN_KEYS = ['route.enter:/personalDetailView', 'details.next', 'nav.back', 'payment.onAccount', 'alert.dismiss', 'xstate.done.actor.createBooking', 'xstate.error.actor.createBooking'];
const BUSY_PROBES = ['quote.submit', 'nav.back', 'card.submit', 'details.next'] as const;

export const bookingModel: MachineModel = {
  id: 'booking',
  title: 'booking',
  machine: bookingMachine,
  origins: [
    { id: 'fresh', label: 'a fresh visit to /', input: FRESH },
    { id: 'restored', label: 'a reload after choosing a vehicle', input: RESTORED_CHOSEN },
    { id: 'noForm', label: 'a reload with the stored BookingForm lost', input: RESTORED_WITHOUT_FORM },
    { id: 'signedIn', label: 'a reload after choosing a vehicle, signed in to a company account', input: RESTORED_SIGNED_IN },
    { id: 'returning', label: 'a reload after choosing a vehicle, with the visitor\'s details kept on this device', input: RESTORED_REMEMBERED },
  ],
  unreachable: {
    'personalDetails.editing|options.save|2':
      'personal details is entered only with a selected vehicle (Book Now, or the route guard), and nothing removes it there',
  },
  variants: bookingVariants,
  abstract: (s) => {
    const c = ctx(s);
    return {
      type: c.bookingType,
      alert: c.alert ? `${c.alert.kind}|${c.alert.title}` : null,
      prices: c.priceDetails?.length ?? null,
      vehicle: c.selectedVehicle ? vehicleKey(c.selectedVehicle) : null,
      kind: c.selectionKind,
      details: detailsProblem(c.registrationData, c.passengerMode),
      mode: c.passengerMode,
      card: c.cardPayment ? [c.cardPayment.paymentIntentId !== null, c.cardPayment.paymentId !== null] : null,
      key: c.publishableKey !== null,
      booking: c.booking !== null,
      // The promo code field only where it shows (the details step): later steps read the amount, whatever made it.
      promo: s.matches('personalDetails') && untouchedDetails(c) ? [c.promo !== null, c.promoDraft.trim().toUpperCase(), c.promoMessage !== null] : null,
      // Whatever made it, a £0 total changes the payment step ("Nothing to pay" instead of the two choices); it is
      // told apart on the two steps that lead there (elsewhere the code is cleared or only shown).
      free: s.matches('personalDetails') || s.matches('payment') ? isNothingToPay(c.promo) : null,
      member: c.member !== null,
      // The box and what is kept matter on the details step (later steps read the details, whatever filled them).
      // Explored on an untouched details step (the fresh visit's tick) and by the returning visitor's origin.
      remember: s.matches('personalDetails') && (untouchedDetails(c) || c.idempotencyKey === RESTORED_REMEMBERED.idempotencyKey) ? [c.remember, c.remembered !== null] : null,
    };
  },
  offer: (s, variant) => {
    const c = ctx(s);
    // A reload explores what follows the restored data; searching again is the fresh visit's journey. With the
    // BookingForm lost, only the steps that read it: the quotation and the options editor's Save.
    if (c.idempotencyKey === RESTORED_CHOSEN.idempotencyKey && (variant.event.type === 'quote.submit' || variant.event.type === 'hourly.submit')) return false;
    if (c.idempotencyKey === RESTORED_WITHOUT_FORM.idempotencyKey && !NO_FORM_EVENTS.includes(variant.event.type)) return false;
    // Signed in (issue 34): the member arrives once, then straight through the details step to On account and its
    // answers (the other journeys are the visitors'); elsewhere neither is offered.
    if (variant.event.type === 'member.set') return c.idempotencyKey === RESTORED_SIGNED_IN.idempotencyKey && c.member === null;
    if (c.idempotencyKey === RESTORED_SIGNED_IN.idempotencyKey) return SIGNED_IN_KEYS.some((key) => variant.key === key || variant.key.startsWith(`${key}:`)) && (c.member !== null || variant.key.startsWith('route.enter'));
    // A dialog's OK exists only while a dialog shows; the grid toggle only on the quotation screen.
    if (variant.event.type === 'alert.dismiss') return c.alert !== null;
    if (variant.event.type === 'layout.change') return s.matches({ quotation: 'choosing' });
    if (variant.event.type === 'settings.update') return s.matches({ bookTrip: 'form' });
    // The promo code field is explored with the "Remember my details" box as it starts (the two are independent).
    if (variant.event.type.startsWith('promo.')) return untouchedDetails(c) && c.remember === Boolean(c.remembered);
    // "Remember my details" on the details step of a fresh visit: ticked (then kept by the booking made), unticked,
    // and Forget only where something is kept.
    if (c.idempotencyKey === RESTORED_REMEMBERED.idempotencyKey) {
      if (!RETURNING_KEYS.some((key) => variant.key === key || variant.key.startsWith(key.endsWith('.') ? key : `${key}:`))) return false;
    } else if (variant.event.type.startsWith('remember.') && !(untouchedDetails(c) && c.promo === null && c.promoDraft === '' && c.promoMessage === null)) return false;
    if (variant.event.type.startsWith('remember.')) {
      if (!s.matches({ personalDetails: 'editing' })) return false;
      if (variant.key === 'remember.change:on') return !c.remember;
      if (variant.key === 'remember.change:off') return c.remember;
      return c.remembered !== null;
    }
    // A free booking is explored straight through to "Nothing to pay" (the other details and their checks are the
    // paying journeys'): typing the details, Next, the confirmation, Back, links and the server's answers.
    if (isNothingToPay(c.promo) && (s.matches('personalDetails') || s.matches('payment')) && !variant.event.type.startsWith('xstate.') && !FREE_KEYS.some((key) => variant.key === key || variant.key.startsWith(`${key}:`)))
      return false;
    // The server prices each code as it is: MODELTEN at 10%, MODELFREE at 100%.
    if (variant.key === 'xstate.done.actor.checkPromo:ok') return c.promoDraft.trim().toUpperCase() === MODEL_APPLIED_PROMO.code;
    if (variant.key === 'xstate.done.actor.checkPromo:free') return c.promoDraft.trim().toUpperCase() === MODEL_FREE_PROMO.code;
    return true;
  },
  limit: 30_000,
  isGoal: (s) => s.matches('confirmed') || s.matches({ quoteRequest: 'idle' }),
  simple: {
    // Journeys from a fresh visit: the forward events and every answer the server or the clock can give (no typed
    // URLs, Back, dialogs, option edits or passenger-mode changes, which the shortest paths cover).
    variants: (variant) => SIMPLE_KEYS.some((prefix) => variant.key === prefix || variant.key.startsWith(`${prefix}:`)) || variant.key.startsWith('xstate.'),
    origins: ['fresh'],
    maxPaths: 40,
    maxLength: 16,
  },
  assertions,
  guardChecks: [
    {
      label: 'Book Now on a priced vehicle of the list goes to personal details (spec §2 Quotation)',
      event: { type: 'vehicle.book', vehicle: ESTATE, kind: 'selection' },
      expected: (s) => {
        if (!s.matches({ quotation: 'choosing' })) return undefined;
        const listed = (ctx(s).priceDetails ?? []).some((r) => vehicleKey(r) === vehicleKey(ESTATE) && r.price > 0);
        return listed ? { can: true, next: ['personalDetails.editing'] } : { can: false };
      },
    },
    {
      label: 'Book Now on a vehicle without a price is refused (Contact Us instead)',
      event: { type: 'vehicle.book', vehicle: UNPRICED, kind: 'selection' },
      expected: (s) => (s.matches({ quotation: 'choosing' }) ? { can: false } : undefined),
    },
    {
      label: "'Pay in Car' only when SHOWPAYINCAR is 'yes' and there is something to pay",
      event: { type: 'payment.payInCar' },
      expected: (s) => (s.matches({ payment: 'choosing' }) ? { can: ctx(s).settings.SHOWPAYINCAR === 'yes' && !isNothingToPay(ctx(s).promo) } : undefined),
    },
    {
      label: "'Pay By Card' only when SHOWCARD is 'yes' and there is something to pay",
      event: { type: 'payment.chooseCard' },
      expected: (s) => (s.matches({ payment: 'choosing' }) ? { can: ctx(s).settings.SHOWCARD === 'yes' && !isNothingToPay(ctx(s).promo) } : undefined),
    },
    {
      label: "'Nothing to pay' only when the server's total with the promo code is £0",
      event: { type: 'payment.nothingToPay' },
      expected: (s) => (s.matches({ payment: 'choosing' }) ? (isNothingToPay(ctx(s).promo) ? { can: true, next: ['payment.bookingFree'] } : { can: false }) : undefined),
    },
    {
      label: "'On account' only signed in, for an account that is on, with the PO number it requires",
      event: { type: 'payment.onAccount', fields: { poNumber: 'PO-1', costCentre: '' } },
      expected: (s) => (s.matches({ payment: 'choosing' }) ? (ctx(s).member?.account?.onAccount ? { can: true, next: ['payment.bookingOnAccount'] } : { can: false }) : undefined),
    },
    {
      label: 'Next shows the first missing detail in the spec order, or goes on',
      event: { type: 'details.next' },
      expected: (s) => {
        if (!s.matches({ personalDetails: 'editing' })) return undefined;
        const c = ctx(s);
        const problem = detailsProblem(c.registrationData, c.passengerMode);
        if (c.member !== null) return { can: true, next: ['payment.choosing'] };
        return { can: true, next: [problem !== null ? 'personalDetails.editing' : c.passengerMode === 'existing_client' ? 'personalDetails.checkingEmail' : 'payment.choosing'] };
      },
    },
    ...BUSY_PROBES.map((type) => ({
      label: `${type} is ignored while a call is in flight (no double submission)`,
      event: type === 'quote.submit' ? { type, bookingForm: QUOTE_FORM } : type === 'card.submit' ? { type, card: {} } : { type },
      expected: (s: AnyMachineSnapshot) => (busy(s) ? { can: false } : undefined),
    })),
    {
      label: 'Pay Now only on the card form',
      event: { type: 'card.submit', card: {} },
      expected: (s) => (s.matches('cardCheckout') ? { can: s.matches({ cardCheckout: 'form' }) } : undefined),
    },
  ],
};
