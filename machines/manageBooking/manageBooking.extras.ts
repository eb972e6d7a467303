/**
 * Paying the driver's waiting time and extras owing (issue 32), the `payingExtras` state of the manage statechart's
 * `booking` region, beside `changing`. Offered from `viewing` when the resource says they are owing (the bank wanted
 * 3-D Secure for the off-session charge: `view.extras.status === 'owing'`):
 *
 *   loadingKey, form, creatingPaymentMethod, authenticating   the manage page's card steps, as a change's payment
 *                        (manageBooking.cardSteps.ts); `extras.back` from the form returns to the booking
 *   paying               POST /manage-booking/extras/pay with the card's payment method
 *   finishing            after 3-D Secure, the same call with the intent
 *
 * Paid → `viewing` with the booking as it now is and the thanks; paid already (another tab, the office) or nothing
 * owing any more → the booking reloaded with the server's words; a decline → the form with its message. A second
 * card.submit while busy is ignored (one payment; the server holds it too).
 */
import type { ManageExtrasPayResponse } from '../../contract/manageExtras.ts';
import { cardSteps } from './manageBooking.cardSteps.ts';
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

/** The card steps (manageBooking.cardSteps.ts); this payment's own charge and finishing states are below. */
const steps = cardSteps({
  busy,
  back: { event: 'extras.back', target: '#manageBooking.ready.booking.viewing', endChange: true },
  keyFailed: '#manageBooking.ready.booking.viewing',
  failureText: MANAGE_FAILURE_TEXT.extras,
  charge: 'paying',
  nextAction: 'handleExtrasNextAction',
});

export const payingExtrasState = manageBookingSetup.createStateConfig({
  initial: 'loadingKey',
  states: {
    loadingKey: steps.loadingKey,
    form: steps.form,
    creatingPaymentMethod: steps.creatingPaymentMethod,
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
    authenticating: steps.authenticating,
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
