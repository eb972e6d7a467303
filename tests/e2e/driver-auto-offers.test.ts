import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_JOB_STATE_LABELS } from '../../contract/dispatch.ts';
import { DRIVER_MESSAGES } from '../../contract/driver.ts';
import { axeViolations, settled } from '../helpers/axe.ts';
import { launchBrowser, openPage, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { DRIVER_PASSWORD, driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 33, automatic offers in Chromium: two drivers' phones (375 × 812, positions emulated 1.2 km and 5 km from the
// pick-up) on duty in the driver's app; the owner's switch on and the server's own passes running; a booking accepted
// by the office reaches the nearer driver's open app, their Decline sends it to the other's, whose Accept makes it
// theirs. Needs a build first (DIST_DIR).

let provider: TestProvider;
let browser: Browser;
let dispatcher: Signed;
let template = '';
const phones: OpenedPage[] = [];
const MINUTE = 60_000;

beforeAll(async () => {
  provider = await startTestProvider({ listen: true, env: { AUTO_OFFER_INTERVAL_SECONDS: '0.3' } });
  browser = await launchBrowser();
  const api = consoleOf(provider);
  dispatcher = await api.dispatcher();
  expect((await api.as(await api.owner(), 'PUT', 'settings', { AUTO_OFFERS: 'enable' })).statusCode).toBe(200);
  template = await api.bookInCar('auto.offers.e2e@example.test');
}, 60_000);

afterAll(async () => {
  for (const phone of phones) await phone.close();
  await browser?.close();
  await provider?.dispose();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

/** A driver's phone `km` north of the pick-up, signed in and on duty in a vehicle of their own. */
async function phoneOnDuty(name: string, km: number, pickup: { lat: number; lng: number }): Promise<{ driver: SignedDriver; page: Page }> {
  const api = consoleOf(provider);
  const app = driverAppOf(provider, api);
  const driver = await app.newDriver(dispatcher, name);
  const vehicleId = await app.newVehicle(dispatcher);
  const [{ registration }] = await api.sql<{ registration: string }>('SELECT registration FROM vehicles WHERE id = $1', [vehicleId]);
  const opened = await openPage(browser, `${provider.url}/driver`, { width: WIDTHS.mobile, height: 812, waitForApp: false });
  phones.push(opened);
  const { page, context } = opened;
  page.setDefaultTimeout(15_000);
  await context.grantPermissions(['geolocation'], { origin: provider.url });
  await context.setGeolocation({ latitude: pickup.lat + km / 111.195, longitude: pickup.lng });
  await heading(page, 'Sign in');
  await page.getByLabel(/^E-mail/).fill(driver.email);
  await page.getByLabel(/^Password/).fill(DRIVER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await heading(page, 'Off duty');
  await page.getByRole('button', { name: new RegExp(`^Go on duty in ${registration} `) }).click();
  await heading(page, 'Waiting for a job');
  await expect
    .poll(async () => (await api.sql<{ n: number }>('SELECT count(*)::int AS n FROM driver_positions WHERE driver_id = $1', [driver.driverId]))[0].n, { timeout: 10_000 })
    .toBe(1);
  return { driver, page };
}

describe('automatic offers reach the nearest of two drivers’ phones', () => {
  it('the nearer driver is offered the job live; their decline goes to the other, who accepts', async () => {
    const api = consoleOf(provider);
    const site = (await provider.cache.sites()).find((entry) => entry.isDefault)!;
    const pickup = (await provider.autoOffers.place(site, 'Heathrow Airport Terminal 5, Hounslow TW6 2GA'))!;
    const mohammed = await phoneOnDuty('Mohammed', 1.2, pickup);
    const aisha = await phoneOnDuty('Aisha', 5, pickup);

    const number = 'CF-E2EAUTO1';
    await api.copyBooking(template, { number, pickupAt: new Date(Date.now() + 30 * MINUTE) });
    expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);

    // Nobody in the office offers it: the server's pass does, to the nearer phone, which shows it at once.
    await heading(mohammed.page, 'New job offer');
    await settled(mohammed.page);
    expect(await axeViolations(mohammed.page, 'driver-auto-offer')).toEqual([]);
    // The other phone still waits (its app reads its work again on every booking event, so wait for the heading).
    await heading(aisha.page, 'Waiting for a job');
    expect(await aisha.page.getByRole('heading', { level: 1, name: 'New job offer' }).count()).toBe(0);
    await mohammed.page.getByRole('button', { name: 'Decline' }).click();
    await heading(mohammed.page, 'Waiting for a job');

    await heading(aisha.page, 'New job offer');
    await aisha.page.getByRole('button', { name: 'Accept' }).click();
    await aisha.page.getByTestId('driver-job-state').getByText(DRIVER_JOB_STATE_LABELS.assigned, { exact: true }).waitFor();
    expect(await aisha.page.getByTestId('driver-notice').textContent()).toBe(DRIVER_MESSAGES.offerAccepted);
    await heading(mohammed.page, 'Waiting for a job');
    expect(await mohammed.page.getByRole('heading', { level: 1, name: 'New job offer' }).count()).toBe(0);

    const booking = (await api.as(dispatcher, 'GET', `bookings/${number}`)).json().booking;
    expect(booking).toMatchObject({ status: 'driver_assigned', dispatch: { driver: { id: aisha.driver.driverId } } });
    expect(booking.timeline.filter((entry: { action: string }) => entry.action.startsWith('booking.auto_offer')).map((entry: { after: { text: string } }) => entry.after.text)).toEqual([
      'offered to Mohammed: 1.2 km, about 4 min',
      'offered to Mohammed: 1.2 km, about 4 min; declined',
      'offered to Aisha: 5.0 km, about 15 min (passed over: Mohammed, declined it)',
    ]);
  });
});
