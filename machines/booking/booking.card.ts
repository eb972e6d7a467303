/**
 * The card branch of the booking machine (spec §4 Pay by card, §8 Booking and payment): the /stripecheckout page.
 * Kept in the same machine (not an invoked child) so that path generation walks one graph from home to
 * confirmation; it lives in its own file only to keep each file short.
 *
 *   loadingKey            fetching the publishable key for the card fields (a route.enter leaves: nothing is paid yet)
 *   form                  card fields and 'Pay Now'
 *   creatingPaymentMethod, creatingPaymentIntent, confirming, awaitingProcessing, authenticating (3-D Secure),
 *   booking               'Processing...': card.submit and navigation are ignored (no double submission)
 *   bookingFailed         paid but the booking call failed: 'Error' with the server message and a retry
 *                         (same idempotency key, so never a second booking)
 *   succeeded             'Payment successful!' for 1500 ms, then the confirmation page
 */
import { assertEvent } from 'xstate';
import { BOOKING_MESSAGES, errorText } from './booking.messages.ts';
import { amountToPayMinor, bookingPayload } from './booking.context.ts';
import { bookingSetup } from './booking.setup.ts';

/** While a card or booking call is in flight the visitor cannot leave or submit again (RouteSync puts the URL back). */
const stay = { 'route.enter': {}, 'nav.back': {} } as const;

const failed = (message: ({ event }: { event: { error: unknown } }) => string | null) =>
  ({ type: 'showPaymentFailed', params: ({ event }: { event: { error: unknown } }) => ({ message: message({ event }) }) }) as const;

/**
 * A payment call the server refused with its own explanation (the booking is already paid, with its number; another
 * card is being charged for it): its text is shown as it is, where other failures show the generic retry message.
 */
export class PaymentRefused extends Error {}
const refusalOr =
  (fallback: string) =>
  ({ event }: { event: { error: unknown } }) =>
    event.error instanceof PaymentRefused ? event.error.message : fallback;

export const cardCheckoutState = bookingSetup.createStateConfig({
  id: 'cardCheckout',
  initial: 'loadingKey',
  states: {
    loadingKey: {
      tags: ['busy'],
      // Only the key is being fetched, nothing is paid yet: a link or the browser's Back (route.enter) leaves at once,
      // like from the form ("Pay in the car instead" on the framed card page was put back while the key loaded).
      // The page's own Back is disabled until the form shows.
      on: { 'nav.back': {} },
      invoke: {
        id: 'fetchPublishableKey',
        src: 'fetchPublishableKey',
        onDone: { target: 'form', actions: { type: 'setPublishableKey', params: ({ event }) => ({ key: event.output }) } },
        onError: { target: '#payment', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    form: {
      on: {
        'card.submit': { target: 'creatingPaymentMethod', actions: 'clearAlert' },
        'nav.back': { target: '#payment', actions: 'clearAlert' },
      },
    },
    creatingPaymentMethod: {
      tags: ['busy'],
      on: stay,
      invoke: {
        id: 'createPaymentMethod',
        src: 'createPaymentMethod',
        input: ({ context, event }) => {
          assertEvent(event, 'card.submit');
          const r = context.registrationData;
          return { card: event.card, billingDetails: { name: `${r.firstName} ${r.surname}`.trim(), email: r.email, phone: r.number } };
        },
        onDone: { target: 'creatingPaymentIntent', actions: { type: 'startCardPayment', params: ({ event }) => ({ paymentMethodId: event.output.paymentMethodId }) } },
        // 'Payment failed' plus the provider's message.
        onError: { target: 'form', actions: failed(({ event }) => errorText(event.error)) },
      },
    },
    creatingPaymentIntent: {
      tags: ['busy'],
      on: stay,
      invoke: {
        id: 'createPaymentIntent',
        src: 'createPaymentIntent',
        input: ({ context }) => {
          const paymentMethodId = context.cardPayment!.paymentMethodId;
          return {
            paymentMethodId,
            amount: amountToPayMinor(context),
            booking: bookingPayload(context, 'card'),
            idempotencyKey: `${context.idempotencyKey}:intent:${paymentMethodId}`,
          };
        },
        onDone: {
          target: 'confirming',
          actions: { type: 'setPaymentIntent', params: ({ event }) => ({ paymentIntentId: event.output.paymentIntentId, clientSecret: event.output.clientSecret }) },
        },
        onError: { target: 'form', actions: failed(refusalOr(BOOKING_MESSAGES.paymentIntentFailed)) },
      },
    },
    confirming: {
      tags: ['busy'],
      on: stay,
      invoke: {
        id: 'confirmPaymentIntent',
        src: 'confirmPaymentIntent',
        input: ({ context }) => ({
          paymentIntentId: context.cardPayment!.paymentIntentId!,
          idempotencyKey: `${context.idempotencyKey}:confirm:${context.cardPayment!.paymentIntentId}`,
        }),
        onDone: [
          {
            // The booking is created only on 'succeeded' (spec §4).
            guard: { type: 'intentStatusIs', params: ({ event }) => ({ status: event.output.status, expected: 'succeeded' }) },
            target: 'booking',
            actions: { type: 'setConfirmation', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'intentStatusIs', params: ({ event }) => ({ status: event.output.status, expected: 'requires_action' }) },
            target: 'authenticating',
            actions: { type: 'setConfirmation', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'intentStatusIs', params: ({ event }) => ({ status: event.output.status, expected: 'processing' }) },
            target: 'awaitingProcessing',
          },
          // 'failed', requires_payment_method, canceled: 'Payment failed' with the provider's decline message; the form stays for a retry.
          { target: 'form', actions: { type: 'showPaymentFailed', params: ({ event }) => ({ message: event.output.error }) } },
        ],
        onError: { target: 'form', actions: failed(refusalOr(BOOKING_MESSAGES.paymentIntentFailed)) },
      },
    },
    awaitingProcessing: {
      tags: ['busy'],
      on: stay,
      after: { processingPoll: 'confirming' },
    },
    authenticating: {
      tags: ['busy'],
      on: stay,
      invoke: {
        id: 'handleNextAction',
        src: 'handleNextAction',
        input: ({ context }) => ({ paymentIntentId: context.cardPayment!.paymentIntentId!, clientSecret: context.cardPayment!.clientSecret }),
        onDone: [
          // Completed: confirm (retrieve) the intent again; only its status decides.
          { guard: { type: 'nextActionCompleted', params: ({ event }) => ({ status: event.output.status }) }, target: 'confirming' },
          {
            target: 'form',
            actions: { type: 'showPaymentFailed', params: ({ event }) => ({ message: event.output.status === 'failed' ? event.output.message : null }) },
          },
        ],
        onError: { target: 'form', actions: failed(({ event }) => errorText(event.error)) },
      },
    },
    booking: {
      tags: ['busy'],
      on: stay,
      invoke: {
        id: 'createBooking',
        src: 'createBooking',
        input: ({ context }) => bookingPayload(context, 'card'),
        onDone: {
          target: 'succeeded',
          actions: [
            { type: 'setBooking', params: ({ event }) => ({ booking: event.output }) },
            { type: 'showAlert', params: { kind: 'success', title: BOOKING_MESSAGES.paymentSuccessful, message: BOOKING_MESSAGES.paymentSuccessful } },
          ],
        },
        onError: { target: 'bookingFailed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    bookingFailed: {
      // The card is charged: leaving would invite a second payment. The server's webhook also books a paid intent.
      tags: ['busy'],
      on: { ...stay, 'booking.retry': { target: 'booking', actions: 'clearAlert' } },
    },
    succeeded: {
      tags: ['busy'],
      on: stay,
      after: { successToast: { target: '#confirmed', actions: 'clearAlert' } },
    },
  },
});
