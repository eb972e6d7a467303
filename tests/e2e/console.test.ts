import { axeViolations } from '../helpers/axe.ts';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUTORY_CSV_COLUMNS } from '../../contract/consoleBookings.ts';
import { DEMO_DRIVER, DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { launchBrowser, openPage, saveScreenshot, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { londonDate } from '../helpers/forms.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';
import { DRIVER_PASSWORD, driverAppOf } from '../helpers/driver.ts';

// Issue 17: the operator console (/admin) in Chromium against the real server, one server and one browser for the
// file: sign-in per role, the live board receiving a booking made in another browser, accept → assign → complete, a
// card booking cancelled with its refund, keyboard-only dispatch, the CSV export, axe on every console screen and
// screenshots at 1280/768/375 px. Needs a build first (DIST_DIR).

let provider: TestProvider;
let browser: Browser;
let owner: OpenedPage;
const OWNER = DEMO_STAFF.owner;
const DISPATCHER = DEMO_STAFF.dispatcher;
const TOMORROW = londonDate(1);
let driverId = 0;
let vehicleId = 0;

const sql = async <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => (await provider.db.query<Row>(text, params)).rows;
const pathname = (page: Page) => new URL(page.url()).pathname;
const admin = (method: 'POST' | 'GET', url: string, payload?: object) =>
  provider.fastify.inject({ method, url: `/api/admin${url}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload });


/** Opens the console at `path` in a fresh context (no cookie): the sign-in form shows. */
async function openConsole(path = '/admin', width: number = WIDTHS.desktop): Promise<OpenedPage> {
  const opened = await openPage(browser, `${provider.url}${path}`, { width, waitForApp: false });
  opened.page.setDefaultTimeout(15_000);
  return opened;
}

async function signIn(page: Page, member: { email: string; password: string }) {
  await page.getByLabel(/^E-mail/).fill(member.email);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('member-menu').waitFor();
}

/** A booking for tomorrow (on the board's default range) through the public API: paid in the car or with the 4242 card. */
async function bookThroughApi(payment: 'car' | 'card', surname: string) {
  const { form, row } = await quoteFor(provider, { pickup_date: TOMORROW });
  const booking = bookingPayload(form, row, { payment_method: payment, registrationData: { ...guestRegistration, surname, email: `${surname.toLowerCase()}@example.test` } });
  const post = (url: string, body: object) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: body });
  if (payment === 'car') return { number: (await post('booking', booking)).json().data.booking.booking_number as string, pence: Math.round(row.final_price * 100) };
  const pence = Math.round(row.final_price * 100);
  const { paymentIntentId } = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount: pence, booking })).json();
  const confirmed = (await post('confirm-payment-intent', { paymentIntentId })).json();
  return { number: confirmed.booking_number as string, pence, intentId: paymentIntentId as string };
}

/** The booking's pick-up moved to an hour ago (the job has run), until `restore` (this file's CSV test reads tomorrow's bookings). */
async function jobRan(number: string) {
  const [{ pick_up_at: pickUpAt }] = await sql<{ pick_up_at: Date }>('SELECT pick_up_at FROM bookings WHERE booking_number = $1', [number]);
  await sql("UPDATE bookings SET pick_up_at = now() - interval '1 hour' WHERE booking_number = $1", [number]);
  return { restore: () => sql('UPDATE bookings SET pick_up_at = $2 WHERE booking_number = $1', [number, pickUpAt]) };
}

const statusOf = async (number: string) => (await sql<{ status: string }>('SELECT status FROM bookings WHERE booking_number = $1', [number]))[0].status;

/** Waits for the booking's status to read `status`, or fails with the error the page shows instead. */
async function statusBecomes(page: Page, status: string) {
  const shown = page.getByTestId('booking-status').getByText(status, { exact: true });
  await shown.or(page.getByRole('alert').first()).waitFor();
  if (!(await shown.isVisible())) throw new Error(`the page says: ${await page.getByRole('alert').first().textContent()}`);
}

/** The board, from wherever the last test left the page. */
async function toBoard(page: Page) {
  if (pathname(page) !== '/admin/bookings') await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Bookings' }).click();
  await page.getByTestId('board-table').waitFor();
}

async function openBooking(page: Page, number: string) {
  await page.getByRole('link', { name: number, exact: true }).click();
  await page.getByTestId('booking-status').waitFor();
  expect(pathname(page)).toBe(`/admin/bookings/${number}`);
}

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
  const driver = await admin('POST', '/drivers', { name: 'Dev Patel', phone: '07700 900111', licence_number: 'PHD-100234', licensing_authority: 'Transport for London', licence_expiry: '2030-03-31' });
  driverId = driver.json().driver.id;
  await admin('POST', '/drivers', { name: 'Old Expired', licence_number: 'PHD-000001', licensing_authority: 'Transport for London', licence_expiry: '2020-03-31' });
  const vehicle = await admin('POST', '/vehicles', { registration: 'LK21 ABC', make: 'Toyota', model: 'Prius+', colour: 'Silver', category_id: 1, licence_number: 'PHV-55501', licence_expiry: '2030-06-30' });
  vehicleId = vehicle.json().vehicle.id;
  owner = await openConsole();
}, 60_000);

afterAll(async () => {
  await owner?.close();
  await browser?.close();
  await provider?.dispose();
});

describe('operator console', () => {
  it('signs in per role: a wrong password is refused, a dispatcher sees no Staff (and is kept off it), an owner does; the pages are framed nowhere', async () => {
    const response = await fetch(`${provider.url}/admin/sign-in`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const dispatcher = await openConsole('/admin/staff');
    try {
      const { page } = dispatcher;
      await page.getByLabel(/^E-mail/).fill(DISPATCHER.email);
      await page.getByLabel(/^Password/).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByTestId('console-error').textContent()).resolves.toBe('Invalid credentials. Please try again.');
      await signIn(page, DISPATCHER);
      // Asked for Staff before signing in: a dispatcher lands on the board instead.
      await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
      expect(pathname(page)).toBe('/admin/bookings');
      expect(await page.getByTestId('member-role').textContent()).toBe('dispatcher');
      const nav = page.getByRole('navigation', { name: 'Console' });
      expect(await nav.getByRole('link').allTextContents()).toEqual(['Bookings', 'Needs action', 'Live map', 'Enquiries', 'Mail', 'Drivers & vehicles']);
    } finally {
      await dispatcher.close();
    }

    const { page } = owner;
    await saveScreenshot(page, 'console-sign-in');
    await signIn(page, OWNER);
    expect(pathname(page)).toBe('/admin/bookings');
    // The dispatcher's pages, then the owner's own (settings, catalogue, prices … ending with Staff).
    const ownerNav = await page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents();
    expect(ownerNav.slice(0, 6)).toEqual(['Bookings', 'Needs action', 'Live map', 'Enquiries', 'Mail', 'Drivers & vehicles']);
    expect(ownerNav.at(-1)).toBe('Staff');
    expect(await page.getByTestId('console-site').textContent()).toBe('Westway Cars');
  });

  it('the board receives a booking made in another browser: a row marked new, "(1)" in the title until seen', async () => {
    const { page } = owner;
    await page.getByTestId('live-state').and(page.locator('[data-live="open"]')).waitFor();
    // The other browser: a visitor's context calling the public API.
    const visitor = await browser.newContext();
    const { form, row } = await quoteFor(provider, { pickup_date: TOMORROW });
    const payload = bookingPayload(form, row, { registrationData: { ...guestRegistration, surname: 'Live', email: 'live@example.test' } });
    const made = await (await visitor.newPage()).request.post(`${provider.url}/api/v1/booking`, { headers: KEY_HEADERS, data: payload });
    const number = (await made.json()).data.booking.booking_number as string;
    await visitor.close();

    await page.getByTestId(`row-${number}`).and(page.locator('[data-fresh]')).waitFor();
    await expect.poll(() => page.title()).toBe('(1) Bookings — cabflow');
    await page.getByRole('heading', { name: 'Bookings', level: 1 }).click();
    await expect.poll(() => page.title()).toBe('Bookings — cabflow');
    await saveScreenshot(page, 'console-board');
  });

  it('accept → assign (only valid drivers offered) → complete, each shown and stored', async () => {
    const { page } = owner;
    const { number } = await bookThroughApi('car', 'Dispatch');
    await toBoard(page);
    await page.getByTestId(`row-${number}`).waitFor();
    await openBooking(page, number);
    expect(await page.getByTestId('dispatch-actions').getByRole('button').allTextContents()).toEqual(['Accept', 'Cancel booking']);
    await page.getByRole('button', { name: 'Accept' }).click();
    await statusBecomes(page, 'Accepted');
    expect(await page.getByTestId('dispatch-actions').getByRole('button').allTextContents()).toEqual(['Assign driver', 'Offer to a driver', 'Cancel booking', 'No-show']);

    // The job runs: its pick-up time passes (completing waits for it, issue 30). The assignment's answer reads it.
    const ran = await jobRan(number);
    await page.getByRole('button', { name: 'Assign driver' }).click();
    const driver = page.getByLabel('Driver', { exact: true });
    await driver.waitFor();
    // With the demo driver of the driver app (issue 32).
    expect(await driver.locator('option').allTextContents()).toEqual(['Choose a driver', 'Dev Patel · licence to 2030-03-31', `${DEMO_DRIVER.name} · licence to ${DEMO_DRIVER.licence_expiry}`]);
    expect(await axeViolations(page, 'assign step')).toEqual([]);
    await driver.selectOption(String(driverId));
    const vehicle = page.getByLabel('Vehicle', { exact: true });
    expect((await vehicle.locator('option').allTextContents())[1]).toMatch(/^LK21ABC · Toyota Prius\+, Silver · Saloon/);
    await vehicle.selectOption(String(vehicleId));
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await statusBecomes(page, 'Driver assigned');
    expect(await page.getByTestId('dispatch-facts').textContent()).toContain('Dev Patel');
    await saveScreenshot(page, 'console-booking');

    await page.getByRole('button', { name: 'Complete' }).click();
    await statusBecomes(page, 'Completed');
    expect(await page.getByTestId('dispatch-actions').count()).toBe(0);
    expect(await statusOf(number)).toBe('completed');
    await ran.restore();
    const [snapshot] = await sql<{ assigned_driver: { name: string }; assigned_vehicle: { registration: string } }>('SELECT assigned_driver, assigned_vehicle FROM bookings WHERE booking_number = $1', [number]);
    expect([snapshot.assigned_driver.name, snapshot.assigned_vehicle.registration]).toEqual(['Dev Patel', 'LK21ABC']);
  });

  it('cancels a card-paid booking with its full refund, the amount shown before confirming', async () => {
    const { page } = owner;
    const { number, pence, intentId } = await bookThroughApi('card', 'Refund');
    await toBoard(page);
    await page.getByTestId(`row-${number}`).waitFor();
    await openBooking(page, number);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByLabel(/^Reason/).selectOption('passenger_request');
    const pounds = `£${(pence / 100).toFixed(2)}`;
    expect(await axeViolations(page, 'cancel step')).toEqual([]);
    expect(await page.getByTestId('cancel-summary').textContent()).toBe(`The passenger will be refunded ${pounds} to their card. The passenger is told by e-mail.`);
    await page.getByRole('button', { name: `Cancel and refund ${pounds}` }).click();
    await statusBecomes(page, 'Cancelled');
    expect(await page.getByTestId('refunds').textContent()).toContain(`Refund ${pounds} · succeeded`);
    expect(await statusOf(number)).toBe('cancelled');
    expect(await sql('SELECT amount_pence, status FROM refunds WHERE intent_id = $1', [intentId])).toEqual([{ amount_pence: pence, status: 'succeeded' }]);
  });

  it("a booking's page follows changes made elsewhere (another dispatcher accepts, then assigns): each shown without a reload", async () => {
    const { page } = owner;
    const { number } = await bookThroughApi('car', 'Elsewhere');
    const elsewhere = async (event: string, extra: object = {}) => {
      const [{ revision }] = await sql<{ revision: number }>('SELECT revision FROM bookings WHERE booking_number = $1', [number]);
      const response = await admin('POST', `/bookings/${number}/dispatch`, { event, revision, ...extra });
      expect(response.statusCode, response.body).toBe(200);
    };
    await toBoard(page);
    await page.getByTestId(`row-${number}`).waitFor();
    await openBooking(page, number);
    await elsewhere('accept');
    await page.getByTestId('booking-status').getByText('Accepted', { exact: true }).waitFor();
    expect(await page.getByTestId('dispatch-actions').getByRole('button').allTextContents()).toEqual(['Assign driver', 'Offer to a driver', 'Cancel booking', 'No-show']);

    await elsewhere('assign', { driver_id: driverId, vehicle_id: vehicleId });
    await page.getByTestId('booking-status').getByText('Driver assigned', { exact: true }).waitFor();
    expect(await page.getByTestId('dispatch-facts').textContent()).toContain('Dev Patel');
  });

  it("a tab refused by the live stream's cap says live updates are off there, tries nothing by itself, and comes back live on Try again", async () => {
    // The session's other streams (the owner's page holds one) are held from here with its cookie, and the refused
    // tab is in a browser context of its own with the same cookie: the owner's tabs share one stream, so only a tab
    // that cannot share with them (another window that does not share storage, or no Web Locks) meets the cap.
    const cookies = await owner.context.cookies(provider.url);
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const hog = new AbortController();
    const held = await Promise.all(Array.from({ length: 7 }, () => fetch(`${provider.url}/api/admin/events`, { headers: { cookie }, signal: hog.signal })));
    expect(held.map((response) => response.status)).toEqual(Array(7).fill(200));

    const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
    await context.addCookies(cookies);
    const tab = await context.newPage();
    await tab.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    const streamRequests: number[] = [];
    tab.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/admin/events') streamRequests.push(response.status());
    });
    try {
      await tab.goto(`${provider.url}/admin/bookings`);
      await tab.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
      const off = tab.getByTestId('live-state').and(tab.locator('[data-live="off"]'));
      await off.waitFor();
      expect(await tab.getByTestId('live-off').textContent()).toBe('Live updates are off in this tab: too many console tabs are open. Close one, then try again.');
      // The EventSource's refusal and the one request that read why: nothing more.
      expect(streamRequests).toEqual([429, 429]);
      expect(await axeViolations(tab, 'board, live updates off')).toEqual([]);
      await saveScreenshot(tab, 'console-board-live-off');
      await tab.setViewportSize({ width: WIDTHS.mobile, height: 900 });
      await saveScreenshot(tab, 'console-board-live-off');

      hog.abort();
      await off.getByRole('button', { name: 'Try again' }).click();
      await tab.getByTestId('live-state').and(tab.locator('[data-live="open"]')).waitFor();
      expect(streamRequests).toEqual([429, 429, 200]);
    } finally {
      hog.abort();
      await context.close();
    }
  });

  it('dispatches a booking with the keyboard only, the focus always visible', async () => {
    const { page } = owner;
    const { number } = await bookThroughApi('car', 'Keyboard');
    await toBoard(page);
    await page.getByTestId(`row-${number}`).waitFor();
    /** Tabs until the focused element's text (or accessible label) is `name`; checks its focus ring. */
    const tabTo = async (name: string) => {
      for (let presses = 0; presses < 60; presses++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          const style = element ? getComputedStyle(element) : null;
          return { text: element?.textContent?.trim() ?? '', label: element?.getAttribute('aria-label') ?? '', outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : '' };
        });
        if (focused.text === name || focused.label === name) {
          expect(focused.outline).not.toMatch(/^none|0px$/);
          return;
        }
      }
      throw new Error(`never reached ${name} with Tab`);
    };
    await page.locator('body').focus();
    await tabTo(number);
    await page.keyboard.press('Enter');
    await page.getByTestId('booking-status').waitFor();
    await tabTo('Accept');
    await page.keyboard.press('Enter');
    await statusBecomes(page, 'Accepted');
    const ran = await jobRan(number);
    await tabTo('Assign driver');
    await page.keyboard.press('Space');
    await page.getByLabel('Driver', { exact: true }).waitFor();
    // The step's heading has the focus: Tab goes on to its fields.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await tabTo('Assign');
    await page.keyboard.press('Enter');
    await statusBecomes(page, 'Driver assigned');
    await tabTo('Complete');
    await page.keyboard.press('Enter');
    await statusBecomes(page, 'Completed');
    expect(await statusOf(number)).toBe('completed');
    await ran.restore();
  });

  it('downloads the CSV export of the board’s days: the statutory columns and the bookings', async () => {
    const { page } = owner;
    await toBoard(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-export').click()]);
    const text = readFileSync((await download.path())!, 'utf8');
    const [header, ...lines] = text.trim().split(/\r?\n/);
    expect(header.replace(/^\uFEFF/, '')).toBe(STATUTORY_CSV_COLUMNS.map(([, label]) => label).join(','));
    // Every booking of this file is for tomorrow: on the board's days.
    const numbers = (await sql<{ booking_number: string }>('SELECT booking_number FROM bookings ORDER BY id')).map((row) => row.booking_number);
    expect(lines).toHaveLength(numbers.length);
    for (const number of numbers) expect(lines.some((line) => line.startsWith(number))).toBe(true);
  });

  it("edits a driver's licence expiry from the register: shown renewed, stored and audited; the form at 1280/768/375 px", async () => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Drivers & vehicles' }).click();
    await page.getByRole('heading', { name: 'Drivers & vehicles', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit Old Expired', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit Old Expired' });
    const expiry = form.getByLabel(/^Licence expiry/);
    expect(await expiry.inputValue()).toBe('2020-03-31');
    const violations = await axeViolations(page, 'fleet edit');
    for (const width of [WIDTHS.desktop, WIDTHS.tablet, WIDTHS.mobile]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, 'console-fleet-edit');
    }
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await expiry.fill('2031-03-31');
    await form.getByRole('button', { name: 'Save driver' }).click();
    await page.getByRole('status').getByText('Old Expired saved.').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Old Expired' });
    await row.getByText('2031-03-31', { exact: true }).waitFor();
    expect([await row.getByText(/^Expired/).count(), await form.count()]).toEqual([0, 0]);
    expect(await sql("SELECT licence_expiry::text AS expiry FROM drivers WHERE name = 'Old Expired'")).toEqual([{ expiry: '2031-03-31' }]);
    const [audit] = await sql<{ actor_kind: string; before: unknown; after: unknown }>("SELECT actor_kind, before, after FROM audit_log WHERE action = 'driver.update' ORDER BY id DESC LIMIT 1");
    expect(audit).toEqual({ actor_kind: 'staff', before: { licence_expiry: '2020-03-31' }, after: { licence_expiry: '2031-03-31' } });
    expect(violations).toEqual([]);
  });

  it('has no axe violations on any console screen; screenshots of the board, a booking and sign-in at 768 and 375 px', { timeout: 150_000 }, async () => {
    const { page } = owner;
    const found: string[] = [];
    for (const path of ['/admin/bookings', '/admin/enquiries', '/admin/mail', '/admin/fleet', '/admin/staff']) {
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: path === '/admin/bookings' ? 'Bookings' : path === '/admin/fleet' ? 'Drivers & vehicles' : path.slice(7, 8).toUpperCase() + path.slice(8) }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      found.push(...(await axeViolations(page, path)));
    }
    const [{ booking_number: number }] = await sql<{ booking_number: string }>("SELECT booking_number FROM bookings ORDER BY status = 'completed' DESC, id LIMIT 1");
    await page.goto(`${provider.url}/admin/bookings/${number}`);
    await page.getByTestId('booking-status').waitFor();
    found.push(...(await axeViolations(page, 'booking')));
    for (const width of [WIDTHS.tablet, WIDTHS.mobile]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, 'console-booking');
      await page.goto(`${provider.url}/admin/bookings`);
      // Below a desktop's width the board is cards (issue 33): no sideways scrolling.
      await page.getByTestId('board-cards').waitFor();
      await saveScreenshot(page, 'console-board');
      if (width === WIDTHS.mobile) found.push(...(await axeViolations(page, `board @${width}`)));
      await page.goto(`${provider.url}/admin/bookings/${number}`);
      await page.getByTestId('booking-status').waitFor();
    }
    const signedOut = await openConsole('/admin/sign-in', WIDTHS.tablet);
    try {
      await signedOut.page.getByLabel(/^E-mail/).waitFor();
      found.push(...(await axeViolations(signedOut.page, 'sign-in')));
      await saveScreenshot(signedOut.page, 'console-sign-in');
      await signedOut.page.setViewportSize({ width: WIDTHS.mobile, height: 900 });
      await saveScreenshot(signedOut.page, 'console-sign-in');
      await signedOut.page.goto(`${provider.url}/admin/set-password#token=${'A'.repeat(43)}`);
      await signedOut.page.getByLabel(/^New password/).waitFor();
      expect(new URL(signedOut.page.url()).hash).toBe('');
      found.push(...(await axeViolations(signedOut.page, 'set-password')));
    } finally {
      await signedOut.close();
    }
    expect(found).toEqual([]);
  });

  it('eight console tabs of one browser share one live stream: the eighth loads, a new booking reaches every tab, and closing the leading tab hands the stream on', { timeout: 120_000 }, async () => {
    const { number: watched } = await bookThroughApi('car', 'Tabwatch');
    const member = await openConsole('/admin/bookings');
    const streams: string[] = [];
    member.context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/events') streams.push(request.url());
    });
    try {
      await signIn(member.page, DISPATCHER);
      const tabs = [member.page];
      // Over HTTP/1.1 Chromium opens six connections to a host: with a stream per tab the seventh never loaded.
      for (const path of ['/admin/bookings', '/admin/bookings', '/admin/bookings', ...Array.from({ length: 4 }, () => `/admin/bookings/${watched}`)]) {
        const tab = await member.context.newPage();
        tab.setDefaultTimeout(15_000);
        await tab.goto(`${provider.url}${path}`);
        await (path === '/admin/bookings' ? tab.getByTestId('board-table').or(tab.getByTestId('board-cards')) : tab.getByTestId('booking-status')).waitFor();
        tabs.push(tab);
      }
      const boards = tabs.slice(0, 4);
      for (const board of boards) await board.locator('[data-testid="live-state"][data-live="open"]').waitFor();
      expect(streams).toHaveLength(1);

      const { number: fresh } = await bookThroughApi('car', 'Tabfresh');
      for (const board of boards) await board.getByRole('link', { name: fresh, exact: true }).waitFor();
      // A booking's page reads itself again when its booking changes elsewhere.
      const [{ revision }] = await sql<{ revision: number }>('SELECT revision FROM bookings WHERE booking_number = $1', [watched]);
      expect((await admin('POST', `/bookings/${watched}/dispatch`, { event: 'accept', revision })).statusCode).toBe(200);
      for (const tab of tabs.slice(4)) await statusBecomes(tab, 'Accepted');

      // The leading tab (the first) goes: another takes the stream over, and the boards keep receiving.
      await tabs[0].close();
      await expect.poll(() => streams.length, { timeout: 15_000 }).toBe(2);
      const { number: later } = await bookThroughApi('car', 'Tablater');
      for (const board of boards.slice(1)) await board.getByRole('link', { name: later, exact: true }).waitFor();
      expect(streams).toHaveLength(2);
    } finally {
      await member.close();
    }
  });

  it("the driver's app from the console (issue 32): invite from the register row, offer a job to the driver on duty, their accept and 'on the way' shown live", { timeout: 90_000 }, async () => {
    const { page } = owner;
    const app = driverAppOf(provider);
    const email = 'dev.patel@example.test';
    // Invite Dev Patel from his row: the link is mailed (at desktop width: the screenshots before end at 375 px).
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(`${provider.url}/admin/fleet`);
    await page.getByRole('button', { name: 'Invite Dev Patel to the app' }).click();
    const invite = page.getByRole('form', { name: 'Invite Dev Patel to the app' });
    await invite.getByLabel(/^Driver's e-mail/).fill(email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent', { exact: true }).waitFor();
    expect(await sql("SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'driver_set_password' AND to_address LIKE $1", [`%<${email}>`])).toEqual([{ n: 1 }]);

    // Dev Patel sets his password and goes on duty with the Prius.
    expect((await app.inject('POST', 'set-password', {}, { token: await app.linkToken(email), password: DRIVER_PASSWORD })).statusCode).toBe(200);
    const dev = await app.signIn(email);
    const shift = await app.as(dev, 'POST', 'shift', { vehicle_id: vehicleId });
    expect(shift.statusCode, shift.body).toBe(200);

    // An accepted booking offered to him from its page.
    const { number } = await bookThroughApi('car', 'Offered');
    const [{ revision }] = await sql<{ revision: number }>('SELECT revision FROM bookings WHERE booking_number = $1', [number]);
    expect((await admin('POST', `/bookings/${number}/dispatch`, { event: 'accept', revision })).statusCode).toBe(200);
    await page.goto(`${provider.url}/admin/bookings/${number}`);
    await statusBecomes(page, 'Accepted');
    await page.getByTestId('dispatch-actions').getByRole('button', { name: 'Offer to a driver' }).click();
    const choice = page.getByTestId('offer-step').getByLabel('Driver on duty', { exact: true });
    await choice.locator(`option[value="${driverId}"]`).waitFor({ state: 'attached' });
    expect((await choice.locator('option').allTextContents())[1]).toMatch(/^Dev Patel · LK21ABC Toyota Prius\+ · Next: CF-\S+ at \d{2}:\d{2}$|^Dev Patel · LK21ABC Toyota Prius\+ · Free$/);
    await choice.selectOption(String(driverId));
    expect(await axeViolations(page, 'offer step')).toEqual([]);
    await page.getByRole('button', { name: 'Send offer' }).click();
    await page.getByTestId('dispatch-notice').getByText('Offer sent').waitFor();
    const offers = page.getByTestId('booking-offers');
    await offers.locator('li', { hasText: /^Dev Patel · Offered, until \d{2}:\d{2}:\d{2}$/ }).waitFor();
    expect(await axeViolations(page, 'offers panel')).toEqual([]);

    // He accepts on his phone: the page shows him assigned without a reload.
    const [offer] = (await app.as(dev, 'GET', 'offers')).json().offers as { id: number; booking_number: string }[];
    expect(offer.booking_number).toBe(number);
    const accepted = await app.as(dev, 'POST', `offers/${offer.id}/accept`, app.tapBody());
    expect(accepted.statusCode, accepted.body).toBe(200);
    await page.getByTestId('booking-status').getByText('Driver assigned', { exact: true }).waitFor();
    expect(await page.getByTestId('dispatch-facts').textContent()).toContain('Dev Patel');
    await offers.locator('li', { hasText: /^Dev Patel · Accepted at \d{2}:\d{2}:\d{2}$/ }).waitFor();

    // On his way (the lead-time rule: within the hour before the pick-up, moved to 30 minutes from now).
    await sql("UPDATE bookings SET pick_up_at = now() + interval '30 minutes' WHERE booking_number = $1", [number]);
    const step = await app.as(dev, 'POST', `jobs/${number}/steps`, app.tapBody({ step: 'on_the_way' }));
    expect(step.statusCode, step.body).toBe(200);
    await page.getByTestId('job-stage').getByText('On the way', { exact: true }).waitFor();
    expect(await page.getByTestId('job-progress').textContent()).toMatch(/On the way · \w{3} \d{1,2} \w{3}, \d{2}:\d{2}/);
    // The board's row carries the same stage.
    await toBoard(page);
    await page.getByTestId(`row-${number}`).getByTestId('job-stage').getByText('On the way', { exact: true }).waitFor();
  });

  it('takes a phone booking (issue 34) with the keyboard: the trip priced, the caller found by phone, on account at an overridden price; stored, audited, confirmed by mail; axe 0', { timeout: 60_000 }, async () => {
    const { page } = owner;
    const account = await admin('POST', '/company-accounts', { name: 'Phone Acme Ltd', billing_email: 'ap@phoneacme.test', credit_limit_pence: 100_000 });
    const [{ id: passengerId }] = await sql<{ id: string }>("INSERT INTO passengers (site_id, name, email, phone) VALUES (1, 'Priya Patel', 'priya@phoneacme.test', '+44 7700 900777') RETURNING id");
    await sql("INSERT INTO company_account_members (site_id, account_id, passenger_id, role) VALUES (1, $1, $2, 'booker')", [account.json().account.id, passengerId]);

    if (pathname(page) !== '/admin/bookings') await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Bookings' }).click();
    await page.getByRole('link', { name: 'New booking' }).click();
    await page.getByRole('heading', { name: 'New booking', level: 1 }).waitFor();
    expect(pathname(page)).toBe('/admin/bookings/new');
    // The pick-up field has the focus: the dispatcher types the trip and presses Enter to price it.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '')).toMatch(/^Pick-up address/);
    await page.keyboard.type('Heathrow Airport Terminal 5, Hounslow TW6 2GA');
    await page.keyboard.press('Tab');
    await page.keyboard.type('The Savoy, Strand, London WC2R 0EZ');
    await page.getByLabel(/^Date/).fill(TOMORROW);
    await page.getByLabel(/^Time/).fill('14:30');
    await page.getByLabel(/^Passengers/).fill('2');
    await page.keyboard.press('Enter');
    const firstVehicle = page.getByRole('radiogroup', { name: 'Vehicle' }).getByRole('radio').first();
    await firstVehicle.waitFor();
    expect(await firstVehicle.isChecked()).toBe(true);

    await page.getByLabel('Find by phone or e-mail').fill('07700 900777');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^Priya Patel · priya@phoneacme\.test/ }).click();
    expect(await page.getByRole('radio', { name: 'On account (Phone Acme Ltd)' }).isChecked()).toBe(true);
    await page.getByLabel('Override the price').check();
    await page.getByLabel(/^Price \(£\)/).fill('42.50');
    await page.getByLabel(/^Reason/).fill('Regular customer rate');
    expect(await axeViolations(page, 'phone booking')).toEqual([]);
    await page.keyboard.press('Enter');

    const done = page.getByRole('status').filter({ hasText: /^Booked CF-/ });
    await done.waitFor();
    const number = /Booked (CF-[2-9A-Z]{8})/.exec((await done.textContent()) ?? '')![1];
    expect(await done.textContent()).toContain('£42.50 · On account');
    expect(await axeViolations(page, 'phone booking done')).toEqual([]);
    const [stored] = await sql<Record<string, unknown>>('SELECT source, total_pence, payment_method, passenger_email, price_override_reason FROM bookings WHERE booking_number = $1', [number]);
    expect(stored).toEqual({ source: 'console', total_pence: 4250, payment_method: 'account', passenger_email: 'priya@phoneacme.test', price_override_reason: 'Regular customer rate' });
    const audit = await sql<{ action: string; after: Record<string, unknown> }>("SELECT action, after FROM audit_log WHERE entity_id = $1 AND action = 'booking.price_override'", [number]);
    expect(audit).toEqual([{ action: 'booking.price_override', after: { total_pence: 4250, reason: 'Regular customer rate' } }]);
    const mails = await sql<{ to_address: string }>("SELECT to_address FROM mail_outbox WHERE kind = 'booking_confirmation' AND subject LIKE '%' || $1 || '%'", [number]);
    expect(mails.map((mail) => mail.to_address)).toEqual([expect.stringContaining('priya@phoneacme.test')]);
    await saveScreenshot(page, 'console-phone-booking');
    await page.getByRole('link', { name: `Open ${number}` }).click();
    await page.getByTestId('booking-status').waitFor();
    expect(pathname(page)).toBe(`/admin/bookings/${number}`);
  });

  it('signs out: back to sign-in with "Signed out", and the session is gone', async () => {
    const { page } = owner;
    await page.getByTestId('member-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await page.getByTestId('console-notice').getByText('Signed out').waitFor();
    expect(pathname(page)).toBe('/admin/sign-in');
    expect((await page.request.get(`${provider.url}/api/admin/session`)).status()).toBe(401);
  });
});
