/**
 * Composition root of the quote-offer page: the real effects behind machines/quoteOffer's placeholders (the call, the
 * address bar, the booking flow's storage) and the machine's input from the page's fragment.
 *
 * The hand-over is the booking flow's own restore: the trip is written with the flow's persistence functions
 * (src/app/booking/bookingStorage.ts, as after Search and Book Now on a vehicle card) and the step after the vehicle
 * choice is loaded as a new document, whose booking actor starts from that storage and whose RouteSync sends the
 * path through the step guards, exactly as a reload of that step does. (The site's one booking actor reads storage
 * only when it is created and takes a trip only from a search, so an in-app navigation would show the old trip.)
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import { flowPath } from '../../../contract/routeManifest.ts';
import { pathForState } from '../../../machines/booking/booking.routes.ts';
import { quoteOfferMachine, tokenOfFragment, type OfferedTrip, type QuoteOfferInput } from '../../../machines/quoteOffer/index.ts';
import { persistForms, persistPriceDetails, persistQuantities, persistSelection } from '../booking/bookingStorage.ts';
import { openQuoteOffer } from '../../api/quoteOffer.ts';
import { browserStorage } from '../../storage/codec.ts';
import { forgetLinkAddress } from '../linkAddress.ts';

export const readQuoteOfferInput = (): QuoteOfferInput => ({ token: tokenOfFragment(window.location.hash) });

/** The booking flow's storage, written as the flow writes it; throws when the browser refuses it. */
export function storeOfferedTrip(trip: OfferedTrip, storage = browserStorage()): void {
  if (!storage) throw new Error('This browser keeps no local storage for this site');
  persistForms(trip, storage);
  persistPriceDetails(trip, storage);
  persistSelection(trip, storage);
  persistQuantities(trip, storage);
}

/** The step after the vehicle choice (the booking flow's own map of its states and paths). */
export const OFFER_LANDING = pathForState('personalDetails');

export const quoteOfferLogic = quoteOfferMachine.provide({
  actors: {
    forgetAddress: fromPromise(async () => forgetLinkAddress(flowPath('quoteOffer'))),
    openOffer: fromPromise(({ input, signal }) => openQuoteOffer(input.token, { signal })),
    handOver: fromPromise(async ({ input }) => {
      storeOfferedTrip(input);
      // The flow's persistence writes the steps' trip cookie in a microtask: let it run before the page goes.
      await Promise.resolve();
      // Replace: Back from the booking step leaves the flow rather than opening a used link again.
      window.location.replace(OFFER_LANDING);
    }),
  },
});

export type QuoteOfferActor = ActorRefFrom<typeof quoteOfferLogic>;
