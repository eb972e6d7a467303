/**
 * Forgot password on /forgot_password (spec §2, §4 Forgot password, §8). Top-level states, one per step the user sees:
 * - `email` (step 1): the account's e-mail. `sendingCode`: the code is being requested; 'Email not found' on failure.
 * - `code` (step 2): 'A reset code has been sent to your email.'; the 6-digit code. Back returns to step 1; a new
 *   code may be asked for. `verifyingCode`: 'Code verified successfully', or 'Reset code has expired' when the
 *   server says expired, else 'Invalid reset code'.
 * - `password` (step 3): new password and confirmation; 'Passwords do not match' when they differ. `resetting`:
 *   'An error occurred while resetting the password' on failure, or the server's reason when it refused the new
 *   password itself (one of the most common passwords: the list is the server's).
 * - `done`: 'Password has been reset successfully', shown for 1500 ms (spec §9), then `returned`: back to the booking
 *   (/personalDetailView, spec §4).
 * The machine never navigates: RouteSync puts the URL where its state is (forgotPassword.routes.ts).
 */
import { assertEvent, assign, not, setup } from 'xstate';
import { ACCOUNT_MESSAGES } from '../../contract/accountMessages.ts';
import { forgotPasswordActors } from './forgotPassword.actors.ts';

/** Spec §8 Forgot password, exactly. */
export const FORGOT_PASSWORD_MESSAGES = {
  emailNotFound: ACCOUNT_MESSAGES.emailNotFound,
  codeSent: ACCOUNT_MESSAGES.codeSent,
  codeExpired: ACCOUNT_MESSAGES.codeExpired,
  codeInvalid: ACCOUNT_MESSAGES.codeInvalid,
  codeVerified: ACCOUNT_MESSAGES.codeVerified,
  passwordsDiffer: 'Passwords do not match',
  passwordReset: ACCOUNT_MESSAGES.passwordReset,
  resetFailed: 'An error occurred while resetting the password',
} as const;

export interface Notice {
  tone: 'success' | 'error';
  text: string;
}

export interface ForgotPasswordContext {
  email: string;
  /** The verified code: reset-password sends it again. */
  code: string;
  /** The message of the last step, shown until the next one. */
  notice: Notice | null;
}

export type ForgotPasswordEvent =
  | { type: 'email.submit'; email: string }
  | { type: 'code.submit'; code: string }
  | { type: 'code.back' }
  | { type: 'code.resend' }
  | { type: 'password.submit'; password: string; confirmation: string }
  | { type: 'notice.dismiss' };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'string' ? error : '');

/** Spec §8: 'Reset code has expired' when the server's message says so, otherwise 'Invalid reset code'. */
export const verifyFailureText = (error: unknown) => (/expired/i.test(messageOf(error)) ? FORGOT_PASSWORD_MESSAGES.codeExpired : FORGOT_PASSWORD_MESSAGES.codeInvalid);

/**
 * The reset's failure text: the server's reason when it refused the new password itself (its answer names the field
 * `new_password`), else the spec's 'An error occurred while resetting the password'.
 */
export function resetFailureText(error: unknown): string {
  const body = typeof error === 'object' && error !== null && 'body' in error ? error.body : null;
  const refusedPassword = typeof body === 'object' && body !== null && 'field' in body && body.field === 'new_password';
  return refusedPassword && messageOf(error) ? messageOf(error) : FORGOT_PASSWORD_MESSAGES.resetFailed;
}

/** Spec §9: a success message shows for 1500 ms before the page moves on. */
export const AFTER_RESET_DELAY_MS = 1500;

const success = (text: string): Notice => ({ tone: 'success', text });
const failure = (text: string): Notice => ({ tone: 'error', text });

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: forgotPasswordActors,
  delays: { afterReset: AFTER_RESET_DELAY_MS },
  actions: {
    setEmail: assign({
      email: ({ event }) => {
        assertEvent(event, 'email.submit');
        return event.email.trim();
      },
    }),
    setCode: assign({
      code: ({ event }) => {
        assertEvent(event, 'code.submit');
        return event.code.trim();
      },
    }),
    notify: assign({ notice: (_, params: Notice) => params }),
    clearNotice: assign({ notice: null }),
    forgetCode: assign({ code: '' }),
  },
  guards: {
    hasEmail: ({ event }) => event.type === 'email.submit' && event.email.trim() !== '',
    hasCode: ({ event }) => event.type === 'code.submit' && event.code.trim() !== '',
    hasPassword: ({ event }) => event.type === 'password.submit' && event.password !== '',
    passwordsMatch: ({ event }) => event.type === 'password.submit' && event.password === event.confirmation,
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', code: '', notice: null },
  initial: 'email',
  on: { 'notice.dismiss': { actions: 'clearNotice' } },
  states: {
    email: {
      on: {
        'email.submit': { guard: 'hasEmail', target: 'sendingCode', actions: 'setEmail' },
      },
    },
    sendingCode: {
      entry: 'clearNotice',
      invoke: {
        src: 'requestResetCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'code', actions: { type: 'notify', params: success(FORGOT_PASSWORD_MESSAGES.codeSent) } },
        onError: { target: 'email', actions: { type: 'notify', params: failure(FORGOT_PASSWORD_MESSAGES.emailNotFound) } },
      },
    },
    code: {
      on: {
        'code.submit': { guard: 'hasCode', target: 'verifyingCode', actions: 'setCode' },
        'code.back': { target: 'email', actions: ['clearNotice', 'forgetCode'] },
        'code.resend': { target: 'sendingCode', actions: 'forgetCode' },
      },
    },
    verifyingCode: {
      entry: 'clearNotice',
      invoke: {
        src: 'verifyResetCode',
        input: ({ context }) => ({ email: context.email, code: context.code }),
        onDone: { target: 'password', actions: { type: 'notify', params: success(FORGOT_PASSWORD_MESSAGES.codeVerified) } },
        onError: { target: 'code', actions: [{ type: 'notify', params: ({ event }) => failure(verifyFailureText(event.error)) }, 'forgetCode'] },
      },
    },
    password: {
      on: {
        // Both fields are required (the view marks them); then the two must match (spec §5), else step 3 stays.
        'password.submit': [
          { guard: not('hasPassword') },
          { guard: not('passwordsMatch'), actions: { type: 'notify', params: failure(FORGOT_PASSWORD_MESSAGES.passwordsDiffer) } },
          { target: 'resetting' },
        ],
      },
    },
    resetting: {
      entry: 'clearNotice',
      invoke: {
        src: 'resetPassword',
        input: ({ context, event }) => {
          assertEvent(event, 'password.submit');
          return { email: context.email, code: context.code, newPassword: event.password };
        },
        onDone: { target: 'done', actions: { type: 'notify', params: success(FORGOT_PASSWORD_MESSAGES.passwordReset) } },
        onError: { target: 'password', actions: { type: 'notify', params: ({ event }) => failure(resetFailureText(event.error)) } },
      },
    },
    done: { after: { afterReset: 'returned' } },
    returned: { type: 'final' },
  },
});

export type ForgotPasswordMachine = typeof forgotPasswordMachine;
