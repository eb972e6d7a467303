import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PhoneBookingAnswer, PhoneBookingInput, PhonePassenger, PhonePriceAnswer, PhonePriceInput } from '../../contract/consolePhoneBookings.ts';
import { PHONE_BOOKING_TEXT, phoneBookingMachine, selectCanBook, selectPhoneStage } from './phoneBooking.machine.ts';

const PRICES: PhonePriceAnswer = {
  success: true,
  quote_id: 'q_test',
  expires_at: '2030-01-01T00:00:00.000Z',
  options: [
    { vehicle_id: 1, company_id: 1, vehicle_type: 'Saloon', company_name: 'Westway', max_seat: 4, luggage: 2, final_price: 61.5 },
    { vehicle_id: 2, company_id: 1, vehicle_type: 'MPV', company_name: 'Westway', max_seat: 6, luggage: 4, final_price: 80 },
  ],
};
const PRIYA: PhonePassenger = { id: 7, name: 'Priya Patel', email: 'priya@phone.test', phone: '+44 7700 900777', account: { id: 3, name: 'Acme', active: true, po_required: false, cost_centre_required: false } };
const ANSWER: PhoneBookingAnswer = { success: true, message: 'Booked CF-ABCDEFGH.', booking_number: 'CF-ABCDEFGH', total: 42.5, tariff_total: 61.5, payment_method: 'account', payment_status: 'on_account', created: true };

function start(options: { book?: (input: PhoneBookingInput) => Promise<PhoneBookingAnswer>; price?: (input: PhonePriceInput) => Promise<PhonePriceAnswer> } = {}) {
  const calls = { price: [] as PhonePriceInput[], search: [] as string[], book: [] as PhoneBookingInput[] };
  const actor = createActor(
    phoneBookingMachine.provide({
      actors: {
        price: fromPromise(async ({ input }: { input: PhonePriceInput }) => (calls.price.push(input), (options.price ?? (async () => PRICES))(input))),
        search: fromPromise(async ({ input }: { input: string }) => (calls.search.push(input), [PRIYA])),
        book: fromPromise(async ({ input }: { input: PhoneBookingInput }) => (calls.book.push(input), (options.book ?? (async () => ANSWER))(input))),
      },
    }),
    { input: { today: '2030-06-14', keyPrefix: 'page1' } },
  ).start();
  return { actor, calls };
}

const typeTrip = (actor: ReturnType<typeof start>['actor']) => {
  for (const [field, value] of [['pickup', 'Heathrow T5'], ['dropoff', 'The Savoy'], ['pickup_time', '14:30'], ['passengers', '2']] as const) actor.send({ type: 'trip.set', field, value });
};

describe('phone booking machine', () => {
  it('prices the trip, picks a found passenger (on account by default), overrides the price with a reason, books once, and starts afresh', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().context.trip.pickup_date).toBe('2030-06-14');
    typeTrip(actor);
    actor.send({ type: 'price' });
    await waitFor(actor, (s) => s.context.prices !== null);
    expect(calls.price).toEqual([{ pickup: 'Heathrow T5', dropoff: 'The Savoy', pickup_date: '2030-06-14', pickup_time: '14:30', passengers: 2, luggages: 0 }]);
    expect(actor.getSnapshot().context.vehicle).toBe('1-1');
    expect(selectCanBook(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'passenger.search', query: '07' });
    expect(calls.search).toEqual([]);
    actor.send({ type: 'passenger.search', query: '07700 900777' });
    await waitFor(actor, (s) => s.context.matches !== null);
    actor.send({ type: 'passenger.pick', id: 7 });
    expect(actor.getSnapshot().context).toMatchObject({ picked: PRIYA, payment: 'account', contact: { name: 'Priya Patel', email: 'priya@phone.test', phone: '+44 7700 900777' } });
    actor.send({ type: 'vehicle.choose', key: '2-1' });
    actor.send({ type: 'override.toggle' });
    actor.send({ type: 'extra.set', field: 'override_price', value: '42.50' });
    expect(selectCanBook(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'extra.set', field: 'override_reason', value: 'Regular rate' });
    actor.send({ type: 'extra.set', field: 'po_number', value: 'PO-1' });
    expect(selectCanBook(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'book' });
    actor.send({ type: 'book' });
    await waitFor(actor, (s) => selectPhoneStage(s) === 'booked');
    expect(calls.book).toEqual([
      {
        quote_id: 'q_test',
        vehicle_id: 2,
        company_id: 1,
        passenger: { id: 7, name: 'Priya Patel', email: 'priya@phone.test', phone: '+44 7700 900777' },
        payment: 'account',
        po_number: 'PO-1',
        cost_centre: '',
        notes: '',
        price_override: { price: 42.5, reason: 'Regular rate' },
        booking_key: 'page1-1',
      },
    ]);
    expect(actor.getSnapshot().context.booked).toEqual(ANSWER);

    actor.send({ type: 'again' });
    const fresh = actor.getSnapshot();
    expect(selectPhoneStage(fresh)).toBe('editing');
    expect(fresh.context).toMatchObject({ prices: null, picked: null, contact: { name: '', email: '', phone: '' }, payment: 'car', overriding: false, serial: 2, booked: null });
    expect(fresh.context.trip.pickup_date).toBe('2030-06-14');
  });

  it('a typed-in caller pays in the car (on account refused without an account); a trip change drops the price list; a refusal keeps what was typed', async () => {
    const { actor, calls } = start({ book: async () => Promise.reject(Object.assign(new Error('Pay in Car is not available.'), { status: 403 })) });
    typeTrip(actor);
    actor.send({ type: 'price' });
    await waitFor(actor, (s) => s.context.prices !== null);
    actor.send({ type: 'trip.set', field: 'luggages', value: '3' });
    expect(actor.getSnapshot().context).toMatchObject({ prices: null, vehicle: null });
    actor.send({ type: 'price' });
    await waitFor(actor, (s) => s.context.prices !== null);
    actor.send({ type: 'payment.set', payment: 'account' });
    expect(actor.getSnapshot().context.payment).toBe('car');
    actor.send({ type: 'contact.set', field: 'name', value: 'Tom Caller' });
    actor.send({ type: 'contact.set', field: 'email', value: 'tom@example.test' });
    actor.send({ type: 'contact.set', field: 'phone', value: '07700 900555' });
    actor.send({ type: 'book' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(selectPhoneStage(actor.getSnapshot())).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('Pay in Car is not available.');
    expect(actor.getSnapshot().context.contact.name).toBe('Tom Caller');
    expect(calls.book[0]).toMatchObject({ payment: 'car', price_override: null, passenger: { name: 'Tom Caller' } });
    expect(calls.book[0].passenger).not.toHaveProperty('id');
  });

  it('a failed price call says so and prices nothing', async () => {
    const { actor } = start({ price: async () => Promise.reject(new Error('')) });
    typeTrip(actor);
    actor.send({ type: 'price' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: PHONE_BOOKING_TEXT.priceFailed, prices: null });
  });
});
