import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, forgotPasswordRequestSchema, resetPasswordRequestSchema, verifyCodeRequestSchema, type AccountOkResponse } from '../../contract/accounts.ts';
import { requestResetCode, resetPasswordWithCode, verifyResetCode } from '../domain/accounts/index.ts';
import { parseInput } from '../http.ts';
import { accountSubject, type RateLimitRule } from '../plugins/rateLimit.ts';
import { accountsContext, type AccountRouteDeps } from './passengers.ts';

/**
 * Forgot password (CLARIFICATIONS 4: 'Email not found' is kept, so the call is limited hard per address). Per
 * account there is no refusal, so nobody else's requests lock the owner out: the account gets a new code at most
 * every 5 minutes instead (requestResetCode). Codes are guessed at through verify-code and reset-password alike, so
 * both share the code limits (on top of 5 wrong tries per code).
 */
export const RESET_RATE_LIMITS = {
  forgotPerAddress: { bucket: 'forgot-password:ip', max: 10, windowSec: 3600 },
  codePerAddress: { bucket: 'reset-code:ip', max: 30, windowSec: 900 },
  codePerAccount: { bucket: 'reset-code:account', max: 15, windowSec: 900 },
} satisfies Record<string, RateLimitRule>;

/** POST /auth/forgot-password, /auth/verify-code, /auth/reset-password (spec §7). */
export function authRoutes(deps: AccountRouteDeps) {
  const { limiter } = deps;
  return async (app: FastifyInstance) => {
    app.post('/auth/forgot-password', { onRequest: limiter.perAddress(RESET_RATE_LIMITS.forgotPerAddress) }, async (request): Promise<AccountOkResponse> => {
      const input = parseInput(forgotPasswordRequestSchema, request.body);
      await requestResetCode(await accountsContext(deps, request), input.email, accountSubject(input.email));
      return { success: true, message: ACCOUNT_MESSAGES.codeSent };
    });

    app.post('/auth/verify-code', { onRequest: limiter.perAddress(RESET_RATE_LIMITS.codePerAddress) }, async (request, reply): Promise<AccountOkResponse> => {
      const input = parseInput(verifyCodeRequestSchema, request.body);
      await limiter.enforce(request, reply, [{ rule: RESET_RATE_LIMITS.codePerAccount, subject: accountSubject(input.email) }]);
      await verifyResetCode(await accountsContext(deps, request), input.email, input.code);
      return { success: true, message: ACCOUNT_MESSAGES.codeVerified };
    });

    app.post('/auth/reset-password', { onRequest: limiter.perAddress(RESET_RATE_LIMITS.codePerAddress) }, async (request, reply): Promise<AccountOkResponse> => {
      const input = parseInput(resetPasswordRequestSchema, request.body);
      await limiter.enforce(request, reply, [{ rule: RESET_RATE_LIMITS.codePerAccount, subject: accountSubject(input.email) }]);
      await resetPasswordWithCode(await accountsContext(deps, request), input.email, input.code, input.new_password);
      return { success: true, message: ACCOUNT_MESSAGES.passwordReset };
    });
  };
}
