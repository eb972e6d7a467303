import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, WIDTHS } from '../helpers/browser.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';
import { holdScripts } from './firstInput.scenarios.ts';

// Issue 37, "a tap answered at once" (bench/tapSpeed.bench.ts times it on a slowed phone beside main's build): a home
// tab tapped before the app has hydrated shows selected in the next frame (src/boot/earlyInput.js), and the app then
// renders that same tab with its panel. Needs a build first.

let provider: TestProvider;
let browser: Browser;

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await provider?.dispose();
});

const phone = () => browser.newContext({ viewport: { width: WIDTHS.mobile, height: 812 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true, locale: 'en-GB', timezoneId: 'Europe/London' });

describe('a home tab tapped while the page wakes up', () => {
  it('shows selected in the next frame, before the scripts have run, and the app then shows its panel', async () => {
    const context = await phone();
    try {
      const release = await holdScripts(context);
      const page = await context.newPage();
      await page.goto(`${provider.url}/`, { waitUntil: 'commit' });
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { polling: 'raf', timeout: 30_000 });
      const tab = page.locator('[role=tab][aria-selected=false]').first();
      const name = (await tab.textContent())!;
      const other = name === 'GET A QUOTE' ? 'Hourly Rate' : 'GET A QUOTE';
      await tab.tap();
      // Within a frame of the tap, with no app script on the page yet.
      const seen = await page.evaluate(
        () =>
          new Promise<{ selected: string[]; hydrated: boolean }>((resolve) =>
            requestAnimationFrame(() =>
              resolve({
                selected: [...document.querySelectorAll('[role=tab][aria-selected=true]')].map((element) => element.textContent ?? ''),
                hydrated: document.documentElement.hasAttribute('data-app-ready'),
              }),
            ),
          ),
      );
      expect(seen).toEqual({ selected: [name], hydrated: false });
      release();
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'), undefined, { timeout: 30_000 });
      // The app, given the replayed tap, renders the same tab, now with its panel.
      await page.getByTestId(name === 'GET A QUOTE' ? 'quote-pickup' : 'hourly-pickup').waitFor({ timeout: 10_000 });
      expect(await page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('tab', { name: other, exact: true }).getAttribute('aria-selected')).toBe('false');
    } finally {
      await context.close();
    }
  });
});
