/**
 * The pay-booking page's effects, declared by signature only. The view layer supplies the real ones with
 * `payBookingMachine.provide({ actors })` (src/app/payBooking/payBookingLogic.ts); tests supply stubs. Each call rejects
 * with an Error whose `status` is the HTTP status when the server answered and whose `body` is its answer.
 */
import { fromPromise } from 'xstate';
import type { CardMethodInput, NextActionInput, NextActionResult, PayInput, PayLinkPayAnswer, PayLinkView } from './payBooking.types.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`pay-booking actor "${name}" is not provided: supply it with payBookingMachine.provide({ actors })`));

export const payBookingActors = {
  /** The page's address without the link's fragment, in the same history entry. */
  forgetAddress: fromPromise<void, void>(notProvided('forgetAddress')),
  /** POST /api/v1/pay-booking { token }: the booking the link pays (404 unknown, 400 not a token). */
  loadBooking: fromPromise<PayLinkView, { token: string }>(notProvided('loadBooking')),
  /** GET /api/v1/secret_key: the processor's publishable key (sandbox or Stripe), as the booking flow's card page. */
  fetchPublishableKey: fromPromise<string, void>(notProvided('fetchPublishableKey')),
  /** The booking flow's card branch (src/payments): the card form's details → a payment method id. */
  createPaymentMethod: fromPromise<{ paymentMethodId: string }, CardMethodInput>(notProvided('createPaymentMethod')),
  /** POST /api/v1/pay-booking/pay: paid, or requires_action (3-D Secure, then again with the intent); 402 declined, 409, 410. */
  pay: fromPromise<PayLinkPayAnswer, PayInput>(notProvided('pay')),
  /** The booking flow's 3-D Secure step (src/payments), answered on the link's own call in TEST MODE. */
  handleNextAction: fromPromise<NextActionResult, NextActionInput>(notProvided('handleNextAction')),
};
