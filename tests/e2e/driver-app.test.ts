import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_JOB_STATE_LABELS } from '../../contract/dispatch.ts';
import { COMPLETION_MESSAGES, PAID_IN_CAR_LABELS } from '../../contract/jobCompletion.ts';
import { DRIVER_MESSAGES, DRIVER_WORKER, STEP_MESSAGES } from '../../contract/driver.ts';
import { WAITING_TAPS_TEXT } from '../../src/views/driver/format.ts';
import { axeViolations, settled } from '../helpers/axe.ts';
import { launchBrowser, openPage, saveScreenshot, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { DRIVER_PASSWORD, driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 32: the driver's app (/driver) in Chromium at 375 × 812 against the real server: sign in → on duty with a
// vehicle (position emulated) → an offer made from the console API arrives while the app is open (SSE) → accept →
// on my way → arrived, tapped with the browser offline (kept and shown as waiting; the app reloaded offline opens from
// its service worker with the job last known), sent once back online → passenger on board → completed, the database
// showing each step applied once and the booking completed; axe on each screen, screenshots at 375 px. Needs a build
// first (DIST_DIR).

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
    // The service worker: JavaScript, allowed to fetch this origin only, naming this build's driver app chunk.
    const worker = await provider.fastify.inject({ method: 'GET', url: DRIVER_WORKER.url });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers['content-security-policy']).toBe("default-src 'none'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    expect(worker.body).toMatch(/const SHELL = \["\/driver",.*"\/assets\/DriverApp-[\w-]+\.js".*"\/driver\.webmanifest"\];/);
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
    const goOnDuty = page.getByRole('button', { name: new RegExp(`^Go on duty in ${registration} `) });
    // The car is readable on the phone: the whole label shows in the button (on one line it was cut to "Go on duty in
    // WC24DRV ·", the car itself out of sight).
    expect(await goOnDuty.evaluate((button) => {
      const label = button.querySelector('.mantine-Button-label')!;
      return { text: (label as HTMLElement).innerText.replace(/\s+/g, ' '), clipped: label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1 };
    })).toEqual({ text: `Go on duty in ${registration} Silver Toyota Prius`, clipped: false });
    await goOnDuty.click();
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
    // Installable: the app's service worker is active for the app's pages.
    expect(await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return [new URL(registration.scope).pathname, registration.active?.state];
    })).toEqual([DRIVER_WORKER.scope, 'activated']);

    const tap = async (button: string, reached: keyof typeof DRIVER_JOB_STATE_LABELS) => {
      await page.getByRole('button', { name: button, exact: true }).click();
      await state.getByText(DRIVER_JOB_STATE_LABELS[reached], { exact: true }).waitFor();
    };
    const stageOf = async () => (await provider.db.query<{ status: string; job_stage: string | null }>('SELECT status, job_stage FROM bookings WHERE booking_number = $1', [number])).rows[0];
    await tap('On my way', 'on_the_way');

    // No signal: the tap is kept, the job moves on as tapped, and the driver sees what waits and since when.
    await context.setOffline(true);
    await tap('Arrived', 'arrived');
    const waiting = page.getByTestId('driver-waiting-taps');
    await waiting.getByText(WAITING_TAPS_TEXT.held).waitFor();
    expect(await waiting.locator('li').allTextContents()).toEqual([expect.stringMatching(new RegExp(`^Arrived · ${number} · tapped \\d\\d:\\d\\d$`))]);
    expect(await page.getByTestId('driver-offline').textContent()).toMatch(/^Last known at \d\d:\d\d — no signal$/);
    expect(await page.getByTestId('driver-error').count()).toBe(0);
    expect(await stageOf()).toEqual({ status: 'driver_assigned', job_stage: 'on_the_way' });
    await screen(page, 'driver-offline-tap');

    // Reloaded with no signal: the service worker opens the app, which shows the job last known and the waiting tap.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await heading(page, number);
    await state.getByText(DRIVER_JOB_STATE_LABELS.arrived, { exact: true }).waitFor();
    expect(await page.getByTestId('driver-offline').textContent()).toMatch(/^Last known at \d\d:\d\d — no signal$/);
    expect(await waiting.locator('li').count()).toBe(1);
    await screen(page, 'driver-offline-reopened');

    // Back online: the waiting tap goes once, with its key; the job is the office's again.
    await context.setOffline(false);
    await page.getByTestId('driver-notice').getByText(STEP_MESSAGES.arrived, { exact: true }).waitFor();
    expect(await waiting.count()).toBe(0);
    expect(await page.getByTestId('driver-offline').count()).toBe(0);
    expect(await stageOf()).toEqual({ status: 'driver_assigned', job_stage: 'arrived' });
    const sent = await provider.db.query<{ n: number }>("SELECT count(*)::int AS n FROM driver_taps WHERE target = $1", [`arrived:${number}`]);
    const timeline = await provider.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'booking' AND entity_id = $1 AND action = 'booking.driver_arrived'", [number]);
    expect([sent.rows[0].n, timeline.rows[0].n]).toEqual([1, 1]);

    await tap('Passenger on board', 'on_board');
    // Completed only once the pick-up time has come: the server's clock moved past it.
    offset = 35 * MINUTE;
    const fareBefore = (await provider.db.query<{ total_pence: number }>('SELECT total_pence FROM bookings WHERE booking_number = $1', [number])).rows[0].total_pence;
    // 'Completed' opens the completion form: 12 minutes' waiting (three started 5 minutes at the demo's £2.50) and paid in cash.
    await page.getByRole('button', { name: 'Completed', exact: true }).click();
    await heading(page, `Complete ${number}`);
    expect(await page.getByTestId('driver-completion-problem').textContent()).toBe(COMPLETION_MESSAGES.paidInCarRequired);
    expect(await page.getByRole('button', { name: 'Complete the job' }).isDisabled()).toBe(true);
    await page.getByLabel(/^Waiting time \(minutes, at most 60\)/).fill('12');
    await page.getByRole('button', { name: PAID_IN_CAR_LABELS.cash }).click();
    await page.getByTestId('driver-final-fare').getByText(`£${((fareBefore + 750) / 100).toFixed(2)}`, { exact: true }).waitFor();
    expect(await page.getByTestId('driver-completion-problem').count()).toBe(0);
    // Large targets at 375 px: the form's buttons at least 48 px high, nothing wider than the screen.
    for (const box of await Promise.all((await page.getByTestId('driver-completion').getByRole('button').all()).map((button) => button.boundingBox()))) {
      expect(box!.height).toBeGreaterThanOrEqual(48);
      expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTHS.mobile);
    }
    await screen(page, 'driver-completion');
    await page.getByRole('button', { name: 'Complete the job' }).click();
    await heading(page, 'Waiting for a job');
    await page.getByTestId('driver-notice').getByText(STEP_MESSAGES.complete, { exact: true }).waitFor();
    expect((await stageOf()).status).toBe('completed');
    // The server priced the waiting and kept the cash; the console's booking and the receipt read the final fare.
    const completion = (await provider.db.query('SELECT waiting_min, waiting_pence, extras_pence, paid_in_car, extras_charge FROM job_completions WHERE booking_id = (SELECT id FROM bookings WHERE booking_number = $1)', [number])).rows;
    expect(completion).toEqual([{ waiting_min: 12, waiting_pence: 750, extras_pence: 750, paid_in_car: 'cash', extras_charge: 'none' }]);
    const detail = (await consoleOf(provider).as(dispatcher, 'GET', `bookings/${number}`)).json().booking;
    expect(detail.price.total_pence).toBe(fareBefore + 750);
  }, 90_000);
});
