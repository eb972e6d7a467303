// Quoting speed (issues 3, 8 and 20): POST /api/v1/calculate-distance-price (offline maps, the demo operator) beside a
// trivial route (/api/v1/ping) in the same server and run, 50 connections, 5 s each, the load generator (autocannon) in
// a process of its own (bench/lib/loadProcess.ts) so the server (this process) has its CPU to itself:
// - repeat: the same search again and again (Search pressed twice, reloads; answered from the cached answer);
// - distinct: a different search every request (each priced and stored as a quote: one INSERT, shared with the
//   other quotes of the same moment);
// printed as req/s, p99 and ratios to the trivial route (goal: at least half the trivial route's throughput, p99 under
// 25 ms), with the database statements each kind of search cost. Then the time from pressing Search on the home page
// to the prices on screen in Chromium (needs a built dist/; QUOTE_BENCH_BROWSER=0 skips it).
// Measured on PGlite and on a throwaway PostgreSQL cluster (fsync on), one after the other (goal for distinct searches on
// both: ≥ 2 500 req/s, p99 < 50 ms); QUOTE_BENCH_POSTGRES=1 measures PostgreSQL only, QUOTE_BENCH_POSTGRES=0 PGlite only.
// BENCH_CPU_PROFILE=<dir> also writes a CPU profile of the server during the distinct searches and prints its top frames.
// QUOTE_BENCH_BASE=<git ref> instead compares that commit's server with this tree's in one run, alternated round by
// round (bench/lib/quoteCompare.ts), PGlite then PostgreSQL.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startThrowawayPostgres } from '../scripts/lib/postgres.mjs';
import { DEMO_KEYS } from '../server/config.ts';
import { launchBrowser, openPage } from '../tests/helpers/browser.ts';
import { oneWayForm } from '../tests/helpers/forms.ts';
import { startTestProvider, type TestProvider } from '../tests/helpers/provider.ts';
import { counted, printTable, statementsPerRequest, type LoadResult } from './lib.ts';
import { loadInChild } from './lib/loadProcess.ts';
import { cpuDuring } from './lib/cpu.ts';
import { profiled } from './lib/profile.ts';
import { compareQuoteBuilds } from './lib/quoteCompare.ts';

const HEATHROW = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA';
const SAVOY = 'The Savoy, Strand, London WC2R 0EZ';

async function searchToPrices(provider: TestProvider, runs = 7) {
  const browser = await launchBrowser();
  const { page, close } = await openPage(browser, `${provider.url}/`);
  const form = oneWayForm();
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      await page.goto(`${provider.url}/`);
      await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
      await page.getByTestId('quote-pickup').fill(HEATHROW);
      await page.getByTestId('quote-dropoff').fill(SAVOY);
      await page.getByTestId('quote-dropoff').press('Escape');
      await page.getByLabel('Pickup date').fill(form.pickup_date);
      await page.getByLabel('Hour', { exact: true }).selectOption(form.pickup_hour);
      const started = performance.now();
      await page.getByTestId('quote-search').click();
      await page.getByTestId('vehicle-card').first().waitFor({ timeout: 15_000 });
      times.push(performance.now() - started);
    }
  } finally {
    await close();
    await browser.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n);
  // The first run loads the quotation screen's code; the rest find it cached, as a visitor's second search would.
  return { runs, firstMs: round(times[0]!), medianMs: round(sorted[Math.floor(sorted.length / 2)]!), minMs: round(sorted[0]!), maxMs: round(sorted.at(-1)!) };
}

const ratioOf = (a: LoadResult, b: LoadResult) => Number((a.requestsPerSecond / b.requestsPerSecond).toFixed(2));

async function measure(postgres: { url: string; dir: string } | null) {
  // Many visitors, as behind a proxy: each request carries its visitor's address (X-Forwarded-For, trusted from loopback).
  const provider = await startTestProvider({ listen: true, env: { TRUST_PROXY: 'loopback' }, ...(postgres ? { databaseUrl: postgres.url } : {}) });
  const plainHeaders = { 'api-public-key': DEMO_KEYS.publicKey, 'api-secret-key': DEMO_KEYS.secretKey, 'content-type': 'application/json' };
  // As a browser sends them (Chrome over http://; it adds br over https): the price list then comes gzipped.
  const headers = { ...plainHeaders, 'accept-encoding': 'gzip, deflate' };
  const body = JSON.stringify(oneWayForm());
  const quoteUrl = `${provider.url}/api/v1/calculate-distance-price`;
  try {
    // Warm-up: JIT, the site cache, the gazetteer; the distinct warm-up uses searches the measured run does not repeat.
    const ping = `${provider.url}/api/v1/ping`;
    await loadInChild({ kind: 'plain', url: quoteUrl, headers, method: 'POST', body, duration: 1, visitors: true });
    await loadInChild({ kind: 'distinct', url: quoteUrl, headers, duration: 1, offset: 200_000 });
    await loadInChild({ kind: 'plain', url: ping, headers, duration: 1, visitors: true });

    const trivial = await loadInChild({ kind: 'plain', url: ping, headers, visitors: true });
    const repeat = await counted(provider.db, () => loadInChild({ kind: 'plain', url: quoteUrl, headers, method: 'POST', body, visitors: true }));
    const profile = await profiled(`distinct-searches-${provider.db.kind}`, () =>
      cpuDuring(postgres?.dir ?? null, () => counted(provider.db, () => loadInChild<LoadResult & { searches: number }>({ kind: 'distinct', url: quoteUrl, headers }))),
    );
    const distinct = profile.result.result;
    const perSearch = (ms: number) => Number((ms / Math.max(1, distinct.result.searches)).toFixed(3));
    const cpuMsPerDistinct = { server: perSearch(profile.result.cpu.serverMs), ...(postgres ? { database: perSearch(profile.result.cpu.databaseMs) } : {}) };
    // The same repeat by a client that does not take gzip (24 KB answers instead of 2.3 KB).
    const plain = await loadInChild({ kind: 'plain', url: quoteUrl, headers: plainHeaders, method: 'POST', body, visitors: true });
    const repeatRow = { ...repeat.result, path: `${repeat.result.path} (repeat)` };
    const plainRow = { ...plain, path: `${plain.path} (repeat, no gzip)` };
    printTable(`POST /api/v1/calculate-distance-price vs a trivial route (${provider.db.kind}, 50 connections, 5 s each)`, [trivial, repeatRow, distinct.result, plainRow]);

    const repeatRatio = ratioOf(repeat.result, trivial);
    const distinctRatio = ratioOf(distinct.result, trivial);
    const plainRatio = ratioOf(plain, trivial);
    const repeatCount = Math.max(1, Math.round(repeat.result.requestsPerSecond * 5));
    const statementsPerDistinct = Number((distinct.statements / Math.max(1, distinct.result.searches)).toFixed(3));
    console.log(`trivial: ${trivial.requestsPerSecond} req/s, p99 ${trivial.p99Ms} ms`);
    console.log(
      `repeat search: ${repeat.result.requestsPerSecond} req/s, p99 ${repeat.result.p99Ms} ms, ratio to trivial ${repeatRatio} (goal ≥ 0.5, p99 < 25 ms); ` +
        `${repeat.statements} database statements for about ${repeatCount} searches`,
    );
    console.log(`repeat search without gzip: ${plain.requestsPerSecond} req/s, p99 ${plain.p99Ms} ms, ratio to trivial ${plainRatio}`);
    console.log(
      `distinct searches (${provider.db.kind}): ${distinct.result.requestsPerSecond} req/s, p99 ${distinct.result.p99Ms} ms (goal ≥ 2500 req/s, p99 < 50 ms), ratio to trivial ${distinctRatio}; ` +
        `${distinct.statements} INSERT statements for ${distinct.result.searches} quotes (${statementsPerDistinct} per quote); CPU per search: server ${cpuMsPerDistinct.server} ms` +
        (postgres ? `, PostgreSQL ${cpuMsPerDistinct.database} ms` : ''),
    );
    console.table(statementsPerRequest(distinct.sql, distinct.result.searches));

    const dist = path.resolve(import.meta.dirname, '..', process.env.DIST_DIR ?? 'dist', 'index.html');
    let browser: Awaited<ReturnType<typeof searchToPrices>> | null = null;
    if (!postgres && process.env.QUOTE_BENCH_BROWSER !== '0' && existsSync(dist)) {
      browser = await searchToPrices(provider);
      console.log(
        `Search → prices on screen in Chromium: first ${browser.firstMs} ms, median ${browser.medianMs} ms (min ${browser.minMs}, max ${browser.maxMs}) over ${browser.runs} searches`,
      );
    } else if (!postgres) console.log('Search → prices in Chromium: skipped (QUOTE_BENCH_BROWSER=0 or no built website)');
    return {
      database: provider.db.kind,
      trivial,
      quote: repeat.result,
      ratio: repeatRatio,
      repeat: { ...repeat.result, ratio: repeatRatio, statements: repeat.statements },
      distinct: { ...distinct.result, ratio: distinctRatio, statements: distinct.statements, statementsPerQuote: statementsPerDistinct, cpuMsPerDistinct, profileTop: profile.top },
      repeatWithoutGzip: { ...plain, ratio: plainRatio },
      searchToPrices: browser,
    };
  } finally {
    await provider.dispose();
  }
}

export async function run() {
  if (process.env.QUOTE_BENCH_BASE) return compareQuoteBuilds(process.env.QUOTE_BENCH_BASE, () => startThrowawayPostgres({ fsync: true }));
  const only = process.env.QUOTE_BENCH_POSTGRES;
  const pglite = only === '1' ? null : await measure(null);
  if (only === '0') return { pglite };
  const postgres = await startThrowawayPostgres({ fsync: true });
  try {
    return { pglite, postgres: await measure(postgres) };
  } finally {
    postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
