import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { appReady, launchBrowser, openPage, saveScreenshot, WIDTHS } from '../helpers/browser.ts';
import { axeAnalyze } from '../helpers/axe.ts';
import { KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 18 in Chromium against the real server and its sandbox card processor: a corporate passenger opens a paid
// booking in the bookings modal, cancels it (refunded once), downloads its receipt (a VAT invoice showing the refund)
// and the month's statement. Needs a build first (see COMMON: DIST_DIR=… node scripts/build.mjs).

let provider: TestProvider;
let browser: Browser;
let baseUrl = '';

beforeAll(async () => {
  provider = await startTestProvider();
  baseUrl = (await provider.fastify.listen({ host: '127.0.0.1', port: 0 })).replace('127.0.0.1', 'localhost');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await provider?.dispose();
});

const post = (url: string, body: unknown) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: body as object });
const pdfText = async (content: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(content)), { mergePages: true })).text.replace(/\s+/g, ' ');

/** The bytes of the file a click downloads, and its name. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), content: readFileSync((await download.path())!) };
}

async function axeViolations(page: Page) {
  const result = await axeAnalyze(page);
  return result.violations.map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

describe('the corporate bookings modal', () => {
  it('a corporate passenger cancels a card booking from the modal, is refunded once, and downloads the receipt and the statement', async () => {
    const { form, row } = await quoteFor(provider);
    const booking = bookingPayload(form, row, {
      payment_method: 'card',
      selected_passenger: 'existing_client',
      registrationData: { ...guestRegistration, email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password },
    });
    const amount = Math.round(row.final_price * 100);
    const { paymentIntentId } = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking })).json();
    const { booking_number: bookingNumber, status } = (await post('confirm-payment-intent', { paymentIntentId })).json();
    expect(status).toBe('succeeded');
    const login = (await post('check-passenger-login', { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password })).json();

    const { page, errors, close } = await openPage(browser, `${baseUrl}/`, { width: WIDTHS.desktop });
    try {
      page.setDefaultTimeout(15_000);
      await page.evaluate(
        ([token, passenger]) => {
          const encode = (value: unknown) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))));
          localStorage.setItem('corporateToken', encode(token));
          localStorage.setItem('corporateDetails', encode(passenger));
        },
        [login.access_token, login.passenger] as const,
      );
      await page.goto(`${baseUrl}/bookings`);
      await appReady(page);
      await page.getByRole('button', { name: `Details of booking ${bookingNumber}` }).click();
      const modal = page.getByRole('dialog', { name: `Booking ${bookingNumber}` });
      const actions = modal.getByTestId('booking-actions');
      await actions.getByText('Confirmed', { exact: true }).waitFor();
      expect(await actions.getByText(/^You can cancel online until \d+:\d{2}(am|pm) on \d{2}-\d{2}-\d{4}\. £\d+\.\d{2} goes back to your card\.$/).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
        await page.setViewportSize({ width, height: 900 });
        await saveScreenshot(page, 'corporate-booking-actions');
      }

      await actions.getByRole('button', { name: 'Cancel booking' }).click();
      await actions.getByText(`Cancel booking ${bookingNumber}?`).waitFor();
      await actions.getByRole('button', { name: 'Yes, cancel it' }).dblclick();
      await actions.getByRole('status').getByText('Your booking has been cancelled.').waitFor();
      await actions.getByText('Cancelled', { exact: true }).waitFor();
      expect(await actions.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
      const refunds = (await provider.db.query<{ amount_pence: number; reason: string }>('SELECT amount_pence, reason FROM refunds WHERE intent_id = $1', [paymentIntentId])).rows;
      expect(refunds).toEqual([{ amount_pence: amount, reason: 'cancellation' }]);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'corporate-booking-cancelled');

      const receipt = await downloaded(page, () => actions.getByRole('button', { name: 'Download receipt' }).click());
      expect(receipt.name).toBe(`receipt-${bookingNumber}.pdf`);
      const text = await pdfText(receipt.content);
      expect(text).toContain(`VAT invoice Booking number ${bookingNumber} Invoice number INV-`);
      expect(text).toContain('Status Cancelled');
      expect(text).toContain(`Kept (cancellation fee) £0.00 Refunded £${(amount / 100).toFixed(2)}`);
      expect(text).toContain('Name Alex Morgan');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      const [pickup] = (await provider.db.query<{ month: string }>("SELECT to_char(pick_up_at AT TIME ZONE 'Europe/London', 'YYYY-MM') AS month FROM bookings WHERE booking_number = $1", [bookingNumber])).rows;
      const statement = page.getByTestId('statement');
      await page.setViewportSize({ width: WIDTHS.mobile, height: 900 });
      await saveScreenshot(page, 'corporate-statement');
      await statement.getByLabel('Month').selectOption(pickup.month);
      const csv = await downloaded(page, () => statement.getByRole('button', { name: 'Download CSV' }).click());
      expect(csv.name).toBe(`statement-${pickup.month}.csv`);
      expect(csv.content.toString('utf8')).toMatch(new RegExp(`\\r\\n${bookingNumber},\\d{4}-\\d{2}-\\d{2},2:30pm,"Heathrow Airport Terminal 5, Hounslow TW6 2GA",[^\\r]*,Cancelled,Refunded,${(amount / 100).toFixed(2)},${(amount / 100).toFixed(2)},0\\.00,0\\.00\\r\\n`));
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
