import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { ConsoleBookingDetail } from '../../contract/consoleBookings.ts';
import type { BookingStatus } from '../../contract/dispatch.ts';
import { PAY_LINK_MESSAGES } from '../../contract/payLinks.ts';
import { DISPATCH_TEXT, dispatchMachine } from './dispatch.machine.ts';
import { selectResendingLink } from './dispatch.selectors.ts';

/** Issue 34: the console resends a held booking's payment link (POST …/pay-link) from the booking's page. */
const detail = (status: BookingStatus): ConsoleBookingDetail =>
  ({
    booking_number: 'CF-ABCDEFGH',
    status,
    revision: 1,
    payment: { method: 'card', state: 'awaiting_payment', intent_id: null, paid_pence: 0, extras_paid_pence: 0, refunded_pence: 0, refundable_pence: 0, refunds: [] },
    dispatch: { driver: null, vehicle: null },
  }) as unknown as ConsoleBookingDetail;
const RESENT = PAY_LINK_MESSAGES.resent('lena.link@example.test');
const refusal = (status: number, message: string) => Object.assign(new Error(message), { status, body: { success: false, message } });

function start(booking: ConsoleBookingDetail, resend: () => Promise<{ message: string }>) {
  const calls: { number: string }[] = [];
  const actor = createActor(
    dispatchMachine.provide({
      actors: {
        loadBooking: fromPromise(async () => booking),
        resendPayLink: fromPromise(async ({ input }) => (calls.push(input), resend())),
        bookingChanges: fromCallback(() => () => {}),
      },
    }),
    { input: { number: 'CF-ABCDEFGH' } },
  ).start();
  return { actor, calls };
}

describe('resending a payment link from the console', () => {
  it('a held booking: the link is resent once, with the server message as the success notice', async () => {
    let answer!: (value: { message: string }) => void;
    const { actor, calls } = start(detail('awaiting_payment'), () => new Promise((resolve) => (answer = resolve)));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'payLink.resend' });
    expect(selectResendingLink(actor.getSnapshot())).toBe(true);
    // A second press while the first is under way sends nothing more.
    actor.send({ type: 'payLink.resend' });
    actor.send({ type: 'cancel.start' });
    expect(actor.getSnapshot().matches({ ready: 'resendingLink' })).toBe(true);
    answer({ message: RESENT });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(calls).toEqual([{ number: 'CF-ABCDEFGH' }]);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'success', text: RESENT });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a refusal (paid meanwhile: 409) is the error, and a failed call without a message says to check the connection', async () => {
    let attempt = 0;
    const { actor } = start(detail('awaiting_payment'), () => Promise.reject(attempt++ === 0 ? refusal(409, PAY_LINK_MESSAGES.alreadyPaid) : new Error('')));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'payLink.resend' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(PAY_LINK_MESSAGES.alreadyPaid);
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send({ type: 'payLink.resend' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.error === DISPATCH_TEXT.resendFailed);
  });

  it('only a held booking: a confirmed one has no link to resend', async () => {
    const { actor, calls } = start(detail('confirmed'), async () => ({ message: RESENT }));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().can({ type: 'payLink.resend' })).toBe(false);
    actor.send({ type: 'payLink.resend' });
    expect(actor.getSnapshot().matches({ ready: { idle: 'settled' } })).toBe(true);
    expect(calls).toEqual([]);
  });
});
