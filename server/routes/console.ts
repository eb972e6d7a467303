import type { RateLimiter } from '../plugins/rateLimit.ts';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { retentionRunResponseSchema } from '../../contract/consoleBookings.ts';
import { consoleSiteCreatedSchema, consoleSiteListSchema } from '../../contract/consoleSites.ts';
import { consoleSiteCreateSchema, API_KEY_HEADERS } from '../../contract/catalog.ts';
import { auditListResponseSchema, auditQuerySchema, CSRF_HEADER, STAFF_MESSAGES } from '../../contract/staff.ts';
import type { Db } from '../adapters/db/index.ts';
import type { MailPort } from '../adapters/mail/index.ts';
import { hashSessionToken } from '../domain/accounts/secrets.ts';
import { listAudit, recordAudit, type Actor } from '../domain/audit/audit.ts';
import { createStaffCredentialGuard } from '../domain/staff/credentials.ts';
import { createStaffRepository, type StaffRecord } from '../domain/staff/repository.ts';
import { createStaffService } from '../domain/staff/service.ts';
import { sessionCookieToken, sessionCsrfMatches, setSessionCookie } from '../domain/accounts/sessionCookies.ts';
import { STAFF_COOKIE } from '../domain/staff/sessions.ts';
import { createSitesRepository, type SiteCache } from '../domain/sites/index.ts';
import { HttpError } from '../http.ts';
import type { PaymentsPort } from '../adapters/payments/port.ts';
import type { StoragePort } from '../adapters/storage/index.ts';
import type { FlightTracker } from '../domain/flights/service.ts';
import { createBookingEventHub, type BookingEventHub } from '../domain/dispatch/events.ts';
import { createDispatchService } from '../domain/dispatch/service.ts';
import type { MapsPort } from '../domain/geo/mapsPort.ts';
import type { Quoting } from '../domain/quotes/quoting.ts';
import { retentionAnswer, runRetention } from '../domain/retention/retention.ts';
import { consoleBookingsRoutes } from './consoleBookings.ts';
import { consoleQueueRoutes } from './consoleQueue.ts';
import { consoleMapRoutes } from './consoleMap.ts';
import { consoleEvents } from './consoleEvents.ts';
import { consoleDriversRoutes } from './consoleDrivers.ts';
import { consoleFleetRoutes } from './consoleFleet.ts';
import { consoleInboxRoutes } from './consoleInbox.ts';
import { consolePhoneBookingRoutes } from './consolePhoneBookings.ts';
import type { PayLinks } from '../domain/bookings/payLinks.ts';
import type { BookingService } from '../domain/bookings/service.ts';
import { consoleManageRoutes } from './consoleManage.ts';
import { consoleCatalogueRoutes } from './consoleCatalogue.ts';
import { consolePlacesRoutes } from './consolePlaces.ts';
import { consolePromosRoutes } from './consolePromos.ts';
import { consoleSettlementRoutes } from './consoleSettlement.ts';
import { consoleReportsRoutes } from './consoleReports.ts';
import { consoleCompanyAccountRoutes } from './consoleCompanyAccounts.ts';
import { createCompanyAccountsService } from '../domain/companyAccounts/service.ts';
import { createInvoicesService, type InvoicesService } from '../domain/invoices/service.ts';
import { consoleInvoiceRoutes } from './consoleInvoices.ts';
import { consolePricesRoutes } from './consolePrices.ts';
import { consoleSettingsRoutes } from './consoleSettings.ts';
import { staffManageRoutes } from './staffManage.ts';
import { answers, createdAnswers } from './schemas.ts';
import { assertSameOrigin, isSecure, siteOfRequest, staffPublicRoutes, staffSessionRoutes } from './staffSession.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling the console API (set by its authorisation). */
    actor: Actor;
    /** The cookie session of a signed-in member, absent for the admin token. */
    staffSession?: { token: string; expiresAt: Date; member: StaffRecord };
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface ConsoleDeps {
  db: Db;
  cache: SiteCache;
  mail: MailPort;
  adminToken: string;
  /** The deployment's address, for mailed links of a site without hosts. */
  publicUrl: string;
  log?: { info(details: object, message: string): void; warn(details: object, message: string): void; error(details: object, message: string): void };
  /** The card processor: an operator's cancellation refunds through it. */
  payments: PaymentsPort;
  /** The site's quoting engine (the inbox prices QUOTE NOW requests with it). */
  quoting?: Quoting;
  /** The maps port (the places page locates addresses and checks samples with it; default: the offline gazetteer). */
  maps?: MapsPort;
  /** This process's subscription to booking events (default: one of its own). */
  events?: BookingEventHub;
  now?: () => Date;
  /** The app's rate limiter (sign-in's limits), on the app's clock. */
  limiter: RateLimiter;
  /** Where uploaded vehicle images are kept. */
  storage?: StoragePort;
  /** Flight arrivals: a dispatcher opening a booking looks its flight up; the typed expected arrival. */
  flights?: FlightTracker;
  /** Company accounts' invoices (issue 34); default: one of its own. */
  invoices?: InvoicesService;
  /** The booking service: phone bookings (issue 34) are written by it, as the website's. */
  bookings?: BookingService;
  /** Card payment links of phone bookings (issue 34): the console resends them. */
  payLinks?: PayLinks;
}

/** 403 unless the caller is an owner (or the admin token, which acts as one). A preValidation hook: before any schema reads the request. */
export async function ownerOnly(request: FastifyRequest) {
  if (request.actor.role !== 'owner') throw new HttpError(403, STAFF_MESSAGES.ownerOnly);
}

/**
 * The operator's console API. A call is authorised by either
 * - `Authorization: Bearer <ADMIN_TOKEN>` (automation, the CLI): the owner of the site named by the key pair headers,
 *   else of the default site; no cookie, no CSRF token;
 * - a staff session cookie: the member, on the member's own site only (key pair headers naming another site are
 *   refused), with the session's CSRF token and a same-origin request on every POST, PUT, PATCH and DELETE.
 * Any other Authorization header (a passenger's token) is a 401. Owners reach everything; dispatchers the bookings
 * board, dispatch, the drivers and vehicles registers, the event stream, the statutory export and the enquiries
 * inbox, but not the settings, sites, staff, the retention run or (but a booking's) audit calls.
 */
export function consoleRoutes(deps: ConsoleDeps) {
  const { db, cache } = deps;
  const expected = digest(deps.adminToken);
  const staffRepository = createStaffRepository(db);
  const { limiter } = deps;
  const guard = createStaffCredentialGuard(db, limiter, deps.log);
  const staff = createStaffService({ db, cache, mail: deps.mail, publicUrl: deps.publicUrl, limiter });
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? { info: () => undefined, warn: () => undefined, error: () => undefined };
  const dispatch = createDispatchService({ db, cache, mail: deps.mail, payments: deps.payments, log, now });
  const events = consoleEvents({ db, hub: deps.events ?? createBookingEventHub(db) });

  const authorise = async (request: FastifyRequest, reply: FastifyReply) => {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const match = /^Bearer (.+)$/.exec(authorization);
      if (!match || !timingSafeEqual(digest(match[1]), expected)) throw new HttpError(401, STAFF_MESSAGES.adminTokenWrong);
      const site = await siteOfRequest(cache, request);
      if (!site) throw new HttpError(401, 'Unknown site');
      request.site = site;
      request.actor = { kind: 'admin-token', role: 'owner' };
      return;
    }
    const secure = isSecure(request);
    const token = sessionCookieToken(STAFF_COOKIE, request, secure);
    if (!token) throw new HttpError(401, STAFF_MESSAGES.notSignedIn);
    const changes = STATE_CHANGING.has(request.method);
    // Before the session is looked up (and its idle time renewed): a forged request changes nothing.
    if (changes) assertSameOrigin(request);
    const session = await staffRepository.touchSession(hashSessionToken(token));
    if (!session) {
      setSessionCookie(reply, STAFF_COOKIE, null, secure);
      throw new HttpError(401, STAFF_MESSAGES.notSignedIn);
    }
    if (changes && !sessionCsrfMatches(STAFF_COOKIE, token, request.headers[CSRF_HEADER] as string | undefined)) throw new HttpError(403, STAFF_MESSAGES.csrfMissing);
    const site = (await cache.sites()).find((candidate) => candidate.id === session.member.siteId);
    if (!site) throw new HttpError(401, STAFF_MESSAGES.notSignedIn);
    const named = request.headers[API_KEY_HEADERS.public] !== undefined || request.headers[API_KEY_HEADERS.secret] !== undefined;
    if (named && (await siteOfRequest(cache, request))?.id !== site.id) throw new HttpError(403, STAFF_MESSAGES.otherSite);
    const { member } = session;
    request.site = site;
    request.actor = { kind: 'staff', staffId: member.id, sessionId: session.sessionId, role: member.role, name: member.name, email: member.email };
    request.staffSession = { token, expiresAt: session.expiresAt, member };
  };

  return async (app: FastifyInstance) => {
    await app.register(staffPublicRoutes({ db, cache, guard, staff }));
    await app.register(async (authorised) => {
      authorised.addHook('onRequest', authorise);
      // A signed-out session's event streams end now (another process's: at their next heartbeat).
      authorised.addHook('onResponse', async (request, reply) => {
        if (reply.statusCode >= 300 || request.actor?.kind !== 'staff') return;
        const route = request.routeOptions.url;
        if (request.method === 'DELETE' && route === '/api/admin/session' && request.actor.sessionId !== null) events.endSession(request.site.id, request.actor.sessionId);
        if (request.method === 'POST' && route === '/api/admin/session/sign-out-everywhere') events.endMember(request.site.id, request.actor.staffId);
      });
      await authorised.register(staffSessionRoutes({ db }));
      await authorised.register(consoleManageRoutes(db));
      await authorised.register(consoleBookingsRoutes({ db, cache, dispatch, now, flights: deps.flights }));
      await authorised.register(consoleQueueRoutes({ db, cache, now }));
      await authorised.register(consoleMapRoutes({ db, cache, maps: deps.maps, dispatch, now }));
      await authorised.register(consoleFleetRoutes({ db, now }));
      await authorised.register(consoleDriversRoutes({ db, cache, mail: deps.mail, publicUrl: deps.publicUrl, dispatch, now, limiter }));
      await authorised.register(consoleInboxRoutes({ db, cache, mail: deps.mail, publicUrl: deps.publicUrl, quoting: deps.quoting, log: deps.log }));
      await authorised.register(consolePhoneBookingRoutes({ db, cache, quoting: deps.quoting, bookings: deps.bookings, payLinks: deps.payLinks, publicUrl: deps.publicUrl, now }));
      await authorised.register(events.routes);

      const typed = authorised.withTypeProvider<ZodTypeProvider>();
      typed.get('/audit', { schema: { querystring: auditQuerySchema, response: answers(auditListResponseSchema) } }, async (request) => {
        const query = request.query;
        // A dispatcher reads a booking's timeline; the rest of the log is the owner's.
        if (request.actor.role !== 'owner' && query.entity !== 'booking') throw new HttpError(403, STAFF_MESSAGES.ownerOnly);
        return { success: true as const, entries: await listAudit(db, request.site.id, query) };
      });

      await authorised.register(async (ownerScope) => {
        ownerScope.addHook('preValidation', ownerOnly);
        const owners = ownerScope.withTypeProvider<ZodTypeProvider>();
        await ownerScope.register(staffManageRoutes(staff));
        owners.post('/retention/run', { schema: { response: answers(retentionRunResponseSchema) } }, async (request) => {
          return retentionAnswer(await runRetention(db, request.site.id, request.actor, now()));
        });
        await ownerScope.register(consoleSettingsRoutes({ db, cache }));
        await ownerScope.register(consoleCatalogueRoutes({ db, cache, now, storage: deps.storage }));
        await ownerScope.register(consolePricesRoutes({ db, cache, now, quoting: deps.quoting }));
        await ownerScope.register(consolePlacesRoutes({ db, cache, maps: deps.maps, now }));
        await ownerScope.register(consolePromosRoutes({ db, cache, now }));
        await ownerScope.register(consoleSettlementRoutes({ db, now }));
        await ownerScope.register(consoleReportsRoutes({ db, cache }));
        await ownerScope.register(consoleCompanyAccountRoutes(createCompanyAccountsService({ db, cache, mail: deps.mail, publicUrl: deps.publicUrl })));
        await ownerScope.register(consoleInvoiceRoutes({ invoices: deps.invoices ?? createInvoicesService({ db, cache, mail: deps.mail }), now }));
        // Sites are the deployment's: a member sees only their own site; creating one is for the admin token.
        owners.get('/sites', { schema: { response: answers(consoleSiteListSchema) } }, async (request) =>
          (await cache.sites())
            .filter((site) => request.actor.kind === 'admin-token' || site.id === request.site.id)
            .map(({ id, name, publicKey, hosts, isDefault }) => ({ id, name, public_key: publicKey, hosts, is_default: isDefault })),
        );
        const adminTokenOnly = async (request: FastifyRequest) => {
          if (request.actor.kind !== 'admin-token') throw new HttpError(403, STAFF_MESSAGES.adminTokenOnly);
        };
        owners.post('/sites', { preValidation: adminTokenOnly, schema: { body: consoleSiteCreateSchema, response: createdAnswers(consoleSiteCreatedSchema) } }, async (request, reply) => {
          const input = request.body;
          const keys = { publicKey: `pk_${randomBytes(12).toString('hex')}`, secretKey: `sk_${randomBytes(18).toString('hex')}` };
          const id = await db.transaction(async (tx) => {
            const created = await createSitesRepository(tx).createSite(input.name, keys, input.hosts);
            await recordAudit(tx, request.actor, { siteId: created, action: 'site.create', entityType: 'site', entityId: created, before: null, after: { name: input.name, hosts: input.hosts, public_key: keys.publicKey } });
            return created;
          });
          await cache.invalidate('sites');
          return reply.code(201).send({ success: true as const, site: { id, name: input.name, hosts: input.hosts, public_key: keys.publicKey, secret_key: keys.secretKey } });
        });
      });
    });
  };
}
