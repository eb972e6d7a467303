import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, accountOkResponseSchema, forgotPasswordRequestSchema, resetPasswordRequestSchema, verifyCodeRequestSchema } from '../../contract/accounts.ts';
import { requestResetCode, resetPasswordWithCode, verifyResetCode } from '../domain/accounts/index.ts';
import { accountSubject, type RateLimitRule } from '../plugins/rateLimit.ts';
import { accountsContext, type AccountRouteDeps } from './passengers.ts';
import { answers } from './schemas.ts';

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
  const ok = answers(accountOkResponseSchema);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const forgot = { onRequest: limiter.perAddress(RESET_RATE_LIMITS.forgotPerAddress), schema: { body: forgotPasswordRequestSchema, response: ok } };
    app.post('/auth/forgot-password', forgot, async (request) => {
      const input = request.body;
      await requestResetCode(await accountsContext(deps, request), input.email, accountSubject(input.email));
      return { success: true, message: ACCOUNT_MESSAGES.codeSent };
    });

    const verify = { onRequest: limiter.perAddress(RESET_RATE_LIMITS.codePerAddress), schema: { body: verifyCodeRequestSchema, response: ok } };
    app.post('/auth/verify-code', verify, async (request, reply) => {
      const input = request.body;
      await limiter.enforce(request, reply, [{ rule: RESET_RATE_LIMITS.codePerAccount, subject: accountSubject(input.email) }]);
      await verifyResetCode(await accountsContext(deps, request), input.email, input.code);
      return { success: true, message: ACCOUNT_MESSAGES.codeVerified };
    });

    const reset = { onRequest: limiter.perAddress(RESET_RATE_LIMITS.codePerAddress), schema: { body: resetPasswordRequestSchema, response: ok } };
    app.post('/auth/reset-password', reset, async (request, reply) => {
      const input = request.body;
      await limiter.enforce(request, reply, [{ rule: RESET_RATE_LIMITS.codePerAccount, subject: accountSubject(input.email) }]);
      await resetPasswordWithCode(await accountsContext(deps, request), input.email, input.code, input.new_password);
      return { success: true, message: ACCOUNT_MESSAGES.passwordReset };
    });
  };
}
