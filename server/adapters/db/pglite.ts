import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock } from './lock.ts';
import { createDbStats, statement, type Db, type Queryable } from './port.ts';

/**
 * Embedded PostgreSQL (PGlite, WASM) in DATA_DIR/pgdata. One connection, queries run on the main thread,
 * writes survive a killed process but are not fsynced: fine for a demo or a small operator, PostgreSQL for production.
 */
export async function openPglite(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireDataDirLock(dataDir);
  let pg: PGlite;
  try {
    pg = await PGlite.create(path.join(dataDir, 'pgdata'));
  } catch (error) {
    releaseLock();
    throw error;
  }
  const stats = createDbStats();
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query(sql, params) {
      stats.count(sql);
      const result = await statement(target.query(sql, params as unknown[]));
      return { rows: result.rows as never[] };
    },
    async exec(sql) {
      stats.count(sql);
      await statement(target.exec(sql));
    },
  });
  return {
    kind: 'pglite',
    stats,
    ...wrap(pg),
    transaction: (fn) => {
      stats.count('BEGIN');
      return statement(pg.transaction(async (tx) => {
        let result: Awaited<ReturnType<typeof fn>>;
        try {
          result = await fn(wrap(tx));
        } catch (error) {
          stats.count('ROLLBACK');
          throw error;
        }
        stats.count('COMMIT');
        return result;
      }));
    },
    async listen(channel, onPayload) {
      await pg.listen(channel, onPayload);
    },
    async notify(channel, payload) {
      stats.count('SELECT pg_notify($1, $2)');
      await statement(pg.query('SELECT pg_notify($1, $2)', [channel, payload]));
    },
    async close() {
      try {
        await pg.close();
      } finally {
        releaseLock();
      }
    },
  };
}
