// Known defect booking-5368ac, mended (README, "Model paths"): on a restored details step, "Existing client", a wrong
// password, Next, the 'Email not found' popup, then a link to /quoteView. The page was never wrong: the model path's
// runner followed the link while the e-mail check was still on its way (its assertion of the details step did not wait
// for the answer), and an in-flight state ignores route.enter, so the URL sync put the address back. Both halves in
// Chromium: in flight the link is refused and the address stays; once the popup shows the link reaches QUOTE NOW.
// Needs a build first.
import type { Browser, Page, Route } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashPassword } from '../../server/domain/accounts/passwords.ts';
import { BOOKING_MESSAGES } from '../../machines/booking/index.ts';
import { appReady, launchBrowser } from '../helpers/browser.ts';
import { weekdayAhead } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';
import { bookingUi } from '../model/ui/booking.ui.ts';
import { encoded, UiRun, type UiEnv } from '../model/ui/harness.ts';
import type { ModelPath } from '../model/types.ts';

let provider: TestProvider;
let browser: Browser;
const EMAIL = `restored-${Date.now()}@example.test`;

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
  await provider.db.query('INSERT INTO passengers (site_id, name, email, phone, password_hash, is_corporate) VALUES (1, $1, $2, $3, $4, false)', [
    'Ada Lovelace',
    EMAIL,
    '+44 7700 900123',
    await hashPassword('a long enough password'),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await provider?.dispose();
});

/** A page reloaded on the details step (spec §3 keys as the quotation step leaves them), the e-mail check held. */
async function restoredDetails(): Promise<{ page: Page; release: () => void }> {
  const form = { stops: [], pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', dropoff: 'The Savoy, Strand, London WC2R 0EZ', pickup_date: weekdayAhead(4), pickup_hour: '2pm', pickup_min: '30', select_option: 'one_way', passengers: 2, luggages: 1, hand_luggages: 1 };
  const response = await fetch(`${provider.url}/api/v1/calculate-distance-price`, { method: 'POST', headers: { ...KEY_HEADERS, 'content-type': 'application/json' }, body: JSON.stringify(form) });
  const list = (await response.json()).price_details as { vehicle_id: number; company_id: number }[];
  const saloon = list.find((row) => row.vehicle_id === 1 && row.company_id === 1)!;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  await page.goto(`${provider.url}/favicon.svg`);
  await page.evaluate(
    (items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    },
    { BookingType: encoded('milleage'), PriceDetails: encoded(list), selectedVehicleData: encoded(saloon), SelectedVehicle: JSON.stringify({ vehicle_id: 1 }), selectionKind: JSON.stringify('selection'), BookingForm: JSON.stringify(form) },
  );
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/check-passenger-email', async (route: Route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${provider.url}/personalDetailView`);
  await appReady(page, 20_000);
  await page.getByTestId('passenger-mode').getByText('Existing client', { exact: true }).click();
  await page.getByLabel(/^Email/).first().fill(EMAIL);
  await page.getByLabel(/^Password/).first().fill('not-the-password');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  return { page, release };
}

const follow = (page: Page, path: string) => page.evaluate((to) => history.pushState(null, '', to), path);
const pathname = (page: Page) => new URL(page.url()).pathname;

it('a link to /quoteView while the e-mail check is in flight is refused; once the popup shows it reaches QUOTE NOW', async () => {
  const { page, release } = await restoredDetails();
  await page.locator('form button[type="submit"][data-loading]').waitFor();
  await follow(page, '/quoteView');
  await expect.poll(() => pathname(page), { timeout: 10_000 }).toBe('/personalDetailView');
  release();
  const popup = page.getByRole('dialog').filter({ hasText: BOOKING_MESSAGES.emailNotFound });
  await popup.waitFor();
  await follow(page, '/quoteView');
  await expect.poll(() => pathname(page), { timeout: 10_000 }).toBe('/quoteView');
  await page.getByRole('heading', { name: 'QUOTE NOW' }).waitFor();
  await expect(popup.count()).resolves.toBe(0);
  await page.context().close();
});

it("the model runner's check of the details step after the popup's answer does not pass while the answer is on its way", async () => {
  // What let the path race: this assertion passed on a page still checking, so the next step's link was refused.
  const { page, release } = await restoredDetails();
  await page.locator('form button[type="submit"][data-loading]').waitFor();
  const run = new UiRun({ baseUrl: provider.url } as UiEnv, page.context(), page, {} as ModelPath);
  const snapshot = { context: { alert: { kind: 'error', title: null, message: BOOKING_MESSAGES.emailNotFound }, promo: null, promoDraft: '', promoMessage: null } } as unknown as AnyMachineSnapshot;
  const assertEditing = bookingUi.assertions['personalDetails.editing'];
  await expect(assertEditing(run, { path: {} as ModelPath, index: 0, snapshot })).rejects.toThrow();
  release();
  await assertEditing(run, { path: {} as ModelPath, index: 0, snapshot });
  await page.context().close();
});
