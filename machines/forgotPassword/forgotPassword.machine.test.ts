import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { AccountOkResponse } from '../../contract/accounts.ts';
import type { RequestResetCodeInput, ResetPasswordInput, VerifyResetCodeInput } from './forgotPassword.actors.ts';
import { AFTER_RESET_DELAY_MS, forgotPasswordMachine, resetFailureText, verifyFailureText } from './forgotPassword.machine.ts';
import { forgotPasswordRoute } from './forgotPassword.routes.ts';

const ok: AccountOkResponse = { success: true };
const reject = (message: string) => () => Promise.reject(new Error(message));

interface Stubs {
  request?: (input: RequestResetCodeInput) => Promise<AccountOkResponse>;
  verify?: (input: VerifyResetCodeInput) => Promise<AccountOkResponse>;
  reset?: (input: ResetPasswordInput) => Promise<AccountOkResponse>;
}

function start(stubs: Stubs = {}) {
  const calls = { request: [] as RequestResetCodeInput[], verify: [] as VerifyResetCodeInput[], reset: [] as ResetPasswordInput[] };
  const actor = createActor(
    forgotPasswordMachine.provide({
      actors: {
        requestResetCode: fromPromise(({ input }) => (calls.request.push(input), (stubs.request ?? (async () => ok))(input))),
        verifyResetCode: fromPromise(({ input }) => (calls.verify.push(input), (stubs.verify ?? (async () => ok))(input))),
        resetPassword: fromPromise(({ input }) => (calls.reset.push(input), (stubs.reset ?? (async () => ok))(input))),
      },
    }),
  ).start();
  return { actor, calls };
}

async function toStep3(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'email.submit', email: ' sam@example.test ' });
  await waitFor(actor, (s) => s.matches('code'));
  actor.send({ type: 'code.submit', code: '123456' });
  return waitFor(actor, (s) => s.matches('password'));
}

describe('forgot password machine', () => {
  it('goes e-mail → code → new password → done with the spec messages', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toBe('email');
    actor.send({ type: 'email.submit', email: ' sam@example.test ' });
    expect(actor.getSnapshot().value).toBe('sendingCode');
    let snapshot = await waitFor(actor, (s) => s.matches('code'));
    expect(snapshot.context.notice).toEqual({ tone: 'success', text: 'A reset code has been sent to your email.' });
    expect(calls.request).toEqual([{ email: 'sam@example.test' }]);

    actor.send({ type: 'code.submit', code: ' 123456 ' });
    snapshot = await waitFor(actor, (s) => s.matches('password'));
    expect(snapshot.context.notice).toEqual({ tone: 'success', text: 'Code verified successfully' });
    expect(calls.verify).toEqual([{ email: 'sam@example.test', code: '123456' }]);

    actor.send({ type: 'password.submit', password: 'New-Password-1', confirmation: 'New-Password-1' });
    snapshot = await waitFor(actor, (s) => s.matches('done'));
    expect(snapshot.context.notice).toEqual({ tone: 'success', text: 'Password has been reset successfully' });
    expect(calls.reset).toEqual([{ email: 'sam@example.test', code: '123456', newPassword: 'New-Password-1' }]);
  });

  it("shows 'Password has been reset successfully' for 1500 ms, then routes to /personalDetailView (spec §4, §9)", async () => {
    const clock = new SimulatedClock();
    const actor = createActor(
      forgotPasswordMachine.provide({ actors: { requestResetCode: fromPromise(async () => ok), verifyResetCode: fromPromise(async () => ok), resetPassword: fromPromise(async () => ok) } }),
      { clock },
    ).start();
    await toStep3(actor);
    actor.send({ type: 'password.submit', password: 'New-Password-1', confirmation: 'New-Password-1' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(forgotPasswordRoute(actor.getSnapshot())).toBe('/forgot_password');
    clock.increment(AFTER_RESET_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('done');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('returned');
    expect(actor.getSnapshot().status).toBe('done');
    expect(forgotPasswordRoute(actor.getSnapshot())).toBe('/personalDetailView');
  });

  it("stays on step 1 with 'Email not found' when the code cannot be sent", async () => {
    const { actor } = start({ request: reject('Email not found') });
    actor.send({ type: 'email.submit', email: 'nobody@example.test' });
    const snapshot = await waitFor(actor, (s) => s.matches('email') && s.context.notice !== null);
    expect(snapshot.context.notice).toEqual({ tone: 'error', text: 'Email not found' });
    expect(snapshot.context.email).toBe('nobody@example.test');
  });

  it('ignores an empty e-mail or code', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'email.submit', email: '  ' });
    expect(actor.getSnapshot().value).toBe('email');
    actor.send({ type: 'email.submit', email: 'sam@example.test' });
    await waitFor(actor, (s) => s.matches('code'));
    actor.send({ type: 'code.submit', code: '' });
    expect(actor.getSnapshot().value).toBe('code');
    expect(calls.verify).toEqual([]);
  });

  it("says 'Reset code has expired' when the server says expired, else 'Invalid reset code'", async () => {
    expect(verifyFailureText(new Error('Reset code has expired'))).toBe('Reset code has expired');
    expect(verifyFailureText(new Error('This code EXPIRED'))).toBe('Reset code has expired');
    expect(verifyFailureText(new Error('Too many wrong codes. Please request a new reset code.'))).toBe('Invalid reset code');
    expect(verifyFailureText('nope')).toBe('Invalid reset code');

    const { actor } = start({ verify: reject('Reset code has expired') });
    actor.send({ type: 'email.submit', email: 'sam@example.test' });
    await waitFor(actor, (s) => s.matches('code'));
    actor.send({ type: 'code.submit', code: '111111' });
    const snapshot = await waitFor(actor, (s) => s.matches('code') && s.context.notice?.tone === 'error');
    expect(snapshot.context.notice?.text).toBe('Reset code has expired');
    expect(snapshot.context.code).toBe('');
  });

  it('Back on step 2 returns to step 1 with the e-mail kept; a new code can be asked for', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'email.submit', email: 'sam@example.test' });
    await waitFor(actor, (s) => s.matches('code'));
    actor.send({ type: 'code.back' });
    expect(actor.getSnapshot().value).toBe('email');
    expect(actor.getSnapshot().context).toMatchObject({ email: 'sam@example.test', notice: null });
    actor.send({ type: 'email.submit', email: 'sam@example.test' });
    await waitFor(actor, (s) => s.matches('code'));
    actor.send({ type: 'code.resend' });
    await waitFor(actor, (s) => s.matches('code'));
    expect(calls.request).toHaveLength(3);
  });

  it("keeps step 3 with 'Passwords do not match' and sends nothing", async () => {
    const { actor, calls } = start();
    await toStep3(actor);
    actor.send({ type: 'password.submit', password: 'New-Password-1', confirmation: 'New-Password-2' });
    expect(actor.getSnapshot().value).toBe('password');
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'error', text: 'Passwords do not match' });
    actor.send({ type: 'password.submit', password: '', confirmation: '' });
    expect(actor.getSnapshot().value).toBe('password');
    expect(calls.reset).toEqual([]);
  });

  it("says 'An error occurred while resetting the password' and stays on step 3 when the reset fails", async () => {
    const { actor } = start({ reset: reject('Something went wrong on our side. Please try again.') });
    await toStep3(actor);
    actor.send({ type: 'password.submit', password: 'New-Password-1', confirmation: 'New-Password-1' });
    const snapshot = await waitFor(actor, (s) => s.matches('password') && s.context.notice?.tone === 'error');
    expect(snapshot.context.notice?.text).toBe('An error occurred while resetting the password');
  });

  it("shows the server's reason when it refuses the new password itself (a common one), stays on step 3", async () => {
    const reason = 'This password is one of the most common and easily guessed. Please choose another.';
    const refusal = Object.assign(new Error(reason), { status: 400, body: { success: false, message: reason, field: 'new_password' } });
    const { actor } = start({ reset: () => Promise.reject(refusal) });
    await toStep3(actor);
    actor.send({ type: 'password.submit', password: 'password1', confirmation: 'password1' });
    const snapshot = await waitFor(actor, (s) => s.matches('password') && s.context.notice?.tone === 'error');
    expect(snapshot.context.notice?.text).toBe(reason);
    // A refusal about anything else (the code, here) keeps the spec's text.
    const code = Object.assign(new Error('Invalid reset code'), { status: 400, body: { success: false, message: 'Invalid reset code' } });
    expect(resetFailureText(code)).toBe('An error occurred while resetting the password');
  });

  it('dismisses a notice', async () => {
    const { actor } = start();
    actor.send({ type: 'email.submit', email: 'sam@example.test' });
    await waitFor(actor, (s) => s.matches('code'));
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});
