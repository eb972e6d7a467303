import type { Config } from '../../config.ts';
import { openPglite } from './pglite.ts';
import { DatabaseUnavailableError, type Db } from './port.ts';
import { openPostgres } from './postgres.ts';

export type { Db, DbStats, Queryable } from './port.ts';

/** Opens PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) {
    try {
      return await openPostgres(config.databaseUrl);
    } catch (error) {
      const reason = (error as Error).message || String(error);
      throw new DatabaseUnavailableError(`Cannot reach the database at DATABASE_URL (${redact(config.databaseUrl)}): ${reason}`);
    }
  }
  return openPglite(config.dataDir);
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
