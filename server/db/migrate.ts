import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../adapters/db/index.ts';

const migrationsDir = path.join(import.meta.dirname, 'migrations');
// Any constant: serialises migrations when several processes start on one PostgreSQL at once.
const MIGRATION_LOCK = 727_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 3)), name: file.replace(/\.sql$/, ''), sql: readFileSync(path.join(dir, file), 'utf8') }));
}

/** Applies the numbered SQL migrations not yet recorded in schema_migrations, each in its own transaction. */
export async function migrate(db: Db, migrations = listMigrations()): Promise<string[]> {
  await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await db.transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      });
      done.push(migration.name);
    }
    return done;
  } finally {
    await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
