// Quoting speed (issue 3): requests per second and p99 of POST /api/v1/calculate-distance-price (offline maps, the demo
// operator) beside a trivial route (/api/v1/ping) in the same server and run, printed as a ratio (goal: at least half
// the trivial route's throughput, p99 under 25 ms at 50 connections); then the time from pressing Search on the home
// page to the prices on screen in Chromium (needs `npx vite build` first).
import { performance } from 'node:perf_hooks';
import { DEMO_KEYS } from '../server/config.ts';
import { launchBrowser, openPage } from '../tests/helpers/browser.ts';
import { oneWayForm } from '../tests/helpers/forms.ts';
import { startTestProvider, type TestProvider } from '../tests/helpers/provider.ts';
import { load, printTable } from './lib.ts';

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

export async function run() {
  const provider = await startTestProvider({ listen: true });
  const headers = { 'api-public-key': DEMO_KEYS.publicKey, 'api-secret-key': DEMO_KEYS.secretKey, 'content-type': 'application/json' };
  const body = JSON.stringify(oneWayForm());
  const quoteUrl = `${provider.url}/api/v1/calculate-distance-price`;
  try {
    await load(quoteUrl, { headers, method: 'POST', body, duration: 1 }); // warm-up
    const trivial = await load(`${provider.url}/api/v1/ping`, { headers });
    const quote = await load(quoteUrl, { headers, method: 'POST', body });
    printTable(`POST /api/v1/calculate-distance-price vs a trivial route (${provider.db.kind}, 50 connections, 5 s each)`, [trivial, quote]);
    const ratio = Number((quote.requestsPerSecond / trivial.requestsPerSecond).toFixed(2));
    console.log(`quote/trivial throughput ratio: ${ratio} (goal ≥ 0.5); quote p99 ${quote.p99Ms} ms (goal < 25 ms)`);

    const browser = await searchToPrices(provider);
    console.log(
      `Search → prices on screen in Chromium: first ${browser.firstMs} ms, median ${browser.medianMs} ms (min ${browser.minMs}, max ${browser.maxMs}) over ${browser.runs} searches`,
    );
    return { database: provider.db.kind, trivial, quote, ratio, searchToPrices: browser };
  } finally {
    await provider.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
