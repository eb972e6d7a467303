import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AppDeps } from '../../server/app.ts';
import { startProvider, type Provider } from '../../server/bootstrap.ts';
import { DEMO_KEYS, loadConfig, type Config } from '../../server/config.ts';

/** Which database the API tests run on: PGlite by default, PostgreSQL when TEST_DATABASE_URL (a server's admin URL) is set. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export const ADMIN_TOKEN = 'test-admin-token';
export const KEY_HEADERS = { 'api-public-key': DEMO_KEYS.publicKey, 'api-secret-key': DEMO_KEYS.secretKey } as const;

export interface TestProvider extends Provider {
  config: Config;
  /** Base URL when started with listen: true. */
  url: string;
  /** Creates a second process on the same database (PostgreSQL only). */
  dispose(): Promise<void>;
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `cabflow_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A copy of the global setup's database (tests/helpers/pgliteTemplate.setup.ts) is what a fresh one would seed. */
function startsFromTemplate(config: Config): boolean {
  return (
    Boolean(process.env.CABFLOW_TEST_PGDATA_TEMPLATE) &&
    config.seed === 'demo' &&
    config.googleBrowserKey === null &&
    config.apiPublicKey === DEMO_KEYS.publicKey &&
    config.apiSecretKey === DEMO_KEYS.secretKey
  );
}

/**
 * Starts the real provider on a fresh, migrated and seeded database of its own.
 * `listen: true` also binds an ephemeral port on 127.0.0.1 (for the browser and load tests).
 */
export async function startTestProvider(
  options: { env?: Record<string, string>; listen?: boolean; databaseUrl?: string; dataDir?: string; background?: boolean } & Pick<AppDeps, 'payments' | 'maps' | 'now'> = {},
): Promise<TestProvider> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'cabflow-test-'));
  const database = options.databaseUrl ? null : testDatabaseKind === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_TOKEN,
    LOG_LEVEL: 'warn',
    // The API tests check what a render gives, not its 2 s budget: beside a full run's other phases a render took longer.
    SSR_TIMEOUT_MS: '30000',
    ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  if (!config.databaseUrl && !options.dataDir && startsFromTemplate(config)) {
    cpSync(process.env.CABFLOW_TEST_PGDATA_TEMPLATE!, path.join(dataDir, 'pgdata'), { recursive: true });
  }
  const provider = await startProvider(config, { payments: options.payments, maps: options.maps, now: options.now, background: options.background });
  let url = '';
  if (options.listen) url = (await provider.fastify.listen({ host: '127.0.0.1', port: 0 })).replace('127.0.0.1', 'localhost');
  return {
    ...provider,
    config,
    url,
    async dispose() {
      await provider.close();
      await database?.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
