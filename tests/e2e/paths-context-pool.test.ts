/**
 * The model paths take turns in pooled browser contexts (tests/model/ui/contextPool.ts): a path must find the context
 * as a first-time visitor would, whatever the path before it left there, and its requests must carry its own address.
 */
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';
import { ContextPool, PATHS_CHROMIUM_ARGS } from '../model/ui/contextPool.ts';

let provider: TestProvider;
let browser: Browser;

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser(PATHS_CHROMIUM_ARGS);
});

afterAll(async () => {
  await browser?.close();
  await provider?.dispose();
});

/** What a page of the site finds in its storage. */
const leftovers = () => ({ local: Object.keys(localStorage), cookies: document.cookie });

/** The visitor's address the page's own request carried (read before the page closes: no listener outlives it). */
const sentAddress = async (load: Response | null) => (await load?.request().allHeaders())?.['x-forwarded-for'] ?? 'none';

it('a context lent again has none of the last path’s storage, cookies or address', async () => {
  const pool = new ContextPool(browser, new URL(provider.url).origin);
  try {
    const first = await pool.acquire('10.9.0.1');
    const page = await first.newPage();
    const firstLoad = await page.goto(`${provider.url}/contactus`);
    await page.evaluate(async () => {
      localStorage.setItem('BookingForm', '{"pickup":"left behind"}');
      document.cookie = 'left=behind; path=/';
      await new Promise((resolve, reject) => {
        const request = indexedDB.open('left-behind', 1);
        request.onsuccess = () => {
          request.result.close();
          resolve(null);
        };
        request.onerror = () => reject(request.error);
      });
    });
    // The app writes keys of its own (appSettings) when it gets to it: only the planted ones are looked for.
    const planted = await page.evaluate(leftovers);
    expect([planted.local.includes('BookingForm'), planted.cookies]).toEqual([true, 'left=behind']);
    expect(await sentAddress(firstLoad)).toBe('10.9.0.1');
    await pool.release(first);

    const second = await pool.acquire('10.9.0.2');
    expect(second).toBe(first);
    expect(pool.counts).toEqual({ created: 1, reused: 1 });
    expect(second.pages()).toHaveLength(1); // only the pool's own idle page is left
    const next = await second.newPage();
    const nextLoad = await next.goto(`${provider.url}/contactus`);
    const found = await next.evaluate(leftovers);
    expect([found.local.includes('BookingForm'), found.cookies]).toEqual([false, '']);
    expect(await next.evaluate(async () => (await indexedDB.databases()).map((database) => database.name))).toEqual([]);
    expect(await second.cookies()).toEqual([]);
    expect(await sentAddress(nextLoad)).toBe('10.9.0.2');
    await pool.release(second);
  } finally {
    await pool.close();
  }
});
