/**
 * Composition root of the pay-booking page: the real effects behind machines/payBooking's placeholders (src/api calls,
 * the address bar, the booking flow's card payments) and the machine's input from the page's fragment.
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import { flowPath } from '../../../contract/routeManifest.ts';
import { payBookingMachine, tokenOfFragment, type PayBookingInput } from '../../../machines/payBooking/index.ts';
import { fetchPublishableKey } from '../../api/booking.ts';
import { answerPayLinkChallenge, loadPayLink, payPayLink } from '../../api/payBooking.ts';
import { forgetLinkAddress } from '../linkAddress.ts';

export const readPayBookingInput = (): PayBookingInput => ({ token: tokenOfFragment(window.location.hash) });

/** The booking flow's card payments (src/payments), loaded when the card form is first needed. */
const payments = () => import('../../payments/index.ts');

export const payBookingLogic = payBookingMachine.provide({
  actors: {
    forgetAddress: fromPromise(async () => forgetLinkAddress(flowPath('payBooking'))),
    loadBooking: fromPromise(({ input, signal }) => loadPayLink(input.token, { signal })),
    fetchPublishableKey: fromPromise(async ({ signal }) => (await fetchPublishableKey({ signal })).key),
    createPaymentMethod: fromPromise(async ({ input }) => (await payments()).createPaymentMethod(input)),
    pay: fromPromise(({ input, signal }) => payPayLink(input, { signal })),
    handleNextAction: fromPromise(async ({ input: { token, ...intent }, signal }) => (await payments()).handleNextAction(intent, { signal, sandboxAuthenticate: answerPayLinkChallenge(token) })),
  },
});

export type PayBookingActor = ActorRefFrom<typeof payBookingLogic>;
