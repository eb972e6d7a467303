// Bookings per second (guest, pay in car) on PGlite and on PostgreSQL, each beside the trivial route in the same
// server and run, printed as a ratio, with the statements each booking cost; then the crash test on both:
// acknowledged bookings missing after a SIGKILL. The load generator runs in a process of its own
// (bench/lib/loadProcess.ts); the server is this process. BENCH_CPU_PROFILE=<dir> also writes a CPU profile of the
// server during the bookings and prints its top frames.
import { startThrowawayPostgres } from '../scripts/lib/postgres.mjs';
import { startTestProvider } from '../tests/helpers/provider.ts';
import { KEY_HEADERS } from './lib/bookingLoad.ts';
import { crashTest } from './lib/crash.ts';
import { counted, printTable, statementsPerRequest, type LoadResult } from './lib.ts';
import { cpuDuring } from './lib/cpu.ts';
import { loadInChild } from './lib/loadProcess.ts';
import { profiled } from './lib/profile.ts';

/** `cluster`: the throwaway PostgreSQL's url and directory (its processes' CPU is counted), or none for PGlite. */
async function measure(cluster?: { url: string; dir: string }) {
  const databaseUrl = cluster?.url;
  const provider = await startTestProvider({ listen: true, env: { TRUST_PROXY: 'loopback' }, ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    const ping = `${provider.url}/api/v1/ping`;
    // Warm-up: JIT, the site cache, the first quote.
    await loadInChild({ kind: 'booking', url: provider.url, duration: 1, tag: 'warm' });
    const trivial = await loadInChild({ kind: 'plain', url: ping, headers: KEY_HEADERS, connections: 20, visitors: true });
    const measured = await profiled(`guest-bookings-${provider.db.kind}`, () =>
      cpuDuring(cluster?.dir ?? null, () => counted(provider.db, () => loadInChild<LoadResult & { ok: number }>({ kind: 'booking', url: provider.url, connections: 20 }))),
    );
    const profile = { result: measured.result.result, top: measured.top };
    const { cpu } = measured.result;
    const bookings = profile.result.result;
    printTable(`bookings vs a trivial route (${provider.db.kind}, 20 connections, 5 s each)`, [trivial, bookings]);
    const ratio = Number((bookings.requestsPerSecond / trivial.requestsPerSecond).toFixed(3));
    // Per booking written (its INSERT), not per 2xx: the requests still in flight when the load stops sent statements too.
    const written = [...profile.result.sql.entries()].filter(([sql]) => /^(WITH booking AS \()?INSERT INTO bookings/.test(sql)).reduce((sum, [, count]) => sum + count, 0);
    const statementsPerBooking = Number((profile.result.statements / Math.max(1, written)).toFixed(2));
    const perBooking = (ms: number) => Number((ms / Math.max(1, written)).toFixed(2));
    const cpuMsPerBooking = { server: perBooking(cpu.serverMs), ...(cluster ? { database: perBooking(cpu.databaseMs) } : {}) };
    console.log(
      `guest bookings (${provider.db.kind}): ${bookings.requestsPerSecond}/s, p99 ${bookings.p99Ms} ms (goal ${cluster ? '≥ 1000' : '≥ 500'}/s, p99 < 100 ms); trivial ${trivial.requestsPerSecond} req/s; ratio ${ratio}; ` +
        `${statementsPerBooking} statements per booking (the mail dispatcher's claims and marks left out); CPU per booking: server ${cpuMsPerBooking.server} ms` +
        (cluster ? `, PostgreSQL ${cpuMsPerBooking.database} ms` : ` (PGlite's thread included)`),
    );
    console.table(statementsPerRequest(profile.result.sql, written));
    return { database: provider.db.kind, trivial, bookings, ratio, statementsPerBooking, cpuMsPerBooking, profileTop: profile.top };
  } finally {
    await provider.dispose();
  }
}

export async function run() {
  const postgres = await startThrowawayPostgres({ fsync: true });
  try {
    // BOOKING_BENCH_POSTGRES=1: PostgreSQL only, =0: PGlite only (as QUOTE_BENCH_POSTGRES).
    const only = process.env.BOOKING_BENCH_POSTGRES;
    const pglite = only === '1' ? null : await measure();
    const postgresResult = only === '0' ? null : await measure(postgres);
    if (process.env.BOOKING_BENCH_CRASH === '0') return { pglite, postgres: postgresResult };
    const crashPglite = await crashTest();
    const crashPostgres = await crashTest({ databaseUrl: postgres.url });
    console.log(`crash test: PGlite ${crashPglite.acknowledged} acknowledged, ${crashPglite.missingAfterRestart} missing; PostgreSQL ${crashPostgres.acknowledged} acknowledged, ${crashPostgres.missingAfterRestart} missing`);
    return { pglite, postgres: postgresResult, crash: [crashPglite, crashPostgres] };
  } finally {
    postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
