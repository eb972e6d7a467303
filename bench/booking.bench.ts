// Bookings per second (guest, pay in car) on PGlite and on PostgreSQL, each beside the trivial route in the same
// server and run, printed as a ratio; then the crash test on both: acknowledged bookings missing after a SIGKILL.
import autocannon from 'autocannon';
import { startThrowawayPostgres } from '../scripts/lib/postgres.mjs';
import { startTestProvider } from '../tests/helpers/provider.ts';
import { bookingBodies, KEY_HEADERS } from './lib/bookingLoad.ts';
import { crashTest } from './lib/crash.ts';
import { load, printTable, visitorAddress, type LoadResult } from './lib.ts';

async function bookingLoad(url: string, connections = 20, duration = 5): Promise<LoadResult> {
  const body = await bookingBodies(url);
  let n = 0;
  const result = await autocannon({
    url: `${url}/api/v1/booking`,
    connections,
    duration,
    // Each booking from the next visitor's address (X-Forwarded-For, trusted from loopback), as many customers would.
    requests: [{ method: 'POST', headers: KEY_HEADERS, setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': visitorAddress(n) }, body: body(n++, `bench${Date.now()}`) }) }],
  });
  return { path: '/api/v1/booking', requestsPerSecond: Math.round(result.requests.average), p50Ms: result.latency.p50, p99Ms: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

async function measure(databaseUrl?: string) {
  const provider = await startTestProvider({ listen: true, env: { TRUST_PROXY: 'loopback' }, ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    const trivial = await load(`${provider.url}/api/v1/ping`, { headers: KEY_HEADERS, connections: 20, visitors: true });
    const bookings = await bookingLoad(provider.url);
    printTable(`bookings vs a trivial route (${provider.db.kind}, 20 connections, 5 s each)`, [trivial, bookings]);
    const ratio = Number((bookings.requestsPerSecond / trivial.requestsPerSecond).toFixed(3));
    console.log(`bookings/trivial ratio (${provider.db.kind}): ${ratio}`);
    return { database: provider.db.kind, trivial, bookings, ratio };
  } finally {
    await provider.close();
  }
}

export async function run() {
  const postgres = await startThrowawayPostgres({ fsync: true });
  try {
    const pglite = await measure();
    const postgresResult = await measure(postgres.url);
    const crashPglite = await crashTest();
    const crashPostgres = await crashTest({ databaseUrl: postgres.url });
    console.log(`crash test: PGlite ${crashPglite.acknowledged} acknowledged, ${crashPglite.missingAfterRestart} missing; PostgreSQL ${crashPostgres.acknowledged} acknowledged, ${crashPostgres.missingAfterRestart} missing`);
    return { pglite, postgres: postgresResult, crash: [crashPglite, crashPostgres] };
  } finally {
    postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
