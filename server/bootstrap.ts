import { openDatabase, type Db } from './adapters/db/index.ts';
import { createMailPort } from './adapters/mail/index.ts';
import { createSmsPort } from './adapters/sms/index.ts';
import { buildApp, type App, type AppDeps } from './app.ts';
import { reachableByOthers, type Config } from './config.ts';
import { migrate } from './db/migrate.ts';
import { insertDefaultSite, seedDemo } from './db/seed/demo.ts';
import { demoLoginsOf, demoPasswordsFor, retirePublishedDemoPasswords, type DemoLoginsAtStart } from './db/seed/demoLogins.ts';
import { startHousekeeping } from './domain/housekeeping.ts';
import { createExtrasSweep, type ExtrasSweep } from './domain/drivers/extrasSweep.ts';
import { createSitesRepository } from './domain/sites/index.ts';
import { createReminders } from './domain/texts/texts.ts';
import { createAutoOffers, type AutoOffers } from './domain/dispatch/autoOffers.ts';

export interface Provider extends App {
  db: Db;
  seeded: boolean;
  /** The reminder texts' sweep (started with the provider; tests call `sweep()`). */
  reminders: ReturnType<typeof createReminders>;
  /** Whether the demo's published passwords are refused here, and the passwords made at this start (print them once). */
  demoLogins: DemoLoginsAtStart;
  /** Automatic offers (issue 33): passes run every AUTO_OFFER_INTERVAL_SECONDS; `runOnce` runs one now. */
  autoOffers: AutoOffers;
  /** The driver's extras charges left 'charging' by a crash, settled every minute (issue 32); `runOnce` runs one now. */
  extrasSweep: ExtrasSweep;
  close(): Promise<void>;
}

/**
 * Opens the database, applies migrations, seeds an empty database and keeps the default site's key pair in line with
 * the settings. On a deployment others can reach, the demo logins never keep their published passwords
 * (server/db/seed/demoLogins.ts).
 */
export async function prepareDatabase(db: Db, config: Config): Promise<{ seeded: boolean; demoLogins: DemoLoginsAtStart }> {
  await migrate(db);
  const reachable = reachableByOthers(config);
  const keys = { publicKey: config.apiPublicKey, secretKey: config.apiSecretKey };
  const sites = createSitesRepository(db);
  const defaultSiteId = await sites.defaultSiteId();
  if (defaultSiteId === null) {
    if (config.seed === 'none') {
      await db.transaction((tx) => insertDefaultSite(tx, 'cabflow', keys));
      return { seeded: false, demoLogins: { reachable, generated: [] } };
    }
    const passwords = demoPasswordsFor(config);
    await seedDemo(db, { googleBrowserKey: config.googleBrowserKey, keys, passwords });
    return { seeded: true, demoLogins: { reachable, generated: reachable ? demoLoginsOf(passwords) : [] } };
  }
  await sites.setKeys(defaultSiteId, keys);
  return { seeded: false, demoLogins: { reachable, generated: reachable ? await retirePublishedDemoPasswords(db) : [] } };
}

/**
 * Everything but listening: used by main.ts, the API tests and the benchmarks. `background: false` starts none of the
 * process's own workers (mail and text dispatchers, reminders, flight sweep, automatic offers, housekeeping): for tests
 * that count the statements a request sends, which a worker's would otherwise join.
 */
export async function startProvider(
  config: Config,
  options: Pick<AppDeps, 'logger' | 'payments' | 'maps' | 'now' | 'flights'> & { reminderSweepMs?: number; background?: boolean } = {},
): Promise<Provider> {
  const db = await openDatabase(config);
  try {
    const { seeded, demoLogins } = await prepareDatabase(db, config);
    // The mail adapter is chosen once here: SMTP when SMTP_URL is set, else the outbox directory.
    const mail = createMailPort({ db, dataDir: config.dataDir, smtpUrl: config.smtpUrl });
    // The SMS adapter likewise: Twilio when its settings are given, else the outbox directory.
    const sms = createSmsPort({ db, dataDir: config.dataDir, twilio: config.twilio });
    const { reminderSweepMs = 60_000, background = true, ...appOptions } = options;
    const app = await buildApp({ config, db, mail, sms, ...appOptions });
    const log = app.fastify.log;
    const idle = () => () => undefined;
    if (background) {
      mail.start(log);
      sms.start(log);
    }
    // Reminders before pre-booked pick-ups: every process sweeps each minute; the outbox's unique key sends one.
    const reminders = createReminders({ db, cache: app.cache, publicUrl: config.publicUrl, now: options.now, log });
    const stopReminders = background ? reminders.start(reminderSweepMs) : async () => undefined;
    // Once a day: personal data past the retention period, and uploaded pictures no category used.
    const stopHousekeeping = background ? startHousekeeping({ db, storage: app.storage, log }) : idle();
    // Every minute: flights whose next look has come (issue 33); a look-up is claimed, so processes share the work.
    const stopFlightSweep = background ? app.flights.start() : idle();
    // Automatic offers: every process runs passes; the database lets one decide each booking (dispatch/autoOffers.ts).
    const autoOffers = createAutoOffers({ db, cache: app.cache, maps: app.maps, now: options.now ?? (() => new Date()), log });
    const stopAutoOffers = background ? autoOffers.start(config.autoOfferIntervalMs, app.events) : async () => undefined;
    // Every hour: company accounts' invoices of ended periods, each issued and mailed once (domain/invoices/service.ts).
    const stopInvoices = background ? app.invoices.start(60 * 60_000, options.now) : async () => undefined;
    // Every minute: phone bookings held for a card payment link past its time limit, each released once (domain/bookings/payLinks.ts).
    const stopPayLinks = background ? app.payLinks.start(60_000) : async () => undefined;
    // Every minute: the driver's extras charges a crash left 'charging', settled from the processor's record (issue 32).
    const extrasSweep = createExtrasSweep({ db, cache: app.cache, payments: app.payments, mail: app.mail, publicUrl: config.publicUrl, log });
    const stopExtrasSweep = background ? extrasSweep.start() : async () => undefined;
    return {
      ...app,
      db,
      seeded,
      demoLogins,
      reminders,
      autoOffers,
      extrasSweep,
      async close() {
        await stopAutoOffers();
        await stopExtrasSweep();
        await stopInvoices();
        await stopPayLinks();
        stopHousekeeping();
        stopFlightSweep();
        await stopReminders();
        await app.fastify.close();
        await app.flights.settled();
        await mail.stop();
        await sms.stop();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
