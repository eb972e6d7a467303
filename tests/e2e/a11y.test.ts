import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../helpers/axe.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { launchBrowser, openPage, WIDTHS } from '../helpers/browser.ts';
import { oneWayForm } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';
import { encoded } from '../helpers/storage.ts';

// WCAG 2.1 AA (axe-core) on every route, in the states a visitor reaches: the booking steps with a real quote in
// storage, the card page, the confirmation, the forms, and the corporate area signed in. Phone and desktop widths.

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

/** localStorage as a visitor who searched, chose the cheapest vehicle and typed guest details would have it. */
async function bookingStorage(): Promise<Record<string, string>> {
  const form = oneWayForm();
  const response = await fetch(`${provider.url}/api/v1/calculate-distance-price`, { method: 'POST', headers: { ...KEY_HEADERS, 'content-type': 'application/json' }, body: JSON.stringify(form) });
  const list = (await response.json()).price_details as { price: number; final_price: number; vehicle_id: number }[];
  const vehicle = list.filter((row) => row.price > 0).sort((a, b) => a.final_price - b.final_price)[0];
  return {
    BookingType: encoded('milleage'),
    BookingForm: JSON.stringify(form),
    PriceDetails: encoded(list),
    selectedVehicleData: encoded(vehicle),
    SelectedVehicle: JSON.stringify({ vehicle_id: vehicle.vehicle_id }),
    selectionKind: JSON.stringify('selection'),
    registrationData: encoded({ firstName: 'Ada', surname: 'Lovelace', email: 'ada@example.com', number: '+44 7700 900123', passengerDetails: 'no' }),
    selectedPassenger: JSON.stringify('guest_login'),
  };
}


/** Until no CSS transition or animation runs (a modal's fade-in, a drawer's slide): axe reads colours mid-fade otherwise. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

async function visit(path: string, width: number, storage: Record<string, string> = {}, arrive?: (page: Page) => Promise<void>) {
  // The visitor's stored data is there before the page's first script, as after an earlier visit (one page load).
  const { page, close } = await openPage(browser, `${provider.url}${path}`, { width, storage });
  try {
    // Each step is checked where the visitor is, not where a guard sent them (a missing quote sends them home).
    if (!arrive) expect(new URL(page.url()).pathname).toBe(path);
    if (arrive) await arrive(page);
    await settled(page);
    return await axeViolations(page, `${new URL(page.url()).pathname} @${width}`);
  } finally {
    await close();
  }
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    it(`public pages have no violations at ${width} px`, { timeout: 180_000 }, async () => {
      const found: string[] = [];
      for (const path of ['/', '/quoteView', '/contactus', '/ourfleet', '/login', '/forgot_password']) found.push(...(await visit(path, width)));
      found.push(...(await visit('/', width, {}, async (page) => page.getByRole('tab', { name: 'Hourly Rate' }).click())));
      expect(found).toEqual([]);
    });

    it(`booking steps have no violations at ${width} px`, { timeout: 180_000 }, async () => {
      const storage = await bookingStorage();
      const found: string[] = [];
      found.push(...(await visit('/quotationview', width, storage)));
      found.push(...(await visit('/personalDetailView', width, storage)));
      found.push(...(await visit('/paymentview', width, storage)));
      found.push(
        ...(await visit('/paymentview', width, storage, async (page) => {
          await page.getByRole('button', { name: 'Pay By Card' }).click();
          await page.getByText('Amount To Pay').waitFor();
        })),
      );
      found.push(
        ...(await visit('/paymentview', width, storage, async (page) => {
          await page.getByRole('button', { name: 'Pay in Car' }).click();
          await page.waitForURL('**/paymentSuccessView');
          await page.locator('[data-screen]').first().waitFor();
        })),
      );
      expect(found).toEqual([]);
    });

    it(`the corporate area has no violations at ${width} px`, async () => {
      const found: string[] = [];
      found.push(
        ...(await visit('/login', width, {}, async (page) => {
          await page.getByLabel('Email').and(page.locator('input')).fill(DEMO_CORPORATE.email);
          await page.getByLabel('Password').and(page.locator('input')).fill(DEMO_CORPORATE.password);
          await page.getByRole('button', { name: /sign in/i }).click();
          await page.waitForURL('**/bookings');
          await page.locator('[data-screen]').first().waitFor();
        })),
      );
      expect(found).toEqual([]);
    });
  }
});
