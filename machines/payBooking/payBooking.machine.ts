/**
 * The /pay-booking page (issue 34, card payment by a mailed link for a phone booking): the link's token is read from
 * the fragment and the address replaced before anything is asked; the server answers the booking and its price; the
 * passenger pays with the booking flow's card form (its publishable key, payment method and 3-D Secure effects).
 *
 *   start (address replaced) ─ no token of a link's shape ─→ unknown
 *     └─→ opening ─ 404 / 400 ─→ unknown          ─ other failure ─→ failed ─ retry ─→ opening
 *            ├─ paid ─→ paid      ├─ released (past its limit unpaid) ─→ released      ├─ cancelled (by the office) ─→ closed
 *            └─ awaiting_payment ─→ loadingKey ─→ form ─ card.submit ─→ creatingPaymentMethod ─→ charging
 *                                                  ↑                                                │
 *                                                  └── declined / failed (the message) ────────────┤
 *                                     charging ─ requires_action ─→ authenticating ─→ finishing ─→ paid
 *                                     charging / finishing ─ 410 (released, refunded) / 409 cancelled / 409 paid ─→ opening
 * A second card.submit while a payment is under way is ignored; the server charges the booking once whatever is sent.
 */
import { assertEvent, assign, setup } from 'xstate';
import { payBookingActors } from './payBooking.actors.ts';
import { PAY_BOOKING_FAILURE, PAY_BOOKING_PAYMENT_FAILURE, PAY_LINK_TOKEN_PATTERN, refusalOf, type PayLinkPayAnswer, type PayLinkView } from './payBooking.types.ts';

export interface PayBookingInput {
  /** The token of the page's fragment, or null. */
  token: string | null;
}

export interface PayBookingContext {
  token: string | null;
  view: PayLinkView | null;
  publishableKey: string | null;
  paymentMethodId: string | null;
  paymentIntentId: string | null;
  clientSecret: string | null;
  /** The last failure's text (the form's alert, the failed page). */
  error: string | null;
  /** Why the booking cannot be paid (closed), or the paid message. */
  notice: string | null;
}

export type PayBookingEvent = { type: 'retry' } | { type: 'card.submit'; card: unknown };

const afterAddress = [{ guard: 'hasLinkToken', target: 'opening' }, { target: 'unknown' }] as const;
const busy = { 'card.submit': {} } as const;
type Failed = { event: { error: unknown } };
type Paid = { event: { output: PayLinkPayAnswer } };

/**
 * A refusal of a payment: gone (410: released past its limit, refunded in full if it was charged late) or cancelled by
 * the office meanwhile (409) reloads the link, so the page shows the status the server now gives (released, cancelled,
 * paid) with its own PAY_LINK_MESSAGES text; a late payment's refund (pay_link_refunded) keeps its message beside it
 * (`notice`). Paid elsewhere reloads it too; a replaced link is unknown; else the form says why. Branched on the
 * answer's code (contract/errorCodes.ts), never on its text.
 */
const payRefused = [
  {
    guard: ({ event }: Failed) => refusalOf(event.error).status === 410 || refusalOf(event.error).code === 'pay_link_cancelled',
    target: '#payBooking.opening',
    actions: { type: 'setNotice' as const, params: ({ event }: Failed) => ({ text: refusalOf(event.error).code === 'pay_link_refunded' ? refusalOf(event.error).message : null }) },
  },
  { guard: ({ event }: Failed) => refusalOf(event.error).status === 404, target: '#payBooking.unknown' },
  { guard: ({ event }: Failed) => refusalOf(event.error).code === 'pay_link_paid', target: '#payBooking.opening' },
  { target: '#payBooking.form', actions: { type: 'setError' as const, params: ({ event }: Failed) => ({ text: refusalOf(event.error).message ?? PAY_BOOKING_PAYMENT_FAILURE }) } },
];

const payAnswered = [
  {
    guard: ({ event }: Paid) => event.output.result === 'requires_action',
    target: '#payBooking.authenticating',
    actions: { type: 'setIntent' as const, params: ({ event }: Paid) => ({ paymentIntentId: event.output.payment_intent_id, clientSecret: event.output.client_secret }) },
  },
  { target: '#payBooking.paid', actions: { type: 'setNotice' as const, params: ({ event }: Paid) => ({ text: event.output.message }) } },
];

export const payBookingMachine = setup({
  types: {
    context: {} as PayBookingContext,
    events: {} as PayBookingEvent,
    input: {} as PayBookingInput,
  },
  actors: payBookingActors,
  guards: {
    hasLinkToken: ({ context }) => context.token !== null && PAY_LINK_TOKEN_PATTERN.test(context.token),
    isRefusedLink: (_, params: { error: unknown }) => refusalOf(params.error).status === 404 || refusalOf(params.error).status === 400,
    statusIs: (_, params: { status: PayLinkView['status']; expected: PayLinkView['status'] }) => params.status === params.expected,
  },
  actions: {
    setView: assign({ view: (_, params: { view: PayLinkView }) => params.view }),
    setPublishableKey: assign({ publishableKey: (_, params: { key: string }) => params.key }),
    setPaymentMethod: assign({ paymentMethodId: (_, params: { paymentMethodId: string }) => params.paymentMethodId }),
    setIntent: assign((_, params: { paymentIntentId: string; clientSecret: string | null }) => ({ paymentIntentId: params.paymentIntentId, clientSecret: params.clientSecret })),
    setError: assign({ error: (_, params: { text: string }) => params.text }),
    clearError: assign({ error: null }),
    setNotice: assign({ notice: (_, params: { text: string | null }) => params.text }),
  },
}).createMachine({
  id: 'payBooking',
  context: ({ input }) => ({ token: input.token, view: null, publishableKey: null, paymentMethodId: null, paymentIntentId: null, clientSecret: null, error: null, notice: null }),
  initial: 'start',
  states: {
    // An invoked effect: it ends before the first call, so the token has left the address before anything is sent.
    start: {
      invoke: { src: 'forgetAddress', onDone: afterAddress, onError: afterAddress },
    },
    opening: {
      entry: 'clearError',
      invoke: {
        src: 'loadBooking',
        input: ({ context }) => ({ token: context.token! }),
        onDone: [
          { guard: { type: 'statusIs', params: ({ event }) => ({ status: event.output.status, expected: 'paid' }) }, target: 'paid', actions: { type: 'setView', params: ({ event }) => ({ view: event.output }) } },
          { guard: { type: 'statusIs', params: ({ event }) => ({ status: event.output.status, expected: 'released' }) }, target: 'released', actions: { type: 'setView', params: ({ event }) => ({ view: event.output }) } },
          { guard: { type: 'statusIs', params: ({ event }) => ({ status: event.output.status, expected: 'cancelled' }) }, target: 'closed', actions: { type: 'setView', params: ({ event }) => ({ view: event.output }) } },
          { target: 'loadingKey', actions: { type: 'setView', params: ({ event }) => ({ view: event.output }) } },
        ],
        onError: [{ guard: { type: 'isRefusedLink', params: ({ event }) => ({ error: event.error }) }, target: 'unknown' }, { target: 'failed', actions: { type: 'setError', params: { text: PAY_BOOKING_FAILURE } } }],
      },
    },
    /** The processor's publishable key: which card form to show (the sandbox's or Stripe's). */
    loadingKey: {
      invoke: {
        src: 'fetchPublishableKey',
        onDone: { target: 'form', actions: { type: 'setPublishableKey', params: ({ event }) => ({ key: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: { text: PAY_BOOKING_FAILURE } } },
      },
    },
    form: {
      on: { 'card.submit': { target: 'creatingPaymentMethod', actions: 'clearError' } },
    },
    creatingPaymentMethod: {
      tags: ['processing'],
      on: busy,
      invoke: {
        src: 'createPaymentMethod',
        input: ({ context, event }) => {
          assertEvent(event, 'card.submit');
          return { card: event.card, billingDetails: { name: context.view?.trip.passenger_name ?? '', email: '', phone: '' } };
        },
        onDone: { target: 'charging', actions: { type: 'setPaymentMethod', params: ({ event }) => ({ paymentMethodId: event.output.paymentMethodId }) } },
        onError: { target: 'form', actions: { type: 'setError', params: ({ event }) => ({ text: event.error instanceof Error ? event.error.message : PAY_BOOKING_PAYMENT_FAILURE }) } },
      },
    },
    charging: {
      tags: ['processing'],
      on: busy,
      invoke: {
        src: 'pay',
        input: ({ context }) => ({ token: context.token!, payment_method_id: context.paymentMethodId! }),
        onDone: payAnswered,
        onError: payRefused,
      },
    },
    authenticating: {
      tags: ['processing'],
      on: busy,
      invoke: {
        src: 'handleNextAction',
        input: ({ context }) => ({ token: context.token!, paymentIntentId: context.paymentIntentId!, clientSecret: context.clientSecret }),
        onDone: [
          { guard: ({ event }) => event.output.status === 'completed', target: 'finishing' },
          { target: 'form', actions: { type: 'setError', params: ({ event }) => ({ text: (event.output.status === 'failed' && event.output.message) || PAY_BOOKING_PAYMENT_FAILURE }) } },
        ],
        onError: payRefused,
      },
    },
    /** After 3-D Secure: the same pay with the intent; the server reads its status from the processor. */
    finishing: {
      tags: ['processing'],
      on: busy,
      invoke: {
        src: 'pay',
        input: ({ context }) => ({ token: context.token!, payment_intent_id: context.paymentIntentId! }),
        onDone: payAnswered,
        onError: payRefused,
      },
    },
    paid: { type: 'final' },
    /** Past its limit unpaid: the release job cancelled it (PAY_LINK_MESSAGES.released). */
    released: { type: 'final' },
    /** Cancelled by the office (`notice`: a late payment's refund, when one was made): nothing to pay. */
    closed: { type: 'final' },
    unknown: { type: 'final' },
    failed: {
      on: { retry: 'opening' },
    },
  },
});

/** What the page shows: one of these. */
export type PayBookingStage = 'loading' | 'form' | 'paid' | 'released' | 'closed' | 'unknown' | 'failed';

type Snapshot = { matches: (state: 'form' | 'paid' | 'released' | 'closed' | 'unknown' | 'failed') => boolean; hasTag: (tag: 'processing') => boolean; context: PayBookingContext };

export function selectStage(s: Snapshot): PayBookingStage {
  if (s.matches('paid')) return 'paid';
  if (s.matches('released')) return 'released';
  if (s.matches('closed')) return 'closed';
  if (s.matches('unknown')) return 'unknown';
  if (s.matches('failed')) return 'failed';
  return s.matches('form') || s.hasTag('processing') ? 'form' : 'loading';
}
export const selectView = (s: Snapshot) => s.context.view;
export const selectError = (s: Snapshot) => s.context.error;
export const selectNotice = (s: Snapshot) => s.context.notice;
export const selectPublishableKey = (s: Snapshot) => s.context.publishableKey;
export const selectCanSubmit = (s: Snapshot) => s.matches('form');
export const selectProcessing = (s: Snapshot) => s.hasTag('processing');
