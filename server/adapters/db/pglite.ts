import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock } from './lock.ts';
import type { Db, Queryable } from './port.ts';

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
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query(sql, params) {
      const result = await target.query(sql, params as unknown[]);
      return { rows: result.rows as never[] };
    },
    async exec(sql) {
      await target.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async listen(channel, onPayload) {
      await pg.listen(channel, onPayload);
    },
    async notify(channel, payload) {
      await pg.query('SELECT pg_notify($1, $2)', [channel, payload]);
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
