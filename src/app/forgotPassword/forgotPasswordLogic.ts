/**
 * Composition root of the forgot-password flow: the real effects behind machines/forgotPassword's placeholders
 * (thin wrappers over src/api, `signal` passed through) and the actor context /forgot_password provides.
 */
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../../machines/forgotPassword/index.ts';
import { requestPasswordReset, resetPassword, verifyResetCode } from '../../api/accounts.ts';

export const forgotPasswordLogic = forgotPasswordMachine.provide({
  actors: {
    requestResetCode: fromPromise(({ input, signal }) => requestPasswordReset(input.email, { signal })),
    verifyResetCode: fromPromise(({ input, signal }) => verifyResetCode(input.email, input.code, { signal })),
    resetPassword: fromPromise(({ input, signal }) => resetPassword(input, { signal })),
  },
});

export const ForgotPassword = createActorContext(forgotPasswordLogic);
