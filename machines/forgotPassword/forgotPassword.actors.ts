/**
 * The forgot-password flow's effects, declared by signature only. The view layer supplies the real ones with
 * `forgotPasswordMachine.provide({ actors })` as thin wrappers over src/api (which add type 'website' and pass
 * `signal` through); tests supply stubs. Each rejects on any network or HTTP error with an Error whose message is
 * the server's `message` when there is a response (the machine reads "expired" in it), else the client error's.
 */
import { fromPromise } from 'xstate';
import type { AccountOkResponse } from '../../contract/accounts.ts';

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`forgotPassword actor "${name}" is not provided: supply it with forgotPasswordMachine.provide({ actors })`));

export interface RequestResetCodeInput {
  email: string;
}
export interface VerifyResetCodeInput {
  email: string;
  code: string;
}
export interface ResetPasswordInput {
  email: string;
  code: string;
  newPassword: string;
}

export const forgotPasswordActors = {
  /** POST /api/v1/auth/forgot-password: resolves when a code is on its way to the e-mail; rejects for an unknown e-mail (404) and any other failure. */
  requestResetCode: fromPromise<AccountOkResponse, RequestResetCodeInput>(notProvided('requestResetCode')),
  /** POST /api/v1/auth/verify-code: resolves when the code is right and live; rejects for a wrong, used or expired code. */
  verifyResetCode: fromPromise<AccountOkResponse, VerifyResetCodeInput>(notProvided('verifyResetCode')),
  /** POST /api/v1/auth/reset-password: resolves when the password is changed (and every session revoked). */
  resetPassword: fromPromise<AccountOkResponse, ResetPasswordInput>(notProvided('resetPassword')),
};
