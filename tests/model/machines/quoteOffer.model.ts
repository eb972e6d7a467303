/**
 * The quote offer's page model (machines/quoteOffer): the mailed link's token read from the fragment and the address
 * replaced first, the one call, the trip handed to the booking flow; unknown links, failed calls and their retry, a
 * browser that keeps no storage.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { PriceDetail } from '../../../contract/booking.ts';
import { HAND_OVER_FAILURE, QUOTE_OFFER_FAILURE, quoteOfferMachine, type OpenedQuoteOffer, type QuoteOfferContext } from '../../../machines/quoteOffer/index.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const m = quoteOfferMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as QuoteOfferContext;

export const OFFER_TOKEN = 'Q'.repeat(43);

/** The machine's view of an opened offer (the UI answers with a vehicle the server really priced). */
export const OPENED_OFFER: OpenedQuoteOffer = {
  booking_type: 'milleage',
  booking_form: { pickup: 'Heathrow Airport', dropoff: 'The Savoy' } as OpenedQuoteOffer['booking_form'],
  vehicle: { vehicle_id: 1, company_id: 1, vehicle_type: 'Saloon', final_price: 55.5, quote_id: 'q-offer' } as PriceDetail,
  expires_at: '2030-01-01T12:00:00.000Z',
};

export const quoteOfferModel: MachineModel = {
  id: 'quoteOffer',
  title: 'quote offer link',
  machine: m,
  origins: [
    { id: 'link', label: 'the mailed /quote-offer#token=… link', input: { token: OFFER_TOKEN } },
    { id: 'noToken', label: '/quote-offer without a token (a link cut short)', input: { token: null } },
  ],
  variants: [
    variant('forgetAddress:done', { type: outcome(m, 'forgetAddress', 'done') }, 'the address is replaced without the fragment'),
    variant('forgetAddress:error', { type: outcome(m, 'forgetAddress', 'error'), error: new Error('SecurityError') }, 'the address cannot be replaced'),
    variant('openOffer:done', { type: outcome(m, 'openOffer', 'done'), output: OPENED_OFFER }, 'the server opens the offer'),
    variant('openOffer:unknown', { type: outcome(m, 'openOffer', 'error'), error: httpError(404, 'This quote link is not valid any more.') }, 'the server does not know the link (404)'),
    variant('openOffer:failed', { type: outcome(m, 'openOffer', 'error'), error: httpError(503, 'Service unavailable') }, 'the call fails'),
    variant('handOver:done', { type: outcome(m, 'handOver', 'done') }, 'the trip is stored and the booking step opens'),
    variant('handOver:error', { type: outcome(m, 'handOver', 'error'), error: new Error('This browser keeps no local storage for this site') }, 'the browser keeps no storage'),
    variant('retry', { type: 'retry' }, 'Try again'),
  ],
  abstract: (s) => ({ error: ctx(s).error, retryable: ctx(s).retryable, offer: ctx(s).offer !== null }),
  limit: 200,
  isGoal: (s) => s.matches('handedOver'),
  simple: { variants: (v) => ['forgetAddress:done', 'openOffer:done', 'openOffer:failed', 'retry', 'handOver:done'].includes(v.key), maxPaths: 4, maxLength: 6 },
  assertions: {
    start: ({ snapshot }) => expect(ctx(snapshot).offer).toBeNull(),
    opening: ({ snapshot, invocations }) => {
      expect(ctx(snapshot).error).toBeNull();
      expect(invocations.openOffer?.at(-1)).toEqual({ token: OFFER_TOKEN });
    },
    handingOver: ({ snapshot, invocations }) => {
      expect(ctx(snapshot).offer).toEqual(OPENED_OFFER);
      expect(invocations.handOver?.at(-1)).toMatchObject({ selectedVehicle: OPENED_OFFER.vehicle, priceDetails: [OPENED_OFFER.vehicle], selectionKind: 'selection' });
    },
    handedOver: ({ snapshot }) => expect(ctx(snapshot).error).toBeNull(),
    unknown: ({ snapshot }) => expect(ctx(snapshot).offer).toBeNull(),
    failed: ({ snapshot }) => {
      const { error, retryable } = ctx(snapshot);
      expect(retryable ? error === QUOTE_OFFER_FAILURE : error === HAND_OVER_FAILURE).toBe(true);
    },
  },
  guardChecks: [
    {
      label: 'Try again only after a failed call (a browser that keeps no storage is not helped by it)',
      event: { type: 'retry' },
      expected: (s) => (s.matches('failed') && ctx(s).retryable ? { can: true, next: ['opening'] } : { can: false }),
    },
  ],
};
