import { BOOKING_CHANNEL_HEADER } from '../contract/bookings.ts';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { parseInput } from './http.ts';
import type { Db } from './adapters/db/index.ts';
import { createMailPort, type MailPort } from './adapters/mail/index.ts';
import { createSmsPort, type SmsPort } from './adapters/sms/index.ts';
import type { Config } from './config.ts';
import { loggerOptions, type AppLoggerOptions } from './logging.ts';
import { createSiteCache, type SiteCache } from './domain/sites/index.ts';
import { apiLimits } from './plugins/apiLimits.ts';
import { siteFromKeys } from './plugins/apiKeys.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputRules } from './plugins/inputRules.ts';
import { createRateLimiter } from './plugins/rateLimit.ts';
import { registerSecurityHeaders } from './plugins/securityHeaders.ts';
import { registerSpa } from './web/plugin.ts';
import { SERVER_TIMEOUTS } from './plugins/transport.ts';
import { createStoragePort, type StoragePort } from './adapters/storage/index.ts';
import { consoleRoutes } from './routes/console.ts';
import { driverRoutes } from './routes/driver.ts';
import { createBookingEventHub, type BookingEventHub } from './domain/dispatch/events.ts';
import { createDispatchService } from './domain/dispatch/service.ts';
import { validatorOf } from './routes/schemas.ts';
import { authRoutes } from './routes/auth.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { enquiryRoutes } from './routes/enquiries.ts';
import { manageRoutes } from './routes/manage.ts';
import { manageLiveStreams } from './routes/manageLive.ts';
import { createPositionHub } from './domain/drivers/positionEvents.ts';
import { quoteOfferRoutes } from './routes/quoteOffers.ts';
import { payLinkRoutes } from './routes/payLinks.ts';
import { createPayLinks, type PayLinks } from './domain/bookings/payLinks.ts';
import { receiptRoutes } from './routes/receipts.ts';
import { passengerRoutes } from './routes/passengers.ts';
import { quotingRoutes } from './routes/quoting.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { storedImageRoutes } from './routes/storedImages.ts';
import { stripeWebhookRoutes } from './routes/stripeWebhook.ts';
import type { PaymentsPort } from './adapters/payments/port.ts';
import { createSandboxPayments } from './adapters/payments/sandbox.ts';
import { createStripePayments, type StripePayments } from './adapters/payments/stripe.ts';
import { createCredentialGuard, type CredentialGuard } from './domain/accounts/index.ts';
import { createCompanyAccountsService } from './domain/companyAccounts/service.ts';
import { companyAccountRoutes } from './routes/companyAccounts.ts';
import { createInvoicesService, type InvoicesService } from './domain/invoices/service.ts';
import { corporateInvoiceRoutes } from './routes/corporateInvoices.ts';
import { corporateLastTripRoutes } from './routes/corporateLastTrip.ts';
import { createBookingService, type BookingService } from './domain/bookings/service.ts';
import { createGoogleMaps } from './domain/geo/googleMaps.ts';
import { createOfflineMaps, type MapsPort } from './domain/geo/mapsPort.ts';
import { createQuoting, QuoteRefused, type Quoting } from './domain/quotes/quoting.ts';
import { createSettingsPreviews } from './web/settingsPreviews.ts';
import { createFlightsPort, type FlightsPort } from './adapters/flights/index.ts';
import { createFlightTracker, type FlightTracker } from './domain/flights/service.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** true: pino at LOG_LEVEL to stdout; pino options (a level, a destination stream); the redaction is added to either. */
  logger?: boolean | AppLoggerOptions;
  /** The mail port (bootstrap starts its dispatcher); default: one from the config, not started. */
  mail?: MailPort;
  /** The SMS port (bootstrap starts its dispatcher); default: one from the config, not started. */
  sms?: SmsPort;
  /** The maps port; default: the offline UK gazetteer with estimated distances. */
  maps?: MapsPort;
  /** The card processor; default: from the config (Stripe when PAYMENTS=stripe, else the sandbox). */
  payments?: PaymentsPort | StripePayments;
  /** The clock of the pricing rules (grace period, night rate); tests may fix it. */
  now?: () => Date;
  /** Uploaded images (vehicle categories); default: from the config (DATA_DIR/storage or STORAGE=s3). */
  storage?: StoragePort;
  /** The flight port; default: AeroAPI when AEROAPI_KEY is set, else no look-ups. */
  flights?: FlightsPort;
}

export interface App {
  fastify: FastifyInstance;
  cache: SiteCache;
  mail: MailPort;
  sms: SmsPort;
  maps: MapsPort;
  quoting: Quoting;
  payments: PaymentsPort;
  bookings: BookingService;
  credentials: CredentialGuard;
  storage: StoragePort;
  /** Flight arrivals: the look-ups, the sweep (started by bootstrap) and the dispatcher's typed arrivals. */
  flights: FlightTracker;
  /** This process's one subscription to booking events (the console's and the driver's streams, automatic offers). */
  events: BookingEventHub;
  /** Company accounts' invoices (issue 34): the run (bootstrap starts its hourly job), the console's and the corporate area's calls. */
  invoices: InvoicesService;
  /** Phone bookings' card payment links (issue 34): the public page's calls, the console's resend, the release sweep (bootstrap starts it). */
  payLinks: PayLinks;
  /** Every route registered: the fuzz suite walks all of them, the schema test reads what each declares. */
  routes: readonly RegisteredRoute[];
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The parts its schema declares (body, querystring, params, response…). */
  schemaParts: string[];
  /** The statuses its response schema covers ('200', '4xx'…). */
  responseStatuses: string[];
}

/** Builds the provider: API under /api/v1, console API under /api/admin, the SPA and /embed.js. Never listens. */
export async function buildApp({
  config,
  db,
  logger = false,
  mail = createMailPort({ db, dataDir: config.dataDir, smtpUrl: config.smtpUrl }),
  sms = createSmsPort({ db, dataDir: config.dataDir, twilio: config.twilio }),
  maps = config.googleApiKey ? createGoogleMaps({ apiKey: config.googleApiKey, log: { warn: (_details, message) => console.warn(`cabflow: ${message}`) } }) : createOfflineMaps(),
  payments: givenPayments,
  now,
  storage = createStoragePort(config.storage, config.dataDir),
  flights: flightsPort = createFlightsPort(config),
}: AppDeps): Promise<App> {
  const fastify = Fastify({
    logger: logger === false ? false : loggerOptions(logger, config.logLevel),
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy,
    ...SERVER_TIMEOUTS,
  });
  // Route schemas are the contract's zod schemas (fastify-type-provider-zod types the handlers from them); a request
  // part that fails one is refused exactly as parseInput refuses it: 400 `{ success: false, message: "<field>: <issue>",
  // code }`, a missing body read as `{}`.
  fastify.setValidatorCompiler(validatorOf(parseInput));
  // A response schema strips what it does not name, and an answer that breaks it is a 500 (never sent half-right).
  fastify.setSerializerCompiler(serializerCompiler);
  const routes: RegisteredRoute[] = [];
  fastify.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const responseStatuses = Object.keys((schema.response as Record<string, unknown> | undefined) ?? {});
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, schemaParts: Object.keys(schema), responseStatuses });
  });
  // FLIGHT_TRACKING is the server's to say (contract/settings.ts DERIVED_SETTING_NAMES): the home page promises flight
  // tracking only when flight look-ups are configured (without them the setting is absent, so off).
  const cache = createSiteCache(db, { derivedSettings: flightsPort.configured ? [{ setting_name: 'FLIGHT_TRACKING', setting_value: 'enable' }] : [] });
  await cache.start();
  // One clock for the app (tests set it) and one rate limiter on it: every limit counts in windows of that clock.
  const clock = now ?? (() => new Date());
  const limiter = createRateLimiter(db, clock);
  const quoting = createQuoting({ db, maps, now });
  // The console's settings previews (issue 19): the page handler and GET /api/v1/setting apply a live token's draft.
  const settingsPreviews = createSettingsPreviews(db);
  // The card processor, chosen once: Stripe when PAYMENTS=stripe, else the sandbox (TEST MODE, no money moves).
  const payments: PaymentsPort | StripePayments = givenPayments ?? (config.stripe ? createStripePayments(config.stripe) : createSandboxPayments(db));
  const stripe = 'webhookEvent' in payments ? (payments as StripePayments) : null;
  const credentials = createCredentialGuard(db, limiter, fastify.log);
  const flights = createFlightTracker({ db, cache, flights: flightsPort, now, log: fastify.log });
  const invoices = createInvoicesService({ db, cache, mail, log: fastify.log });
  const payLinks = createPayLinks({ db, cache, payments, mail, log: fastify.log, publicUrl: config.publicUrl, now });
  const bookings = createBookingService({ db, quoting, mail, payments, credentials, log: fastify.log, publicUrl: config.publicUrl, now, afterBooked: (siteId, bookingId) => flights.afterWrite(siteId, bookingId, 'booked') });

  registerErrorHandling(fastify);
  registerInputRules(fastify);
  registerSecurityHeaders(fastify);
  // Session cookies (the console's staff, the driver's app) are read and written with it; none is signed (each holds a random token).
  await fastify.register(cookie);
  await fastify.register(cors, {
    origin: config.embedOrigins.length ? config.embedOrigins : false,
    allowedHeaders: ['content-type', 'authorization', 'api-public-key', 'api-secret-key', 'idempotency-key', BOOKING_CHANNEL_HEADER],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });

  // One LISTEN per process for booking events, heard by the console's streams, the driver's and the passenger's live
  // view (PGlite keeps one listener per channel); one for the drivers' positions on a job, heard by the live view.
  const events = createBookingEventHub(db);
  const positions = createPositionHub(db);
  const liveStreams = manageLiveStreams({ hub: events, positions });

  await fastify.register(
    async (api) => {
      api.addHook('onRequest', apiLimits());
      api.addHook('onRequest', siteFromKeys(cache));
      await api.register(catalogRoutes(cache, settingsPreviews));
      await api.register(quotingRoutes(cache, quoting, maps));
      await api.register(bookingRoutes({ db, cache, bookings, payments }));
      await api.register(enquiryRoutes({ db, cache, mail, limiter }));
      await api.register(quoteOfferRoutes({ db, cache, quoting }));
      await api.register(passengerRoutes({ db, cache, mail, limiter, credentials }));
      await api.register(companyAccountRoutes({ db, limiter, companies: createCompanyAccountsService({ db, cache, mail, publicUrl: config.publicUrl, credentials }) }));
      await api.register(corporateInvoiceRoutes({ db, invoices }));
      await api.register(corporateLastTripRoutes({ db }));
      await api.register(authRoutes({ db, cache, mail, limiter }));
      await api.register(manageRoutes({ db, cache, bookings, payments, mail, maps, log: fastify.log, now, afterChange: (siteId, bookingNumber) => flights.afterChange(siteId, bookingNumber), liveStreams }));
      await api.register(payLinkRoutes({ payLinks, payments }));
      await api.register(receiptRoutes({ db, cache, payments, mail, log: fastify.log, now }));
    },
    { prefix: '/api/v1' },
  );
  if (stripe) await fastify.register(stripeWebhookRoutes({ db, cache, bookings, stripe }), { prefix: '/api/v1' });
  await fastify.register(consoleRoutes({ db, cache, mail, payments, quoting, maps, adminToken: config.adminToken, publicUrl: config.publicUrl, log: fastify.log, now, storage, events, limiter, flights, invoices, bookings, payLinks }), { prefix: '/api/admin' });
  const driverDispatch = createDispatchService({ db, cache, mail, payments, log: fastify.log, now: clock });
  await fastify.register(driverRoutes({ db, cache, mail, payments, publicUrl: config.publicUrl, dispatch: driverDispatch, hub: events, now: clock, limiter, log: fastify.log, maps }), { prefix: '/api/driver' });
  await fastify.register(storedImageRoutes({ storage }));
  await registerSpa(fastify, {
    distDir: config.distDir,
    ssrTimeoutMs: config.ssrTimeoutMs,
    cache,
    embedOrigins: config.embedOrigins,
    stripe: stripe !== null,
    settingsPreviews,
    // An unknown or expired quote renders no step; a database fault is logged by the page's handler.
    quoteRows: (siteId, quoteId) => quoting.loadQuote(siteId, quoteId).then((quote) => quote.rows, (error: unknown) => (error instanceof QuoteRefused ? null : Promise.reject(error))),
  });

  return { fastify, cache, mail, sms, maps, quoting, payments, bookings, credentials, storage, flights, events, invoices, payLinks, routes };
}
