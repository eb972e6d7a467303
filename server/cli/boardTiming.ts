// `npx tsx server/cli/boardTiming.ts`: how long a page of the bookings board takes with 10 bookings and with 10 000
// (issue 17: "10 000 bookings must page as fast as 10"), and the query plan; then a search by passenger name and by
// phone over 10 000 bookings in the default range (today and tomorrow) and spread over a year (the year's range, and
// every date: a search without dates). A fresh PGlite in a temporary directory, or the EMPTY database named by
// DATABASE_URL (it is migrated and filled: never point it at a real one).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Queryable } from '../adapters/db/index.ts';
import { prepareDatabase } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { boardPage, type BoardFilter } from '../domain/dispatch/board.ts';
import { addDays, londonParts, londonWallClock } from '../domain/pricing/londonTime.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'cabflow-board-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) });
const db = await openDatabase(config);
await prepareDatabase(db, config);
const { rows: sites } = await db.query<{ id: number }>('SELECT id FROM sites WHERE is_default');
const siteId = Number(sites[0].id);
const now = new Date();
const today = londonParts(now).date;
const start = londonWallClock(today, 0, 0).getTime();
const twoDays = londonWallClock(addDays(today, 2), 0, 0).getTime() - start;
const yearEnd = addDays(today, 365);
const year = londonWallClock(yearEnd, 0, 0).getTime() - start;

/** Bookings numbered from..to-1, spread evenly over `span` ms from today's start (London); by default today and tomorrow: all on the default board. */
async function fill(from: number, to: number, total: number, span = twoDays) {
  await db.query(
    `INSERT INTO bookings (site_id, booking_number, request_key, ride_type, booking_type, quote_id, company_id, company_name, vehicle_id, vehicle_category,
       vehicle_qty, passenger_mode, passenger_name, passenger_email, passenger_phone, total_passengers, pick_up_address, drop_off_address, pick_up_at,
       pick_up_date, pick_up_time, options, currency, unit_price_pence, total_pence, breakdown, payment_method, payment_status)
     SELECT $1, 'CF-T' || lpad(i::text, 7, '0'), 'timing-' || i, 'Q', 'milleage', 'q', 1, 'Westway Cars', 1, 'Saloon', 1, 'guest_login',
       'Passenger ' || i, 'p' || i || '@example.test', '07700 ' || lpad(i::text, 6, '0'), 1, 'Heathrow T5', 'The Savoy',
       to_timestamp(($2::bigint + (i * $3::bigint / $4::bigint)) / 1000.0), $5::date, '12:00pm', '{}', '£', 5000, 5000, '{}', 'car', 'due_to_driver'
       FROM generate_series($6::int, $7::int - 1) AS i`,
    [siteId, start, span, total, today, from, to],
  );
  if (db.kind === 'postgres') await db.query('ANALYZE bookings');
}

/** Median milliseconds of `runs` calls. */
async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const began = performance.now();
    await work();
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)];
}

/** The first page, and the last page (reached by following next_cursor). */
async function measure(label: string) {
  const filter: BoardFilter = { limit: 50 };
  const first = await median(21, () => boardPage(db, siteId, filter, now));
  let cursor: string | undefined;
  let pages = 1;
  for (let page = await boardPage(db, siteId, filter, now); page.next_cursor; pages++) {
    cursor = page.next_cursor;
    page = await boardPage(db, siteId, { ...filter, cursor }, now);
  }
  const last = await median(21, () => boardPage(db, siteId, { ...filter, cursor }, now));
  console.log(`${label}: ${pages} page(s) of 50; first page ${first.toFixed(1)} ms, last page ${last.toFixed(1)} ms (medians)`);
}

/**
 * Searches as a dispatcher types them: a full name and a phone number each matching one booking (the worst case for
 * a scan in pick-up order: it reads the whole range), and a common word filling a page at once.
 */
async function measureSearch(label: string, range: Pick<BoardFilter, 'from' | 'to'>) {
  const searches = { 'name (1 match)': 'Passenger 4242', 'phone (1 match)': '07700 004242', 'name (most match)': 'passenger' };
  const times: string[] = [];
  for (const [what, q] of Object.entries(searches)) {
    const page = await boardPage(db, siteId, { limit: 50, q, ...range }, now);
    const ms = await median(11, () => boardPage(db, siteId, { limit: 50, q, ...range }, now));
    times.push(`${what} ${ms.toFixed(1)} ms (${page.bookings.length} row${page.bookings.length === 1 ? '' : 's'})`);
  }
  console.log(`${label}: ${times.join(', ')} (medians)`);
}

/** The plan of the board's default query: the statement boardPage sends, EXPLAINed. */
async function plan() {
  let captured: { sql: string; params: unknown[] } | null = null;
  const recorder: Queryable = {
    query: async (sql, params) => {
      captured = { sql, params: params ?? [] };
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
  const page = await boardPage(recorder, siteId, { limit: 50 }, now);
  await boardPage(recorder, siteId, { limit: 50, cursor: page.next_cursor ?? undefined }, now);
  const { sql, params } = captured!;
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
  console.log(`plan of a later page (${db.kind}):\n${rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
}

try {
  await fill(0, 10, 10);
  await measure(`${db.kind}, 10 bookings`);
  await db.query("DELETE FROM bookings WHERE booking_number LIKE 'CF-T%'");
  await fill(0, 10_000, 10_000);
  await measure(`${db.kind}, 10 000 bookings`);
  await plan();
  await measureSearch(`${db.kind}, search, 10 000 bookings today and tomorrow, the default range`, { from: today, to: addDays(today, 1) });
  await db.query("DELETE FROM bookings WHERE booking_number LIKE 'CF-T%'");
  await fill(0, 10_000, 10_000, year);
  await measureSearch(`${db.kind}, search, 10 000 bookings over a year, the year's range`, { from: today, to: yearEnd });
  await measureSearch(`${db.kind}, search, 10 000 bookings over a year, every date`, {});
} finally {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
