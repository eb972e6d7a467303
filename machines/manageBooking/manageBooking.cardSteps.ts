/**
 * The manage page's card-payment steps, one factory for both payments that use them (a change's higher price,
 * manageBooking.change.ts `paying`; the driver's extras owing, manageBooking.extras.ts `payingExtras`):
 *
 *   loadingKey             the processor's publishable key (GET /secret_key, as the booking flow's card page): which
 *                          card form to show; when it does not come, `keyFailed` with the card form's failure text
 *   form                   the card form; its Back (`back.event`) leaves the payment
 *   creatingPaymentMethod  the booking flow's payment method from the card, then the payment's own charge state
 *   authenticating         3-D Secure (the booking flow's step), then `finishing` (the payment's own)
 *
 * The charge and finishing states are each payment's own (their call, answer and refusals). While a step is under
 * way (`busy`) a second card.submit, Back, … is ignored: one payment (the server holds it too).
 */
import { assertEvent } from 'xstate';
import { access, manageBookingSetup, type ManageBookingEvent } from './manageBooking.setup.ts';
import { MANAGE_FAILURE_TEXT } from './manageBooking.types.ts';

type EventType = ManageBookingEvent['type'];

export interface CardStepsOptions {
  /** The events ignored while a step is under way. */
  busy: Partial<Record<EventType, object>>;
  /** The card form's Back: where it goes, and whether it ends the payment's data (endChange). */
  back: { event: Extract<EventType, 'change.back' | 'extras.back'>; target: string; endChange: boolean };
  /** Where the page goes when the processor's key does not come. */
  keyFailed: string;
  /** The error shown when the card or 3-D Secure fails with no words of its own. */
  failureText: string;
  /** The payment's own charge state (a sibling), entered with the payment method. */
  charge: string;
  /** The 3-D Secure actor of this payment (its own server call answers the sandbox's page). */
  nextAction: 'handleNextAction' | 'handleExtrasNextAction';
}

export function cardSteps(options: CardStepsOptions) {
  const { busy, back, failureText } = options;
  return {
    loadingKey: manageBookingSetup.createStateConfig({
      tags: ['busy'],
      on: busy,
      invoke: {
        src: 'fetchPublishableKey',
        onDone: { target: 'form', actions: { type: 'setPublishableKey', params: ({ event }) => ({ key: event.output }) } },
        onError: { target: options.keyFailed, actions: { type: 'setError', params: { text: MANAGE_FAILURE_TEXT.cardForm } } },
      },
    }),
    form: manageBookingSetup.createStateConfig({
      on: {
        'card.submit': { target: 'creatingPaymentMethod', actions: 'clearError' },
        [back.event]: { target: back.target, actions: back.endChange ? ['clearError', 'endChange'] : 'clearError' },
      },
    }),
    creatingPaymentMethod: manageBookingSetup.createStateConfig({
      tags: ['busy'],
      on: busy,
      invoke: {
        src: 'createPaymentMethod',
        input: ({ context, event }) => {
          assertEvent(event, 'card.submit');
          const passenger = context.view?.data.passengerDetails;
          return { card: event.card, billingDetails: { name: passenger?.passenger_name ?? '', email: passenger?.passenger_email ?? '', phone: passenger?.passenger_contact_no ?? '' } };
        },
        onDone: { target: options.charge, actions: { type: 'setPaymentMethod', params: ({ event }) => ({ paymentMethodId: event.output.paymentMethodId }) } },
        onError: { target: 'form', actions: { type: 'setError', params: ({ event }) => ({ text: event.error instanceof Error ? event.error.message : failureText }) } },
      },
    }),
    authenticating: manageBookingSetup.createStateConfig({
      tags: ['busy'],
      on: busy,
      invoke: {
        src: options.nextAction,
        input: ({ context }) => ({ ...access({ context }), paymentIntentId: context.payment?.paymentIntentId ?? '', clientSecret: context.payment?.clientSecret ?? null }),
        onDone: [
          { guard: { type: 'resultIs', params: ({ event }) => ({ result: event.output.status, expected: 'completed' }) }, target: 'finishing' },
          { target: 'form', actions: { type: 'setError', params: ({ event }) => ({ text: (event.output.status === 'failed' && event.output.message) || failureText }) } },
        ],
        onError: { target: 'form', actions: { type: 'setError', params: { text: failureText } } },
      },
    }),
  };
}
