import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  accountOkResponseSchema,
  checkPassengerEmailRequestSchema,
  passengerLoginRequestSchema,
  passengerLoginResponseSchema,
  updatePassengerRequestSchema,
  updatePassengerResponseSchema,
  validateTokenResponseSchema,
} from '../../contract/accounts.ts';
import { isEnabled, settingsFromRows } from '../../contract/settings.ts';
import type { Db } from '../adapters/db/index.ts';
import { mailIdentity, type MailPort } from '../adapters/mail/index.ts';
import {
  assertOwnPassenger,
  authenticatePassenger,
  bearerToken,
  signIn,
  signOut,
  toCorporatePassenger,
  updateOwnProfile,
  type AccountsContext,
  type CredentialGuard,
} from '../domain/accounts/index.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { DomainError } from '../domain/errors.ts';
import { HttpError } from '../http.ts';
import type { RateLimiter, RateLimitRule } from '../plugins/rateLimit.ts';
import { answers } from './schemas.ts';

export interface AccountRouteDeps {
  db: Db;
  cache: SiteCache;
  mail: MailPort;
  limiter: RateLimiter;
}

/**
 * Requests per client address to the two calls that take a password, right or wrong: a bound on the argon2 work one
 * address can ask for. Wrong passwords have their own, tighter limits in the guard (PASSWORD_LIMITS).
 */
export const CREDENTIAL_RATE_LIMITS = {
  loginPerAddress: { bucket: 'check-passenger-login:ip', max: 100, windowSec: 900 },
  checkEmailPerAddress: { bucket: 'check-passenger-email:ip', max: 100, windowSec: 900 },
} satisfies Record<string, RateLimitRule>;

export async function accountsContext(deps: Pick<AccountRouteDeps, 'db' | 'cache' | 'mail'>, request: FastifyRequest): Promise<AccountsContext> {
  const { settings } = await deps.cache.catalog(request.site.id);
  return { db: deps.db, mail: deps.mail, siteId: request.site.id, identity: mailIdentity(settings, request.site.name), caller: { ip: request.ip }, log: request.log };
}

/** The corporate passenger calls of spec §7: check-passenger-login, passenger/validate-token, passenger/logout, update-passenger, check-passenger-email. */
export function passengerRoutes(deps: AccountRouteDeps & { credentials: CredentialGuard }) {
  const { db, cache, limiter, credentials } = deps;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/check-passenger-login',
      { onRequest: limiter.perAddress(CREDENTIAL_RATE_LIMITS.loginPerAddress), schema: { body: passengerLoginRequestSchema, response: answers(passengerLoginResponseSchema) } },
      async (request) => {
        const input = request.body;
        const settings = settingsFromRows((await cache.catalog(request.site.id)).settings);
        if (!isEnabled(settings, 'CORPORATE_LOGIN')) throw new HttpError(403, 'Corporate login is not available');
        const session = await signIn(await accountsContext(deps, request), credentials, input.email, input.password);
        return {
          success: true as const,
          message: ACCOUNT_MESSAGES.loginOk,
          access_token: session.token,
          token_type: 'Bearer' as const,
          expires_at: session.expiresAt.toISOString(),
          passenger: session.passenger,
        };
      },
    );

    // Always 200: the answer to "is this token good?" is in `valid` (missing, unknown, expired, revoked: false).
    app.post('/passenger/validate-token', { schema: { response: answers(validateTokenResponseSchema) } }, async (request) => {
      try {
        const auth = await authenticatePassenger(request, db);
        return { valid: true, passenger: toCorporatePassenger(auth.passenger), expires_at: auth.expiresAt.toISOString() };
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'unauthenticated') return { valid: false };
        throw error;
      }
    });

    app.post('/passenger/logout', { schema: { response: answers(accountOkResponseSchema) } }, async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new HttpError(401, ACCOUNT_MESSAGES.signInAgain);
      await signOut(db, request.site.id, token);
      return { success: true as const, message: ACCOUNT_MESSAGES.loggedOut };
    });

    // The session is checked before the body's problems are told (an unauthenticated caller learns nothing of the
    // fields): the schema's refusal is attached to the request (attachValidation) and thrown after the check.
    app.patch('/update-passenger', { attachValidation: true, schema: { body: updatePassengerRequestSchema, response: answers(updatePassengerResponseSchema) } }, async (request) => {
      const auth = await authenticatePassenger(request, db);
      if (request.validationError) throw request.validationError;
      const input = request.body;
      assertOwnPassenger(auth, input.passenger_id);
      const passenger = await updateOwnProfile(await accountsContext(deps, request), credentials, auth, {
        name: input.name,
        email: input.email,
        phone: input.phone ?? auth.passenger.phone,
        currentPassword: input.current_password,
      });
      return { success: true as const, passenger, message: ACCOUNT_MESSAGES.profileUpdated };
    });

    // Existing-client mode of the details step: does a customer with this e-mail and password exist?
    // One answer for "no such e-mail" and "wrong password", so this call reveals no more than it must.
    app.post(
      '/check-passenger-email',
      { onRequest: limiter.perAddress(CREDENTIAL_RATE_LIMITS.checkEmailPerAddress), schema: { body: checkPassengerEmailRequestSchema, response: answers(accountOkResponseSchema) } },
      async (request) => {
        const input = request.body;
        const passenger = await credentials.verify(request.site.id, { ip: request.ip }, input.email, input.password);
        if (!passenger) throw new HttpError(401, 'Email or password not recognised');
        return { success: true as const, message: 'Email found' };
      },
    );
  };
}
