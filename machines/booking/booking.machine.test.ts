import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyStateNode } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Breakdown } from '../../contract/booking.ts';
import type { CalculatePriceInput, ConfirmPaymentIntentOutput, CreatePaymentIntentInput, HandleNextActionOutput, RecalculateSelectedVehicleOutput } from './booking.actors.ts';
import { PaymentRefused } from './booking.card.ts';
import { BOOKING_OUTCOME_EVENT_TYPES } from './booking.graph.ts';
import { bookingMachine } from './booking.machine.ts';
import { BOOKING_MESSAGES } from './booking.messages.ts';
import { classifyPriceError } from './booking.priceErrors.ts';
import { selectAmountToPayMinor, selectCanPayByCard, selectCanPayInCar, selectCardOffered, selectCardTotal, selectPath, selectPayInCarOffered, selectRoutedStateId } from './booking.selectors.ts';
import { BOOKING_EVENT_TYPES, type BookingEvent, type BookingInput } from './booking.context.ts';
import type { BookingCreatePayload, BookingForm, BookingResponse, HourlyRateForm, PriceDetail, RegistrationData } from './booking.types.ts';

// ─── Fixtures ─────────────────────────────────────────────────────────────────────────────────────

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
  distance_miles: 10,
  duration_seconds: 1200,
  return_distance_miles: null,
  return_duration_seconds: null,
  hours: null,
  pickup_at: '2030-06-01T11:00:00.000Z',
  return_at: null,
  estimated: true,
  notes: [],
});

const row = (vehicle_id: number, company_id: number, seats: [number, number, number], price: number, final_price = price): PriceDetail => ({
  vehicle_id,
  company_id,
  company_name: `Company ${company_id}`,
  vehicle_image: `vehicles/${vehicle_id}.svg`,
  vehicle_type: `Vehicle ${vehicle_id}`,
  max_seat: seats[0],
  luggage: seats[1],
  small_luggage: seats[2],
  price,
  final_price,
  rating: 4.4,
  breakdown: breakdown(final_price),
  quote_id: `q-${vehicle_id}-${company_id}`,
  estimated: true,
});

const saloon = row(1, 1, [4, 2, 2], 50, 55);
const estate = row(2, 1, [4, 4, 2], 60);
const mpv = row(3, 2, [7, 4, 4], 45);
const executive = row(4, 2, [3, 2, 2], 0); // no price: Contact Us
const PRICE_LIST = [saloon, estate, mpv, executive];

const form = (overrides: Partial<BookingForm> = {}): BookingForm => ({
  stops: [],
  pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
  dropoff: '10 Downing Street, London SW1A 2AA',
  pickup_date: '2030-06-01',
  pickup_hour: '12pm',
  pickup_min: '00',
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
  ...overrides,
});

const hourlyForm: HourlyRateForm = {
  pickup_date: '2030-06-01',
  pickup_duration: '4hour',
  pickup_hour: '12pm',
  pickup_min: '00',
  pickup: 'Richmond, London',
  userLocation: null,
};

const guest: Partial<RegistrationData> = { firstName: 'Ada', surname: 'Lovelace', email: 'ada@example.com', number: '+447700900123' };

const bookingResponse = (payment_method: 'car' | 'card' | 'account'): BookingResponse => ({
  success: true,
  data: {
    booking: {
      booking_number: 'CF-7K3M9Q',
      ride_type: 'Q',
      pick_up_address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
      drop_off_address: '10 Downing Street, London SW1A 2AA',
      pick_up_date: '2030-06-01',
      pick_up_time: '12pm',
      return_date: null,
      return_time: null,
      hourly_duration: null,
      payment_method,
      total_booking_amount: 55,
      vehicle_category: 'Saloon',
      company_name: 'Cabflow Cars',
      vehicle_qty: 1,
      currency: 'GBP',
    },
    bookingStops: [],
    passengerDetails: {
      passenger_id: null,
      passenger_name: 'Ada Lovelace',
      passenger_email: 'ada@example.com',
      passenger_contact_no: '+447700900123',
      additional_info: '',
      total_passengers: 2,
    },
  },
});

const withStatus = (error: string | null, status: ConfirmPaymentIntentOutput['status']): ConfirmPaymentIntentOutput => ({
  status,
  sessionId: status === 'succeeded' ? 'cs_test_1' : null,
  paymentId: status === 'succeeded' ? 'ch_test_1' : null,
  clientSecret: null,
  error,
});

// ─── Harness ──────────────────────────────────────────────────────────────────────────────────────

type Fn<I, O> = (input: I) => Promise<O>;
interface Stubs {
  calculatePrice: Fn<CalculatePriceInput, PriceDetail[]>;
  recalculateSelectedVehicle: Fn<unknown, RecalculateSelectedVehicleOutput>;
  checkPassengerEmail: Fn<{ email: string; password: string }, { success: boolean }>;
  createBooking: Fn<BookingCreatePayload, BookingResponse>;
  fetchPublishableKey: Fn<void, string>;
  createPaymentMethod: Fn<{ card: unknown }, { paymentMethodId: string }>;
  createPaymentIntent: Fn<CreatePaymentIntentInput, { paymentIntentId: string; clientSecret: string | null }>;
  confirmPaymentIntent: Fn<{ paymentIntentId: string }, ConfirmPaymentIntentOutput>;
  handleNextAction: Fn<unknown, HandleNextActionOutput>;
}

const YES_SETTINGS = { SHOWCARD: 'yes', SHOWPAYINCAR: 'yes', GRACE_TIME: '120', ROUND_OFF: 'no' };

function start(options: { input?: Partial<BookingInput>; stubs?: Partial<Stubs> } = {}) {
  const stubs: Stubs = {
    calculatePrice: vi.fn(async () => PRICE_LIST),
    recalculateSelectedVehicle: vi.fn(async () => ({ status: 200, data: null })),
    checkPassengerEmail: vi.fn(async () => ({ success: true })),
    createBooking: vi.fn(async (input: BookingCreatePayload) => bookingResponse(input.payment_method)),
    fetchPublishableKey: vi.fn(async () => 'pk_sandbox_cabflow_test_mode'),
    createPaymentMethod: vi.fn(async () => ({ paymentMethodId: 'pm_card_visa' })),
    createPaymentIntent: vi.fn(async () => ({ paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret' })),
    confirmPaymentIntent: vi.fn(async () => withStatus(null, 'succeeded')),
    handleNextAction: vi.fn(async () => ({ status: 'completed' as const })),
    ...options.stubs,
  };
  const stored = {
    persistForms: vi.fn(),
    persistPriceDetails: vi.fn(),
    persistSelection: vi.fn(),
    persistQuantities: vi.fn(),
    persistRegistration: vi.fn(),
    clearStoredFlow: vi.fn(),
  };
  const machine = bookingMachine.provide({
    actors: {
      calculatePrice: fromPromise(async ({ input }) => ({ priceDetails: await stubs.calculatePrice(input), routePolyline: null as string | null })),
      recalculateSelectedVehicle: fromPromise(({ input }) => stubs.recalculateSelectedVehicle(input)),
      checkPassengerEmail: fromPromise(({ input }) => stubs.checkPassengerEmail(input)),
      createBooking: fromPromise(({ input }) => stubs.createBooking(input)),
      fetchPublishableKey: fromPromise(() => stubs.fetchPublishableKey()),
      createPaymentMethod: fromPromise(({ input }) => stubs.createPaymentMethod(input)),
      createPaymentIntent: fromPromise(({ input }) => stubs.createPaymentIntent(input)),
      confirmPaymentIntent: fromPromise(({ input }) => stubs.confirmPaymentIntent(input)),
      handleNextAction: fromPromise(({ input }) => stubs.handleNextAction(input)),
    },
    actions: {
      persistForms: (_, params) => stored.persistForms(params),
      persistPriceDetails: (_, params) => stored.persistPriceDetails(params),
      persistSelection: (_, params) => stored.persistSelection(params),
      persistQuantities: (_, params) => stored.persistQuantities(params),
      persistRegistration: (_, params) => stored.persistRegistration(params),
      clearStoredFlow: (_, params) => stored.clearStoredFlow(params),
    },
  });
  const actor = createActor(machine, { input: { idempotencyKey: 'flow-1', settings: YES_SETTINGS, ...options.input } }).start();
  const send = (event: BookingEvent) => actor.send(event);
  /** Lets resolved stub promises deliver their done events. */
  const settle = () => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 1000 });
  return { actor, send, settle, stubs, stored, snapshot: () => actor.getSnapshot() };
}

/** A flow restored on a step, as the composition root does after a reload. */
const restored = {
  quotation: { priceDetails: PRICE_LIST, bookingForm: form() } satisfies Partial<BookingInput>,
  details: { priceDetails: PRICE_LIST, bookingForm: form(), selectedVehicle: saloon, selectionKind: 'selection' } satisfies Partial<BookingInput>,
  payment: {
    priceDetails: PRICE_LIST,
    bookingForm: form(),
    selectedVehicle: saloon,
    selectionKind: 'selection',
    registrationData: guest,
    passengerMode: 'guest_login',
  } satisfies Partial<BookingInput>,
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function atPayment(options: Parameters<typeof start>[0] = {}) {
  const flow = start({ ...options, input: { ...restored.payment, ...options.input } });
  flow.send({ type: 'route.enter', path: '/paymentview' });
  expect(flow.snapshot().value).toEqual({ payment: 'choosing' });
  return flow;
}

async function atCardForm(options: Parameters<typeof start>[0] = {}) {
  const flow = await atPayment(options);
  flow.send({ type: 'payment.chooseCard' });
  await flow.settle();
  expect(flow.snapshot().value).toEqual({ cardCheckout: 'form' });
  return flow;
}

// ─── Pricing ──────────────────────────────────────────────────────────────────────────────────────

describe('pricing (Book a Trip → Quotation)', () => {
  it('prices a one-way trip and shows every vehicle that fits on /quotationview', async () => {
    const flow = start();
    expect(flow.snapshot().value).toEqual({ bookTrip: 'form' });
    flow.send({ type: 'quote.submit', bookingForm: form() });
    expect(flow.snapshot().value).toEqual({ bookTrip: 'pricing' });
    expect(flow.snapshot().hasTag('loadingPrice')).toBe(true);
    expect(flow.stored.persistForms).toHaveBeenCalledWith({ bookingType: 'milleage', bookingForm: form(), hourlyRateForm: null });
    expect(flow.stubs.calculatePrice).toHaveBeenCalledWith({ bookingType: 'milleage', bookingForm: form() });

    await flow.settle();
    const s = flow.snapshot();
    expect(s.value).toEqual({ quotation: 'choosing' });
    expect(s.status).toBe('active');
    expect(s.context.priceDetails).toEqual(PRICE_LIST);
    expect(s.context.pricingError).toBeNull();
    expect(s.context.alert).toBeNull();
    expect(selectRoutedStateId(s)).toBe('quotation');
    expect(selectPath(s, '/')).toBe('/quotationview');
    expect(flow.stored.persistPriceDetails).toHaveBeenLastCalledWith({ priceDetails: PRICE_LIST });
  });

  it('prices an hourly hire with the HourlyRateForm and skips the capacity check', async () => {
    const flow = start();
    flow.send({ type: 'hourly.submit', hourlyRateForm: hourlyForm });
    expect(flow.stubs.calculatePrice).toHaveBeenCalledWith({ bookingType: 'hourly', hourlyRateForm: hourlyForm });
    await flow.settle();
    expect(flow.snapshot().value).toEqual({ quotation: 'choosing' });
    expect(flow.snapshot().context.bookingType).toBe('hourly');
    expect(flow.snapshot().context.priceDetails).toEqual(PRICE_LIST);
  });

  it('keeps only the vehicles whose seats, luggage and hand luggage all fit', async () => {
    const flow = start();
    flow.send({ type: 'quote.submit', bookingForm: form({ passengers: 5, luggages: 3 }) });
    await flow.settle();
    expect(flow.snapshot().context.priceDetails).toEqual([mpv]);
  });

  it("refuses a party larger than the largest vehicle with the spec's capacity message, and sets no price list", async () => {
    const flow = start();
    flow.send({ type: 'quote.submit', bookingForm: form({ passengers: 9, luggages: 5, hand_luggages: 4 }) });
    await flow.settle();
    const s = flow.snapshot();
    const message = "Sorry we don't have any vehicle with requested options, the following limits are exceeded: Passengers exceeded by 2, Luggage exceeded by 1.";
    expect(s.value).toEqual({ bookTrip: 'priceError' });
    expect(s.context.pricingError).toBe(message);
    expect(s.context.alert).toEqual({ kind: 'error', title: 'Error', message });
    expect(s.context.priceDetails).toBeNull();
  });

  it('lists hand luggage too, each item by count', async () => {
    const flow = start();
    flow.send({ type: 'quote.submit', bookingForm: form({ passengers: 1, luggages: 0, hand_luggages: 7 }) });
    await flow.settle();
    expect(flow.snapshot().context.pricingError).toBe(
      "Sorry we don't have any vehicle with requested options, the following limits are exceeded: Hand Luggage exceeded by 3.",
    );
  });

  it('keeps only the cheapest company when MULTIPLE_PRICES and CHEAPEST_COMPANY_PRICE are both enable (zero prices never count as lowest)', async () => {
    const flow = start({ input: { settings: { ...YES_SETTINGS, MULTIPLE_PRICES: 'enable', CHEAPEST_COMPANY_PRICE: 'enable' } } });
    flow.send({ type: 'quote.submit', bookingForm: form() });
    await flow.settle();
    expect(flow.snapshot().context.priceDetails).toEqual([mpv, executive]);

    flow.send({ type: 'route.enter', path: '/' });
    flow.send({ type: 'hourly.submit', hourlyRateForm: hourlyForm });
    await flow.settle();
    expect(flow.snapshot().context.priceDetails).toEqual([mpv, executive]);
  });

  it('keeps every company when only one of the two settings is enable', async () => {
    const flow = start({ input: { settings: { ...YES_SETTINGS, MULTIPLE_PRICES: 'enable', CHEAPEST_COMPANY_PRICE: 'disable' } } });
    flow.send({ type: 'quote.submit', bookingForm: form() });
    await flow.settle();
    expect(flow.snapshot().context.priceDetails).toHaveLength(4);
  });

  it('ignores a second Search while the price is loading', async () => {
    const pending = deferred<PriceDetail[]>();
    const flow = start({ stubs: { calculatePrice: vi.fn(() => pending.promise) } });
    flow.send({ type: 'quote.submit', bookingForm: form() });
    flow.send({ type: 'quote.submit', bookingForm: form({ passengers: 3 }) });
    flow.send({ type: 'route.enter', path: '/quotationview' });
    expect(flow.stubs.calculatePrice).toHaveBeenCalledTimes(1);
    expect(flow.snapshot().value).toEqual({ bookTrip: 'pricing' });
    pending.resolve(PRICE_LIST);
    await flow.settle();
    expect(flow.snapshot().context.bookingForm?.passengers).toBe(2);
  });
});

describe('price error popups (spec §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A refused price call as src/api/quoting.ts rejects it: the text to show and the server's code (contract/errorCodes.ts). */
  const failWith = async (message: string, code: string | null = null) => {
    const flow = start({ stubs: { calculatePrice: vi.fn(async () => Promise.reject(Object.assign(new Error(message), { code }))) } });
    flow.send({ type: 'quote.submit', bookingForm: form() });
    await vi.advanceTimersByTimeAsync(0);
    return flow;
  };

  it.each([
    ['zero_distance', { bookTrip: 'sameAddress' }],
    ['banned_address', { bookTrip: 'urgentBooking' }],
    ['grace_period', { bookTrip: 'urgentBooking' }],
    ['capacity', { bookTrip: 'priceError' }],
    ['unknown_place', { bookTrip: 'priceError' }],
  ] as const)('picks the popup by the server code: a refusal coded %s, whatever its wording, leads to %j', async (code, state) => {
    const flow = await failWith('Reworded by the operator: nothing the browser knows', code);
    expect(flow.snapshot().value).toEqual(state);
    expect(flow.snapshot().context.pricingError).toBe('Reworded by the operator: nothing the browser knows');
  });

  it("treats the spec's own texts without a code as an ordinary error: the text no longer picks the popup", async () => {
    expect((await failWith('The calculated distance is zero miles. Please check your pickup and dropoff locations.')).snapshot().value).toEqual({ bookTrip: 'priceError' });
    expect((await failWith('Address is banned')).snapshot().value).toEqual({ bookTrip: 'priceError' });
  });

  it('reads the code from the error or from the response body it carries', () => {
    expect(classifyPriceError({ data: { success: false, message: 'x', code: 'zero_distance' } })).toBe('sameAddress');
    expect(classifyPriceError(Object.assign(new Error('x'), { code: 'grace_period' }))).toBe('urgentBooking');
    expect(classifyPriceError(new Error('Address is banned'))).toBe('error');
    expect(classifyPriceError('Address is banned')).toBe('error');
  });

  it('shows "Same Address Booking!", goes to /quoteView after 1 s and closes the popup at 3 s', async () => {
    const flow = await failWith('The calculated distance is zero miles. Please check your pickup and dropoff locations.', 'zero_distance');
    expect(flow.snapshot().value).toEqual({ bookTrip: 'sameAddress' });
    expect(flow.snapshot().context.alert?.title).toBe('Same Address Booking!');
    expect(flow.snapshot().context.pricingError).toBe('The calculated distance is zero miles. Please check your pickup and dropoff locations.');
    expect(selectRoutedStateId(flow.snapshot())).toBeNull();

    await vi.advanceTimersByTimeAsync(999);
    expect(flow.snapshot().value).toEqual({ bookTrip: 'sameAddress' });
    await vi.advanceTimersByTimeAsync(1);
    expect(flow.snapshot().value).toEqual({ quoteRequest: 'popup' });
    expect(selectPath(flow.snapshot(), '/')).toBe('/quoteView');
    expect(flow.snapshot().context.alert?.title).toBe('Same Address Booking!');

    await vi.advanceTimersByTimeAsync(1999);
    expect(flow.snapshot().context.alert).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(flow.snapshot().value).toEqual({ quoteRequest: 'idle' });
    expect(flow.snapshot().context.alert).toBeNull();
  });

  it.each([
    ['Address is banned', 'banned_address'],
    ['Pickup time is within the grace period', 'grace_period'],
  ])('shows "Urgent Booking!" with GRACE_TIME/60 hours for "%s", then /quoteView', async (message, code) => {
    const flow = await failWith(message, code);
    expect(flow.snapshot().value).toEqual({ bookTrip: 'urgentBooking' });
    expect(flow.snapshot().context.alert).toEqual({
      kind: 'urgentBooking',
      title: 'Urgent Booking!',
      message: 'Pickup must be at least 2 hours from now. Please contact us to book this journey.',
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(flow.snapshot().value).toEqual({ quoteRequest: 'popup' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(flow.snapshot().value).toEqual({ quoteRequest: 'idle' });
    expect(flow.snapshot().context.alert).toBeNull();
  });

  it('shows any other price error in an "Error" popup on the home page for 3 s, without redirecting', async () => {
    const flow = await failWith('We could not find "Nowhere". Please choose a suggested address or add a UK postcode.');
    expect(flow.snapshot().value).toEqual({ bookTrip: 'priceError' });
    expect(flow.snapshot().context.alert).toEqual({
      kind: 'error',
      title: 'Error',
      message: 'We could not find "Nowhere". Please choose a suggested address or add a UK postcode.',
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(flow.snapshot().value).toEqual({ bookTrip: 'priceError' });
    await vi.advanceTimersByTimeAsync(1);
    expect(flow.snapshot().value).toEqual({ bookTrip: 'form' });
    expect(flow.snapshot().context.alert).toBeNull();
    expect(flow.snapshot().context.pricingError).not.toBeNull();
  });

  it('clears the error at the start of the next call', async () => {
    const flow = await failWith('Something broke');
    flow.stubs.calculatePrice = vi.fn(async () => PRICE_LIST);
    flow.send({ type: 'quote.submit', bookingForm: form() });
    expect(flow.snapshot().context.pricingError).toBeNull();
    expect(flow.snapshot().context.alert).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.snapshot().value).toEqual({ quotation: 'choosing' });
  });
});

// ─── Quotation ────────────────────────────────────────────────────────────────────────────────────

describe('quotation', () => {
  const atQuotation = (options: Parameters<typeof start>[0] = {}) => {
    const flow = start({ ...options, input: { ...restored.quotation, ...options.input } });
    flow.send({ type: 'route.enter', path: '/quotationview' });
    expect(flow.snapshot().value).toEqual({ quotation: 'choosing' });
    return flow;
  };

  it('keeps a quantity of 1 to 6 per vehicle-company key and totals unit price × quantity', () => {
    const flow = atQuotation();
    flow.send({ type: 'vehicle.quantity', vehicle: saloon, quantity: 3 });
    expect(flow.snapshot().context.quantities).toEqual({ '1-1': 3 });
    expect(selectCardTotal(saloon)(flow.snapshot())).toBe(165);
    expect(flow.stored.persistQuantities).toHaveBeenLastCalledWith({ quantities: { '1-1': 3 } });
    flow.send({ type: 'vehicle.quantity', vehicle: mpv, quantity: 9 });
    flow.send({ type: 'vehicle.quantity', vehicle: estate, quantity: 0 });
    flow.send({ type: 'vehicle.quantity', vehicle: { vehicle_id: 99, company_id: 1 }, quantity: 2 });
    expect(flow.snapshot().context.quantities).toEqual({ '1-1': 3, '3-2': 6, '2-1': 1 });
  });

  it('Book Now stores the vehicle and the selection kind and goes to /personalDetailView', () => {
    const flow = atQuotation();
    flow.send({ type: 'vehicle.quantity', vehicle: saloon, quantity: 2 });
    flow.send({ type: 'vehicle.book', vehicle: { vehicle_id: 1, company_id: 1 }, kind: 'selection' });
    const s = flow.snapshot();
    expect(s.value).toEqual({ personalDetails: 'editing' });
    expect(s.context.selectedVehicle).toEqual(saloon);
    expect(s.context.selectionKind).toBe('selection');
    expect(selectPath(s, '/quotationview')).toBe('/personalDetailView');
    expect(selectAmountToPayMinor(s)).toBe(11000);
    expect(flow.stored.persistSelection).toHaveBeenLastCalledWith({ selectedVehicle: saloon, selectionKind: 'selection' });
  });

  it('books one vehicle from the Lowest Price block whatever the card quantity', () => {
    const flow = atQuotation();
    flow.send({ type: 'vehicle.quantity', vehicle: mpv, quantity: 4 });
    flow.send({ type: 'vehicle.book', vehicle: mpv, kind: 'lowest' });
    expect(flow.snapshot().context.selectionKind).toBe('lowest');
    expect(selectAmountToPayMinor(flow.snapshot())).toBe(4500);
  });

  it('offers no Book Now on a zero price; Contact Us goes to /quoteView', () => {
    const flow = atQuotation();
    flow.send({ type: 'vehicle.book', vehicle: executive, kind: 'selection' });
    expect(flow.snapshot().value).toEqual({ quotation: 'choosing' });
    expect(flow.snapshot().context.selectedVehicle).toBeNull();
    flow.send({ type: 'vehicle.contact' });
    expect(flow.snapshot().value).toEqual({ quoteRequest: 'idle' });
    expect(selectPath(flow.snapshot(), '/quotationview')).toBe('/quoteView');
  });

  it('Back returns to /', () => {
    const flow = atQuotation();
    flow.send({ type: 'nav.back' });
    expect(flow.snapshot().value).toEqual({ bookTrip: 'form' });
    expect(selectPath(flow.snapshot(), '/quotationview')).toBe('/');
  });

  it("options.save saves the form, recalculates the selected vehicle and replaces its price, final_price and breakdown in the list and the selection", async () => {
    const recalculated = { success: true as const, quote_id: 'q-1-1-b', price: 50, final_price: 70, breakdown: breakdown(70) };
    const flow = start({
      input: restored.details,
      stubs: { recalculateSelectedVehicle: vi.fn(async () => ({ status: 200, data: recalculated })) },
    });
    flow.send({ type: 'route.enter', path: '/personalDetailView' });
    flow.send({ type: 'options.save', options: { meet_and_greet: 'yes', baby_seats: 1 } });
    expect(flow.snapshot().value).toEqual({ personalDetails: 'recalculating' });
    expect(flow.snapshot().context.bookingForm).toMatchObject({ meet_and_greet: 'yes', baby_seats: 1 });
    expect(flow.stored.persistForms).toHaveBeenLastCalledWith(expect.objectContaining({ bookingForm: expect.objectContaining({ meet_and_greet: 'yes' }) }));
    expect(flow.stubs.recalculateSelectedVehicle).toHaveBeenCalledWith({
      vehicle: saloon,
      options: expect.objectContaining({ meet_and_greet: 'yes', baby_seats: 1, booster_seats: 0, waiting_min: 0 }),
    });
    await flow.settle();
    const s = flow.snapshot();
    const updated = { ...saloon, final_price: 70, breakdown: breakdown(70), quote_id: 'q-1-1-b' };
    expect(s.value).toEqual({ personalDetails: 'editing' });
    expect(s.context.selectedVehicle).toEqual(updated);
    expect(s.context.priceDetails).toEqual([updated, estate, mpv, executive]);
    expect(flow.stored.persistSelection).toHaveBeenLastCalledWith({ selectedVehicle: updated, selectionKind: 'selection' });
    expect(flow.stored.persistPriceDetails).toHaveBeenLastCalledWith({ priceDetails: [updated, estate, mpv, executive] });
  });

  it("says 'API response was not successful.' when the recalculation is not a 200", async () => {
    const flow = start({ input: restored.details, stubs: { recalculateSelectedVehicle: vi.fn(async () => ({ status: 422, data: null })) } });
    flow.send({ type: 'route.enter', path: '/quotationview' });
    flow.send({ type: 'options.save', options: { booster_seats: 2 } });
    expect(flow.snapshot().value).toEqual({ quotation: 'recalculating' });
    await flow.settle();
    expect(flow.snapshot().value).toEqual({ quotation: 'choosing' });
    expect(flow.snapshot().context.alert?.message).toBe('API response was not successful.');
    expect(flow.snapshot().context.selectedVehicle).toEqual(saloon);
  });

  it("says 'No BookingForm data found in localStorage.' without a form, and names the missing vehicle", () => {
    const noForm = start({ input: { ...restored.details, bookingForm: null } });
    noForm.send({ type: 'route.enter', path: '/quotationview' });
    noForm.send({ type: 'options.save', options: { baby_seats: 1 } });
    expect(noForm.snapshot().value).toEqual({ quotation: 'choosing' });
    expect(noForm.snapshot().context.alert?.message).toBe('No BookingForm data found in localStorage.');
    expect(noForm.stubs.recalculateSelectedVehicle).not.toHaveBeenCalled();

    const noVehicle = atQuotation();
    noVehicle.send({ type: 'options.save', options: { baby_seats: 1 } });
    expect(noVehicle.snapshot().context.alert?.message).toBe('No selected vehicle data found in localStorage.');
  });

  it('saves luggage with the options but refuses more than the chosen vehicle carries, with the capacity message', () => {
    const flow = start({ input: restored.details });
    flow.send({ type: 'route.enter', path: '/personalDetailView' });
    flow.send({ type: 'options.save', options: { luggages: 4, hand_luggages: 3 } });
    expect(flow.snapshot().value).toEqual({ personalDetails: 'editing' });
    expect(flow.snapshot().context.alert?.message).toBe(
      "Sorry we don't have any vehicle with requested options, the following limits are exceeded: Luggage exceeded by 2, Hand Luggage exceeded by 1.",
    );
    expect(flow.snapshot().context.bookingForm).toMatchObject({ luggages: 1, hand_luggages: 1 });
    flow.send({ type: 'alert.dismiss' });
    flow.send({ type: 'options.save', options: { luggages: 2 } });
    expect(flow.snapshot().value).toEqual({ personalDetails: 'recalculating' });
    expect(flow.snapshot().context.bookingForm).toMatchObject({ luggages: 2 });
  });

  it('options.save changes only the option and luggage fields of the form', () => {
    const flow = start({ input: restored.details });
    flow.send({ type: 'route.enter', path: '/personalDetailView' });
    flow.send({ type: 'options.save', options: { baby_seats: 2, pickup: 'Elsewhere', passengers: 40 } as never });
    expect(flow.snapshot().context.bookingForm).toMatchObject({ baby_seats: 2, pickup: form().pickup, passengers: 2 });
  });

  it('switches the quotation between list (the default) and grid', () => {
    const flow = atQuotation();
    expect(flow.snapshot().context.layout).toBe('list');
    flow.send({ type: 'layout.change', layout: 'grid' });
    expect(flow.snapshot().context.layout).toBe('grid');
    flow.send({ type: 'layout.change', layout: 'table' as never });
    expect(flow.snapshot().context.layout).toBe('grid');
  });

  it('ignores options.save for an hourly booking (the editor is mileage only)', () => {
    const flow = start({ input: { ...restored.details, bookingType: 'hourly', hourlyRateForm: hourlyForm } });
    flow.send({ type: 'route.enter', path: '/quotationview' });
    flow.send({ type: 'options.save', options: { baby_seats: 1 } });
    expect(flow.snapshot().value).toEqual({ quotation: 'choosing' });
    expect(flow.snapshot().context.alert).toBeNull();
  });
});

// ─── Step guards ──────────────────────────────────────────────────────────────────────────────────

describe('step guards for typed URLs, the stepper and Back/Forward', () => {
  const enter = (path: string, input: Partial<BookingInput> = {}) => {
    const flow = start({ input });
    flow.send({ type: 'route.enter', path });
    return flow.snapshot();
  };

  it('sends /quotationview without price details to /home', () => {
    const s = enter('/quotationview');
    expect(s.value).toEqual({ bookTrip: 'noPriceData' });
    expect(selectPath(s, '/quotationview')).toBe('/home');
  });

  it('opens /quotationview with price details', () => {
    expect(enter('/quotationview', restored.quotation).value).toEqual({ quotation: 'choosing' });
  });

  it('sends /personalDetailView to quotation without a vehicle, and home without prices', () => {
    expect(enter('/personalDetailView', restored.quotation).value).toEqual({ quotation: 'choosing' });
    expect(enter('/personalDetailView').value).toEqual({ bookTrip: 'noPriceData' });
    expect(enter('/personalDetailView', restored.details).value).toEqual({ personalDetails: 'editing' });
  });

  it('sends /paymentview to the nearest earlier allowed step', () => {
    expect(enter('/paymentview').value).toEqual({ bookTrip: 'noPriceData' });
    expect(enter('/paymentview', restored.quotation).value).toEqual({ quotation: 'choosing' });
    expect(enter('/paymentview', restored.details).value).toEqual({ personalDetails: 'editing' });
    expect(enter('/paymentview', { ...restored.payment, registrationData: { ...guest, email: '' } }).value).toEqual({ personalDetails: 'editing' });
    expect(enter('/paymentview', restored.payment).value).toEqual({ payment: 'choosing' });
  });

  it('opens /stripecheckout only when payment is allowed and SHOWCARD is yes', () => {
    expect(enter('/stripecheckout?stripeKey=cGs%3D&amount=NTU%3D', restored.payment).value).toEqual({ cardCheckout: 'loadingKey' });
    expect(enter('/stripecheckout', { ...restored.payment, settings: { SHOWCARD: 'no' } }).value).toEqual({ payment: 'choosing' });
    expect(enter('/stripecheckout', restored.details).value).toEqual({ personalDetails: 'editing' });
  });

  it('leaves the card page for a link or Back while its key still loads (nothing is paid yet), and stays put for /stripecheckout', () => {
    const flow = start({ input: restored.payment });
    flow.send({ type: 'route.enter', path: '/stripecheckout' });
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'loadingKey' });
    flow.send({ type: 'route.enter', path: '/stripecheckout' });
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'loadingKey' });
    flow.send({ type: 'nav.back' }); // the page's Back is disabled until the form shows
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'loadingKey' });
    flow.send({ type: 'route.enter', path: '/paymentview' });
    expect(flow.snapshot().value).toEqual({ payment: 'choosing' });
  });

  it('shows /paymentSuccessView only with a booking', () => {
    expect(enter('/paymentSuccessView', { booking: bookingResponse('car') }).value).toBe('confirmed');
    expect(enter('/paymentSuccessView').value).toEqual({ bookTrip: 'noPriceData' });
  });

  it('opens /, /booktripview and /quoteView at any time, and ignores paths outside the flow', () => {
    expect(enter('/booktripview', restored.payment).value).toEqual({ bookTrip: 'form' });
    expect(enter('/quoteView', restored.payment).value).toEqual({ quoteRequest: 'idle' });
    expect(enter('/contactus', restored.payment).value).toEqual({ bookTrip: 'form' });
  });

  it('stays put (no re-entry) when the path is the current step', async () => {
    const flow = await atCardForm();
    flow.send({ type: 'route.enter', path: '/stripecheckout' });
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'form' });
    expect(flow.stubs.fetchPublishableKey).toHaveBeenCalledTimes(1);
  });

  it('goes back a step with Back/Forward when the data allows', async () => {
    const flow = await atPayment();
    flow.send({ type: 'route.enter', path: '/quotationview' });
    expect(flow.snapshot().value).toEqual({ quotation: 'choosing' });
    flow.send({ type: 'route.enter', path: '/paymentview' });
    expect(flow.snapshot().value).toEqual({ payment: 'choosing' });
  });
});

// ─── Personal details ─────────────────────────────────────────────────────────────────────────────

describe('personal details', () => {
  const atDetails = (options: Parameters<typeof start>[0] = {}) => {
    const flow = start({ ...options, input: { ...restored.details, ...options.input } });
    flow.send({ type: 'route.enter', path: '/personalDetailView' });
    return flow;
  };

  it('saves registration data on every change and switches passenger modes any to any', () => {
    const flow = atDetails();
    flow.send({ type: 'registration.change', data: { firstName: 'Ada' } });
    flow.send({ type: 'registration.change', data: { email: 'ada@example.com' } });
    expect(flow.snapshot().context.registrationData).toMatchObject({ firstName: 'Ada', email: 'ada@example.com', passengerDetails: 'no' });
    expect(flow.stored.persistRegistration).toHaveBeenCalledTimes(2);
    for (const mode of ['new_client', 'existing_client', 'guest_login', 'existing_client', 'new_client'] as const) {
      flow.send({ type: 'passengerMode.change', mode });
      expect(flow.snapshot().context.passengerMode).toBe(mode);
    }
    expect(flow.stored.persistRegistration).toHaveBeenLastCalledWith({ registrationData: expect.objectContaining({ firstName: 'Ada' }), passengerMode: 'new_client' });
  });

  it('keeps the flight, train or ferry references in the BookingForm and stores it', () => {
    const flow = atDetails();
    flow.send({ type: 'travelReference.change', data: { pickup_fight_number: 'BA 117' } });
    flow.send({ type: 'travelReference.change', data: { return_fight_number: 'BA 118' } });
    const bookingForm = flow.snapshot().context.bookingForm!;
    expect(bookingForm).toMatchObject({ pickup_fight_number: 'BA 117', return_fight_number: 'BA 118', pickup: restored.details.bookingForm!.pickup });
    expect(flow.stored.persistForms).toHaveBeenLastCalledWith(expect.objectContaining({ bookingForm }));
    // Only the two reference fields can change this way.
    flow.send({ type: 'travelReference.change', data: { pickup: 'Elsewhere' } as never });
    expect(flow.snapshot().context.bookingForm!.pickup).toBe(restored.details.bookingForm!.pickup);
  });

  it('checks email, password, privacy and terms in that order with the exact texts', () => {
    const flow = atDetails();
    const next = () => {
      flow.send({ type: 'details.next' });
      return flow.snapshot().context.alert?.message;
    };
    flow.send({ type: 'passengerMode.change', mode: 'new_client' });
    expect(next()).toBe('Enter Passenger Email to receive booking details');
    flow.send({ type: 'registration.change', data: { email: 'ada@example.com' } });
    expect(next()).toBe('Enter Password for booking');
    flow.send({ type: 'registration.change', data: { password: 'correct horse' } });
    expect(next()).toBe('Please Accept Our Privacy Policies');
    flow.send({ type: 'registration.change', data: { privacyAccepted: true } });
    expect(next()).toBe('Please Accept Our Term and Conditions');
    expect(flow.snapshot().value).toEqual({ personalDetails: 'editing' });
    flow.send({ type: 'registration.change', data: { termsAccepted: true } });
    flow.send({ type: 'details.next' });
    expect(flow.snapshot().value).toEqual({ payment: 'choosing' });
    expect(flow.snapshot().context.alert).toBeNull();
  });

  it('lets a guest through with an email alone, and asks no password', () => {
    const flow = atDetails();
    flow.send({ type: 'registration.change', data: { email: 'ada@example.com' } });
    flow.send({ type: 'details.next' });
    expect(flow.snapshot().value).toEqual({ payment: 'choosing' });
  });

  it("existing client: 'Email found. Proceeding to payment.' and on to payment", async () => {
    const flow = atDetails({ input: { passengerMode: 'existing_client', registrationData: { email: 'ada@example.com', password: 'pw' } } });
    flow.send({ type: 'details.next' });
    expect(flow.snapshot().value).toEqual({ personalDetails: 'checkingEmail' });
    expect(flow.stubs.checkPassengerEmail).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'pw' });
    await flow.settle();
    expect(flow.snapshot().value).toEqual({ payment: 'choosing' });
    expect(flow.snapshot().context.alert).toEqual({ kind: 'success', title: null, message: 'Email found. Proceeding to payment.' });
  });

  it('existing client not found: the spec text, and the visitor stays', async () => {
    const flow = atDetails({
      input: { passengerMode: 'existing_client', registrationData: { email: 'ada@example.com', password: 'wrong' } },
      stubs: { checkPassengerEmail: vi.fn(async () => ({ success: false })) },
    });
    flow.send({ type: 'details.next' });
    await flow.settle();
    expect(flow.snapshot().value).toEqual({ personalDetails: 'editing' });
    expect(flow.snapshot().context.alert?.message).toBe('Email not found in the system, Enter new email inside new client or try with another email');
  });

  it("existing client check error: 'An error occurred while checking email: ' + reason", async () => {
    const flow = atDetails({
      input: { passengerMode: 'existing_client', registrationData: { email: 'ada@example.com', password: 'pw' } },
      stubs: { checkPassengerEmail: vi.fn(async () => Promise.reject(new Error('Too many attempts'))) },
    });
    flow.send({ type: 'details.next' });
    await flow.settle();
    expect(flow.snapshot().value).toEqual({ personalDetails: 'editing' });
    expect(flow.snapshot().context.alert?.message).toBe('An error occurred while checking email: Too many attempts');
  });

  it('Back goes to /quotationview', () => {
    const flow = atDetails();
    flow.send({ type: 'nav.back' });
    expect(flow.snapshot().value).toEqual({ quotation: 'choosing' });
  });
});

// ─── Payment ──────────────────────────────────────────────────────────────────────────────────────

describe('pay in car', () => {
  it('creates the booking with payment_method car and confirms, clearing the stored flow', async () => {
    const flow = await atPayment();
    flow.send({ type: 'payment.payInCar' });
    expect(flow.snapshot().value).toEqual({ payment: 'bookingInCar' });
    expect(flow.stubs.createBooking).toHaveBeenCalledWith({
      selectedVehicleData: saloon,
      selectedVehicle: 1,
      bookingType: 'milleage',
      bookingForm: form(),
      hourlyRateForm: null,
      registrationData: expect.objectContaining(guest),
      payment_method: 'car',
      selected_passenger: 'guest_login',
      stripe_session_id: null,
      paymentId: null,
      idempotencyKey: 'flow-1:booking:q-1-1',
    });
    await flow.settle();
    const s = flow.snapshot();
    expect(s.value).toBe('confirmed');
    expect(s.context.booking).toEqual(bookingResponse('car'));
    expect(s.context.priceDetails).toBeNull();
    expect(s.context.selectedVehicle).toBeNull();
    expect(s.context.registrationData.email).toBe('');
    expect(flow.stored.clearStoredFlow).toHaveBeenCalledWith({ booking: bookingResponse('car') });
    expect(selectPath(s, '/paymentview')).toBe('/paymentSuccessView');

    flow.send({ type: 'flow.restart' });
    expect(flow.snapshot().value).toEqual({ bookTrip: 'form' });
    expect(flow.snapshot().context.booking).toBeNull();
  });

  it("shows 'Error' with the server's message and stays on payment when the booking fails", async () => {
    const flow = await atPayment({ stubs: { createBooking: vi.fn(async () => Promise.reject(new Error('This quote has expired. Please search again for a fresh price.'))) } });
    flow.send({ type: 'payment.payInCar' });
    await flow.settle();
    expect(flow.snapshot().value).toEqual({ payment: 'choosing' });
    expect(flow.snapshot().context.alert).toEqual({ kind: 'error', title: 'Error', message: 'This quote has expired. Please search again for a fresh price.' });
    expect(flow.stored.clearStoredFlow).not.toHaveBeenCalled();
  });

  it("offers neither button when SHOWPAYINCAR and SHOWCARD are not 'yes'", async () => {
    const flow = await atPayment({ input: { settings: { SHOWCARD: 'no', SHOWPAYINCAR: null } } });
    expect(flow.snapshot().can({ type: 'payment.payInCar' })).toBe(false);
    flow.send({ type: 'payment.payInCar' });
    flow.send({ type: 'payment.chooseCard' });
    expect(flow.snapshot().value).toEqual({ payment: 'choosing' });
    flow.send({ type: 'settings.update', settings: { SHOWPAYINCAR: 'yes' } });
    expect(flow.snapshot().can({ type: 'payment.payInCar' })).toBe(true);
  });

  it('keeps both offered options on the page while Pay in Car books, usable only while nothing is in flight (the payment view reads these)', async () => {
    const pending = deferred<BookingResponse>();
    const flow = await atPayment({ stubs: { createBooking: vi.fn(() => pending.promise) } });
    const buttons = () => {
      const s = flow.snapshot();
      return { payInCar: [selectPayInCarOffered(s), selectCanPayInCar(s)], card: [selectCardOffered(s), selectCanPayByCard(s)] };
    };
    expect(buttons()).toEqual({ payInCar: [true, true], card: [true, true] });
    flow.send({ type: 'payment.payInCar' });
    expect(buttons()).toEqual({ payInCar: [true, false], card: [true, false] });
    const cardOnly = await atPayment({ input: { settings: { SHOWCARD: 'yes', SHOWPAYINCAR: 'no' } } });
    expect([selectPayInCarOffered(cardOnly.snapshot()), selectCanPayInCar(cardOnly.snapshot()), selectCardOffered(cardOnly.snapshot())]).toEqual([false, false, true]);
  });

  it('ignores a second Pay in Car and navigation while booking', async () => {
    const pending = deferred<BookingResponse>();
    const flow = await atPayment({ stubs: { createBooking: vi.fn(() => pending.promise) } });
    flow.send({ type: 'payment.payInCar' });
    flow.send({ type: 'payment.payInCar' });
    flow.send({ type: 'nav.back' });
    flow.send({ type: 'route.enter', path: '/quotationview' });
    expect(flow.snapshot().value).toEqual({ payment: 'bookingInCar' });
    expect(flow.stubs.createBooking).toHaveBeenCalledTimes(1);
    pending.resolve(bookingResponse('car'));
    await flow.settle();
    expect(flow.snapshot().value).toBe('confirmed');
  });
});

describe('pay by card', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const run = () => vi.advanceTimersByTimeAsync(0);

  it("pays: payment method → intent → confirm 'succeeded' → booking → 'Payment successful!' for 1500 ms → confirmed", async () => {
    const flow = await atCardForm({ input: { quantities: { '1-1': 2 } } });
    expect(flow.snapshot().context.publishableKey).toBe('pk_sandbox_cabflow_test_mode');
    expect(selectPath(flow.snapshot(), '/paymentview')).toBe('/stripecheckout');
    flow.send({ type: 'card.submit', card: { number: '4242424242424242' } });
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'creatingPaymentMethod' });
    expect(flow.stubs.createPaymentMethod).toHaveBeenCalledWith({
      card: { number: '4242424242424242' },
      billingDetails: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+447700900123' },
    });
    await run();
    expect(flow.stubs.createPaymentIntent).toHaveBeenCalledWith({
      paymentMethodId: 'pm_card_visa',
      amount: 11000,
      booking: expect.objectContaining({ selectedVehicleData: saloon, selectedVehicle: 2, payment_method: 'card', paymentId: null, stripe_session_id: null }),
      idempotencyKey: 'flow-1:intent:pm_card_visa',
    });
    expect(flow.stubs.confirmPaymentIntent).toHaveBeenCalledWith({ paymentIntentId: 'pi_1', idempotencyKey: 'flow-1:confirm:pi_1' });
    expect(flow.stubs.createBooking).toHaveBeenCalledWith(
      expect.objectContaining({
        payment_method: 'card',
        selectedVehicle: 2,
        stripe_session_id: 'cs_test_1',
        paymentId: 'ch_test_1',
        idempotencyKey: 'flow-1:booking:pi_1',
      }),
    );
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'succeeded' });
    expect(flow.snapshot().context.alert).toEqual({ kind: 'success', title: 'Payment successful!', message: 'Payment successful!' });
    await vi.advanceTimersByTimeAsync(1499);
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'succeeded' });
    await vi.advanceTimersByTimeAsync(1);
    expect(flow.snapshot().value).toBe('confirmed');
    expect(flow.snapshot().context.booking).toEqual(bookingResponse('card'));
    expect(flow.snapshot().context.cardPayment).toBeNull();
    expect(flow.stored.clearStoredFlow).toHaveBeenCalledTimes(1);
  });

  it('rounds the amount to whole pounds first when ROUND_OFF is yes', async () => {
    const flow = await atCardForm({ input: { settings: { ...YES_SETTINGS, ROUND_OFF: 'yes' }, selectedVehicle: { ...saloon, final_price: 55.6 } } });
    expect(selectAmountToPayMinor(flow.snapshot())).toBe(5600);
  });

  it("shows 'Payment failed' with the decline, keeps the form, and a retry with another card succeeds", async () => {
    const confirm = vi
      .fn<(input: { paymentIntentId: string }) => Promise<ConfirmPaymentIntentOutput>>()
      .mockResolvedValueOnce(withStatus('Your card was declined.', 'requires_payment_method'))
      .mockResolvedValueOnce(withStatus(null, 'succeeded'));
    const intent = vi
      .fn<(input: CreatePaymentIntentInput) => Promise<{ paymentIntentId: string; clientSecret: string | null }>>()
      .mockResolvedValueOnce({ paymentIntentId: 'pi_declined', clientSecret: null })
      .mockResolvedValueOnce({ paymentIntentId: 'pi_2', clientSecret: null });
    const method = vi
      .fn<(input: { card: unknown }) => Promise<{ paymentMethodId: string }>>()
      .mockResolvedValueOnce({ paymentMethodId: 'pm_card_visa_chargeDeclined' })
      .mockResolvedValueOnce({ paymentMethodId: 'pm_card_visa' });
    const flow = await atCardForm({ stubs: { confirmPaymentIntent: confirm, createPaymentIntent: intent, createPaymentMethod: method } });

    flow.send({ type: 'card.submit', card: { number: '4000000000000002' } });
    await run();
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'form' });
    expect(flow.snapshot().context.alert).toEqual({ kind: 'error', title: 'Payment failed', message: 'Your card was declined.' });
    expect(flow.snapshot().context.cardPayment).toBeNull();
    expect(flow.stubs.createBooking).not.toHaveBeenCalled();

    flow.send({ type: 'card.submit', card: { number: '4242424242424242' } });
    expect(flow.snapshot().context.alert).toBeNull();
    await run();
    expect(intent).toHaveBeenLastCalledWith(expect.objectContaining({ paymentMethodId: 'pm_card_visa', idempotencyKey: 'flow-1:intent:pm_card_visa' }));
    expect(flow.stubs.createBooking).toHaveBeenCalledTimes(1);
    expect(flow.stubs.createBooking).toHaveBeenCalledWith(expect.objectContaining({ idempotencyKey: 'flow-1:booking:pi_2' }));
    await vi.advanceTimersByTimeAsync(1500);
    expect(flow.snapshot().value).toBe('confirmed');
  });

  it("treats status 'failed' as 'Payment failed'", async () => {
    const flow = await atCardForm({ stubs: { confirmPaymentIntent: vi.fn(async () => withStatus(null, 'failed')) } });
    flow.send({ type: 'card.submit', card: {} });
    await run();
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'form' });
    expect(flow.snapshot().context.alert).toEqual({ kind: 'error', title: 'Payment failed', message: '' });
  });

  it("shows 'Payment failed' plus the provider's message when the payment method cannot be created", async () => {
    const flow = await atCardForm({ stubs: { createPaymentMethod: vi.fn(async () => Promise.reject(new Error('Your card number is incomplete.'))) } });
    flow.send({ type: 'card.submit', card: {} });
    await run();
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'form' });
    expect(flow.snapshot().context.alert).toEqual({ kind: 'error', title: 'Payment failed', message: 'Your card number is incomplete.' });
    expect(flow.stubs.createPaymentIntent).not.toHaveBeenCalled();
  });

  it("shows 'Payment failed. Please try again.' when the intent cannot be created", async () => {
    const flow = await atCardForm({ stubs: { createPaymentIntent: vi.fn(async () => Promise.reject(new Error('boom'))) } });
    flow.send({ type: 'card.submit', card: {} });
    await run();
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'form' });
    expect(flow.snapshot().context.alert?.message).toBe('Payment failed. Please try again.');
    expect(flow.stubs.confirmPaymentIntent).not.toHaveBeenCalled();
  });

  it("shows the server's refusal as it is when the booking is already paid or another card is being charged", async () => {
    const paid = new PaymentRefused('This booking has already been paid for. Booking number: CF-7K2M9QXA.');
    const flow = await atCardForm({ stubs: { createPaymentIntent: vi.fn(async () => Promise.reject(paid)) } });
    flow.send({ type: 'card.submit', card: {} });
    await run();
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'form' });
    expect(flow.snapshot().context.alert).toEqual({ kind: 'error', title: 'Payment failed', message: 'This booking has already been paid for. Booking number: CF-7K2M9QXA.' });

    const busy = new PaymentRefused('A payment for this booking is already in progress. Please wait for it to finish.');
    const other = await atCardForm({ stubs: { confirmPaymentIntent: vi.fn(async () => Promise.reject(busy)) } });
    other.send({ type: 'card.submit', card: {} });
    await run();
    expect(other.snapshot().value).toEqual({ cardCheckout: 'form' });
    expect(other.snapshot().context.alert?.message).toBe('A payment for this booking is already in progress. Please wait for it to finish.');
  });

  it('3-D Secure completed: authenticates, confirms again and books', async () => {
    const confirm = vi
      .fn<(input: { paymentIntentId: string }) => Promise<ConfirmPaymentIntentOutput>>()
      .mockResolvedValueOnce({ ...withStatus(null, 'requires_action'), clientSecret: 'pi_1_secret_3ds' })
      .mockResolvedValueOnce(withStatus(null, 'succeeded'));
    const pending = deferred<HandleNextActionOutput>();
    const flow = await atCardForm({ stubs: { confirmPaymentIntent: confirm, handleNextAction: vi.fn(() => pending.promise) } });
    flow.send({ type: 'card.submit', card: { number: '4000002760003184' } });
    await run();
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'authenticating' });
    expect(flow.stubs.handleNextAction).toHaveBeenCalledWith({ paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_3ds' });
    expect(flow.stubs.createBooking).not.toHaveBeenCalled();
    pending.resolve({ status: 'completed' });
    await run();
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'succeeded' });
    expect(flow.stubs.createBooking).toHaveBeenCalledTimes(1);
  });

  it("3-D Secure failed: 'Payment failed', back to the card form, no booking", async () => {
    const flow = await atCardForm({
      stubs: {
        confirmPaymentIntent: vi.fn(async () => withStatus(null, 'requires_action')),
        handleNextAction: vi.fn(async () => ({ status: 'failed' as const, message: 'We are unable to authenticate your payment method.' })),
      },
    });
    flow.send({ type: 'card.submit', card: {} });
    await run();
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'form' });
    expect(flow.snapshot().context.alert).toEqual({ kind: 'error', title: 'Payment failed', message: 'We are unable to authenticate your payment method.' });
    expect(flow.stubs.createBooking).not.toHaveBeenCalled();
  });

  it("asks a 'processing' intent again after a pause and books once it succeeds", async () => {
    const confirm = vi
      .fn<(input: { paymentIntentId: string }) => Promise<ConfirmPaymentIntentOutput>>()
      .mockResolvedValueOnce(withStatus(null, 'processing'))
      .mockResolvedValueOnce(withStatus(null, 'succeeded'));
    const flow = await atCardForm({ stubs: { confirmPaymentIntent: confirm } });
    flow.send({ type: 'card.submit', card: {} });
    await run();
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'awaitingProcessing' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'succeeded' });
  });

  it('ignores a double-clicked Pay Now and any navigation while the card is being charged', async () => {
    const pending = deferred<{ paymentMethodId: string }>();
    const flow = await atCardForm({ stubs: { createPaymentMethod: vi.fn(() => pending.promise) } });
    flow.send({ type: 'card.submit', card: {} });
    flow.send({ type: 'card.submit', card: {} });
    flow.send({ type: 'nav.back' });
    flow.send({ type: 'route.enter', path: '/paymentview' });
    flow.send({ type: 'payment.payInCar' });
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'creatingPaymentMethod' });
    expect(flow.snapshot().can({ type: 'card.submit', card: {} })).toBe(false);
    pending.resolve({ paymentMethodId: 'pm_card_visa' });
    await run();
    expect(flow.stubs.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(flow.stubs.createPaymentIntent).toHaveBeenCalledTimes(1);
    expect(flow.stubs.createBooking).toHaveBeenCalledTimes(1);
  });

  it('keeps a paid visitor on the card page when the booking call fails, and retries with the same idempotency key', async () => {
    const create = vi
      .fn<(input: BookingCreatePayload) => Promise<BookingResponse>>()
      .mockRejectedValueOnce(new Error('Service unavailable'))
      .mockResolvedValueOnce(bookingResponse('card'));
    const flow = await atCardForm({ stubs: { createBooking: create } });
    flow.send({ type: 'card.submit', card: {} });
    await run();
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'bookingFailed' });
    expect(flow.snapshot().context.alert).toEqual({ kind: 'error', title: 'Error', message: 'Service unavailable' });
    flow.send({ type: 'card.submit', card: {} });
    flow.send({ type: 'route.enter', path: '/' });
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'bookingFailed' });
    flow.send({ type: 'booking.retry' });
    await run();
    expect(create).toHaveBeenCalledTimes(2);
    expect(create.mock.calls[0][0].idempotencyKey).toBe(create.mock.calls[1][0].idempotencyKey);
    expect(flow.stubs.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(flow.snapshot().value).toEqual({ cardCheckout: 'succeeded' });
  });

  it('returns to /paymentview from the card form with Back', async () => {
    const flow = await atCardForm();
    flow.send({ type: 'nav.back' });
    expect(flow.snapshot().value).toEqual({ payment: 'choosing' });
  });
});

// ─── Model-based readiness ────────────────────────────────────────────────────────────────────────

describe('model-based test readiness', () => {
  it('lists every event type the machine handles', () => {
    const handled = new Set<string>();
    const visit = (node: AnyStateNode) => {
      for (const type of node.ownEvents) if (!type.startsWith('xstate.')) handled.add(type);
      Object.values(node.states).forEach((child) => visit(child as AnyStateNode));
    };
    visit(bookingMachine.root);
    expect([...handled].sort()).toEqual([...BOOKING_EVENT_TYPES].sort());
  });

  it('keeps the context finite: retries, quantity changes and re-pricing do not grow it', async () => {
    const flow = start({ input: restored.payment });
    flow.send({ type: 'route.enter', path: '/quotationview' });
    const size = () => JSON.stringify(flow.snapshot().context).length;
    const before = size();
    for (let i = 0; i < 50; i += 1) flow.send({ type: 'vehicle.quantity', vehicle: saloon, quantity: (i % 6) + 1 });
    flow.send({ type: 'vehicle.quantity', vehicle: saloon, quantity: 1 });
    expect(size()).toBeLessThanOrEqual(before + 20);
  });

  it('generates shortest paths over the real machine, fed actor outcomes as events', () => {
    const events: BookingEvent[] | { type: string; [k: string]: unknown }[] = [
      { type: 'quote.submit', bookingForm: form() },
      { type: 'xstate.done.actor.calculatePrice', output: { priceDetails: PRICE_LIST, routePolyline: null } },
      { type: 'xstate.error.actor.calculatePrice', error: Object.assign(new Error('The calculated distance is zero miles. Please check your pickup and dropoff locations.'), { code: 'zero_distance' }) },
      { type: 'vehicle.book', vehicle: saloon, kind: 'selection' },
      { type: 'registration.change', data: { email: 'ada@example.com' } },
      { type: 'details.next' },
      { type: 'payment.payInCar' },
      { type: 'payment.chooseCard' },
      { type: 'xstate.done.actor.createBooking', output: bookingResponse('car') },
      { type: 'xstate.done.actor.fetchPublishableKey', output: 'pk' },
      { type: 'card.submit', card: {} },
      { type: 'xstate.done.actor.createPaymentMethod', output: { paymentMethodId: 'pm' } },
      { type: 'xstate.done.actor.createPaymentIntent', output: { paymentIntentId: 'pi', clientSecret: null } },
      { type: 'xstate.done.actor.confirmPaymentIntent', output: withStatus(null, 'succeeded') },
      { type: 'xstate.done.actor.confirmPaymentIntent', output: withStatus('Your card was declined.', 'requires_payment_method') },
    ];
    for (const e of events) if (e.type.startsWith('xstate.done.actor.')) expect(BOOKING_OUTCOME_EVENT_TYPES).toContain(e.type);
    const paths = getShortestPaths(bookingMachine, {
      input: { idempotencyKey: 'flow-1', settings: YES_SETTINGS },
      events: events as BookingEvent[],
      limit: 5000,
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toContain(JSON.stringify('confirmed'));
    expect(reached).toContain(JSON.stringify({ cardCheckout: 'succeeded' }));
    expect(reached).toContain(JSON.stringify({ bookTrip: 'sameAddress' }));
    expect(reached).toContain(JSON.stringify({ cardCheckout: 'form' }));
  });
});

it('exports the spec texts unchanged', () => {
  expect(BOOKING_MESSAGES.termsMissing).toBe('Please Accept Our Term and Conditions');
  expect(BOOKING_MESSAGES.paymentIntentFailed).toBe('Payment failed. Please try again.');
});
