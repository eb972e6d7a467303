import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { PAY_LINK_MESSAGES, type PayLinkPayAnswer, type PayLinkView } from '../../contract/payLinks.ts';
import { payBookingMachine, selectError, selectNotice, selectProcessing, selectStage } from './payBooking.machine.ts';
import { PAY_BOOKING_FAILURE, tokenOfFragment, type NextActionResult, type PayInput } from './payBooking.types.ts';

const TOKEN = 'abcdefghijABCDEFGHIJ0123456789_-abcdefghijk';
const VIEW: PayLinkView = {
  success: true,
  booking_number: 'CF-ABCDEFGH',
  status: 'awaiting_payment',
  amount: 61.5,
  currency: 'GBP',
  due_at: '2030-06-13T14:00:00.000Z',
  trip: { pickup: 'Heathrow T5', stops: [], dropoff: 'The Savoy', pickup_date: '2030-06-14', pickup_time: '2:30pm', return_date: null, return_time: null, hours: null, vehicle: '1 × Saloon', passengers: 2, passenger_name: 'Lena Link' },
  company_name: 'Westway Cars',
};
const PAID: PayLinkPayAnswer = { success: true, result: 'paid', message: PAY_LINK_MESSAGES.paid('CF-ABCDEFGH'), booking_number: 'CF-ABCDEFGH', payment_intent_id: 'pi_1', client_secret: null };
const refusal = (status: number, message: string, code?: string) => Object.assign(new Error(message), { status, body: { success: false, message, ...(code ? { code } : {}) } });

function start(options: { token?: string | null; view?: () => Promise<PayLinkView>; pay?: (input: PayInput) => Promise<PayLinkPayAnswer>; nextAction?: () => Promise<NextActionResult> } = {}) {
  const log: string[] = [];
  const pays: PayInput[] = [];
  const logic = payBookingMachine.provide({
    actors: {
      forgetAddress: fromPromise<void, void>(async () => void log.push('forgetAddress')),
      loadBooking: fromPromise(async () => (log.push('load'), (options.view ?? (async () => VIEW))())),
      fetchPublishableKey: fromPromise(async () => (log.push('key'), 'pk_sandbox_test')),
      createPaymentMethod: fromPromise(async () => (log.push('method'), { paymentMethodId: 'pm_card_visa' })),
      pay: fromPromise(async ({ input }) => (log.push('pay'), pays.push(input), (options.pay ?? (async () => PAID))(input))),
      handleNextAction: fromPromise(async () => (log.push('3ds'), (options.nextAction ?? (async () => ({ status: 'completed' as const })))())),
    },
  });
  const actor = createActor(logic, { input: { token: options.token === undefined ? TOKEN : options.token } }).start();
  return { actor, log, pays };
}

describe('the pay-booking link token', () => {
  it('is read from the fragment only as `token=`', () => {
    expect(tokenOfFragment(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenOfFragment('#token=')).toBeNull();
    expect(tokenOfFragment(`#other=${TOKEN}`)).toBeNull();
  });
});

describe('pay-booking machine', () => {
  it('drops the token from the address first, shows the form, pays once (a second submit while busy is ignored)', async () => {
    const { actor, log, pays } = start();
    await waitFor(actor, (s) => s.matches('form'));
    expect(selectStage(actor.getSnapshot())).toBe('form');
    actor.send({ type: 'card.submit', card: { kind: 'sandbox' } });
    actor.send({ type: 'card.submit', card: { kind: 'sandbox' } });
    expect(selectProcessing(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('paid'));
    expect(log).toEqual(['forgetAddress', 'load', 'key', 'method', 'pay']);
    expect(pays).toEqual([{ token: TOKEN, payment_method_id: 'pm_card_visa' }]);
    expect(selectNotice(actor.getSnapshot())).toBe(PAID.message);
  });

  it('3-D Secure: authenticates, then pays again with the intent', async () => {
    const { actor, log, pays } = start({ pay: async (input) => (input.payment_intent_id ? PAID : { ...PAID, result: 'requires_action', payment_intent_id: 'pi_3ds', client_secret: 'secret', message: 'Confirm' }) });
    await waitFor(actor, (s) => s.matches('form'));
    actor.send({ type: 'card.submit', card: {} });
    await waitFor(actor, (s) => s.matches('paid'));
    expect(log.slice(-4)).toEqual(['method', 'pay', '3ds', 'pay']);
    expect(pays[1]).toEqual({ token: TOKEN, payment_intent_id: 'pi_3ds' });
  });

  it('a failed 3-D Secure or a decline goes back to the form with the message', async () => {
    const { actor } = start({ pay: async () => Promise.reject(refusal(402, 'Your card was not charged. Your card was declined.')) });
    await waitFor(actor, (s) => s.matches('form'));
    actor.send({ type: 'card.submit', card: {} });
    await waitFor(actor, (s) => s.matches('form') && selectError(s) !== null);
    expect(selectError(actor.getSnapshot())).toBe('Your card was not charged. Your card was declined.');
    const failed3ds = start({ pay: async () => ({ ...PAID, result: 'requires_action' }), nextAction: async () => ({ status: 'failed', message: 'Authentication failed' }) });
    await waitFor(failed3ds.actor, (s) => s.matches('form'));
    failed3ds.actor.send({ type: 'card.submit', card: {} });
    await waitFor(failed3ds.actor, (s) => selectError(s) === 'Authentication failed');
  });

  it('a payment refused as gone (410) or cancelled (409) shows the status the server then gives, never "Nothing to pay" for a released link; paid elsewhere reloads and shows paid', async () => {
    const cases = [
      { refused: refusal(410, PAY_LINK_MESSAGES.released), status: 'released', state: 'released', notice: null },
      { refused: refusal(410, PAY_LINK_MESSAGES.lateRefunded('£61.50'), 'pay_link_refunded'), status: 'released', state: 'released', notice: PAY_LINK_MESSAGES.lateRefunded('£61.50') },
      { refused: refusal(410, PAY_LINK_MESSAGES.lateRefunded('£61.50'), 'pay_link_refunded'), status: 'cancelled', state: 'closed', notice: PAY_LINK_MESSAGES.lateRefunded('£61.50') },
      // The refund's notice by its code too: a reworded refund keeps its notice, a reworded cancellation shows none.
      { refused: refusal(410, 'Your £61.50 is on its way back to your card.', 'pay_link_refunded'), status: 'released', state: 'released', notice: 'Your £61.50 is on its way back to your card.' },
      { refused: refusal(410, 'This link has lapsed.', 'gone'), status: 'released', state: 'released', notice: null },
      { refused: refusal(409, PAY_LINK_MESSAGES.cancelled, 'pay_link_cancelled'), status: 'cancelled', state: 'closed', notice: null },
      // By the answer's code, not its text: a reworded refusal still reloads the link.
      { refused: refusal(409, 'This booking was cancelled by the office.', 'pay_link_cancelled'), status: 'cancelled', state: 'closed', notice: null },
      { refused: refusal(410, PAY_LINK_MESSAGES.released), status: 'paid', state: 'paid', notice: null },
    ] as const;
    for (const { refused, status, state, notice } of cases) {
      let loads = 0;
      const { actor, log } = start({ view: async () => (++loads === 1 ? VIEW : { ...VIEW, status }), pay: async () => Promise.reject(refused) });
      await waitFor(actor, (s) => s.matches('form'));
      actor.send({ type: 'card.submit', card: {} });
      await waitFor(actor, (s) => s.status === 'done');
      expect([selectStage(actor.getSnapshot()), selectNotice(actor.getSnapshot())], `${refused.message} then ${status}`).toEqual([state, notice]);
      expect(actor.getSnapshot().context.view?.status).toBe(status);
      expect(log).toEqual(['forgetAddress', 'load', 'key', 'method', 'pay', 'load']);
    }
    let loads = 0;
    const paidElsewhere = start({ view: async () => (++loads === 1 ? VIEW : { ...VIEW, status: 'paid' }), pay: async () => Promise.reject(refusal(409, PAY_LINK_MESSAGES.alreadyPaid, 'pay_link_paid')) });
    await waitFor(paidElsewhere.actor, (s) => s.matches('form'));
    paidElsewhere.actor.send({ type: 'card.submit', card: {} });
    await waitFor(paidElsewhere.actor, (s) => s.matches('paid'));
    expect(loads).toBe(2);
  });

  it('opens a paid, released or cancelled booking as such, an unknown link as unknown without a call, and retries a failed load', async () => {
    for (const [status, state] of [['paid', 'paid'], ['released', 'released'], ['cancelled', 'closed']] as const) {
      const { actor, log } = start({ view: async () => ({ ...VIEW, status }) });
      await waitFor(actor, (s) => s.matches(state));
      expect(log).toEqual(['forgetAddress', 'load']);
    }
    for (const token of [null, 'short', `${TOKEN.slice(0, 42)}\u0000`]) {
      const { actor, log } = start({ token });
      await waitFor(actor, (s) => s.matches('unknown'));
      expect(log).toEqual(['forgetAddress']);
    }
    const gone = start({ view: async () => Promise.reject(refusal(404, PAY_LINK_MESSAGES.unknown)) });
    await waitFor(gone.actor, (s) => s.matches('unknown'));
    let calls = 0;
    const flaky = start({ view: async () => (++calls === 1 ? Promise.reject(new Error('Failed to fetch')) : VIEW) });
    await waitFor(flaky.actor, (s) => s.matches('failed'));
    expect(selectError(flaky.actor.getSnapshot())).toBe(PAY_BOOKING_FAILURE);
    flaky.actor.send({ type: 'retry' });
    await waitFor(flaky.actor, (s) => s.matches('form'));
  });
});
