import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_JOB_STATE_LABELS } from '../../contract/dispatch.ts';
import { DRIVER_MESSAGES, STEP_MESSAGES } from '../../contract/driver.ts';
import { axeViolations, settled } from '../helpers/axe.ts';
import { launchBrowser, openPage, saveScreenshot, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { DRIVER_PASSWORD, driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 32: the driver's app (/driver) in Chromium at 375 × 812 against the real server: sign in → on duty with a
// vehicle (position emulated) → an offer made from the console API arrives while the app is open (SSE) → accept →
// on my way → arrived → passenger on board → completed, the database showing the booking completed; axe on each
// screen, screenshots at 375 px. Needs a build first (DIST_DIR).

let provider: TestProvider;
let browser: Browser;
let opened: OpenedPage;
let dispatcher: Signed;
let driver: SignedDriver;
let number = '';
let registration = '';
let offset = 0;
const MINUTE = 60_000;

beforeAll(async () => {
  provider = await startTestProvider({ listen: true, now: () => new Date(Date.now() + offset) });
  browser = await launchBrowser();
  const api = consoleOf(provider);
  const app = driverAppOf(provider, api);
  dispatcher = await api.dispatcher();
  driver = await app.newDriver(dispatcher, 'Dana Driver');
  const vehicleId = await app.newVehicle(dispatcher);
  registration = (await api.sql<{ registration: string }>('SELECT registration FROM vehicles WHERE id = $1', [vehicleId]))[0].registration;
  const template = await api.bookInCar('driver.app@example.test');
  number = 'CF-E2EDRV01';
  await api.copyBooking(template, { number, pickupAt: new Date(Date.now() + 30 * MINUTE) });
  expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await opened?.close();
  await browser?.close();
  await provider?.dispose();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();
async function screen(page: Page, name: string) {
  await settled(page);
  expect(await axeViolations(page, name)).toEqual([]);
  await saveScreenshot(page, name);
}

describe("the driver's app at 375 px", () => {
  it("serves the app's pages with the console's document policy, and its web app manifest", async () => {
    const page = await provider.fastify.inject({ method: 'GET', url: '/driver/set-password' });
    expect(page.statusCode).toBe(200);
    expect(page.headers).toMatchObject({ 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' });
    const manifest = await provider.fastify.inject({ method: 'GET', url: '/driver.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ start_url: '/driver', scope: '/driver', display: 'standalone' });
  });

  it('signs in, goes on duty, takes an offer that arrives live and runs the job to completed', async () => {
    opened = await openPage(browser, `${provider.url}/driver`, { width: WIDTHS.mobile, height: 812, waitForApp: false });
    const { page, context } = opened;
    page.setDefaultTimeout(15_000);
    await context.grantPermissions(['geolocation'], { origin: provider.url });
    await context.setGeolocation({ latitude: 51.4706, longitude: -0.4619 });

    await heading(page, 'Sign in');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/driver.webmanifest');
    await screen(page, 'driver-sign-in');
    await page.getByLabel(/^E-mail/).fill(driver.email);
    await page.getByLabel(/^Password/).fill(DRIVER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await heading(page, 'Off duty');
    await screen(page, 'driver-off-duty');
    await page.getByRole('button', { name: new RegExp(`^Go on duty in ${registration} `) }).click();
    await heading(page, 'Waiting for a job');
    expect(await page.getByTestId('driver-notice').textContent()).toBe(DRIVER_MESSAGES.onDuty);
    await screen(page, 'driver-waiting');
    // The phone's position reaches the office while on duty.
    await expect
      .poll(async () => (await provider.db.query('SELECT count(*)::int AS n FROM driver_positions', [])).rows[0]?.n ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(0);

    // The office offers the job: it reaches the open app through the stream, with its countdown.
    const offered = await consoleOf(provider).as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId });
    expect(offered.statusCode, offered.body).toBe(201);
    await heading(page, 'New job offer');
    expect(Number(await page.getByRole('timer').locator('span').textContent())).toBeGreaterThan(0);
    await screen(page, 'driver-offer');
    await page.getByRole('button', { name: 'Accept' }).click();

    const state = page.getByTestId('driver-job-state');
    await state.getByText(DRIVER_JOB_STATE_LABELS.assigned, { exact: true }).waitFor();
    expect(await page.getByTestId('driver-notice').textContent()).toBe(DRIVER_MESSAGES.offerAccepted);
    expect(await page.getByTestId('driver-job-fare').textContent()).toMatch(/^Collect £\d+\.\d\d in the car$/);
    expect(await page.getByRole('link', { name: 'Navigate to pick-up' }).getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
    expect(await page.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    await screen(page, 'driver-job');

    for (const [button, reached] of [
      ['On my way', 'on_the_way'],
      ['Arrived', 'arrived'],
      ['Passenger on board', 'on_board'],
    ] as const) {
      await page.getByRole('button', { name: button, exact: true }).click();
      await state.getByText(DRIVER_JOB_STATE_LABELS[reached], { exact: true }).waitFor();
    }
    // Completed only once the pick-up time has come: the server's clock moved past it.
    offset = 35 * MINUTE;
    await page.getByRole('button', { name: 'Completed', exact: true }).click();
    await heading(page, 'Waiting for a job');
    expect(await page.getByTestId('driver-notice').textContent()).toBe(STEP_MESSAGES.complete);
    const [row] = (await provider.db.query<{ status: string }>('SELECT status FROM bookings WHERE booking_number = $1', [number])).rows;
    expect(row.status).toBe('completed');
  }, 90_000);
});
