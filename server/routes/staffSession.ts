import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_KEY_HEADERS } from '../../contract/catalog.ts';
import {
  signOutEverywhereResponseSchema,
  staffMessageResponseSchema,
  staffSessionSchema,
  staffSetPasswordSchema,
  staffSignInSchema,
  STAFF_MESSAGES,
  type StaffSession,
} from '../../contract/staff.ts';
import type { Db } from '../adapters/db/index.ts';
import { hashSessionToken, newSessionToken } from '../domain/accounts/secrets.ts';
import type { StaffCredentialGuard } from '../domain/staff/credentials.ts';
import { createStaffRepository, type StaffRecord } from '../domain/staff/repository.ts';
import type { StaffService } from '../domain/staff/service.ts';
import { sessionCsrfToken, setSessionCookie } from '../domain/accounts/sessionCookies.ts';
import { STAFF_COOKIE, STAFF_SESSION_IDLE_MINUTES } from '../domain/staff/sessions.ts';
import type { Site, SiteCache } from '../domain/sites/index.ts';
import { HttpError } from '../http.ts';
import { answers } from './schemas.ts';

/** Whether the request came over HTTPS (the socket's, or X-Forwarded-Proto from a proxy TRUST_PROXY names). */
export const isSecure = (request: FastifyRequest) => request.protocol === 'https';

/**
 * A browser's call from another origin is refused (CSRF, and sign-in CSRF): Sec-Fetch-Site, when sent, must be
 * same-origin, and Origin, when sent, must be this request's own origin. Clients that send neither (the CLI, curl)
 * pass; a call with the cookie still needs the CSRF token.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') throw new HttpError(403, STAFF_MESSAGES.crossSite);
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) throw new HttpError(403, STAFF_MESSAGES.crossSite);
}

/** The site a request names with the key pair headers, the default site without them; null for an unknown pair. */
export async function siteOfRequest(cache: SiteCache, request: FastifyRequest): Promise<Site | null> {
  const publicKey = request.headers[API_KEY_HEADERS.public];
  const secretKey = request.headers[API_KEY_HEADERS.secret];
  if (publicKey === undefined && secretKey === undefined) return (await cache.sites()).find((candidate) => candidate.isDefault) ?? null;
  if (typeof publicKey !== 'string' || typeof secretKey !== 'string') return null;
  return cache.siteByKeys(publicKey, secretKey);
}

export function sessionView(member: StaffRecord, site: Site, token: string, expiresAt: Date): StaffSession {
  return {
    success: true,
    staff: { id: member.id, name: member.name, email: member.email, role: member.role },
    site: { id: site.id, name: site.name },
    csrf_token: sessionCsrfToken(STAFF_COOKIE, token),
    expires_at: expiresAt.toISOString(),
    idle_minutes: STAFF_SESSION_IDLE_MINUTES,
  };
}

const clearCookie = (request: FastifyRequest, reply: FastifyReply) => setSessionCookie(reply, STAFF_COOKIE, null, isSecure(request));

/**
 * The calls that need no session: sign-in (`POST /api/admin/session`, with the mailed code when the answer asks for
 * one: server/domain/staff/signInCodes.ts) and a set-password link's use
 * (`POST /api/admin/staff/set-password`).
 */
export function staffPublicRoutes(deps: { db: Db; cache: SiteCache; guard: StaffCredentialGuard; staff: StaffService }) {
  // Another origin and an unknown site are refused before the body is read (so before its schema).
  const signInSite = async (request: FastifyRequest) => {
    assertSameOrigin(request);
    const site = await siteOfRequest(deps.cache, request);
    if (!site) throw new HttpError(401, 'Unknown site');
    request.site = site;
  };
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post('/session', { preValidation: signInSite, schema: { body: staffSignInSchema, response: answers(staffSessionSchema) } }, async (request, reply) => {
      const { site, body: input } = request;
      const verdict = await deps.guard.verify(site.id, { ip: request.ip }, input.email, input.password);
      if (verdict.kind === 'wrong') throw new HttpError(401, STAFF_MESSAGES.invalidCredentials);
      // Past the account-wide limit of wrong passwords, from an address that is not known: the mailed code as well.
      const member = verdict.kind === 'right' ? verdict.account : await deps.staff.signInCodes.proveSignIn(site, input.email, verdict, input.code);
      const token = newSessionToken();
      const expiresAt = await createStaffRepository(deps.db).createSession(site.id, member.id, hashSessionToken(token));
      request.log.info({ site_id: site.id, staff_id: member.id }, 'staff signed in');
      setSessionCookie(reply, STAFF_COOKIE, token, isSecure(request));
      return sessionView(member, site, token, expiresAt);
    });

    app.post('/staff/set-password', { schema: { body: staffSetPasswordSchema, response: answers(staffMessageResponseSchema) } }, async (request) => {
      const input = request.body;
      await deps.staff.setPassword(input.token, input.password);
      return { success: true as const, message: STAFF_MESSAGES.passwordSet };
    });
  };
}

/** The calls of a signed-in member (inside the console API's authorisation): who am I, sign out, sign out everywhere. */
export function staffSessionRoutes(deps: { db: Db }) {
  const sessionOf = (request: FastifyRequest) => {
    if (request.actor.kind !== 'staff' || !request.staffSession) throw new HttpError(401, STAFF_MESSAGES.notSignedIn);
    return { actor: request.actor, session: request.staffSession };
  };
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/session', { schema: { response: answers(staffSessionSchema) } }, async (request) => {
      const { session } = sessionOf(request);
      return sessionView(session.member, request.site, session.token, session.expiresAt);
    });

    app.delete('/session', { schema: { response: answers(staffMessageResponseSchema) } }, async (request, reply) => {
      const { actor } = sessionOf(request);
      await createStaffRepository(deps.db).revokeSession(request.site.id, actor.sessionId!);
      clearCookie(request, reply);
      return { success: true as const, message: STAFF_MESSAGES.signedOut };
    });

    app.post('/session/sign-out-everywhere', { schema: { response: answers(signOutEverywhereResponseSchema) } }, async (request, reply) => {
      const { actor } = sessionOf(request);
      const ended = await createStaffRepository(deps.db).revokeAllSessions(request.site.id, actor.staffId);
      request.log.info({ site_id: request.site.id, staff_id: actor.staffId, ended }, 'staff signed out everywhere');
      clearCookie(request, reply);
      return { success: true as const, message: STAFF_MESSAGES.signedOut, ended };
    });
  };
}
