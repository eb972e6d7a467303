import type { RateLimiter } from '../plugins/rateLimit.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_KEY_HEADERS } from '../../contract/catalog.ts';
import {
  DRIVER_MESSAGES,
  driverJobResponseSchema,
  driverJobsResponseSchema,
  driverMessageSchema,
  driverOffersResponseSchema,
  driverSessionSchema,
  driverSetPasswordSchema,
  driverSignInSchema,
  driverSignOutEverywhereSchema,
  jobParamsSchema,
  offerIdParamsSchema,
  positionReportSchema,
  positionResponseSchema,
  shiftResponseSchema,
  shiftStartSchema,
  stepTapSchema,
  tapResponseSchema,
  tapSchema,
  usableVehiclesSchema,
  type DriverSession,
  type TapResponse,
} from '../../contract/driver.ts';
import { CSRF_HEADER } from '../../contract/staff.ts';
import type { Db } from '../adapters/db/index.ts';
import type { MailPort } from '../adapters/mail/index.ts';
import type { PaymentsPort } from '../adapters/payments/port.ts';
import { hashSessionToken } from '../domain/accounts/secrets.ts';
import { sessionCookieToken, sessionCsrfMatches, sessionCsrfToken, setSessionCookie } from '../domain/accounts/sessionCookies.ts';
import type { Actor } from '../domain/audit/audit.ts';
import type { BookingEventHub } from '../domain/dispatch/events.ts';
import type { DispatchService } from '../domain/dispatch/service.ts';
import { createDriverAccounts, type DriverAccounts } from '../domain/drivers/accounts.ts';
import { createDriverJobs } from '../domain/drivers/jobs.ts';
import type { MapsPort } from '../domain/geo/mapsPort.ts';
import { createDriverOffers } from '../domain/drivers/offers.ts';
import { createDriversRepository, type DriverAccountRecord } from '../domain/drivers/repository.ts';
import { DRIVER_COOKIE, DRIVER_SESSION_IDLE_MINUTES } from '../domain/drivers/sessions.ts';
import { createDriverShifts } from '../domain/drivers/shifts.ts';
import { answerOnce, type TapOutcome } from '../domain/drivers/taps.ts';
import { DomainError, retryAfterOf } from '../domain/errors.ts';
import type { Site, SiteCache } from '../domain/sites/index.ts';
import { ERROR_STATUS, HttpError } from '../http.ts';
import { driverEvents } from './driverEvents.ts';
import { answers } from './schemas.ts';
import { earningsResponseSchema, earningsWeekParamsSchema, weekDetailResponseSchema } from '../../contract/settlement.ts';
import { createSettlementService } from '../domain/settlement/service.ts';
import { sendWeekStatement } from './consoleSettlement.ts';
import { assertSameOrigin, isSecure, siteOfRequest } from './staffSession.ts';

type DriverActor = Extract<Actor, { kind: 'driver' }>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The driver's cookie session (the driver API's authorisation). */
    driverSession?: { token: string; expiresAt: Date; account: DriverAccountRecord };
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface DriverRouteDeps {
  db: Db;
  cache: SiteCache;
  mail: MailPort;
  publicUrl: string;
  dispatch: DispatchService;
  hub: BookingEventHub;
  now: () => Date;
  /** The app's rate limiter (the password check's limits), on the app's clock. */
  limiter: RateLimiter;
  log?: { info(details: object, message: string): void; warn(details: object, message: string): void };
  /** The maps port: the time to the pick-up in the 'on the way' text. */
  maps?: MapsPort;
  /** The card processor: a card booking's extras charged off-session at completion (issue 32). */
  payments?: PaymentsPort;
}

/** A refused tap as the error handler would send it (its first answer, kept for its replays). */
function refusalOutcome(error: DomainError): TapOutcome {
  const { body } = retryAfterOf(error.details);
  return { statusCode: ERROR_STATUS[error.kind], body: { success: false, message: error.message, ...body, code: error.code } };
}

const send = (reply: FastifyReply, outcome: TapOutcome) => reply.code(outcome.statusCode).send(outcome.body);

/**
 * The driver API (/api/driver, issue 32; contract/driver.ts). Only a driver's cookie session opens it: any
 * Authorization header (the admin token, a passenger's bearer token) is a 401, and the console's staff cookie is not
 * read here, nor is the driver's cookie (Path=/api/driver) ever sent to /api/admin. A session acts on its driver's own
 * site, jobs and offers: another driver's or site's are 404s. State-changing calls need the same origin and the
 * session's CSRF token, as the console's.
 */
export function driverRoutes(deps: DriverRouteDeps) {
  const { db, cache, now } = deps;
  const accounts: DriverAccounts = createDriverAccounts({ db, cache, mail: deps.mail, publicUrl: deps.publicUrl, log: deps.log, limiter: deps.limiter });
  const jobs = createDriverJobs({ db, cache, dispatch: deps.dispatch, now, publicUrl: deps.publicUrl, maps: deps.maps, payments: deps.payments, mail: deps.mail, log: deps.log });
  const offers = createDriverOffers({ db, dispatch: deps.dispatch, jobs, now });
  const shifts = createDriverShifts({ db, now });
  const events = driverEvents({ db, hub: deps.hub });
  const settlement = createSettlementService(db);

  const sessionAnswer = async (account: DriverAccountRecord, site: Site, token: string, expiresAt: Date): Promise<DriverSession> => ({
    success: true,
    driver: { id: account.id, name: account.name, email: account.email },
    site: { id: site.id, name: site.name },
    csrf_token: sessionCsrfToken(DRIVER_COOKIE, token),
    expires_at: expiresAt.toISOString(),
    idle_minutes: DRIVER_SESSION_IDLE_MINUTES,
    shift: await shifts.current(site.id, account.id),
  });

  const authorise = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== undefined) throw new HttpError(401, DRIVER_MESSAGES.notSignedIn);
    const secure = isSecure(request);
    const token = sessionCookieToken(DRIVER_COOKIE, request, secure);
    if (!token) throw new HttpError(401, DRIVER_MESSAGES.notSignedIn);
    const changes = STATE_CHANGING.has(request.method);
    if (changes) assertSameOrigin(request);
    const session = await createDriversRepository(db).touchSession(hashSessionToken(token), DRIVER_SESSION_IDLE_MINUTES);
    if (!session) {
      setSessionCookie(reply, DRIVER_COOKIE, null, secure);
      throw new HttpError(401, DRIVER_MESSAGES.notSignedIn);
    }
    if (changes && !sessionCsrfMatches(DRIVER_COOKIE, token, request.headers[CSRF_HEADER] as string | undefined)) throw new HttpError(403, 'Missing or wrong CSRF token');
    const site = (await cache.sites()).find((candidate) => candidate.id === session.account.siteId);
    if (!site) throw new HttpError(401, DRIVER_MESSAGES.notSignedIn);
    const named = request.headers[API_KEY_HEADERS.public] !== undefined || request.headers[API_KEY_HEADERS.secret] !== undefined;
    if (named && (await siteOfRequest(cache, request))?.id !== site.id) throw new HttpError(403, 'This session belongs to another site');
    request.site = site;
    request.actor = { kind: 'driver', role: 'driver', driverId: session.account.id, sessionId: session.sessionId, name: session.account.name };
    request.driverSession = { token, expiresAt: session.expiresAt, account: session.account };
  };
  const driverOf = (request: FastifyRequest) => request.actor as DriverActor;
  const tap = (request: FastifyRequest, key: string, target: string, apply: Parameters<typeof answerOnce>[2]) =>
    answerOnce(db, { siteId: request.site.id, driverId: driverOf(request).driverId, key, target }, apply, refusalOutcome);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signInSite = async (request: FastifyRequest) => {
      assertSameOrigin(request);
      const site = await siteOfRequest(cache, request);
      if (!site) throw new HttpError(401, 'Unknown site');
      request.site = site;
    };
    app.post('/session', { preValidation: signInSite, schema: { body: driverSignInSchema, response: answers(driverSessionSchema) } }, async (request, reply) => {
      const signedIn = await accounts.signIn(request.site.id, { ip: request.ip }, request.body.email, request.body.password);
      if (!signedIn) throw new HttpError(401, DRIVER_MESSAGES.invalidCredentials);
      request.log.info({ site_id: request.site.id, driver_id: signedIn.account.id }, 'driver signed in');
      setSessionCookie(reply, DRIVER_COOKIE, signedIn.token, isSecure(request));
      return sessionAnswer(signedIn.account, request.site, signedIn.token, signedIn.expiresAt);
    });
    app.post('/set-password', { schema: { body: driverSetPasswordSchema, response: answers(driverMessageSchema) } }, async (request) => {
      await accounts.setPassword(request.body.token, request.body.password);
      return { success: true as const, message: DRIVER_MESSAGES.passwordSet };
    });

    await fastify.register(async (scope) => {
      scope.addHook('onRequest', authorise);
      const signed = scope.withTypeProvider<ZodTypeProvider>();
      const clearCookie = (request: FastifyRequest, reply: FastifyReply) => setSessionCookie(reply, DRIVER_COOKIE, null, isSecure(request));

      signed.get('/session', { schema: { response: answers(driverSessionSchema) } }, async (request) => {
        const session = request.driverSession!;
        return sessionAnswer(session.account, request.site, session.token, session.expiresAt);
      });
      signed.delete('/session', { schema: { response: answers(driverMessageSchema) } }, async (request, reply) => {
        const actor = driverOf(request);
        await createDriversRepository(db).revokeSession(request.site.id, actor.sessionId!);
        events.endSession(request.site.id, actor.sessionId!);
        clearCookie(request, reply);
        return { success: true as const, message: DRIVER_MESSAGES.signedOut };
      });
      signed.post('/session/sign-out-everywhere', { schema: { response: answers(driverSignOutEverywhereSchema) } }, async (request, reply) => {
        const actor = driverOf(request);
        const ended = await createDriversRepository(db).revokeAllSessions(request.site.id, actor.driverId);
        events.endDriver(request.site.id, actor.driverId);
        clearCookie(request, reply);
        return { success: true as const, message: DRIVER_MESSAGES.signedOut, ended };
      });

      signed.get('/vehicles', { schema: { response: answers(usableVehiclesSchema) } }, async (request) => ({ success: true as const, vehicles: await shifts.usableVehicles(request.site.id) }));
      signed.post('/shift', { schema: { body: shiftStartSchema, response: answers(shiftResponseSchema) } }, async (request) => ({
        success: true as const,
        message: DRIVER_MESSAGES.onDuty,
        shift: await shifts.start(request.site.id, driverOf(request), request.body.vehicle_id),
      }));
      signed.delete('/shift', { schema: { response: answers(shiftResponseSchema) } }, async (request) => {
        await shifts.end(request.site.id, driverOf(request));
        return { success: true as const, message: DRIVER_MESSAGES.offDuty, shift: null };
      });
      signed.post('/positions', { schema: { body: positionReportSchema, response: answers(positionResponseSchema) } }, async (request) => ({
        success: true as const,
        ...(await shifts.report(request.site.id, driverOf(request).driverId, request.body)),
      }));

      signed.get('/offers', { schema: { response: answers(driverOffersResponseSchema) } }, async (request) => ({ success: true as const, offers: await offers.openFor(request.site.id, driverOf(request).driverId) }));
      signed.post('/offers/:id/accept', { schema: { params: offerIdParamsSchema, body: tapSchema, response: answers(tapResponseSchema) } }, async (request, reply) => {
        const { id } = request.params;
        return send(reply, await tap(request, request.body.idempotency_key, `accept:${id}`, (record) => offers.accept(request.site, driverOf(request), id, record)));
      });
      signed.post('/offers/:id/decline', { schema: { params: offerIdParamsSchema, body: tapSchema, response: answers(tapResponseSchema) } }, async (request, reply) => {
        const { id } = request.params;
        return send(reply, await tap(request, request.body.idempotency_key, `decline:${id}`, (record) => offers.decline(request.site, driverOf(request), id, record)));
      });

      signed.get('/jobs', { schema: { response: answers(driverJobsResponseSchema) } }, async (request) => ({ success: true as const, jobs: await jobs.list(request.site.id, driverOf(request).driverId) }));
      signed.get('/jobs/:booking_number', { schema: { params: jobParamsSchema, response: answers(driverJobResponseSchema) } }, async (request) => ({
        success: true as const,
        job: await jobs.one(request.site.id, driverOf(request).driverId, request.params.booking_number),
      }));
      signed.post('/jobs/:booking_number/steps', { schema: { params: jobParamsSchema, body: stepTapSchema, response: answers(tapResponseSchema) } }, async (request, reply) => {
        const number = request.params.booking_number;
        const { step, idempotency_key: key, tapped_at: tappedAt, extras, paid_in_car: paidInCar } = request.body;
        const outcome = await tap(request, key, `${step}:${number}`, (record) => jobs.step(request.site, driverOf(request), number, step, record, { tappedAt, extras, paidInCar }));
        // A completed card job's extras: charged once, off-session, after the completion committed (none claimed: nothing to do).
        if (step === 'complete' && outcome.statusCode === 200) return send(reply, { statusCode: 200, body: await jobs.chargeCompletion(request.site, driverOf(request).driverId, number, outcome.body as TapResponse) });
        return send(reply, outcome);
      });

      // The driver's own earnings (issue 35): the session names the driver, so another driver's week is out of reach.
      signed.get('/earnings', { schema: { response: answers(earningsResponseSchema) } }, async (request) => ({
        success: true as const,
        weeks: await settlement.earnings(request.site.id, driverOf(request).driverId, now()),
      }));
      signed.get('/earnings/:week', { schema: { params: earningsWeekParamsSchema, response: answers(weekDetailResponseSchema) } }, async (request) => ({
        success: true as const,
        detail: await settlement.detail(request.site.id, driverOf(request).driverId, request.params.week, now()),
      }));
      // A file: no response schema (tests/api/responseSchemas.test.ts lists it).
      signed.get('/earnings/:week/statement', { schema: { params: earningsWeekParamsSchema } }, async (request, reply) => {
        const detail = await settlement.detail(request.site.id, driverOf(request).driverId, request.params.week, now());
        return sendWeekStatement(reply, detail, await settlement.issuer(request.site.id));
      });

      // A stream: no response schema (tests/api/responseSchemas.test.ts lists it).
      await scope.register(events.routes);
    });
  };
}

/** What the console's driver calls use of the driver API's services. */
export { createDriverAccounts, createDriverOffers, createDriverJobs, createDriverShifts };
