/**
 * Paying the driver's waiting time and extras owing (issue 32), the `payingExtras` state of the manage statechart's
 * `booking` region, beside `changing`. Offered from `viewing` when the resource says they are owing (the bank wanted
 * 3-D Secure for the off-session charge: `view.extras.status === 'owing'`):
 *
 *   loadingKey           the processor's publishable key (which card form: sandbox or Stripe), as a change's payment
 *   form                 the card form; `extras.back` returns to the booking
 *   creatingPaymentMethod → paying   the booking flow's payment method, then POST /manage-booking/extras/pay with it
 *   authenticating → finishing       3-D Secure (the booking flow's step), then the same call with the intent
 *
 * Paid → `viewing` with the booking as it now is and the thanks; paid already (another tab, the office) or nothing
 * owing any more → the booking reloaded with the server's words; a decline → the form with its message. A second
 * card.submit while busy is ignored (one payment; the server holds it too).
 */
import { assertEvent } from 'xstate';
import type { ManageExtrasPayResponse } from '../../contract/manageExtras.ts';
import { access, linkRefused, manageBookingSetup } from './manageBooking.setup.ts';
import { MANAGE_FAILURE_TEXT, refusalOf } from './manageBooking.types.ts';

const PAYING = '#manageBooking.ready.booking.payingExtras';

/** Paid meanwhile, or nothing to pay any more: the booking as it now is, and the server's words. */
const nothingToPay = {
  guard: ({ event }: { event: { error: unknown } }) => ['extras_paid', 'nothing_owing'].includes(refusalOf(event.error)?.code ?? ''),
  target: '#manageBooking.loading',
  actions: [{ type: 'setNotice', params: ({ event }: { event: { error: unknown } }) => ({ tone: 'warning' as const, text: refusalOf(event.error)!.message }) }, 'endChange'],
} as const;

const toForm = { target: `${PAYING}.form`, actions: { type: 'setError' as const, params: ({ event }: { event: { error: unknown } }) => ({ text: refusalOf(event.error)?.message ?? MANAGE_FAILURE_TEXT.extras }) } };

type Paid = { event: { output: ManageExtrasPayResponse } };
const paid = [
  {
    guard: { type: 'resultIs' as const, params: ({ event }: Paid) => ({ result: event.output.result, expected: 'requires_action' }) },
    target: `${PAYING}.authenticating`,
    actions: { type: 'setPaymentIntent' as const, params: ({ event }: Paid) => ({ paymentIntentId: event.output.payment_intent_id, clientSecret: event.output.client_secret }) },
  },
  {
    target: '#manageBooking.ready.booking.viewing',
    actions: [
      { type: 'setView' as const, params: ({ event }: Paid) => ({ view: event.output }) },
      { type: 'setNotice' as const, params: ({ event }: Paid) => ({ tone: 'success' as const, text: event.output.message }) },
      'endChange' as const,
    ],
  },
];

const busy = { 'card.submit': {}, 'extras.back': {} } as const;

export const payingExtrasState = manageBookingSetup.createStateConfig({
  initial: 'loadingKey',
  states: {
    loadingKey: {
      tags: ['busy'],
      on: busy,
      invoke: {
        src: 'fetchPublishableKey',
        onDone: { target: 'form', actions: { type: 'setPublishableKey', params: ({ event }) => ({ key: event.output }) } },
        onError: { target: '#manageBooking.ready.booking.viewing', actions: { type: 'setError', params: { text: MANAGE_FAILURE_TEXT.cardForm } } },
      },
    },
    form: {
      on: {
        'card.submit': { target: 'creatingPaymentMethod', actions: 'clearError' },
        'extras.back': { target: '#manageBooking.ready.booking.viewing', actions: ['clearError', 'endChange'] },
      },
    },
    creatingPaymentMethod: {
      tags: ['busy'],
      on: busy,
      invoke: {
        src: 'createPaymentMethod',
        input: ({ context, event }) => {
          assertEvent(event, 'card.submit');
          const passenger = context.view?.data.passengerDetails;
          return { card: event.card, billingDetails: { name: passenger?.passenger_name ?? '', email: passenger?.passenger_email ?? '', phone: passenger?.passenger_contact_no ?? '' } };
        },
        onDone: { target: 'paying', actions: { type: 'setPaymentMethod', params: ({ event }) => ({ paymentMethodId: event.output.paymentMethodId }) } },
        onError: { target: 'form', actions: { type: 'setError', params: ({ event }) => ({ text: event.error instanceof Error ? event.error.message : MANAGE_FAILURE_TEXT.extras }) } },
      },
    },
    paying: {
      tags: ['busy'],
      on: busy,
      invoke: {
        src: 'payExtras',
        input: ({ context }) => ({ ...access({ context }), payment_method_id: context.payment?.paymentMethodId ?? undefined }),
        onDone: paid,
        onError: [linkRefused, nothingToPay, toForm],
      },
    },
    authenticating: {
      tags: ['busy'],
      on: busy,
      invoke: {
        src: 'handleExtrasNextAction',
        input: ({ context }) => ({ ...access({ context }), paymentIntentId: context.payment?.paymentIntentId ?? '', clientSecret: context.payment?.clientSecret ?? null }),
        onDone: [
          { guard: { type: 'resultIs', params: ({ event }) => ({ result: event.output.status, expected: 'completed' }) }, target: 'finishing' },
          { target: 'form', actions: { type: 'setError', params: ({ event }) => ({ text: (event.output.status === 'failed' && event.output.message) || MANAGE_FAILURE_TEXT.extras }) } },
        ],
        onError: { target: 'form', actions: { type: 'setError', params: { text: MANAGE_FAILURE_TEXT.extras } } },
      },
    },
    /** After 3-D Secure: the same call with the intent; the server reads its status from the processor. */
    finishing: {
      tags: ['busy'],
      on: busy,
      invoke: {
        src: 'payExtras',
        input: ({ context }) => ({ ...access({ context }), payment_intent_id: context.payment?.paymentIntentId ?? undefined }),
        onDone: paid,
        onError: [linkRefused, nothingToPay, toForm],
      },
    },
  },
});
