import type { Browser, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock12 } from '../../server/domain/manage/clock.ts';
import { londonParts } from '../../server/domain/pricing/londonTime.ts';
import { axeViolations } from '../helpers/axe.ts';
import { launchBrowser, openPage, saveScreenshot, WIDTHS } from '../helpers/browser.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 33, the passenger's live view in Chromium at 375 px: a booking with a driver on the app (the driver's API as
// the app calls it, signed in, on duty, the offer accepted); the passenger's manage page shows the car and "Your driver
// is on the way", the car moving on the map as positions arrive, then "Your driver has arrived" with where to meet,
// all without a reload; axe at 375 and 1280 px; a screenshot. Needs a build first (DIST_DIR).

let provider: TestProvider;
let browser: Browser;

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await provider?.dispose();
});

/** Until no CSS transition or animation runs (the stream keeps a request open, so the network never idles). */
const still = (page: Page) => page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));

describe("the passenger's live view", () => {
  it('shows the car, "on the way", the car moving and "arrived" as the driver goes, without a reload', async () => {
    const api = consoleOf(provider);
    const app = driverAppOf(provider, api);
    const dispatcher: Signed = await api.dispatcher();
    const number = await api.bookInCar('live.e2e@example.test');
    // The pick-up in half an hour (the instant and the London wall-clock the page shows): the driver may set off.
    const pickupAt = new Date(Math.ceil((Date.now() + 30 * 60_000) / 300_000) * 300_000);
    const wall = londonParts(pickupAt);
    await api.sql('UPDATE bookings SET pick_up_at = $2, pick_up_date = $3, pick_up_time = $4 WHERE booking_number = $1', [number, pickupAt, wall.date, clock12(wall.hour, wall.minute)]);
    const [{ text_body: mail }] = await api.sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_confirmation' AND subject LIKE $1", [`%${number}%`]);
    const token = /manage-booking\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1];

    const driver: SignedDriver = await app.newDriver(dispatcher, 'Mohammed Khan');
    const vehicle = await app.newVehicle(dispatcher);
    const [{ registration }] = await api.sql<{ registration: string }>('SELECT registration FROM vehicles WHERE id = $1', [vehicle]);
    expect((await app.as(driver, 'POST', 'shift', { vehicle_id: vehicle })).statusCode).toBe(200);
    expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
    const offer = (await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId })).json().offer;
    expect((await app.as(driver, 'POST', `offers/${offer.id}/accept`, app.tapBody())).statusCode).toBe(200);
    const step = async (name: string) => expect((await app.as(driver, 'POST', `jobs/${number}/steps`, { step: name, idempotency_key: randomUUID() })).statusCode).toBe(200);
    const report = async (lat: number, lng: number) => expect((await app.as(driver, 'POST', 'positions', { lat, lng })).json()).toEqual({ success: true, flagged: false });

    const { page, errors, close } = await openPage(browser, `${provider.url}/manage-booking?token=${token}`, { width: WIDTHS.mobile, height: 812 });
    try {
      page.setDefaultTimeout(15_000);
      await page.getByTestId('booking-status').getByText('Driver assigned').waitFor();
      // Marks this document: a reload would lose it.
      await page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'same page'));

      await step('on_the_way');
      const panel = page.getByTestId('live-trip');
      await panel.getByRole('heading', { name: 'Your driver is on the way' }).waitFor();
      expect(await page.getByTestId('live-driver').textContent()).toBe('Mohammed');
      expect(await page.getByTestId('live-car').textContent()).toBe('Silver Toyota Prius');
      expect(await page.getByTestId('live-registration').textContent()).toBe(registration);
      expect(await panel.getByTestId('operator-phone').textContent()).toBe('Call 020 7946 0321');
      expect(await page.getByTestId('driver-phone').count()).toBe(0);
      const car = page.getByTestId('live-map').locator('[data-car]');
      expect(await car.getAttribute('data-car')).toBe('');

      await report(51.4801, -0.4612);
      await page.locator('[data-car="51.4801,-0.4612"]').waitFor();
      await page.getByTestId('live-eta').getByText(/^About \d+ min away$/).waitFor();
      await still(page);
      expect(await axeViolations(page, 'live view 375')).toEqual([]);
      await saveScreenshot(page, 'manage-live');

      await report(51.4785, -0.4585);
      await page.locator('[data-car="51.4785,-0.4585"]').waitFor();

      await step('arrived');
      await panel.getByRole('heading', { name: 'Your driver has arrived' }).waitFor();
      const meeting = page.getByTestId('live-meeting');
      expect(await meeting.textContent()).toContain('Heathrow');
      expect(await page.getByTestId('live-eta').count()).toBe(0);
      await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
      await still(page);
      expect(await axeViolations(page, 'live view 1280')).toEqual([]);
      await saveScreenshot(page, 'manage-live-arrived');

      expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('same page');
      expect(await page.content()).not.toContain('Khan');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
