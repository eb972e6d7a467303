/**
 * Changing a booking (issue 18), the `changing` state of the manage statechart's `booking` region:
 *
 *   editing      the booking form's values (time, passengers, luggage, the options editor's options, flight, contact)
 *                and, where the owner allows it (`change.addresses`), the pick-up, extra stops and drop-off of a
 *                mileage trip or the pick-up of an hourly hire (address edits the booking does not allow are dropped);
 *                `change.review` sends the draft's changed fields to be priced, and the server routes a new address
 *   previewing   the server re-prices the change (nothing is changed); a refusal (grace time, banned address,
 *                capacity: the booking flow's messages) goes back to editing with the message; cut-off or status
 *                refusals reload the booking with the reason
 *   confirming   old and new price and what confirming means (charged, refunded, paid to the driver, a request)
 *   applying     the change applied on the previewed revision (a stale revision reloads the booking with the reason)
 *   paying       a higher card price: the manage page's card steps (manageBooking.cardSteps.ts: the processor's
 *                publishable key, its card form, its payment method and 3-D Secure actors), then the apply with the
 *                payment method (`charging`); 3-D Secure, then the apply with the intent (`finishing`).
 *                A second card.submit while busy is ignored: one payment per change (the server holds it too).
 * On success the answer is the booking as it now is: `changed` shows what was done (changed, refunded, requested).
 */
import type { ManageChangeResponse } from '../../contract/manageBooking.ts';
import { cardSteps } from './manageBooking.cardSteps.ts';
import { access, linkRefused, manageBookingSetup, type ManageBookingContext } from './manageBooking.setup.ts';
import { changedOnly, MANAGE_FAILURE_TEXT, refusalOf } from './manageBooking.types.ts';

/** A refusal of the booking's state (cut-off passed, cancelled meanwhile, a stale revision): reload it, show why. */
const BOOKING_REFUSALS = ['cutoff_passed', 'not_changeable', 'stale_revision', 'not_cancellable'];
const bookingMovedOn = {
  guard: ({ event }: { event: { error: unknown } }) => BOOKING_REFUSALS.includes(refusalOf(event.error)?.code ?? ''),
  target: '#manageBooking.loading',
  actions: [{ type: 'setNotice', params: ({ event }: { event: { error: unknown } }) => ({ tone: 'warning' as const, text: refusalOf(event.error)!.message }) }, 'endChange'],
} as const;

/** Any other refusal's own message (422 rules, 402 payment), else the connection text. */
const errorText =
  (fallback: string) =>
  ({ event }: { event: { error: unknown } }) => ({ text: refusalOf(event.error)?.message ?? fallback });

const changeInput = ({ context }: { context: ManageBookingContext }) => ({ ...access({ context }), changes: changedOnly(context.view, context.draft) });
const applyInput = ({ context }: { context: ManageBookingContext }) => ({ ...changeInput({ context }), revision: context.preview?.revision ?? context.view?.revision ?? 0 });

type Applied = { event: { output: ManageChangeResponse } };
const applied = [
  {
    guard: { type: 'resultIs' as const, params: ({ event }: Applied) => ({ result: event.output.result, expected: 'requires_action' }) },
    target: '#manageBooking.ready.booking.changing.paying.authenticating',
    actions: { type: 'setPaymentIntent' as const, params: ({ event }: Applied) => ({ paymentIntentId: event.output.payment_intent_id, clientSecret: event.output.client_secret }) },
  },
  {
    target: '#manageBooking.ready.booking.changed',
    actions: [
      { type: 'setChangeResult' as const, params: ({ event }: Applied) => ({ result: event.output }) },
      { type: 'setNotice' as const, params: ({ event }: Applied) => ({ tone: 'success' as const, text: event.output.message }) },
      'endChange' as const,
    ],
  },
];

/** While a payment is under way nothing else is sent (RouteSync of the page keeps the step). */
const busy = { 'card.submit': {}, 'change.back': {}, 'change.confirm': {} } as const;

/** The card steps (manageBooking.cardSteps.ts); this payment's own charge and finishing states are below. */
const steps = cardSteps({
  busy,
  back: { event: 'change.back', target: '#manageBooking.ready.booking.changing.confirming', endChange: false },
  keyFailed: '#manageBooking.ready.booking.changing.confirming',
  failureText: MANAGE_FAILURE_TEXT.payment,
  charge: 'charging',
  nextAction: 'handleNextAction',
});

export const changingState = manageBookingSetup.createStateConfig({
  initial: 'editing',
  states: {
    editing: {
      on: {
        'change.edit': { actions: { type: 'editDraft', params: ({ event }) => ({ changes: event.changes }) } },
        // Where the owner allows address changes online (a mileage trip): extra stops, up to the booking form's limit.
        'change.stop.add': { guard: 'canAddStop', actions: 'addStop' },
        'change.stop.edit': { guard: 'hasStop', actions: { type: 'editStop', params: ({ event }) => ({ index: event.index, values: event.values }) } },
        'change.stop.remove': { guard: 'hasStop', actions: { type: 'removeStop', params: ({ event }) => ({ index: event.index }) } },
        'change.review': [{ guard: 'hasChanges', target: 'previewing', actions: 'clearError' }, { actions: { type: 'setError', params: { text: 'Change a detail of your booking first.' } } }],
        'change.back': { target: '#manageBooking.ready.booking.viewing', actions: ['clearError', 'endChange'] },
      },
    },
    previewing: {
      tags: ['busy'],
      invoke: {
        src: 'previewChange',
        input: changeInput,
        onDone: { target: 'confirming', actions: { type: 'setPreview', params: ({ event }) => ({ preview: event.output }) } },
        onError: [linkRefused, bookingMovedOn, { target: 'editing', actions: { type: 'setError', params: errorText(MANAGE_FAILURE_TEXT.change) } }],
      },
    },
    confirming: {
      on: {
        'change.back': { target: 'editing', actions: 'clearError' },
        'change.confirm': [{ guard: 'paysByCard', target: 'paying', actions: 'clearError' }, { target: 'applying', actions: 'clearError' }],
      },
    },
    applying: {
      tags: ['busy'],
      on: busy,
      invoke: {
        src: 'applyChange',
        input: applyInput,
        onDone: applied,
        onError: [linkRefused, bookingMovedOn, { target: 'confirming', actions: { type: 'setError', params: errorText(MANAGE_FAILURE_TEXT.change) } }],
      },
    },
    paying: {
      initial: 'loadingKey',
      states: {
        loadingKey: steps.loadingKey,
        form: steps.form,
        creatingPaymentMethod: steps.creatingPaymentMethod,
        charging: {
          tags: ['busy'],
          on: busy,
          invoke: {
            src: 'applyChange',
            input: ({ context }) => ({ ...applyInput({ context }), payment_method_id: context.payment?.paymentMethodId ?? undefined }),
            onDone: applied,
            onError: [linkRefused, bookingMovedOn, { target: 'form', actions: { type: 'setError', params: errorText(MANAGE_FAILURE_TEXT.payment) } }],
          },
        },
        authenticating: steps.authenticating,
        /** After 3-D Secure: the same apply with the intent; the server reads its status from the processor. */
        finishing: {
          tags: ['busy'],
          on: busy,
          invoke: {
            src: 'applyChange',
            input: ({ context }) => ({ ...applyInput({ context }), payment_intent_id: context.payment?.paymentIntentId ?? undefined }),
            onDone: applied,
            onError: [linkRefused, bookingMovedOn, { target: 'form', actions: { type: 'setError', params: errorText(MANAGE_FAILURE_TEXT.payment) } }],
          },
        },
      },
    },
  },
});
