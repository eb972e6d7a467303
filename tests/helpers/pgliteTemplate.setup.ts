import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/adapters/db/index.ts';
import { prepareDatabase } from '../../server/bootstrap.ts';
import { loadConfig } from '../../server/config.ts';

/**
 * Vitest global setup of the API and e2e projects: migrates and seeds one PGlite database, the same one
 * `startTestProvider` would build from scratch for each provider (about 5 s each on this machine), and names it in
 * CABFLOW_TEST_PGDATA_TEMPLATE; providers on the default settings start from a copy of it (about 1 s). Tests that
 * give their own data directory or other seed settings, and the start-up tests, still build theirs from nothing.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'cabflow-template-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
  const db = await openDatabase(config);
  try {
    await prepareDatabase(db, config);
  } finally {
    await db.close();
  }
  process.env.CABFLOW_TEST_PGDATA_TEMPLATE = path.join(dir, 'pgdata');
  return () => rmSync(dir, { recursive: true, force: true });
}
