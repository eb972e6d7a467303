/** The forgot-password flow's model (machines/forgotPassword): e-mail → code → new password → done. */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { PASSWORD_MESSAGES } from '../../../contract/accounts.ts';
import { FORGOT_PASSWORD_MESSAGES, forgotPasswordMachine, type ForgotPasswordContext } from '../../../machines/forgotPassword/index.ts';
import { forgotPasswordRoute } from '../../../machines/forgotPassword/forgotPassword.routes.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const m = forgotPasswordMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as ForgotPasswordContext;
const last = (invocations: Record<string, unknown[]>, name: string) => {
  const list = invocations[name] ?? [];
  expect(list.length, `${name} was invoked`).toBeGreaterThan(0);
  return list[list.length - 1];
};

export const FORGOT_EMAIL = 'sam@example.test';
/** The server's reason for refusing a common new password (its answer names the field). */
export const COMMON_PASSWORD_REFUSAL = PASSWORD_MESSAGES.tooCommon;

export const forgotPasswordModel: MachineModel = {
  id: 'forgotPassword',
  title: 'forgot password',
  machine: m,
  origins: [{ id: 'fresh', label: "'Forgot Password?' from personal details", input: undefined }],
  variants: [
    variant('email.submit', { type: 'email.submit', email: ` ${FORGOT_EMAIL} ` }, 'type the e-mail, Send reset code'),
    variant('email.submit:blank', { type: 'email.submit', email: '   ' }, 'Send reset code with no e-mail'),
    variant('code.submit', { type: 'code.submit', code: ' 123456 ' }, 'type the code, Verify code'),
    variant('code.submit:blank', { type: 'code.submit', code: '' }, 'Verify code with no code'),
    variant('code.back', { type: 'code.back' }, 'Back (step 2)'),
    variant('code.resend', { type: 'code.resend' }, 'Send a new code'),
    variant('password.submit', { type: 'password.submit', password: 'New-Password-1', confirmation: 'New-Password-1' }, 'new password twice, Reset password'),
    variant('password.submit:mismatch', { type: 'password.submit', password: 'New-Password-1', confirmation: 'New-Password-2' }, 'two different passwords'),
    variant('password.submit:blank', { type: 'password.submit', password: '', confirmation: '' }, 'Reset password with no password'),
    variant('notice.dismiss', { type: 'notice.dismiss' }, 'dismiss the message'),
    variant('xstate.after.afterReset.forgotPassword.done', { type: 'xstate.after.afterReset.forgotPassword.done' }, 'back to the booking 1.5 s later'),
    variant('requestResetCode:done', { type: outcome(m, 'requestResetCode', 'done'), output: { success: true } }, 'code sent'),
    variant('requestResetCode:error', { type: outcome(m, 'requestResetCode', 'error'), error: httpError(404, 'Email not found') }, 'e-mail unknown'),
    variant('verifyResetCode:done', { type: outcome(m, 'verifyResetCode', 'done'), output: { success: true } }, 'code right'),
    variant('verifyResetCode:expired', { type: outcome(m, 'verifyResetCode', 'error'), error: httpError(400, 'Reset code has expired') }, 'code expired'),
    variant('verifyResetCode:invalid', { type: outcome(m, 'verifyResetCode', 'error'), error: httpError(400, 'Invalid reset code') }, 'code wrong'),
    variant('resetPassword:done', { type: outcome(m, 'resetPassword', 'done'), output: { success: true } }, 'password changed'),
    variant('resetPassword:error', { type: outcome(m, 'resetPassword', 'error'), error: httpError(500, 'Something went wrong on our side. Please try again.') }, 'reset fails (server error)'),
    variant(
      'resetPassword:common',
      { type: outcome(m, 'resetPassword', 'error'), error: Object.assign(httpError(400, COMMON_PASSWORD_REFUSAL), { body: { success: false, message: COMMON_PASSWORD_REFUSAL, field: 'new_password' } }) },
      'new password refused: one of the most common',
    ),
  ],
  abstract: (s) => ({ email: ctx(s).email !== '', code: ctx(s).code !== '', notice: ctx(s).notice?.text ?? null }),
  offer: (s, v) => v.event.type !== 'notice.dismiss' || ctx(s).notice !== null,
  limit: 5_000,
  isGoal: (s) => s.status === 'done',
  simple: { variants: (v) => !v.key.endsWith(':blank') && v.key !== 'notice.dismiss', maxPaths: 25, maxLength: 12 },
  assertions: {
    email: ({ snapshot }) => {
      expect(ctx(snapshot).code).toBe('');
      expect([null, FORGOT_PASSWORD_MESSAGES.emailNotFound]).toContain(ctx(snapshot).notice?.text ?? null);
    },
    sendingCode: ({ snapshot, invocations }) => {
      expect(ctx(snapshot).notice).toBeNull();
      expect(last(invocations, 'requestResetCode')).toEqual({ email: FORGOT_EMAIL });
    },
    code: ({ snapshot }) => {
      expect(ctx(snapshot).email).toBe(FORGOT_EMAIL);
      expect(ctx(snapshot).code).toBe('');
      expect([null, FORGOT_PASSWORD_MESSAGES.codeSent, FORGOT_PASSWORD_MESSAGES.codeExpired, FORGOT_PASSWORD_MESSAGES.codeInvalid]).toContain(ctx(snapshot).notice?.text ?? null);
    },
    verifyingCode: ({ snapshot, invocations }) => {
      expect(ctx(snapshot).notice).toBeNull();
      expect(last(invocations, 'verifyResetCode')).toEqual({ email: FORGOT_EMAIL, code: '123456' });
    },
    password: ({ snapshot }) => {
      expect(ctx(snapshot).code).toBe('123456');
      expect([null, FORGOT_PASSWORD_MESSAGES.codeVerified, FORGOT_PASSWORD_MESSAGES.passwordsDiffer, FORGOT_PASSWORD_MESSAGES.resetFailed, COMMON_PASSWORD_REFUSAL]).toContain(
        ctx(snapshot).notice?.text ?? null,
      );
    },
    resetting: ({ snapshot, invocations }) => {
      expect(ctx(snapshot).notice).toBeNull();
      expect(last(invocations, 'resetPassword')).toEqual({ email: FORGOT_EMAIL, code: '123456', newPassword: 'New-Password-1' });
    },
    done: ({ snapshot }) => {
      expect(forgotPasswordRoute(snapshot)).toBe('/forgot_password');
      expect([null, FORGOT_PASSWORD_MESSAGES.passwordReset]).toContain(ctx(snapshot).notice?.text ?? null);
    },
    returned: ({ snapshot }) => {
      expect(snapshot.status).toBe('done');
      expect(forgotPasswordRoute(snapshot)).toBe('/personalDetailView');
    },
  },
  guardChecks: [
    { label: 'an e-mail sends the code', event: { type: 'email.submit', email: 'x@example.test' }, expected: (s) => (s.matches('email') ? { can: true, next: ['sendingCode'] } : undefined) },
    { label: 'an empty e-mail sends nothing', event: { type: 'email.submit', email: ' ' }, expected: (s) => (s.matches('email') ? { can: false } : undefined) },
    { label: 'an empty code sends nothing', event: { type: 'code.submit', code: '' }, expected: (s) => (s.matches('code') ? { can: false } : undefined) },
    { label: 'an empty password sends nothing', event: { type: 'password.submit', password: '', confirmation: '' }, expected: (s) => (s.matches('password') ? { can: false } : undefined) },
    {
      label: "two different passwords: 'Passwords do not match', step 3 stays",
      event: { type: 'password.submit', password: 'a', confirmation: 'b' },
      expected: (s) => (s.matches('password') ? { can: true, next: ['password'] } : undefined),
    },
  ],
};
