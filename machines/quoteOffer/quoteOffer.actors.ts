/**
 * The quote-offer page's effects, declared by signature only. The view layer supplies the real ones with
 * `quoteOfferMachine.provide({ actors })` (src/app/quoteOffer/quoteOfferLogic.ts); tests supply stubs.
 */
import { fromPromise } from 'xstate';
import type { OfferedTrip, OpenedQuoteOffer } from './quoteOffer.types.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`quote-offer actor "${name}" is not provided: supply it with quoteOfferMachine.provide({ actors })`));

export const quoteOfferActors = {
  /** The page's address without the link's fragment, in the same history entry (history.replaceState). */
  forgetAddress: fromPromise<void, void>(notProvided('forgetAddress')),
  /**
   * POST /api/v1/quote-offer { token }. Rejects on any failure with an Error whose `status` is the HTTP status when the
   * server answered (404: unknown, another site's or expired link; 400: not a link's token).
   */
  openOffer: fromPromise<OpenedQuoteOffer, { token: string }>(notProvided('openOffer')),
  /** Stores the trip as the booking flow stores it and opens the booking flow's step after the vehicle choice. */
  handOver: fromPromise<void, OfferedTrip>(notProvided('handOver')),
};
