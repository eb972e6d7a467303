// The owner's reports (issue 35) over a year of 200 000 bookings: each report's time (the whole report as the page
// asks for it — a week, a month, a year, each with the period before — and each of its three aggregates over the
// year) beside a baseline measured in the same run on the same rows (a plain count of the range's bookings by the same
// index). Goals: under 3 s on PGlite, under 1 s on PostgreSQL. PGlite in a temporary directory, then a throwaway
// PostgreSQL cluster when its binaries are installed (REPORTS_BENCH_POSTGRES=0 skips it, =1 runs only it).
// REPORTS_BENCH_BOOKINGS changes the count.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { findPostgresBin, startThrowawayPostgres } from '../scripts/lib/postgres.mjs';
import { openDatabase } from '../server/adapters/db/index.ts';
import { prepareDatabase } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';
import { settingsFromRows } from '../contract/settings.ts';
import { addDays, londonParts, londonWallClock } from '../server/domain/pricing/londonTime.ts';
import { createReportsRepository } from '../server/domain/reports/repository.ts';
import { createReportsService } from '../server/domain/reports/service.ts';
import { seedReportBookings } from '../tests/helpers/reportBookings.ts';

const BOOKINGS = Number(process.env.REPORTS_BENCH_BOOKINGS ?? 200_000);
const RUNS = 5;

/** Median milliseconds of RUNS calls (after one warm-up). */
async function median(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const began = performance.now();
    await work();
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(RUNS / 2)] * 10) / 10;
}

async function measure(databaseUrl: string | null) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cabflow-reports-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const db = await openDatabase(config);
  try {
    await prepareDatabase(db, config);
    const siteId = Number((await db.query<{ id: number }>('SELECT id FROM sites WHERE is_default')).rows[0].id);
    const today = londonParts(new Date()).date;
    // A year of pick-ups ending today (the previous year is empty: the year's report reads its comparison range too).
    const start = londonWallClock(addDays(today, -365), 0, 0);
    const seeded = performance.now();
    await seedReportBookings(db, { siteId, start, spanMs: londonWallClock(today, 0, 0).getTime() - start.getTime(), count: BOOKINGS, prefix: 'bench' });
    if (db.kind === 'pglite') await db.query('ANALYZE bookings');
    const seedSeconds = Math.round((performance.now() - seeded) / 100) / 10;
    const settings = settingsFromRows((await db.query<{ setting_name: string; setting_value: string | null }>('SELECT setting_name, setting_value FROM settings WHERE site_id = $1', [siteId])).rows as never);
    const reports = createReportsService(db);
    const ranges = {
      week: { from: addDays(today, -7), to: addDays(today, -1) },
      month: { from: addDays(today, -30), to: addDays(today, -1) },
      year: { from: addDays(today, -364), to: today },
    };
    const rows: { report: string; ms: number; baselineMs: number; ratio: number }[] = [];
    for (const [name, range] of Object.entries(ranges)) {
      const days = Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
      const from = londonWallClock(addDays(range.from, -days), 0, 0);
      const to = londonWallClock(addDays(range.to, 1), 0, 0);
      // The baseline: the same rows (both periods) counted by the same index.
      const baselineMs = await median(() => db.query('SELECT count(*) FROM bookings WHERE site_id = $1 AND pick_up_at >= $2 AND pick_up_at < $3', [siteId, from, to]));
      const ms = await median(() => reports.report(siteId, settings, range));
      rows.push({ report: `whole report, ${name} (${days} days + the ${days} before)`, ms, baselineMs, ratio: Math.round((ms / Math.max(baselineMs, 0.1)) * 10) / 10 });
      if (name === 'year') {
        const args = [siteId, from, londonWallClock(range.from, 0, 0), to] as const;
        for (const part of ['trips', 'made', 'promos'] as const) {
          // As the report runs it: in a transaction with its memory setting.
          const partMs = await median(() =>
            db.transaction(async (tx) => {
              const repository = createReportsRepository(tx);
              await repository.roomToAggregate();
              return repository[part](...args);
            }),
          );
          rows.push({ report: `  ${part} aggregate, year`, ms: partMs, baselineMs, ratio: Math.round((partMs / Math.max(baselineMs, 0.1)) * 10) / 10 });
        }
      }
    }
    const goalMs = db.kind === 'pglite' ? 3000 : 1000;
    console.log(`reports on ${db.kind}: ${BOOKINGS.toLocaleString('en-GB')} bookings over a year (seeded in ${seedSeconds} s); medians of ${RUNS} runs; goal < ${goalMs} ms each`);
    console.table(rows);
    const worst = Math.max(...rows.map((row) => row.ms));
    console.log(`slowest report ${worst} ms: ${worst < goalMs ? 'within' : 'OVER'} the goal of ${goalMs} ms`);
    return { database: db.kind, bookings: BOOKINGS, seedSeconds, rows, goalMs, withinGoal: worst < goalMs };
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  const only = process.env.REPORTS_BENCH_POSTGRES;
  const pglite = only === '1' ? null : await measure(null);
  if (only === '0' || !findPostgresBin()) return { pglite, postgres: null };
  const postgres = await startThrowawayPostgres();
  try {
    return { pglite, postgres: await measure(postgres.url) };
  } finally {
    postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
