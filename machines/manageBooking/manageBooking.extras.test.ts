import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ManageBookingView } from '../../contract/manageBooking.ts';
import type { ManageExtras, ManageExtrasPayResponse } from '../../contract/manageExtras.ts';
import { manageBookingMachine, type ManageBookingInput } from './manageBooking.machine.ts';
import { manageRoute } from './manageBooking.routes.ts';
import { selectCanPay, selectPaying, selectStage } from './manageBooking.selectors.ts';
import { MANAGE_FAILURE_TEXT, type ExtrasPayInput, type NextActionResult } from './manageBooking.types.ts';

/**
 * Issue 32: the driver's waiting time and extras the bank wanted 3-D Secure for, paid on the manage page
 * (manageBooking.extras.ts): offered only while owing, the change's card steps, 3-D Secure then the same call with the
 * intent, paid already / nothing owing reloads with the server's words, a decline back to the form.
 */

const TOKEN = 'A'.repeat(43);
const PHONE = '020 7946 0321';
const OWING: ManageExtras = { lines: [{ label: 'Waiting time 12 min (added by the driver)', amount: 7.5 }], total: 7.5, status: 'owing', message: '£7.50 to pay: …' };
const PAID: ManageExtras = { ...OWING, status: 'paid', message: '£7.50 paid by card.' };

const view = (extras: ManageExtras | null = OWING): ManageBookingView =>
  ({
    success: true,
    data: { booking: { booking_number: 'CF-1' }, passengerDetails: { passenger_name: 'Jane Doe', passenger_email: 'jane@example.test', passenger_contact_no: '07700 900456' } },
    status: 'completed',
    status_label: 'Completed',
    driver: null,
    revision: 1,
    cancellation: { allowed: false },
    cancelled: null,
    operator_phone: PHONE,
    link_expires_at: null,
    change: { allowed: false },
    change_requests: [],
    extras,
  }) as unknown as ManageBookingView;
const paidAnswer = (overrides: Partial<ManageExtrasPayResponse> = {}): ManageExtrasPayResponse => ({
  ...view(PAID),
  message: 'Thank you: £7.50 of waiting time and extras paid.',
  result: 'paid',
  payment_intent_id: 'pi_1',
  client_secret: null,
  ...overrides,
});
const refusal = (status: number, code: string, message: string) => Object.assign(new Error(message), { status, body: { success: false, message, code, operator_phone: PHONE } });

function start(stubs: { loadBooking?: () => Promise<ManageBookingView>; payExtras?: (input: ExtrasPayInput) => Promise<ManageExtrasPayResponse>; next?: () => Promise<NextActionResult> } = {}, input: ManageBookingInput = { urlToken: TOKEN, storedToken: null }) {
  const calls = { loadBooking: 0, payExtras: [] as ExtrasPayInput[], next: 0 };
  const actor = createActor(
    manageBookingMachine.provide({
      actors: {
        loadBooking: fromPromise(async () => {
          calls.loadBooking += 1;
          return (stubs.loadBooking ?? (async () => view()))();
        }),
        payExtras: fromPromise(async ({ input }: { input: ExtrasPayInput }) => {
          calls.payExtras.push(input);
          return (stubs.payExtras ?? (async () => paidAnswer()))(input);
        }),
        handleExtrasNextAction: fromPromise(async () => {
          calls.next += 1;
          return (stubs.next ?? (async (): Promise<NextActionResult> => ({ status: 'completed' })))();
        }),
        createPaymentMethod: fromPromise(async () => ({ paymentMethodId: 'pm_card_visa' })),
        fetchPublishableKey: fromPromise(async () => 'pk_sandbox_cabflow'),
      },
      actions: { storeToken: () => {}, forgetToken: () => {}, forgetUrl: () => {}, saveCalendar: () => {} },
    }),
    { input },
  ).start();
  const stage = () => selectStage(actor.getSnapshot());
  return { actor, calls, stage };
}
const at = (actor: ReturnType<typeof start>['actor'], predicate: (stage: string) => boolean) => waitFor(actor, (s) => predicate(selectStage(s)));

describe("paying the driver's extras owing", () => {
  it('offered only while owing: extras.pay is ignored when they are paid', async () => {
    const { actor, stage } = start({ loadBooking: async () => view(PAID) });
    await at(actor, (s) => s === 'viewing');
    actor.send({ type: 'extras.pay' });
    expect(stage()).toBe('viewing');
  });

  it('the card form, one payment whatever is clicked while busy, then the booking as it now is with the thanks', async () => {
    let release: (answer: ManageExtrasPayResponse) => void = () => {};
    const { actor, calls, stage } = start({ payExtras: () => new Promise((resolve) => (release = resolve)) });
    await at(actor, (s) => s === 'viewing');
    actor.send({ type: 'extras.pay' });
    await waitFor(actor, (s) => selectCanPay(s));
    expect(stage()).toBe('payingExtras');
    expect(manageRoute(actor.getSnapshot())).toBe('/manage-booking?step=extras');
    actor.send({ type: 'card.submit', card: { number: '4242' } });
    await waitFor(actor, (s) => s.matches({ ready: { booking: { payingExtras: 'paying' } } }));
    expect(selectPaying(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'card.submit', card: { number: '4242' } });
    actor.send({ type: 'extras.back' });
    release(paidAnswer());
    await at(actor, (s) => s === 'viewing');
    expect(calls.payExtras).toEqual([{ token: TOKEN, payment_method_id: 'pm_card_visa' }]);
    expect(actor.getSnapshot().context.view?.extras?.status).toBe('paid');
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'success', text: 'Thank you: £7.50 of waiting time and extras paid.' });
    expect(manageRoute(actor.getSnapshot())).toBe('/manage-booking');
  });

  it('3-D Secure: the challenge, then the same call with the intent', async () => {
    const answers = [paidAnswer({ ...view(OWING), result: 'requires_action', payment_intent_id: 'pi_3ds', client_secret: 'pi_3ds_secret', message: '' }), paidAnswer()];
    const { actor, calls } = start({ payExtras: async () => answers.shift()! });
    await at(actor, (s) => s === 'viewing');
    actor.send({ type: 'extras.pay' });
    await waitFor(actor, (s) => selectCanPay(s));
    actor.send({ type: 'card.submit', card: {} });
    await at(actor, (s) => s === 'viewing');
    expect(calls.next).toBe(1);
    expect(calls.payExtras).toEqual([
      { token: TOKEN, payment_method_id: 'pm_card_visa' },
      { token: TOKEN, payment_intent_id: 'pi_3ds' },
    ]);
  });

  it('a decline goes back to the form with its message; a failed 3-D Secure likewise; back returns to the booking', async () => {
    const { actor, stage } = start({ payExtras: async () => Promise.reject(refusal(402, 'payment_failed', 'Payment failed: nothing was charged. Your card was declined.')) });
    await at(actor, (s) => s === 'viewing');
    actor.send({ type: 'extras.pay' });
    await waitFor(actor, (s) => selectCanPay(s));
    actor.send({ type: 'card.submit', card: {} });
    await waitFor(actor, (s) => selectCanPay(s) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Payment failed: nothing was charged. Your card was declined.');
    actor.send({ type: 'extras.back' });
    expect(stage()).toBe('viewing');
    expect(actor.getSnapshot().context.error).toBeNull();

    const failed = start({ payExtras: async () => paidAnswer({ result: 'requires_action', payment_intent_id: 'pi_3ds', client_secret: 's' }), next: async () => ({ status: 'failed', message: null }) });
    await at(failed.actor, (s) => s === 'viewing');
    failed.actor.send({ type: 'extras.pay' });
    await waitFor(failed.actor, (s) => selectCanPay(s));
    failed.actor.send({ type: 'card.submit', card: {} });
    await waitFor(failed.actor, (s) => selectCanPay(s) && s.context.error !== null);
    expect(failed.actor.getSnapshot().context.error).toBe(MANAGE_FAILURE_TEXT.extras);
  });

  it('paid already (another tab, the office): the booking reloaded, and the server says so', async () => {
    const loads = [view(OWING), view(PAID)];
    const { actor, calls } = start({
      loadBooking: async () => loads.shift() ?? view(PAID),
      payExtras: async () => Promise.reject(refusal(409, 'extras_paid', 'The waiting time and extras of this booking are paid already.')),
    });
    await at(actor, (s) => s === 'viewing');
    actor.send({ type: 'extras.pay' });
    await waitFor(actor, (s) => selectCanPay(s));
    actor.send({ type: 'card.submit', card: {} });
    await waitFor(actor, (s) => selectStage(s) === 'viewing' && s.context.view?.extras?.status === 'paid');
    expect(calls.loadBooking).toBe(2);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'warning', text: 'The waiting time and extras of this booking are paid already.' });
  });

  it('a reload on ?step=extras reopens the payment while owing, and not once paid', async () => {
    const owing = start({}, { urlToken: null, storedToken: TOKEN, step: 'extras' });
    await waitFor(owing.actor, (s) => selectCanPay(s));
    expect(owing.stage()).toBe('payingExtras');
    const paid = start({ loadBooking: async () => view(PAID) }, { urlToken: null, storedToken: TOKEN, step: 'extras' });
    await at(paid.actor, (s) => s === 'viewing');
  });
});
