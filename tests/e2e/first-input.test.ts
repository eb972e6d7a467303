import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, WIDTHS } from '../helpers/browser.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';
import { actAtFirstPaint, FIRST_INPUTS, freshLoad, holdScripts, preparePages, renderedOnServer, withTrip, type Prepared } from './firstInput.scenarios.ts';

// Issue 16, "No lost input": on every server-rendered route, the visitor's first click or typing, done as soon as the
// page is painted (before its scripts have run), takes effect once the app has hydrated. One fresh load per route at
// 375 px with a 4× CPU slowdown and one at 1280 px without (bench/firstInput.bench.ts does the issues' 50 of each per
// route and times them), and the embedded iframe. The app's scripts are held back until the action is done (holdScripts), so the
// action surely comes before hydration on any machine. Needs a build first.

let provider: TestProvider;
let browser: Browser;
let prepared: Prepared;

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
  prepared = await preparePages(provider.url);
  await renderedOnServer(provider.url, prepared);
});

afterAll(async () => {
  await browser?.close();
  await provider?.dispose();
});

const SETTINGS = [
  { name: '375 px (CPU 4×)', width: WIDTHS.mobile, cpuSlowdown: 4, holdScripts: true },
  { name: '1280 px', width: WIDTHS.desktop, cpuSlowdown: 1, holdScripts: true },
];

describe('the first input from the first paint on', () => {
  // One load per route and setting: each route's action on a slowed phone (issue 37: at CPU 4×) and on a laptop.
  FIRST_INPUTS.flatMap((scenario) => SETTINGS.map((setting) => ({ scenario, setting }))).forEach(({ scenario, setting }) => {
    it(`${scenario.path} at ${setting.name}: ${scenario.action}, and it takes effect after hydration`, async () => {
      const { kept, actedBeforeHydration, detail } = await freshLoad(browser, provider.url, prepared, scenario, setting);
      expect({ actedBeforeHydration, kept, detail }).toEqual({ actedBeforeHydration: true, kept: true, detail: undefined });
    });
  });
});

describe('a page scrolled while it loads', () => {
  // Issue 37: the app scrolled every page to its top as it hydrated, so a visitor who had scrolled to a vehicle had the
  // page move under their finger, and their 'Book Now' landed on the trip summary (31 of 50 loads at 375 px, CPU 4×).
  it('/quotationview at 375 px: scrolled to a vehicle before the scripts run, it stays there as the app hydrates; its Book Now opens the next step at its top', async () => {
    const context = await browser.newContext({ viewport: { width: WIDTHS.mobile, height: 812 } });
    try {
      await withTrip(context, provider.url, prepared, '/quotationview');
      const release = await holdScripts(context);
      const page = await context.newPage();
      await page.goto(`${provider.url}/quotationview`, { waitUntil: 'commit' });
      const card = page.getByTestId('vehicle-card').nth(2);
      await card.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => scrollY);
      expect(scrolled).toBeGreaterThan(400);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);
      release();
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => scrollY)).toBe(scrolled);
      await card.getByTestId('book-now').click();
      await page.waitForURL(`${provider.url}/personalDetailView`);
      await page.waitForFunction(() => scrollY === 0, undefined, { timeout: 5_000 });
    } finally {
      await context.close();
    }
  });
});

describe('the first input inside the embedded iframe', () => {
  let site: Server;
  let siteUrl: string;

  beforeAll(async () => {
    // An operator's page on another origin (127.0.0.1; the provider listens on localhost) with the one-line snippet.
    site = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').searchParams.get('path') ?? '/';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Operator site</title></head><body>
<script src="${provider.url}/embed.js" data-path="${path}" async></script></body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    site?.close();
  });

  for (const scenario of FIRST_INPUTS.filter((entry) => entry.path === '/' || entry.path === '/contactus')) {
    it(`${scenario.path} in the iframe: ${scenario.action}, and it takes effect`, async () => {
      const context = await browser.newContext({ viewport: { width: WIDTHS.mobile, height: 800 }, hasTouch: !!scenario.touch });
      try {
        const page = await context.newPage();
        await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const release = await holdScripts(context);
        await page.goto(`${siteUrl}/?path=${encodeURIComponent(scenario.path)}`, { waitUntil: 'commit' });
        const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
        await frame.waitForURL(`${provider.url}${scenario.path}`, { waitUntil: 'commit' });
        const outcome = await actAtFirstPaint(frame, scenario, { afterAct: release });
        expect({ actedBeforeHydration: outcome.actedBeforeHydration, kept: outcome.kept, detail: outcome.detail }).toEqual({ actedBeforeHydration: true, kept: true, detail: undefined });
      } finally {
        await context.close();
      }
    });
  }
});
