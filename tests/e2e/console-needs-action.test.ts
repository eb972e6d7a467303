import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_QUEUE_MESSAGES, NEEDS_ACTION_TEXT } from '../../contract/consoleQueue.ts';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { axeViolations, settled } from '../helpers/axe.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { launchBrowser, openPage, saveScreenshot, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { londonDate } from '../helpers/forms.ts';
import { consoleOf } from '../helpers/console.ts';
import { driverAppOf } from '../helpers/driver.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';
import { londonParts } from '../../server/domain/pricing/londonTime.ts';

// Issue 33: the dispatcher's "Needs action" queue in Chromium against the real server. A visitor's booking for next
// week (off the board's default days) raises the board's badge and appears in the queue, live; the board and the
// queue are cards at 375 px with no sideways scrolling; axe at 1280, 768 and 375 px; screenshots. Needs a build.

let provider: TestProvider;
let browser: Browser;
let dispatcher: OpenedPage;

const pathname = (page: Page) => new URL(page.url()).pathname;
const queueCount = async () =>
  (await provider.fastify.inject({ method: 'GET', url: '/api/admin/needs-action', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json().count as number;

/** A visitor's booking in another browser context, through the public API; its number. */
async function visitorBooks(days: number, surname: string): Promise<string> {
  const visitor = await browser.newContext();
  try {
    const { form, row } = await quoteFor(provider, { pickup_date: londonDate(days) });
    const payload = bookingPayload(form, row, { registrationData: { ...guestRegistration, surname, email: `${surname.toLowerCase()}@example.test` } });
    const made = await (await visitor.newPage()).request.post(`${provider.url}/api/v1/booking`, { headers: KEY_HEADERS, data: payload });
    expect(made.status()).toBe(200);
    return (await made.json()).data.booking.booking_number as string;
  } finally {
    await visitor.close();
  }
}

/** No sideways scrolling: the document is no wider than the viewport. */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
  dispatcher = await openPage(browser, `${provider.url}/admin/bookings`, { width: WIDTHS.desktop, waitForApp: false });
  const { page } = dispatcher;
  page.setDefaultTimeout(15_000);
  await page.getByLabel(/^E-mail/).fill(DEMO_STAFF.dispatcher.email);
  await page.getByLabel(/^Password/).fill(DEMO_STAFF.dispatcher.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('member-menu').waitFor();
}, 60_000);

afterAll(async () => {
  await dispatcher?.close();
  await browser?.close();
  await provider?.dispose();
});

describe('the "Needs action" queue', () => {
  it("a visitor's booking for next week raises the board's badge (the queue's count) and is in the queue; the queue is live", async () => {
    const { page } = dispatcher;
    await page.getByTestId('board-table').or(page.getByTestId('board-empty')).waitFor();
    await page.getByTestId('live-state').and(page.locator('[data-live="open"]')).waitFor();
    const before = await queueCount();

    const nextWeek = await visitorBooks(7, 'Nextweek');
    const badge = page.getByTestId('needs-action-count');
    await badge.getByText(`${before + 1} ${before + 1 === 1 ? 'needs' : 'need'} action`, { exact: true }).waitFor();
    expect(await queueCount()).toBe(before + 1);
    // Not on the board's default days (today and tomorrow).
    expect(await page.getByTestId(`row-${nextWeek}`).count()).toBe(0);

    await badge.click();
    await page.getByRole('heading', { name: 'Needs action', level: 1 }).waitFor();
    expect(pathname(page)).toBe('/admin/needs-action');
    const card = page.getByTestId(`row-${nextWeek}`);
    await card.getByText(NEEDS_ACTION_TEXT.new, { exact: true }).waitFor();
    expect(await card.getByRole('link', { name: nextWeek, exact: true }).getAttribute('href')).toBe(`/admin/bookings/${nextWeek}`);
    expect(await page.getByTestId('queue-count').textContent()).toBe(`${before + 1} ${before + 1 === 1 ? 'booking' : 'bookings'}`);
    expect(await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Needs action' }).getAttribute('aria-current')).toBe('page');

    // Live: another visitor's booking appears without a reload; accepting one on its page takes it out.
    await page.getByTestId('live-state').and(page.locator('[data-live="open"]')).waitFor();
    const another = await visitorBooks(9, 'Laterstill');
    await page.getByTestId(`row-${another}`).waitFor();
    await page.getByTestId('queue-count').getByText(`${before + 2} bookings`, { exact: true }).waitFor();

    await card.getByRole('link', { name: nextWeek, exact: true }).click();
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByTestId('booking-status').getByText('Accepted', { exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Needs action' }).click();
    await page.getByTestId(`row-${another}`).waitFor();
    expect(await page.getByTestId(`row-${nextWeek}`).count()).toBe(0);
    expect(await queueCount()).toBe(before + 1);
  });

  it("a passenger's change request: its lines on the card, 'Dealt with' takes it off once, with the server's notice", async () => {
    const { page } = dispatcher;
    const number = await visitorBooks(12, 'Changer');
    await provider.db.query(
      `INSERT INTO booking_changes (site_id, booking_id, from_revision, status, digest, before, after, old_total_pence, new_total_pence, difference_pence)
       SELECT site_id, id, revision, 'requested', 'e2e', '{"passengers": 2}', '{"values": {"passengers": 3}, "changed": ["passengers"]}', total_pence, total_pence, 0
         FROM bookings WHERE booking_number = $1`,
      [number],
    );
    await page.goto(`${provider.url}/admin/needs-action`);
    const card = page.getByTestId(`row-${number}`);
    const request = card.locator('[data-reason="change_requested"]');
    await request.getByText('The passenger asked for a change', { exact: true }).waitFor();
    expect(await request.getByRole('listitem').allTextContents()).toEqual(['Passengers: 2 → 3']);
    await request.getByRole('button', { name: /^Dealt with/ }).click();
    await page.getByRole('status').getByText(CONSOLE_QUEUE_MESSAGES.handled, { exact: true }).waitFor();
    await request.waitFor({ state: 'detached' });
    // Still new: it stays in the queue for that reason alone.
    expect(await card.locator('[data-reason]').evaluateAll((items) => items.map((item) => item.getAttribute('data-reason')))).toEqual(['new']);
    expect((await provider.db.query<{ handled_by: string }>('SELECT handled_by FROM booking_changes WHERE booking_id = (SELECT id FROM bookings WHERE booking_number = $1)', [number])).rows).toEqual([
      { handled_by: DEMO_STAFF.dispatcher.email },
    ]);
  });

  it('the queue and the board at 1280, 768 and 375 px: axe clean, cards below a desktop width, no sideways scrolling at 375 px', { timeout: 120_000 }, async () => {
    const { page } = dispatcher;
    // One for tomorrow: on the board's default days.
    await visitorBooks(1, 'Tomorrow');
    const found: string[] = [];
    for (const width of [WIDTHS.desktop, WIDTHS.tablet, WIDTHS.mobile]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${provider.url}/admin/needs-action`);
      await page.getByTestId('queue-cards').waitFor();
      await settled(page);
      found.push(...(await axeViolations(page, `queue @${width}`)));
      expect(await sidewaysScroll(page), `queue @${width}`).toBe(0);
      await saveScreenshot(page, 'console-needs-action');

      await page.goto(`${provider.url}/admin/bookings`);
      await page.getByTestId('needs-action-count').waitFor();
      await page.getByTestId(width === WIDTHS.desktop ? 'board-table' : 'board-cards').waitFor();
      await settled(page);
      found.push(...(await axeViolations(page, `board @${width}`)));
      if (width === WIDTHS.mobile) {
        expect(await page.getByTestId('board-table').count()).toBe(0);
        expect(await sidewaysScroll(page), 'board @375').toBe(0);
        const cardWidth = await page.getByTestId('board-cards').evaluate((element) => element.getBoundingClientRect().width);
        expect(cardWidth).toBeLessThanOrEqual(375);
        await saveScreenshot(page, 'console-board-cards');
      }
    }
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    expect(found).toEqual([]);
  });
});

describe("the dispatcher's live map", () => {
  /** Today in London, an hour from the London midday side of now: the job is today's whatever time the run is. */
  const todayPickup = () => (londonParts(new Date()).hour >= 12 ? new Date(Date.now() - 3_600_000) : new Date(Date.now() + 3_600_000));

  it('the schematic: drivers on duty and today\'s jobs, picked on the list or the map; a new job arrives live; a street map on the owner\'s style; axe at 1280, 768 and 375 px', { timeout: 120_000 }, async () => {
    const { page } = dispatcher;
    const api = consoleOf(provider);
    const app = driverAppOf(provider, api);
    const office = await api.dispatcher();
    const site = (await provider.cache.sites()).find((entry) => entry.isDefault)!;
    const heathrow = (await provider.autoOffers.place(site, 'Heathrow Airport Terminal 5, Hounslow TW6 2GA'))!;
    const driver = await app.newDriver(office, 'Maya Map');
    const vehicle = await api.as(office, 'POST', 'vehicles', { registration: 'MP26MAP', make: 'Toyota', model: 'Prius', colour: 'Silver', category_id: 1, licence_number: 'PHV-MAP-1', licence_expiry: '2035-01-31' });
    expect(vehicle.statusCode, vehicle.body).toBe(201);
    expect((await app.as(driver, 'POST', 'shift', { vehicle_id: vehicle.json().vehicle.id })).statusCode).toBe(200);
    expect((await app.as(driver, 'POST', 'positions', { lat: heathrow.lat + 0.02, lng: heathrow.lng + 0.03 })).statusCode).toBe(200);
    const template = await api.bookInCar('map.e2e@example.test');
    await api.copyBooking(template, { number: 'CF-MAPE2E1', pickupAt: todayPickup() });
    await api.sql("UPDATE bookings SET status = 'accepted', pick_up_address = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' WHERE booking_number = 'CF-MAPE2E1'");

    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(`${provider.url}/admin/map`);
    await page.getByRole('heading', { name: 'Live map', level: 1 }).waitFor();
    const map = page.getByTestId('dispatch-map');
    expect(await map.getAttribute('data-map')).toBe('schematic');
    const driverMarker = map.locator(`[data-marker="driver:${driver.driverId}"]`);
    await driverMarker.waitFor();
    await map.locator('[data-marker="job:CF-MAPE2E1"]').waitFor();
    const driverItem = page.getByTestId('map-drivers').locator(`[data-driver="${driver.driverId}"]`);
    expect(await driverItem.textContent()).toContain('Maya Map');
    expect(await driverItem.textContent()).toContain('Free');
    // Picked on the list: pressed there and marked on the map; picked again: neither.
    await driverItem.click();
    expect(await driverItem.getAttribute('aria-pressed')).toBe('true');
    expect(await driverMarker.getAttribute('data-selected')).toBe('');
    await driverItem.click();
    expect(await driverItem.getAttribute('aria-pressed')).toBe('false');
    // Picked on the map: the job's card is pressed, with a link to the booking.
    await map.locator('[data-marker="job:CF-MAPE2E1"]').click();
    const jobItem = page.getByTestId('map-jobs').locator('[data-job="CF-MAPE2E1"]');
    expect(await jobItem.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('link', { name: 'Open CF-MAPE2E1' }).waitFor();

    // A job accepted in the office elsewhere arrives without a reload (the live stream).
    await api.copyBooking(template, { number: 'CF-MAPE2E2', pickupAt: todayPickup() });
    await api.sql("UPDATE bookings SET status = 'confirmed' WHERE booking_number = 'CF-MAPE2E2'");
    expect((await api.as(office, 'POST', 'bookings/CF-MAPE2E2/dispatch', { event: 'accept' })).statusCode).toBe(200);
    await page.getByTestId('map-jobs').locator('[data-job="CF-MAPE2E2"]').waitFor();

    const found: string[] = [];
    for (const width of [WIDTHS.desktop, WIDTHS.tablet, WIDTHS.mobile]) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
      found.push(...(await axeViolations(page, `map @${width}`)));
      expect(await sidewaysScroll(page), `map @${width}`).toBe(0);
      await saveScreenshot(page, 'console-map');
    }

    // The owner's street map style (any OpenStreetMap-based provider's; here a stand-in answering the style): MapLibre
    // draws it, with the same markers as buttons named for what they are.
    const style = 'https://tiles.example.test/styles/plain.json';
    expect((await api.asAdmin('PUT', 'settings', { MAP_STYLE_URL: style })).statusCode).toBe(200);
    await page.route('https://tiles.example.test/**', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ version: 8, sources: {}, layers: [{ id: 'land', type: 'background', paint: { 'background-color': '#e8eee4' } }] }) }),
    );
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(`${provider.url}/admin/map`);
    await page.locator('[data-map="street"] canvas').waitFor();
    const pin = page.locator(`[data-map="street"] button[data-marker="driver:${driver.driverId}"]`);
    await pin.waitFor();
    expect(await pin.getAttribute('aria-label')).toBe('Maya Map: Free');
    await pin.click();
    expect(await driverItem.getAttribute('aria-pressed')).toBe('true');
    await settled(page, { network: false });
    await saveScreenshot(page, 'console-map-street');
    expect((await api.asAdmin('PUT', 'settings', { MAP_STYLE_URL: null })).statusCode).toBe(200);
    await page.unroute('https://tiles.example.test/**');
    expect(found).toEqual([]);
  });
});
