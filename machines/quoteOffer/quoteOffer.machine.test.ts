import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BookingForm, HourlyRateForm, PriceDetail } from '../../contract/booking.ts';
import { quoteOfferMachine, selectError, selectRetryable, selectStage } from './quoteOffer.machine.ts';
import { HAND_OVER_FAILURE, offeredTrip, QUOTE_OFFER_FAILURE, tokenOfFragment, type OfferedTrip, type OpenedQuoteOffer } from './quoteOffer.types.ts';

const TOKEN = 'abcdefghijABCDEFGHIJ0123456789_-abcdefghij'.padEnd(43, 'x');
const vehicle = { vehicle_id: 3, company_id: 1, quote_id: 'q_offer', price: 61.5, final_price: 61.5, vehicle_type: 'Executive' } as PriceDetail;
const form = { pickup: 'Paddington Station', dropoff: 'Heathrow Terminal 5', pickup_date: '2030-06-14', pickup_hour: '2pm', pickup_min: '30', passengers: 2 } as BookingForm;
const offer: OpenedQuoteOffer = { booking_type: 'milleage', booking_form: form, vehicle, expires_at: '2030-06-10T12:00:00.000Z' };

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

/** The machine with stub effects: every call, hand-over and address change is recorded. */
function start(token: string | null, open: (token: string) => Promise<OpenedQuoteOffer> = async () => offer, handOver: (trip: OfferedTrip) => Promise<void> = async () => {}) {
  const log: string[] = [];
  const opened: string[] = [];
  const handed: OfferedTrip[] = [];
  const logic = quoteOfferMachine.provide({
    actors: {
      openOffer: fromPromise(({ input }) => (log.push('open'), opened.push(input.token), open(input.token))),
      handOver: fromPromise(({ input }) => (log.push('handOver'), handed.push(input), handOver(input))),
      forgetAddress: fromPromise<void, void>(async () => {
        log.push('forgetAddress');
      }),
    },
  });
  const actor = createActor(logic, { input: { token } }).start();
  return { actor, log, opened, handed };
}

describe('the link token', () => {
  it('is read from the fragment only as `token=`', () => {
    expect(tokenOfFragment(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenOfFragment(`token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenOfFragment('#token=')).toBeNull();
    expect(tokenOfFragment('')).toBeNull();
    expect(tokenOfFragment(`#other=${TOKEN}`)).toBeNull();
  });
});

describe('the offered trip', () => {
  it('is the booking flow’s trip after Book Now on the offered vehicle: a list of that vehicle alone, chosen, one of it', () => {
    expect(offeredTrip(offer)).toEqual({ bookingType: 'milleage', bookingForm: form, hourlyRateForm: null, priceDetails: [vehicle], selectedVehicle: vehicle, selectionKind: 'selection', quantities: {} });
    const hourly = { pickup: 'Paddington Station', pickup_date: '2030-06-14', pickup_duration: '4hour' } as unknown as HourlyRateForm;
    expect(offeredTrip({ ...offer, booking_type: 'hourly', booking_form: hourly })).toMatchObject({ bookingType: 'hourly', bookingForm: null, hourlyRateForm: hourly });
  });
});

describe('quote-offer machine', () => {
  it('drops the token from the address before its one call, then hands the offered trip to the booking flow', async () => {
    const { actor, log, opened, handed } = start(TOKEN);
    expect(selectStage(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (s) => s.matches('handedOver'));
    expect(log).toEqual(['forgetAddress', 'open', 'handOver']);
    expect(opened).toEqual([TOKEN]);
    expect(handed).toEqual([offeredTrip(offer)]);
    // The booking step's document is loading: the page keeps saying so.
    expect(selectStage(actor.getSnapshot())).toBe('loading');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('shows the link as unknown without asking the server when there is no token or not one of a link’s shape', async () => {
    for (const token of [null, 'short', `${TOKEN}x`, `${TOKEN.slice(0, 42)}\u0000`, `${TOKEN.slice(0, 42)}=`]) {
      const { actor, log } = start(token);
      await waitFor(actor, (s) => s.matches('unknown'));
      expect(log).toEqual(['forgetAddress']);
    }
  });

  it('shows the link as unknown when the server refuses it (404 unknown or expired, 400 not a token); nothing more is asked', async () => {
    for (const status of [404, 400]) {
      const { actor, log } = start(TOKEN, () => Promise.reject(httpError(status)));
      await waitFor(actor, (s) => s.matches('unknown'));
      expect(selectStage(actor.getSnapshot())).toBe('unknown');
      // A final state: nothing (a retry included) asks again.
      expect(actor.getSnapshot().status).toBe('done');
      expect(log).toEqual(['forgetAddress', 'open']);
    }
  });

  it('offers a retry after any other failure (no answer, 429, 500), and the retry opens the same link again', async () => {
    for (const failure of [new Error('Failed to fetch'), httpError(429), httpError(500)]) {
      let calls = 0;
      const { actor, opened, handed } = start(TOKEN, () => (++calls === 1 ? Promise.reject(failure) : Promise.resolve(offer)));
      await waitFor(actor, (s) => s.matches('failed'));
      expect(selectStage(actor.getSnapshot())).toBe('failed');
      expect(selectError(actor.getSnapshot())).toBe(QUOTE_OFFER_FAILURE);
      expect(selectRetryable(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'retry' });
      expect(selectError(actor.getSnapshot())).toBeNull();
      await waitFor(actor, (s) => s.matches('handedOver'));
      expect(opened).toEqual([TOKEN, TOKEN]);
      expect(handed).toHaveLength(1);
    }
  });

  it('says so, without a retry that cannot help, when the browser refuses to store the trip', async () => {
    const { actor, log } = start(TOKEN, async () => offer, () => Promise.reject(new DOMException('denied', 'SecurityError')));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectError(actor.getSnapshot())).toBe(HAND_OVER_FAILURE);
    expect(selectRetryable(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(log).toEqual(['forgetAddress', 'open', 'handOver']);
  });
});
