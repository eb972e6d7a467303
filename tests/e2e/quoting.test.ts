import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, launchBrowser, openPage, saveScreenshot, WIDTHS } from '../helpers/browser.ts';
import { weekdayAhead } from '../helpers/forms.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 3 in the browser: the home forms, the pricing overlays and popups, and /quotationview, through the real
// server and its seeded demo operator, in Chromium. Needs a build first: `npm run build`.

const SAVOY = 'The Savoy, Strand, London WC2R 0EZ';
const HEATHROW = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA';
const PADDINGTON = 'Paddington Station, Praed Street, London W2 1HB';
const COMPANIES = ['Westway Cars', 'Thames Executive Travel', 'Capital Airport Transfers'];

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

const pathname = (page: Page) => new URL(page.url()).pathname;
const date = weekdayAhead(4);

async function typeAddress(page: Page, testId: 'quote-pickup' | 'quote-dropoff' | 'hourly-pickup', text: string) {
  const field = page.getByTestId(testId);
  await field.fill(text);
  await field.press('Escape');
}

async function fillQuote(page: Page, { pickup = HEATHROW, dropoff = SAVOY, passengers = '2', luggage = '1' } = {}) {
  await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
  await typeAddress(page, 'quote-pickup', pickup);
  await typeAddress(page, 'quote-dropoff', dropoff);
  await page.getByLabel('Pickup date').fill(date);
  await page.getByRole('combobox', { name: 'Hour', exact: true }).selectOption('2pm');
  await page.getByRole('combobox', { name: 'Min', exact: true }).selectOption('30');
  await page.getByLabel('Passengers').selectOption(passengers);
  await page.getByLabel('Luggage', { exact: true }).selectOption(luggage);
}

async function search(page: Page) {
  await page.getByTestId('quote-search').click();
}

async function toQuotation(page: Page) {
  await fillQuote(page);
  await search(page);
  await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/quotationview');
  await page.getByTestId('vehicle-card').first().waitFor();
}

const companiesShown = async (page: Page) => new Set(await page.getByTestId('vehicle-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')!.split(', ').at(-1))));

describe('home forms', () => {
  it('shows both tabs with Hourly Rate first, and remembers the quote form', async () => {
    const { page, errors, close } = await openPage(browser, `${provider.url}/`);
    try {
      const tabs = page.getByRole('tab');
      expect(await tabs.allTextContents()).toEqual(['GET A QUOTE', 'Hourly Rate']);
      expect(await page.getByRole('tab', { name: 'Hourly Rate' }).getAttribute('aria-selected')).toBe('true');
      await fillQuote(page);
      await page.reload();
      await appReady(page);
      await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
      expect(await page.getByTestId('quote-pickup').inputValue()).toBe(HEATHROW);
      expect(await page.getByLabel('Passengers').inputValue()).toBe('2');
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('BookingForm') ?? 'null'));
      expect(stored).toMatchObject({ pickup: HEATHROW, dropoff: SAVOY, pickup_date: date, pickup_hour: '2pm', pickup_min: '30', passengers: 2 });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('home forms on a 375 px phone', () => {
  it("'Use my location' fills the pick-up with the nearest address on both tabs, and a popular place tapped fills it and moves on to the form", async () => {
    // The phone stands at Heathrow Terminal 5 (within 150 m of the operator's saved address).
    const context = await browser.newContext({
      viewport: { width: WIDTHS.mobile, height: 812 },
      hasTouch: true,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      geolocation: { latitude: 51.4726, longitude: -0.488 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    try {
      await page.goto(`${provider.url}/`);
      await appReady(page);
      await page.getByRole('button', { name: 'Use my location' }).click();
      await expect.poll(() => page.getByTestId('hourly-pickup').inputValue(), { timeout: 10_000 }).toBe(HEATHROW);
      expect(await page.getByTestId('hourly-pickup-location').textContent()).toBe(`Pick-up set to your location: ${HEATHROW}`);
      const stored = await page.evaluate(() => JSON.parse(atob(localStorage.getItem('HourlyRateForm') ?? '')));
      expect(stored).toMatchObject({ pickup: HEATHROW, userLocation: { lat: 51.4726, lon: -0.488 } });

      await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
      await page.getByRole('button', { name: 'Use my location' }).click();
      await expect.poll(() => page.getByTestId('quote-pickup').inputValue(), { timeout: 10_000 }).toBe(HEATHROW);
      // The button fits beside the field at 375 px: nothing runs off the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.mobile);

      const paddington = page.getByRole('button', { name: `Pick up at ${PADDINGTON}` });
      await paddington.scrollIntoViewIfNeeded();
      await paddington.tap();
      await expect.poll(() => page.getByTestId('quote-pickup').inputValue()).toBe(PADDINGTON);
      // On to what is left to fill: the Drop-Off, in view.
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('dropoff');
      await expect.poll(() => page.getByTestId('quote-dropoff').evaluate((field) => field.getBoundingClientRect().top)).toBeLessThan(812);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('BookingForm') ?? 'null'))).toMatchObject({ pickup: PADDINGTON });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says in one line that location is off when the visitor refuses it, and keeps central London", async () => {
    const { page, close } = await openPage(browser, `${provider.url}/`, { width: WIDTHS.mobile, height: 812 });
    try {
      await page.context().clearPermissions();
      await page.getByRole('button', { name: 'Use my location' }).click();
      await expect.poll(() => page.getByTestId('hourly-pickup-location').textContent(), { timeout: 10_000 }).toBe('Location is off: type your pick-up address.');
      expect(await page.getByTestId('hourly-pickup').inputValue()).toBe('');
      const stored = await page.evaluate(() => JSON.parse(atob(localStorage.getItem('HourlyRateForm') ?? '')));
      expect(stored.userLocation).toEqual({ lat: 51.5074, lon: -0.1278 });
    } finally {
      await close();
    }
  });
});

describe('quoting', () => {
  it('prices a one-way trip for three companies on /quotationview', async () => {
    const { page, errors, close } = await openPage(browser, `${provider.url}/`);
    try {
      await toQuotation(page);
      expect(await companiesShown(page)).toEqual(new Set(COMPANIES));
      expect(await page.getByTestId('lowest-price').count()).toBe(1);
      const summary = page.getByTestId('booking-summary');
      expect(await summary.getByText('BOOK A TRIP').count()).toBe(1);
      expect(await summary.getByText(SAVOY).count()).toBeGreaterThan(0);
      expect(await summary.getByText('estimated').count()).toBe(1);
      expect(await summary.getByTestId('trip-distance').first().textContent()).toMatch(/^\d+ km · [\d.]+ miles · /);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('prices a return trip with two stops', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/`);
    try {
      await fillQuote(page, { pickup: PADDINGTON, dropoff: HEATHROW });
      await page.getByRole('button', { name: 'Add Return' }).click();
      await page.getByLabel('Return date').fill(weekdayAhead(6));
      await page.getByLabel('Return hour').selectOption('6pm');
      for (const [street, postcode] of [
        ['Baker Street', 'NW1 6XE'],
        ['Kensington High Street', 'W8 5SA'],
      ]) {
        await page.getByRole('button', { name: 'Extra Stop' }).click();
        const stop = page.getByTestId('extra-stop').last();
        await stop.getByLabel(/street or road name/).fill(street);
        await stop.getByLabel('City or post code').fill(postcode);
      }
      await search(page);
      await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/quotationview');
      const summary = page.getByTestId('booking-summary');
      await summary.waitFor();
      expect(await summary.getByRole('rowheader', { name: 'Return' }).count()).toBe(1);
      expect(await summary.getByText('Via').count()).toBe(2);
      expect(await summary.getByTestId('trip-distance').count()).toBe(2);
      expect(await page.getByTestId('vehicle-card').count()).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });

  it('prices an hourly hire', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/`);
    try {
      await typeAddress(page, 'hourly-pickup', PADDINGTON);
      await page.getByLabel('Duration').selectOption('6hour');
      await page.getByLabel('Pick up Date').fill(date);
      await page.getByTestId('hourly-search').click();
      await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/quotationview');
      await page.getByTestId('vehicle-card').first().waitFor();
      const summary = page.getByTestId('booking-summary');
      expect(await summary.getByRole('rowheader', { name: 'Pickup Duration' }).count()).toBe(1);
      expect(await summary.getByText('6 hours').count()).toBe(1);
      expect(await summary.getByText('To', { exact: true }).count()).toBe(0);
      expect(await page.evaluate(() => atob(localStorage.getItem('BookingType') ?? ''))).toBe('"hourly"');
    } finally {
      await close();
    }
  });

  it('shows the capacity message for a party too large for any vehicle', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/`);
    try {
      await fillQuote(page, { passengers: '12', luggage: '10' });
      await search(page);
      const alert = page.getByTestId('booking-alert-message');
      await alert.waitFor({ timeout: 15_000 });
      expect(await alert.textContent()).toBe(
        "Sorry we don't have any vehicle with requested options, the following limits are exceeded: Passengers exceeded by 4, Luggage exceeded by 2.",
      );
      expect(pathname(page)).toBe('/');
    } finally {
      await close();
    }
  });

  it("shows 'Same Address Booking!' for the same pickup and drop-off, then goes to /quoteView", async () => {
    const { page, close } = await openPage(browser, `${provider.url}/`);
    try {
      await fillQuote(page, { pickup: SAVOY, dropoff: SAVOY });
      await search(page);
      await page.getByRole('alertdialog').getByText('Same Address Booking!').waitFor({ timeout: 15_000 });
      await expect.poll(() => pathname(page), { timeout: 5_000 }).toBe('/quoteView');
      // The popup closes 3 s after it opened.
      await page.getByTestId('booking-alert').waitFor({ state: 'detached', timeout: 5_000 });
    } finally {
      await close();
    }
  });

  it('keeps the results when /quotationview is reloaded, and doubles the total for 2 vehicles', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/`);
    try {
      await toQuotation(page);
      const before = await page.getByTestId('vehicle-card').count();
      await page.reload();
      await appReady(page);
      await page.getByTestId('vehicle-card').first().waitFor();
      expect(pathname(page)).toBe('/quotationview');
      expect(await page.getByTestId('vehicle-card').count()).toBe(before);

      const card = page.getByTestId('vehicle-card').filter({ has: page.getByTestId('book-now') }).first();
      const money = async () => Number((await card.getByTestId('vehicle-total').textContent())!.replace(/[^\d.]/g, ''));
      const one = await money();
      await card.getByTestId('vehicle-quantity').selectOption('2');
      await expect.poll(money).toBeCloseTo(one * 2, 2);
      expect(await card.getByText(/each$/).count()).toBe(1);
    } finally {
      await close();
    }
  });

  it('paints a reloaded quotation and personal details from the server (the trip cookie) and hydrates them', async () => {
    const { page, context, errors, close } = await openPage(browser, `${provider.url}/`, { width: WIDTHS.mobile });
    try {
      await toQuotation(page);
      // The browser keeps the trip cookie for the two step paths only.
      await expect.poll(async () => (await context.cookies(`${provider.url}/quotationview`)).filter((cookie) => cookie.name === 'cabflow_trip').length).toBe(1);
      const [cookie] = (await context.cookies(`${provider.url}/quotationview`)).filter((entry) => entry.name === 'cabflow_trip');
      expect([cookie.path, cookie.sameSite]).toEqual(['/quotationview', 'Lax']);
      expect((await context.cookies(`${provider.url}/`)).map((entry) => entry.name)).not.toContain('cabflow_trip');
      const cards = await page.getByTestId('vehicle-card').count();

      // Each reload: the server's HTML is kept (hydrated), not replaced by a render in the browser.
      await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => document.querySelector('[data-screen]')?.setAttribute('data-from-server', '')));
      await page.reload();
      await appReady(page);
      expect(await page.locator('#root').getAttribute('data-rendered-at')).toMatch(/^\d+$/);
      expect(await page.locator('[data-screen="quotation"][data-from-server]').count()).toBe(1);
      expect(await page.getByTestId('vehicle-card').count()).toBe(cards);
      await page.getByTestId('book-now').first().click();
      await expect.poll(() => pathname(page)).toBe('/personalDetailView');
      // The step's cookie is written after the route changes: a reload before it would render in the browser.
      await expect.poll(async () => (await context.cookies(`${provider.url}/personalDetailView`)).some((entry) => entry.name === 'cabflow_trip')).toBe(true);
      await page.reload();
      await appReady(page);
      expect(await page.locator('[data-screen][data-from-server]').count()).toBe(1);
      expect(pathname(page)).toBe('/personalDetailView');
      // Hydrated means working: the details form takes input and the machine saves it.
      await page.getByLabel('First Name').fill('Ada');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('registrationData') !== null)).toBe(true);
      expect(errors).toEqual([]);

      // Typed personal details never travel in a cookie: the step then renders in the browser, with them.
      await expect.poll(async () => (await context.cookies(`${provider.url}/personalDetailView`)).some((entry) => entry.name === 'cabflow_trip')).toBe(false);
      await page.reload();
      await appReady(page);
      expect(await page.locator('#root').getAttribute('data-rendered-at')).toBeNull();
      expect(await page.getByLabel('First Name').inputValue()).toBe('Ada');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows a reloaded quotation from the HTML alone, without JavaScript', async () => {
    const { page, context, close } = await openPage(browser, `${provider.url}/`, { width: WIDTHS.mobile });
    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: WIDTHS.mobile, height: 800 } });
    try {
      await toQuotation(page);
      await expect.poll(async () => (await context.cookies(`${provider.url}/quotationview`)).length).toBeGreaterThan(0);
      const names = await page.getByTestId('vehicle-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
      await plain.addCookies(await context.cookies());
      const still = await plain.newPage();
      await still.goto(`${provider.url}/quotationview`);
      expect(await still.getByRole('heading', { level: 1, name: 'Quotation' }).isVisible()).toBe(true);
      expect(await still.getByTestId('vehicle-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')))).toEqual(names);
      expect(await still.getByText('Please wait while loading content').count()).toBe(0);
    } finally {
      await plain.close();
      await close();
    }
  });

  it('sends a typed /quotationview with nothing stored to /home', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/quotationview`);
    try {
      await expect.poll(() => pathname(page)).toBe('/home');
      await page.getByTestId('no-price-data').waitFor();
    } finally {
      await close();
    }
  });

  it('goes to /personalDetailView with Book Now', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/`);
    try {
      await toQuotation(page);
      await page.getByTestId('book-now').first().click();
      await expect.poll(() => pathname(page)).toBe('/personalDetailView');
      const stored = await page.evaluate(() => localStorage.getItem('selectedVehicleData'));
      expect(stored).not.toBeNull();
    } finally {
      await close();
    }
  });
});

describe('screenshots', () => {
  for (const width of Object.values(WIDTHS)) {
    it(`home, loader, quotation and popup at ${width} px`, async () => {
      const { page, close } = await openPage(browser, `${provider.url}/`, { width });
      try {
        await saveScreenshot(page, 'quoting-home-hourly');
        await fillQuote(page);
        await page.getByRole('button', { name: 'Add Return' }).click();
        await page.getByRole('button', { name: 'Extra Stop' }).click();
        await saveScreenshot(page, 'quoting-home-quote');

        // Hold the price call so the loader can be seen.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/api/v1/calculate-distance-price', async (route) => {
          await held;
          await route.continue();
        });
        await page.getByRole('button', { name: 'Remove stop 1' }).click();
        await page.getByRole('button', { name: 'Remove return' }).click();
        await search(page);
        await page.getByTestId('price-loader').waitFor();
        await page.screenshot({ path: (await import('node:path')).join((await import('../helpers/browser.ts')).SCREENSHOT_DIR, `quoting-loader-${width}.png`) });
        release();
        await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/quotationview');
        await page.getByTestId('vehicle-card').first().waitFor();
        await saveScreenshot(page, 'quoting-quotation-list');
        await page.getByText('Grid', { exact: true }).click();
        await page.getByTestId('vehicle-card').first().getByRole('button', { name: 'See Details' }).click();
        await saveScreenshot(page, 'quoting-quotation-grid');
        await page.unroute('**/api/v1/calculate-distance-price');

        await page.goto(`${provider.url}/`);
        await appReady(page);
        await fillQuote(page, { pickup: SAVOY, dropoff: SAVOY });
        await search(page);
        await page.getByRole('alertdialog').waitFor({ timeout: 15_000 });
        await page.waitForTimeout(200);
        await page.screenshot({ path: (await import('node:path')).join((await import('../helpers/browser.ts')).SCREENSHOT_DIR, `quoting-popup-${width}.png`) });
      } finally {
        await close();
      }
    });
  }
});
