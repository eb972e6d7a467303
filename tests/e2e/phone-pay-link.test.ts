import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { axeViolations, settled } from '../helpers/axe.ts';
import { launchBrowser, openPage, saveScreenshot, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { londonDate } from '../helpers/forms.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 34, card by payment link, in Chromium against the real server: a dispatcher takes a phone booking as 'Card by
 * payment link' (held, 'Awaiting payment' on the board); the passenger opens the mailed link on a 375 px phone (the
 * token leaves the address bar), sees the trip and the price, pays with the sandbox's test card; the console's booking
 * shows it confirmed ('New'). axe 0 on the pay page; its screenshots at 375/768/1280 px for the README.
 */
let provider: TestProvider;
let browser: Browser;
let consolePage: OpenedPage | null = null;
const opened: OpenedPage[] = [];
const sql = async <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => (await provider.db.query<Row>(text, params)).rows;
const pathname = (page: Page) => new URL(page.url()).pathname;

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const page of opened) await page.close().catch(() => undefined);
  await consolePage?.close().catch(() => undefined);
  await browser?.close();
  await provider?.dispose();
});

describe('a phone booking paid by its mailed card link', () => {
  let bookingNumber = '';
  let token = '';

  it('the dispatcher takes the booking by payment link: held until paid, the link mailed, Awaiting payment on the board', { timeout: 90_000 }, async () => {
    consolePage = await openPage(browser, `${provider.url}/admin/bookings/new`, { width: WIDTHS.desktop, waitForApp: false });
    const { page } = consolePage;
    page.setDefaultTimeout(20_000);
    await page.getByLabel(/^E-mail/).fill(DEMO_STAFF.dispatcher.email);
    await page.getByLabel(/^Password/).fill(DEMO_STAFF.dispatcher.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'New booking', level: 1 }).waitFor();
    await page.getByLabel(/^Pick-up address/).fill('Heathrow Airport Terminal 5, Hounslow TW6 2GA');
    await page.getByLabel(/^Drop-off address/).fill('The Savoy, Strand, London WC2R 0EZ');
    await page.getByLabel(/^Date/).fill(londonDate(3));
    await page.getByLabel(/^Time/).fill('14:30');
    await page.getByLabel(/^Passengers/).fill('2');
    await page.getByLabel(/^Passengers/).press('Enter');
    await page.getByRole('radiogroup', { name: 'Vehicle' }).getByRole('radio').first().waitFor();
    await page.getByLabel(/^Name/).fill('Lena Link');
    await page.getByLabel(/^E-mail \(the confirmation/).fill('lena.link@example.test');
    await page.getByLabel(/^Phone/).fill('07700 900123');
    await page.getByRole('radio', { name: 'Card by payment link' }).check();
    await page.getByRole('button', { name: 'Book', exact: true }).click();

    const done = page.getByRole('status').filter({ hasText: /^Booked CF-/ });
    await done.waitFor();
    const text = (await done.textContent()) ?? '';
    bookingNumber = /Booked (CF-[2-9A-Z]{8}), held until/.exec(text)![1];
    expect(text).toContain('Card by payment link: awaiting payment');
    const [mail] = await sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_pay_link' AND subject LIKE '%' || $1 || '%'", [bookingNumber]);
    token = /#token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1];
    await page.getByRole('link', { name: `Open ${bookingNumber}` }).click();
    await page.getByTestId('booking-status').getByText('Awaiting payment').waitFor();
  });

  it('the pay page at 768 and 1280 px: the trip and the price, the token gone from the address, axe 0', { timeout: 90_000 }, async () => {
    for (const width of [WIDTHS.tablet, WIDTHS.desktop]) {
      const visit = await openPage(browser, `${provider.url}/pay-booking#token=${token}`, { width });
      opened.push(visit);
      const { page } = visit;
      await page.locator('[data-screen="pay-booking"][data-stage="form"]').waitFor();
      await page.getByTestId('pay-now').waitFor();
      expect(page.url()).toBe(`${provider.url}/pay-booking`);
      await settled(page);
      expect(await axeViolations(page, `pay booking ${width}`)).toEqual([]);
      await saveScreenshot(page, 'pay-booking');
      await visit.close();
    }
  });

  it('the passenger pays on a 375 px phone with the sandbox test card; the board shows the booking confirmed', { timeout: 90_000 }, async () => {
    const visit = await openPage(browser, `${provider.url}/pay-booking#token=${token}`, { width: WIDTHS.mobile });
    opened.push(visit);
    const { page } = visit;
    await page.locator('[data-screen="pay-booking"][data-stage="form"]').waitFor();
    expect(pathname(page)).toBe('/pay-booking');
    expect(await page.getByTestId('pay-booking-trip').textContent()).toContain(bookingNumber);
    const [row] = await sql<{ total_pence: number }>('SELECT total_pence FROM bookings WHERE booking_number = $1', [bookingNumber]);
    expect(await page.getByTestId('amount-to-pay').textContent()).toBe(`£${(Number(row.total_pence) / 100).toFixed(2)}`);
    await settled(page);
    expect(await axeViolations(page, 'pay booking 375')).toEqual([]);
    await saveScreenshot(page, 'pay-booking');

    await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry Date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByTestId('pay-now').click();
    await page.getByTestId('pay-booking-paid').waitFor();
    expect(await page.getByTestId('pay-booking-message').textContent()).toBe(`Thank you: booking ${bookingNumber} is paid and confirmed. Your confirmation is on its way by e-mail.`);
    expect(await axeViolations(page, 'pay booking paid')).toEqual([]);
    await saveScreenshot(page, 'pay-booking-paid');

    const [stored] = await sql<Record<string, unknown>>('SELECT status, payment_status FROM bookings WHERE booking_number = $1', [bookingNumber]);
    expect(stored).toEqual({ status: 'confirmed', payment_status: 'paid' });
    const mails = await sql<{ kind: string }>("SELECT kind FROM mail_outbox WHERE to_address LIKE '%lena.link@example.test%' ORDER BY id");
    expect(mails.map((mail) => mail.kind)).toEqual(['booking_pay_link', 'booking_confirmation']);

    // The console heard of it: the open booking page shows it confirmed ('New') without a reload.
    await consolePage!.page.getByTestId('booking-status').getByText('New', { exact: true }).waitFor();
  });
});
