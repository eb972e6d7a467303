import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { RememberedDetails } from '../../contract/rememberedDetails.ts';
import { bookingMachine } from './booking.machine.ts';
import { selectHasRemembered, selectRemember } from './booking.selectors.ts';
import type { BookingCreatePayload, BookingForm, BookingResponse, PriceDetail } from './booking.types.ts';

const vehicle = { vehicle_id: 1, company_id: 1, quote_id: 'q-1', price: 40, final_price: 40, max_seat: 4, luggage: 2, small_luggage: 2, breakdown: {} } as unknown as PriceDetail;
const form = {
  pickup: 'Paddington Station, Praed Street, London W2 1HB',
  dropoff: 'The Savoy, Strand, London WC2R 0EZ',
  stops: [{ street_name: 'Marylebone Station, Melcombe Place', number: '', postcode: 'NW1 6JJ' }],
  select_option: 'one_way',
  pickup_date: '2026-12-03',
  pickup_hour: '2pm',
  pickup_min: '00',
} as unknown as BookingForm;
const booked = { success: true, data: { booking: { booking_number: 'CF-REMEMBER1' } } } as unknown as BookingResponse;
const ada = { firstName: 'Ada', surname: 'Lovelace', email: 'ada@example.test', number: '+44 7700 900123' };
const kept: RememberedDetails = {
  ...ada,
  trip: { bookingType: 'milleage', pickup: form.pickup, dropoff: form.dropoff, stops: [{ street_name: 'Marylebone Station, Melcombe Place', number: '', postcode: 'NW1 6JJ' }], pickup_duration: '' },
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The details step of a restored one-way trip; `remembered` as this device keeps it. Records every persistRemembered. */
function detailsStep(remembered: RememberedDetails | null = null) {
  const writes: (RememberedDetails | null)[] = [];
  const bookings: BookingCreatePayload[] = [];
  const machine = bookingMachine.provide({
    actors: { createBooking: fromPromise<BookingResponse, BookingCreatePayload>(async ({ input }) => (bookings.push(input), booked)) },
    actions: { persistRemembered: (_, params) => void writes.push(params.remembered) },
  });
  const flow = createActor(machine, {
    input: { idempotencyKey: 'flow-1', settings: { SHOWPAYINCAR: 'yes' }, bookingType: 'milleage', bookingForm: form, priceDetails: [vehicle], selectedVehicle: vehicle, selectionKind: 'selection', quantities: {}, remembered },
  }).start();
  flow.send({ type: 'route.enter', path: '/personalDetailView' });
  expect(flow.getSnapshot().value).toEqual({ personalDetails: 'editing' });
  return { flow, writes, bookings };
}

const payInCar = async (flow: ReturnType<typeof detailsStep>['flow']) => {
  flow.send({ type: 'details.next' });
  expect(flow.getSnapshot().value).toEqual({ payment: 'choosing' });
  flow.send({ type: 'payment.payInCar' });
  await settle();
  expect(flow.getSnapshot().value).toBe('confirmed');
};

describe('"Remember my details on this device" (issue 37)', () => {
  it('is off by default: a booking made without it keeps nothing', async () => {
    const { flow, writes } = detailsStep();
    expect(selectRemember(flow.getSnapshot())).toBe(false);
    flow.send({ type: 'registration.change', data: ada });
    await payInCar(flow);
    expect(writes).toEqual([]);
    expect(flow.getSnapshot().context.remembered).toBeNull();
    expect(flow.getSnapshot().context.registrationData.email).toBe('');
  });

  it('ticked: the booking made keeps the details and the trip (no password), and the next booking starts filled in', async () => {
    const { flow, writes, bookings } = detailsStep();
    flow.send({ type: 'registration.change', data: { ...ada } });
    flow.send({ type: 'remember.change', remember: true });
    expect(selectRemember(flow.getSnapshot())).toBe(true);
    // Nothing is written until the booking is made.
    expect(writes).toEqual([]);
    await payInCar(flow);
    expect(bookings).toHaveLength(1);
    expect(writes).toEqual([kept]);
    expect(JSON.stringify(writes[0])).not.toContain('password');
    const context = flow.getSnapshot().context;
    expect([context.registrationData.firstName, context.registrationData.surname, context.registrationData.email, context.registrationData.number]).toEqual([
      'Ada',
      'Lovelace',
      'ada@example.test',
      '+44 7700 900123',
    ]);
    expect(context.remember).toBe(true);
  });

  it('a returning visitor: the fields are filled in, Next goes straight to payment; what they typed stays', () => {
    const { flow } = detailsStep(kept);
    expect(selectRemember(flow.getSnapshot())).toBe(true);
    expect(selectHasRemembered(flow.getSnapshot())).toBe(true);
    expect(flow.getSnapshot().context.registrationData).toMatchObject(ada);
    flow.send({ type: 'details.next' });
    expect(flow.getSnapshot().value).toEqual({ payment: 'choosing' });

    // A reload mid-flow with something typed: the typed value wins over the remembered one.
    const typed = createActor(bookingMachine, { input: { idempotencyKey: 'flow-2', registrationData: { email: 'other@example.test' }, remembered: kept } }).start();
    expect(typed.getSnapshot().context.registrationData).toMatchObject({ firstName: 'Ada', email: 'other@example.test' });
  });

  it('unticked: what this device kept is removed at once, the fields stay for this booking, and the booking keeps nothing', async () => {
    const { flow, writes } = detailsStep(kept);
    flow.send({ type: 'remember.change', remember: false });
    expect(writes).toEqual([null]);
    expect(selectHasRemembered(flow.getSnapshot())).toBe(false);
    expect(flow.getSnapshot().context.registrationData).toMatchObject(ada);
    await payInCar(flow);
    expect(writes).toEqual([null]);
    expect(flow.getSnapshot().context.registrationData.email).toBe('');
  });

  it('"Forget my details": removed, and the fields still holding the kept values are emptied (a changed one stays)', () => {
    const { flow, writes } = detailsStep(kept);
    flow.send({ type: 'registration.change', data: { number: '+44 7700 900999' } });
    flow.send({ type: 'remember.forget' });
    expect(writes).toEqual([null]);
    const context = flow.getSnapshot().context;
    expect(context.remember).toBe(false);
    expect(context.remembered).toBeNull();
    expect([context.registrationData.firstName, context.registrationData.surname, context.registrationData.email, context.registrationData.number]).toEqual(['', '', '', '+44 7700 900999']);
    // Emptied, the guest's e-mail is asked for again (spec §5 Details step 1).
    flow.send({ type: 'details.next' });
    expect(flow.getSnapshot().value).toEqual({ personalDetails: 'editing' });
    expect(context.alert).toBeNull();
    expect(flow.getSnapshot().context.alert?.message).toBe('Enter Passenger Email to receive booking details');
  });

  it('ticked again after forgetting: the next booking is kept afresh', async () => {
    const { flow, writes } = detailsStep(kept);
    flow.send({ type: 'remember.forget' });
    flow.send({ type: 'registration.change', data: { firstName: 'Grace', surname: 'Hopper', email: 'grace@example.test', number: '+44 7700 900456' } });
    flow.send({ type: 'remember.change', remember: true });
    await payInCar(flow);
    expect(writes).toEqual([null, { ...kept, firstName: 'Grace', surname: 'Hopper', email: 'grace@example.test', number: '+44 7700 900456' }]);
  });
});
