/**
 * The pay-booking page's model (machines/payBooking, issue 34): the mailed link's token read from the fragment and the
 * address replaced first; the booking opened (held, paid, released past its limit, cancelled by the office, unknown, a failed call and its retry);
 * the card form, the payment (paid, 3-D Secure and the second pay with the intent, declined, released meanwhile,
 * paid elsewhere, a link replaced meanwhile).
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { PAY_LINK_MESSAGES, type PayLinkPayAnswer, type PayLinkView } from '../../../contract/payLinks.ts';
import { SANDBOX_DECLINE_MESSAGES, SANDBOX_PUBLISHABLE_KEY } from '../../../contract/sandboxCards.ts';
import { PAY_BOOKING_FAILURE, payBookingMachine, type PayBookingContext } from '../../../machines/payBooking/index.ts';
import { machineInvokes } from '../graph.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const m = payBookingMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as PayBookingContext;

export const PAY_TOKEN = 'P'.repeat(43);
export const MODEL_BOOKING_NUMBER = 'CF-MODELPAY';

/** The server's view of a held booking (the UI's is the path's own booking's). */
export const HELD_VIEW: PayLinkView = {
  success: true,
  booking_number: MODEL_BOOKING_NUMBER,
  status: 'awaiting_payment',
  amount: 61.5,
  currency: 'GBP',
  due_at: '2030-06-13T14:00:00.000Z',
  trip: { pickup: 'Heathrow T5', stops: [], dropoff: 'The Savoy', pickup_date: '2030-06-14', pickup_time: '2:30pm', return_date: null, return_time: null, hours: null, vehicle: '1 × Saloon', passengers: 2, passenger_name: 'Lena Link' },
  company_name: 'Westway Cars',
};
const PAID_ANSWER: PayLinkPayAnswer = { success: true, result: 'paid', message: PAY_LINK_MESSAGES.paid(MODEL_BOOKING_NUMBER), booking_number: MODEL_BOOKING_NUMBER, payment_intent_id: 'pi_model', client_secret: null };
const ACTION_ANSWER: PayLinkPayAnswer = { ...PAID_ANSWER, result: 'requires_action', message: 'Authenticate the payment.', client_secret: 'pi_model_secret' };

/** A refusal as src/api rejects with it: the status and the server's `{ message, code }`. */
export const refusal = (status: number, message: string, code?: string) => Object.assign(httpError(status, message), { body: { success: false, message, ...(code ? { code } : {}) } });
export const DECLINED_MESSAGE = `${SANDBOX_DECLINE_MESSAGES.declined} ${PAY_LINK_MESSAGES.declined}`;
export const NOT_A_TEST_CARD = 'This is not one of the sandbox test cards.';

/** The outcome of `pay` invoked in `state` (it is invoked twice: the card's payment, then the intent's after 3-D Secure). */
function payIn(state: 'charging' | 'finishing', kind: 'done' | 'error') {
  const invoke = machineInvokes(m).find((i) => i.src === 'pay' && i.state === state);
  if (!invoke) throw new Error(`payBooking: no pay invoke in ${state}`);
  return `xstate.${kind}.actor.${invoke.id}`;
}

/** The refusals of a payment, as each of the three payment steps can meet them. */
const refusals = (prefix: string, type: string) => [
  variant(`${prefix}:gone`, { type, error: refusal(410, PAY_LINK_MESSAGES.released) }, 'the booking was released meanwhile (410)'),
  variant(`${prefix}:unknown`, { type, error: refusal(404, PAY_LINK_MESSAGES.unknown) }, 'the link was replaced meanwhile (404)'),
  variant(`${prefix}:alreadyPaid`, { type, error: refusal(409, PAY_LINK_MESSAGES.alreadyPaid, 'pay_link_paid') }, 'the booking was paid elsewhere (409)'),
  variant(`${prefix}:declined`, { type, error: refusal(402, DECLINED_MESSAGE) }, 'the card is declined (402)'),
];

export const payBookingModel: MachineModel = {
  id: 'payBooking',
  title: 'pay booking link',
  machine: m,
  origins: [
    { id: 'link', label: 'the mailed /pay-booking#token=… link', input: { token: PAY_TOKEN } },
    { id: 'noToken', label: '/pay-booking without a token (a link cut short)', input: { token: null } },
  ],
  variants: [
    variant('forgetAddress:done', { type: outcome(m, 'forgetAddress', 'done') }, 'the address is replaced without the fragment'),
    variant('forgetAddress:error', { type: outcome(m, 'forgetAddress', 'error'), error: new Error('SecurityError') }, 'the address cannot be replaced'),
    variant('loadBooking:held', { type: outcome(m, 'loadBooking', 'done'), output: HELD_VIEW }, 'the booking is held for the payment'),
    variant('loadBooking:paid', { type: outcome(m, 'loadBooking', 'done'), output: { ...HELD_VIEW, status: 'paid' } }, 'the booking is paid already'),
    variant('loadBooking:released', { type: outcome(m, 'loadBooking', 'done'), output: { ...HELD_VIEW, status: 'released' } }, 'the link ran out unpaid and the booking was released'),
    variant('loadBooking:cancelled', { type: outcome(m, 'loadBooking', 'done'), output: { ...HELD_VIEW, status: 'cancelled' } }, 'the office cancelled the booking'),
    variant('loadBooking:unknown', { type: outcome(m, 'loadBooking', 'error'), error: refusal(404, PAY_LINK_MESSAGES.unknown) }, 'the server does not know the link (404)'),
    variant('loadBooking:failed', { type: outcome(m, 'loadBooking', 'error'), error: refusal(503, 'Service unavailable') }, 'the call fails'),
    variant('fetchPublishableKey:done', { type: outcome(m, 'fetchPublishableKey', 'done'), output: SANDBOX_PUBLISHABLE_KEY }, 'the sandbox key'),
    variant('fetchPublishableKey:error', { type: outcome(m, 'fetchPublishableKey', 'error'), error: refusal(500, 'Something went wrong') }, 'the key does not load'),
    variant('card.submit', { type: 'card.submit', card: { number: '4242424242424242' } }, 'Pay Now'),
    variant('createPaymentMethod:done', { type: outcome(m, 'createPaymentMethod', 'done'), output: { paymentMethodId: 'pm_card_visa' } }, 'a test card'),
    variant('createPaymentMethod:error', { type: outcome(m, 'createPaymentMethod', 'error'), error: new Error(NOT_A_TEST_CARD) }, 'a card the sandbox does not know'),
    variant('charge:paid', { type: payIn('charging', 'done'), output: PAID_ANSWER }, 'the card is charged'),
    variant('charge:requiresAction', { type: payIn('charging', 'done'), output: ACTION_ANSWER }, 'the bank asks for 3-D Secure'),
    ...refusals('charge', payIn('charging', 'error')),
    variant('handleNextAction:completed', { type: outcome(m, 'handleNextAction', 'done'), output: { status: 'completed' } }, '3-D Secure passed'),
    variant('handleNextAction:failed', { type: outcome(m, 'handleNextAction', 'done'), output: { status: 'failed', message: SANDBOX_DECLINE_MESSAGES.authentication_failed } }, '3-D Secure failed'),
    ...refusals('handleNextAction', outcome(m, 'handleNextAction', 'error')),
    variant('finish:paid', { type: payIn('finishing', 'done'), output: PAID_ANSWER }, 'the authenticated payment is confirmed'),
    variant('finish:requiresAction', { type: payIn('finishing', 'done'), output: ACTION_ANSWER }, 'the bank asks again'),
    ...refusals('finish', payIn('finishing', 'error')),
    variant('retry', { type: 'retry' }, 'Try again'),
  ],
  abstract: (s) => ({ error: ctx(s).error, notice: ctx(s).notice, view: ctx(s).view?.status ?? null, key: ctx(s).publishableKey !== null, intent: ctx(s).paymentIntentId !== null }),
  limit: 400,
  isGoal: (s) => s.matches('paid'),
  simple: {
    variants: (v) => ['forgetAddress:done', 'loadBooking:held', 'loadBooking:failed', 'retry', 'fetchPublishableKey:done', 'card.submit', 'createPaymentMethod:done', 'charge:paid'].includes(v.key),
    maxPaths: 4,
    maxLength: 10,
  },
  assertions: {
    start: ({ snapshot }) => expect(ctx(snapshot).view).toBeNull(),
    opening: ({ snapshot, invocations }) => {
      expect(ctx(snapshot).error).toBeNull();
      expect(invocations.loadBooking?.at(-1)).toEqual({ token: PAY_TOKEN });
    },
    loadingKey: ({ snapshot }) => expect(ctx(snapshot).view?.status).toBe('awaiting_payment'),
    form: ({ snapshot }) => {
      expect(ctx(snapshot).publishableKey).toBe(SANDBOX_PUBLISHABLE_KEY);
      expect(ctx(snapshot).view?.status).toBe('awaiting_payment');
    },
    creatingPaymentMethod: ({ snapshot, invocations }) => {
      expect(ctx(snapshot).error).toBeNull();
      expect(invocations.createPaymentMethod?.at(-1)).toMatchObject({ billingDetails: { name: 'Lena Link' } });
    },
    charging: ({ invocations }) => expect(invocations.pay?.at(-1)).toEqual({ token: PAY_TOKEN, payment_method_id: 'pm_card_visa' }),
    authenticating: ({ invocations }) => expect(invocations.handleNextAction?.at(-1)).toEqual({ token: PAY_TOKEN, paymentIntentId: 'pi_model', clientSecret: 'pi_model_secret' }),
    finishing: ({ invocations }) => expect(invocations.pay?.at(-1)).toEqual({ token: PAY_TOKEN, payment_intent_id: 'pi_model' }),
    paid: ({ snapshot }) => expect(ctx(snapshot).notice === null || ctx(snapshot).notice === PAY_LINK_MESSAGES.paid(MODEL_BOOKING_NUMBER)).toBe(true),
    released: ({ snapshot }) => {
      expect(ctx(snapshot).view?.status).toBe('released');
      expect(ctx(snapshot).notice).toBeNull();
    },
    closed: ({ snapshot }) => expect([null, PAY_LINK_MESSAGES.released]).toContain(ctx(snapshot).notice),
    unknown: ({ snapshot }) => expect(ctx(snapshot).notice).toBeNull(),
    failed: ({ snapshot }) => expect(ctx(snapshot).error).toBe(PAY_BOOKING_FAILURE),
  },
  guardChecks: [
    {
      label: 'Pay Now only on the form (a second press while a payment is under way is ignored)',
      event: { type: 'card.submit', card: {} },
      expected: (s) => (s.matches('form') ? { can: true, next: ['creatingPaymentMethod'] } : { can: false }),
    },
  ],
};
