import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { parseInput } from './http.ts';
import type { Db } from './adapters/db/index.ts';
import { createMailPort, type MailPort } from './adapters/mail/index.ts';
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
import { adminRoutes } from './routes/admin.ts';
import { validatorOf } from './routes/schemas.ts';
import { authRoutes } from './routes/auth.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { enquiryRoutes } from './routes/enquiries.ts';
import { manageRoutes } from './routes/manage.ts';
import { quoteOfferRoutes } from './routes/quoteOffers.ts';
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
import { createBookingService, type BookingService } from './domain/bookings/service.ts';
import { createGoogleMaps } from './domain/geo/googleMaps.ts';
import { createOfflineMaps, type MapsPort } from './domain/geo/mapsPort.ts';
import { createQuoting, QuoteRefused, type Quoting } from './domain/quotes/quoting.ts';
import { createSettingsPreviews } from './web/settingsPreviews.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** true: pino at LOG_LEVEL to stdout; pino options (a level, a destination stream); the redaction is added to either. */
  logger?: boolean | AppLoggerOptions;
  /** The mail port (bootstrap starts its dispatcher); default: one from the config, not started. */
  mail?: MailPort;
  /** The maps port; default: the offline UK gazetteer with estimated distances. */
  maps?: MapsPort;
  /** The card processor; default: from the config (Stripe when PAYMENTS=stripe, else the sandbox). */
  payments?: PaymentsPort | StripePayments;
  /** The clock of the pricing rules (grace period, night rate); tests may fix it. */
  now?: () => Date;
  /** Uploaded images (vehicle categories); default: from the config (DATA_DIR/storage or STORAGE=s3). */
  storage?: StoragePort;
}

export interface App {
  fastify: FastifyInstance;
  cache: SiteCache;
  mail: MailPort;
  maps: MapsPort;
  quoting: Quoting;
  payments: PaymentsPort;
  bookings: BookingService;
  credentials: CredentialGuard;
  storage: StoragePort;
  /** Every route registered (method and URL pattern): the fuzz suite walks all of them. */
  routes: readonly { method: string; url: string }[];
}

/** Builds the provider: API under /api/v1, admin API under /api/admin, the SPA and /embed.js. Never listens. */
export async function buildApp({
  config,
  db,
  logger = false,
  mail = createMailPort({ db, dataDir: config.dataDir, smtpUrl: config.smtpUrl }),
  maps = config.googleApiKey ? createGoogleMaps({ apiKey: config.googleApiKey, log: { warn: (_details, message) => console.warn(`cabflow: ${message}`) } }) : createOfflineMaps(),
  payments: givenPayments,
  now,
  storage = createStoragePort(config.storage, config.dataDir),
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
  const routes: { method: string; url: string }[] = [];
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  const cache = createSiteCache(db);
  await cache.start();
  const quoting = createQuoting({ db, maps, now });
  // The console's settings previews (issue 19): the page handler and GET /api/v1/setting apply a live token's draft.
  const settingsPreviews = createSettingsPreviews(db);
  // The card processor, chosen once: Stripe when PAYMENTS=stripe, else the sandbox (TEST MODE, no money moves).
  const payments: PaymentsPort | StripePayments = givenPayments ?? (config.stripe ? createStripePayments(config.stripe) : createSandboxPayments(db));
  const stripe = 'webhookEvent' in payments ? (payments as StripePayments) : null;
  const credentials = createCredentialGuard(db, fastify.log);
  const bookings = createBookingService({ db, quoting, mail, payments, credentials, log: fastify.log, publicUrl: config.publicUrl, now });

  registerErrorHandling(fastify);
  registerInputRules(fastify);
  registerSecurityHeaders(fastify);
  await fastify.register(cors, {
    origin: config.embedOrigins.length ? config.embedOrigins : false,
    allowedHeaders: ['content-type', 'authorization', 'api-public-key', 'api-secret-key'],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });

  await fastify.register(
    async (api) => {
      api.addHook('onRequest', apiLimits());
      api.addHook('onRequest', siteFromKeys(cache));
      await api.register(catalogRoutes(cache, settingsPreviews));
      await api.register(quotingRoutes(cache, quoting, maps));
      await api.register(bookingRoutes({ db, cache, bookings, payments }));
      const limiter = createRateLimiter(db);
      await api.register(enquiryRoutes({ db, cache, mail, limiter }));
      await api.register(quoteOfferRoutes({ db, cache, quoting }));
      await api.register(passengerRoutes({ db, cache, mail, limiter, credentials }));
      await api.register(authRoutes({ db, cache, mail, limiter }));
      await api.register(manageRoutes({ db, cache, bookings, payments, mail, maps, log: fastify.log, now }));
      await api.register(receiptRoutes({ db, cache, payments, mail, log: fastify.log, now }));
    },
    { prefix: '/api/v1' },
  );
  if (stripe) await fastify.register(stripeWebhookRoutes({ db, cache, bookings, stripe }), { prefix: '/api/v1' });
  await fastify.register(adminRoutes({ db, cache, mail, payments, quoting, maps, adminToken: config.adminToken, publicUrl: config.publicUrl, log: fastify.log, now, storage }), { prefix: '/api/admin' });
  await fastify.register(storedImageRoutes({ storage }));
  await registerSpa(fastify, {
    distDir: config.distDir,
    cache,
    embedOrigins: config.embedOrigins,
    stripe: stripe !== null,
    settingsPreviews,
    // An unknown or expired quote renders no step; a database fault is logged by the page's handler.
    quoteRows: (siteId, quoteId) => quoting.loadQuote(siteId, quoteId).then((quote) => quote.rows, (error: unknown) => (error instanceof QuoteRefused ? null : Promise.reject(error))),
  });

  return { fastify, cache, mail, maps, quoting, payments, bookings, credentials, storage, routes };
}
