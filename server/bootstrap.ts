import { openDatabase, type Db } from './adapters/db/index.ts';
import { createMailPort } from './adapters/mail/index.ts';
import { buildApp, type App, type AppDeps } from './app.ts';
import type { Config } from './config.ts';
import { migrate } from './db/migrate.ts';
import { insertDefaultSite, seedDemo } from './db/seed/demo.ts';
import { startHousekeeping } from './domain/housekeeping.ts';

export interface Provider extends App {
  db: Db;
  seeded: boolean;
  close(): Promise<void>;
}

/** Opens the database, applies migrations, seeds an empty database and keeps the default site's key pair in line with the settings. */
export async function prepareDatabase(db: Db, config: Config): Promise<{ seeded: boolean }> {
  await migrate(db);
  const keys = { publicKey: config.apiPublicKey, secretKey: config.apiSecretKey };
  const { rows } = await db.query<{ id: number }>('SELECT id FROM sites WHERE is_default');
  if (rows.length === 0) {
    if (config.seed === 'demo') await seedDemo(db, { googleBrowserKey: config.googleBrowserKey, keys });
    else await db.transaction((tx) => insertDefaultSite(tx, 'cabflow', keys));
    return { seeded: config.seed === 'demo' };
  }
  await db.query('UPDATE sites SET public_key = $2, secret_key = $3 WHERE id = $1 AND (public_key <> $2 OR secret_key <> $3)', [rows[0].id, keys.publicKey, keys.secretKey]);
  return { seeded: false };
}

/** Everything but listening: used by main.ts, the API tests and the benchmarks. */
export async function startProvider(config: Config, options: Pick<AppDeps, 'logger' | 'payments' | 'maps' | 'now'> = {}): Promise<Provider> {
  const db = await openDatabase(config);
  try {
    const { seeded } = await prepareDatabase(db, config);
    // The mail adapter is chosen once here: SMTP when SMTP_URL is set, else the outbox directory.
    const mail = createMailPort({ db, dataDir: config.dataDir, smtpUrl: config.smtpUrl });
    const app = await buildApp({ config, db, mail, ...options });
    mail.start(app.fastify.log);
    // Once a day: personal data past the retention period, and uploaded pictures no category used.
    const stopHousekeeping = startHousekeeping({ db, storage: app.storage, log: app.fastify.log });
    return {
      ...app,
      db,
      seeded,
      async close() {
        stopHousekeeping();
        await app.fastify.close();
        await mail.stop();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
