import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from '../../server/adapters/db/pglite.ts';
import { visitorAddress } from '../lib.ts';
import { bookingBodies, KEY_HEADERS } from './bookingLoad.ts';
import { startServerProcess } from './serverProcess.ts';

export interface CrashResult {
  database: 'pglite' | 'postgres';
  acknowledged: number;
  missingAfterRestart: number;
  storedAfterRestart: number;
  killedAfterMs: number;
}

async function storedNumbers(options: { dataDir: string; databaseUrl?: string }): Promise<Set<string>> {
  if (options.databaseUrl) {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ booking_number: string }>('SELECT booking_number FROM bookings');
    await client.end();
    return new Set(rows.map((row) => row.booking_number));
  }
  const db = await openPglite(options.dataDir);
  const { rows } = await db.query<{ booking_number: string }>('SELECT booking_number FROM bookings');
  await db.close();
  return new Set(rows.map((row) => row.booking_number));
}

/**
 * Streams guest bookings into a real server process, kills it with SIGKILL mid-stream, and counts the bookings it
 * had acknowledged (HTTP 200 with a booking number) that are not in the database afterwards. Loopback only, bounded.
 */
export async function crashTest(options: { databaseUrl?: string; killAfterMs?: number; minAcknowledged?: number; concurrency?: number } = {}): Promise<CrashResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cabflow-crash-'));
  // Each booking from its own visitor's address (X-Forwarded-For, trusted from loopback), as many customers would.
  const env = { TRUST_PROXY: 'loopback', ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, DATA_DIR: dataDir } : { DATA_DIR: dataDir, DATABASE_URL: '' }) };
  const server = await startServerProcess(env);
  const body = await bookingBodies(server.url);
  const acknowledged = new Set<string>();
  let n = 0;
  let running = true;
  const worker = async () => {
    while (running) {
      const index = n++;
      try {
        const response = await fetch(`${server.url}/api/v1/booking`, { method: 'POST', headers: { ...KEY_HEADERS, 'x-forwarded-for': visitorAddress(index) }, body: body(index, 'crash') });
        if (response.ok) acknowledged.add((await response.json()).data.booking.booking_number);
      } catch {
        // the server died mid-request: not acknowledged
      }
    }
  };
  const killAfterMs = options.killAfterMs ?? 3000;
  const workers = Array.from({ length: options.concurrency ?? 8 }, worker);
  // Killed after killAfterMs, or later on a busy machine: not before `minAcknowledged` bookings were acknowledged (for at most a minute more).
  const started = Date.now();
  const due = () => Date.now() - started >= killAfterMs && (acknowledged.size >= (options.minAcknowledged ?? 0) || Date.now() - started >= killAfterMs + 60_000);
  while (!due()) await new Promise((done) => setTimeout(done, 20));
  const killedAfterMs = Date.now() - started;
  await server.stop('SIGKILL');
  running = false;
  await Promise.all(workers);
  // Restart on the same data (PGlite: the dead process's lock is taken over) and read back.
  const restarted = await startServerProcess(env);
  await restarted.stop('SIGTERM');
  const stored = await storedNumbers({ dataDir, databaseUrl: options.databaseUrl });
  rmSync(dataDir, { recursive: true, force: true });
  const missing = [...acknowledged].filter((number) => !stored.has(number));
  return { database: options.databaseUrl ? 'postgres' : 'pglite', acknowledged: acknowledged.size, missingAfterRestart: missing.length, storedAfterRestart: stored.size, killedAfterMs };
}
