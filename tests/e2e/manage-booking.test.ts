import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { launchBrowser, openPage, saveScreenshot, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { axeAnalyze } from '../helpers/axe.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';
import { encoded } from '../helpers/storage.ts';

// Issue 18: the "Manage your booking" link of the confirmation mail, in Chromium against the real server and its
// sandbox card processor: who gets in (the link, a revoked or forged one), the booking and its status, cancelling
// with the refund, the cut-off, the calendar file (here and on the confirmation page), axe, screenshots.
// Needs a build first: `npm run build && npx vitest run --project e2e tests/e2e/manage-booking.test.ts`.

const PHONE = '020 7946 0321';
const LINK_IN_MAIL = /Manage your booking: +(\S+)\n/;

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

const sql = async <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => (await provider.db.query<Row>(text, params)).rows;
const pathname = (page: Page) => new URL(page.url()).pathname;

let emailCounter = 0;
const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}.${(emailCounter += 1)}@example.com`;

/** The manage link of the passenger's confirmation mail, on the test server (the mail names the deployment's address). */
async function manageLinkOf(email: string): Promise<{ url: string; token: string }> {
  const [mail] = await sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address LIKE $1", [`%<${email}>`]);
  const match = LINK_IN_MAIL.exec(mail?.text_body ?? '');
  if (!match) throw new Error(`no manage link in the mail to ${email}`);
  const link = new URL(match[1]);
  return { url: `${provider.url}${link.pathname}${link.search}`, token: link.searchParams.get('token')! };
}

const post = (url: string, body: unknown) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: body as object });

/** A booking made through the API: paid with the sandbox's 4242 card, or to pay in the car. */
async function bookThroughApi(email: string, payment: 'card' | 'car', registration: Record<string, unknown> = {}) {
  const { form, row } = await quoteFor(provider);
  const booking = bookingPayload(form, row, { payment_method: payment, registrationData: { ...guestRegistration, ...registration, email } });
  if (payment === 'car') {
    const made = await post('booking', booking);
    expect(made.statusCode).toBe(200);
    return { bookingNumber: made.json().data.booking.booking_number as string, amount: row.final_price, intentId: null };
  }
  const amount = Math.round(row.final_price * 100);
  const { paymentIntentId } = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking })).json();
  const confirmed = (await post('confirm-payment-intent', { paymentIntentId })).json();
  expect(confirmed.status).toBe('succeeded');
  return { bookingNumber: confirmed.booking_number as string, amount: row.final_price, intentId: paymentIntentId as string };
}

async function openManage(url: string, width: number = WIDTHS.desktop): Promise<OpenedPage> {
  const opened = await openPage(browser, url, { width });
  opened.page.setDefaultTimeout(15_000);
  await opened.page.locator('[data-screen="manage-booking"]:not([data-stage="loading"])').waitFor();
  return opened;
}

const stage = (page: Page) => page.locator('[data-screen="manage-booking"]').getAttribute('data-stage');

async function axeViolations(page: Page, where: string) {
  const result = await axeAnalyze(page);
  return result.violations.map((violation) => `${where}: ${violation.id} (${violation.impact}) ${violation.help} — ${violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`).join(' | ')}`);
}

/** The text of the file a click downloads, and its name. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

/** London wall clock of a stored instant, as the .ics writes it: 20300701T080500. */
const icsLondon = (at: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}00`;
};
const pickupOf = async (bookingNumber: string) => new Date((await sql<{ pick_up_at: Date }>('SELECT pick_up_at FROM bookings WHERE booking_number = $1', [bookingNumber]))[0].pick_up_at);

describe('a guest manages a card booking from the mailed link', () => {
  it('books with 4242, opens the link: the booking and its status; Cancel → confirm → cancelled with the refund, refunded once', { timeout: 120_000 }, async () => {
    const email = uniqueEmail('manage');
    // The booking, through the website: a real quote in storage as the quotation step leaves it, guest details, card.
    const { form, row, rows } = await quoteFor(provider);
    const entries = {
      BookingType: encoded('milleage'),
      BookingForm: JSON.stringify(form),
      PriceDetails: encoded(rows),
      selectedVehicleData: encoded(row),
      SelectedVehicle: JSON.stringify({ vehicle_id: row.vehicle_id }),
      selectionKind: JSON.stringify('selection'),
      registrationData: encoded({ firstName: 'Ada', surname: 'Lovelace', email, number: '+44 7700 900123', passengerDetails: 'no' }),
      selectedPassenger: JSON.stringify('guest_login'),
    };
    const booking = await openPage(browser, `${provider.url}/contactus`);
    const { page } = booking;
    page.setDefaultTimeout(15_000);
    let bookingNumber = '';
    try {
      await page.evaluate((items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, entries);
      await page.goto(`${provider.url}/paymentview`);
      await page.getByRole('button', { name: 'Pay By Card' }).click();
      await page.getByTestId('test-mode-banner').waitFor();
      await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry Date').fill(`12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/paymentSuccessView');
      bookingNumber = (await page.getByTestId('booking-number').textContent())!.trim();

      // The confirmation page's own calendar file: the booked London time.
      const file = await downloaded(page, () => page.getByRole('button', { name: 'Add to calendar' }).click());
      expect(file.name).toBe(`booking-${bookingNumber}.ics`);
      expect(file.text).toContain(`DTSTART;TZID=Europe/London:${icsLondon(await pickupOf(bookingNumber))}\r\n`);
      expect(file.text).toContain(`UID:${bookingNumber}-pickup@cabflow\r\n`);
      expect(booking.errors).toEqual([]);
    } finally {
      await booking.close();
    }

    const [paid] = await sql<{ payment_intent_id: string; total_pence: number }>('SELECT payment_intent_id, total_pence FROM bookings WHERE booking_number = $1', [bookingNumber]);
    const refund = `£${(paid.total_pence / 100).toFixed(2)}`;
    const { url, token } = await manageLinkOf(email);
    const manage = await openManage(url, WIDTHS.mobile);
    try {
      const m = manage.page;
      // The token leaves the address bar (and so the history and Referer headers); the tab keeps it for a reload.
      expect(m.url()).toBe(`${provider.url}/manage-booking`);
      expect(await m.evaluate(() => sessionStorage.getItem('cabflowManageToken'))).toBe(token);
      expect(await m.getByTestId('booking-number').textContent()).toBe(bookingNumber);
      expect(await m.getByTestId('booking-status').textContent()).toBe('Confirmed');
      expect(await m.getByTestId('payment-method').textContent()).toBe('Pay by Card');
      expect(await m.getByTestId('refund-amount').textContent()).toBe(refund);
      expect(await m.getByTestId('cancel-terms').textContent()).toMatch(/^You can cancel online until \d{1,2}:\d{2}[ap]m on \d{2}-\d{2}-\d{4}\.$/);

      // The operator assigns a driver: a reload (the token kept by the tab) shows the first name and the vehicle.
      await sql("UPDATE bookings SET status = 'driver_assigned', driver_name = 'Tomasz Nowak', vehicle_registration = 'LX71 ABC' WHERE booking_number = $1", [bookingNumber]);
      await m.reload();
      await m.locator('[data-stage="viewing"]').waitFor();
      expect(await m.getByTestId('booking-status').textContent()).toBe('Driver assigned');
      expect(await m.getByTestId('driver-name').textContent()).toBe('Tomasz');
      expect(await m.getByTestId('driver-vehicle').textContent()).toBe('LX71 ABC');

      await m.getByRole('button', { name: 'Cancel booking' }).click();
      await m.getByRole('heading', { name: 'Cancel this booking?' }).waitFor();
      await m.getByRole('button', { name: 'Keep my booking' }).click();
      expect(await stage(m)).toBe('viewing');
      await m.getByRole('button', { name: 'Cancel booking' }).click();
      // A double click on the confirmation sends one request.
      const cancels: string[] = [];
      m.on('request', (request) => {
        if (request.url().endsWith('/api/v1/manage-booking/cancel')) cancels.push(request.url());
      });
      await m.getByRole('button', { name: 'Yes, cancel booking' }).dblclick();
      await m.getByRole('heading', { name: 'Booking cancelled' }).waitFor();
      expect(await m.getByTestId('manage-notice').textContent()).toBe('Your booking has been cancelled.');
      expect(await m.getByTestId('booking-status').textContent()).toBe('Cancelled');
      expect(await m.getByTestId('refund-amount').textContent()).toBe(refund);
      expect(await m.getByText('Refunded to your card').count()).toBe(1);
      expect(cancels).toHaveLength(1);

      expect((await sql('SELECT status, cancelled_by FROM bookings WHERE booking_number = $1', [bookingNumber]))[0]).toEqual({ status: 'cancelled', cancelled_by: 'passenger' });
      expect(await sql('SELECT amount_pence, status FROM refunds WHERE intent_id = $1', [paid.payment_intent_id])).toEqual([{ amount_pence: paid.total_pence, status: 'succeeded' }]);

      // The manage page's calendar file now says the trip is cancelled, at the same London time.
      const file = await downloaded(m, () => m.getByRole('button', { name: 'Add to calendar' }).click());
      expect(file.name).toBe(`booking-${bookingNumber}.ics`);
      expect(file.text).toContain(`DTSTART;TZID=Europe/London:${icsLondon(await pickupOf(bookingNumber))}\r\n`);
      expect(file.text).toContain('STATUS:CANCELLED\r\n');

      // The receipt of the cancelled booking (a VAT invoice: the demo operator is VAT-registered) shows the refund.
      const [receipt] = await Promise.all([m.waitForEvent('download'), m.getByRole('button', { name: 'Download receipt' }).click()]);
      expect(receipt.suggestedFilename()).toContain(bookingNumber);
      const { text: receiptText } = await extractText(await getDocumentProxy(new Uint8Array(readFileSync((await receipt.path())!))), { mergePages: true });
      expect(receiptText).toContain('VAT invoice');
      expect(receiptText).toContain(bookingNumber);
      expect(receiptText).toContain(refund);
      expect(manage.errors).toEqual([]);
    } finally {
      await manage.close();
    }
  });

  it('the .ics of the manage page opens at the booked London time', async () => {
    const email = uniqueEmail('ics');
    const { bookingNumber } = await bookThroughApi(email, 'car');
    const { page, close, errors } = await openManage((await manageLinkOf(email)).url);
    try {
      const file = await downloaded(page, () => page.getByRole('button', { name: 'Add to calendar' }).click());
      expect(file.name).toBe(`booking-${bookingNumber}.ics`);
      expect(file.text).toContain(`DTSTART;TZID=Europe/London:${icsLondon(await pickupOf(bookingNumber))}\r\n`);
      expect(file.text).toContain('STATUS:CONFIRMED\r\n');
      // Pay in the car: nothing to refund.
      expect(await page.getByText('You were to pay the driver, so nothing has been charged and there is nothing to refund.').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('a guest changes the booking from the mailed link', () => {
  it('changes the pick-up time, passengers and meet and greet, sees old and new price, pays the difference with the booking flow’s card form and a 3-D Secure card (the sandbox’s page, answered on the manage call): charged once', { timeout: 60_000 }, async () => {
    const email = uniqueEmail('change');
    const { bookingNumber, amount } = await bookThroughApi(email, 'card');
    const { page, close, errors } = await openManage((await manageLinkOf(email)).url, WIDTHS.mobile);
    const found: string[] = [];
    try {
      await page.getByTestId('change-start').click();
      await page.getByTestId('change-form').waitFor();
      expect(page.url()).toBe(`${provider.url}/manage-booking?step=change`);
      await page.getByTestId('change-hour').selectOption('11pm');
      await page.getByTestId('change-minute').selectOption('00');
      await page.getByTestId('change-passengers').fill('3');
      await page.getByTestId('change-meet').check();
      found.push(...(await axeViolations(page, 'editing @375')));
      await saveScreenshot(page, 'manage-booking-change');
      for (const width of [WIDTHS.tablet, WIDTHS.desktop]) {
        await page.setViewportSize({ width, height: 900 });
        await saveScreenshot(page, 'manage-booking-change');
      }
      await page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
      await page.getByTestId('change-review').click();
      await page.getByTestId('change-confirm').waitFor();
      expect(page.url()).toBe(`${provider.url}/manage-booking?step=confirm`);
      const { row: quoted } = await quoteFor(provider, { pickup_hour: '11pm', pickup_min: '00', passengers: 3, meet_and_greet: 'yes' });
      const difference = Math.round(quoted.final_price * 100 - amount * 100) / 100;
      expect(await page.getByTestId('old-price').textContent()).toBe(`£${amount.toFixed(2)}`);
      expect(await page.getByTestId('new-price').textContent()).toBe(`£${quoted.final_price.toFixed(2)}`);
      expect(await page.getByTestId('change-outcome').textContent()).toBe(`The new price is £${quoted.final_price.toFixed(2)}: £${difference.toFixed(2)} more will be charged to your card.`);
      expect(await page.getByTestId('change-summary').textContent()).toContain('Passengers: 2 → 3');
      found.push(...(await axeViolations(page, 'confirming @375')));
      await saveScreenshot(page, 'manage-booking-change-confirm');
      await page.getByTestId('change-confirm-button').click();
      await page.getByTestId('change-payment').waitFor();
      expect(page.url()).toBe(`${provider.url}/manage-booking?step=pay`);
      // The booking flow's card form, with a card whose bank asks for 3-D Secure (the sandbox's page, answered on the manage call).
      await page.getByLabel('Card Number').fill('4000002760003184');
      await page.getByLabel('Expiry Date').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      found.push(...(await axeViolations(page, 'paying @375')));
      await saveScreenshot(page, 'manage-booking-change-pay');
      // Two clicks in one turn (a double click): the second is ignored while the payment is under way.
      await page.getByTestId('pay-now').evaluate((button: HTMLButtonElement) => {
        button.click();
        button.click();
      });
      const challenge = page.getByRole('dialog', { name: '3-D Secure: confirm your payment' });
      await challenge.waitFor();
      expect(await challenge.textContent()).toContain(`£${difference.toFixed(2)}`);
      await challenge.getByRole('button', { name: 'Complete' }).click();
      await page.getByTestId('change-done').waitFor();
      expect(await page.getByTestId('manage-notice').textContent()).toBe('Your booking has been changed.');
      expect(await page.getByTestId('change-done-text').textContent()).toBe(`Your booking now costs £${quoted.final_price.toFixed(2)}.`);
      found.push(...(await axeViolations(page, 'changed @375')));
      await page.getByRole('button', { name: 'Done' }).click();
      expect(await stage(page)).toBe('viewing');
      expect(page.url()).toBe(`${provider.url}/manage-booking`);

      const [booking] = await sql<{ revision: number; total_pence: number; total_passengers: number; pick_up_time: string }>(
        'SELECT revision, total_pence, total_passengers, pick_up_time FROM bookings WHERE booking_number = $1',
        [bookingNumber],
      );
      expect(booking).toEqual({ revision: 1, total_pence: Math.round(quoted.final_price * 100), total_passengers: 3, pick_up_time: '11:00pm' });
      const charges = await sql<{ amount_pence: number; charge: string }>(
        "SELECT p.amount_pence, p.charge FROM payments p JOIN booking_changes c ON p.request_key = 'booking_change:' || c.id JOIN bookings b ON b.id = c.booking_id WHERE b.booking_number = $1",
        [bookingNumber],
      );
      expect(charges).toEqual([{ amount_pence: Math.round(difference * 100), charge: 'succeeded' }]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
    expect(found).toEqual([]);
  });
});

describe('a guest changes the drop-off where the owner allows it', () => {
  it('types a new drop-off with the booking flow’s suggestions, sees old and new price (routed and priced as a fresh quote), pays the difference with the sandbox card: charged once; screenshots of the editor', { timeout: 60_000 }, async () => {
    await sql(
      `INSERT INTO settings (site_id, setting_name, setting_value) SELECT id, 'MANAGE_ADDRESS_CHANGES', 'enable' FROM sites
       ON CONFLICT (site_id, setting_name) DO UPDATE SET setting_value = EXCLUDED.setting_value`,
    );
    const email = uniqueEmail('address');
    const { bookingNumber, amount } = await bookThroughApi(email, 'card');
    const { token, url } = await manageLinkOf(email);
    await expect.poll(async () => (await post('manage-booking', { token })).json().change.addresses, { timeout: 3000, interval: 20 }).toBe(true);
    const { page, close, errors } = await openManage(url, WIDTHS.mobile);
    const found: string[] = [];
    try {
      await page.getByTestId('change-start').click();
      const dropoff = page.getByRole('combobox', { name: 'Drop-Off' });
      await dropoff.fill('Gatwick');
      const suggestion = page.getByRole('option', { name: /Gatwick Airport/ }).first();
      await suggestion.click();
      const chosen = await dropoff.inputValue();
      expect(chosen).toMatch(/Gatwick Airport/);
      await page.getByTestId('change-add-stop').click();
      await page.getByTestId('change-add-stop').click();
      await page.getByRole('button', { name: 'Remove stop 2' }).click();
      await expect.poll(() => page.getByTestId('change-stop').count()).toBe(1);
      await page.getByLabel('Stop 1: street or road name').fill('Brighton Road');
      await page.getByLabel('City or post code').fill('Redhill RH1 6QZ');
      found.push(...(await axeViolations(page, 'address editing @375')));
      for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
        await page.setViewportSize({ width, height: 900 });
        await saveScreenshot(page, 'manage-booking-change-address');
      }
      // No stop after all: the drop-off alone is priced.
      await page.getByRole('button', { name: 'Remove stop 1' }).click();
      await page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
      await page.getByTestId('change-review').click();
      await page.getByTestId('change-confirm').waitFor();
      const { row: quoted } = await quoteFor(provider, { dropoff: chosen });
      const difference = Math.round(quoted.final_price * 100 - amount * 100) / 100;
      expect(difference).toBeGreaterThan(0);
      expect(await page.getByTestId('old-price').textContent()).toBe(`£${amount.toFixed(2)}`);
      expect(await page.getByTestId('new-price').textContent()).toBe(`£${quoted.final_price.toFixed(2)}`);
      expect(await page.getByTestId('change-summary').textContent()).toContain(`Drop-off: The Savoy, Strand, London WC2R 0EZ → ${chosen}`);
      await saveScreenshot(page, 'manage-booking-change-address-confirm');
      await page.getByTestId('change-confirm-button').click();
      await page.getByLabel('Card Number').fill('4242424242424242');
      await page.getByLabel('Expiry Date').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await page.getByTestId('pay-now').click();
      await page.getByTestId('change-done').waitFor();
      expect(await page.getByTestId('manage-notice').textContent()).toBe('Your booking has been changed.');
      const [booking] = await sql<{ revision: number; total_pence: number; drop_off_address: string }>('SELECT revision, total_pence, drop_off_address FROM bookings WHERE booking_number = $1', [bookingNumber]);
      expect(booking).toEqual({ revision: 1, total_pence: Math.round(quoted.final_price * 100), drop_off_address: chosen });
      const charges = await sql<{ amount_pence: number; charge: string }>(
        "SELECT p.amount_pence, p.charge FROM payments p JOIN booking_changes c ON p.request_key = 'booking_change:' || c.id JOIN bookings b ON b.id = c.booking_id WHERE b.booking_number = $1",
        [bookingNumber],
      );
      expect(charges).toEqual([{ amount_pence: Math.round(difference * 100), charge: 'succeeded' }]);
      expect(errors).toEqual([]);
    } finally {
      await close();
      await sql("UPDATE settings SET setting_value = 'disable' WHERE setting_name = 'MANAGE_ADDRESS_CHANGES'");
    }
    expect(found).toEqual([]);
  });
});

describe('what the link does not allow', () => {
  it("inside the cut-off: why not, the operator's phone, and no Cancel button", async () => {
    const admin = (body: Record<string, string>) => provider.fastify.inject({ method: 'PUT', url: '/api/admin/settings', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: body });
    // The owner's cut-off at 30 days: every test booking (a few days ahead) is inside it.
    expect((await admin({ CANCEL_CUTOFF_MINUTES: '43200' })).statusCode).toBe(200);
    try {
      const email = uniqueEmail('cutoff');
      await bookThroughApi(email, 'card');
      const { page, close, errors } = await openManage((await manageLinkOf(email)).url, WIDTHS.mobile);
      try {
        expect(await stage(page)).toBe('viewing');
        expect(await page.getByTestId('cancel-refusal').textContent()).toMatch(
          new RegExp(`^Bookings can be cancelled online until 30 days before pick-up|^Bookings can be cancelled online until 720 hours before pick-up`),
        );
        expect(await page.getByTestId('cancel-refusal').textContent()).toContain(`please call Westway Cars on ${PHONE}.`);
        expect(await page.getByTestId('operator-phone').getAttribute('href')).toBe('tel:02079460321');
        expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
        // A change after the cut-off is refused alike: the reason on screen, no Change button.
        expect(await page.getByTestId('change-refusal').textContent()).toMatch(/^Bookings can be changed online until (30 days|720 hours) before pick-up \(.+\)\. To change now, please call Westway Cars on 020 7946 0321\.$/);
        expect(await page.getByTestId('change-start').count()).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    } finally {
      await admin({ CANCEL_CUTOFF_MINUTES: '120' });
    }
  });

  it('a revoked link: the refusal with the phone; a forged or cut-short one: the refusal', async () => {
    const email = uniqueEmail('revoked');
    const { bookingNumber } = await bookThroughApi(email, 'car');
    const { url, token } = await manageLinkOf(email);
    const revoked = await provider.fastify.inject({ method: 'POST', url: `/api/admin/bookings/${bookingNumber}/revoke-manage-links`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(revoked.statusCode).toBe(200);

    const forged = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const cases = [
      [url, `This link is no longer active. Please call Westway Cars on ${PHONE}.`],
      [`${provider.url}/manage-booking?token=${forged}`, 'This link is not valid. Please open the link in your confirmation e-mail again.'],
      [`${provider.url}/manage-booking?token=${token.slice(0, 20)}`, 'This link is not valid. Please open the link in your confirmation e-mail again.'],
      [`${provider.url}/manage-booking`, 'This link is not valid. Please open the link in your confirmation e-mail again.'],
    ] as const;
    for (const [address, message] of cases) {
      const { page, close, errors } = await openManage(address);
      try {
        expect(await stage(page)).toBe('refused');
        expect(await page.getByTestId('refusal-message').textContent()).toBe(message);
        expect(await page.getByTestId('operator-phone').textContent()).toBe(`Call ${PHONE}`);
        expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
        expect(page.url()).toBe(`${provider.url}/manage-booking`);
        expect(await page.evaluate(() => sessionStorage.getItem('cabflowManageToken'))).toBeNull();
        // A refused link is not an error of the page (the 401 is the answer it expects).
        expect(errors.filter((line) => !line.includes('401'))).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});

describe('accessibility and screenshots', () => {
  for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
    it(`the manage page at ${width} px: no axe violations in each stage; screenshots`, { timeout: 60_000 }, async () => {
      const email = uniqueEmail(`shots${width}`);
      await bookThroughApi(email, 'card', { firstName: 'Ada', surname: 'Lovelace' });
      const { url } = await manageLinkOf(email);
      const { page, close } = await openManage(url, width);
      const found: string[] = [];
      try {
        found.push(...(await axeViolations(page, `viewing @${width}`)));
        await saveScreenshot(page, 'manage-booking');
        await page.getByRole('button', { name: 'Cancel booking' }).click();
        await page.getByRole('heading', { name: 'Cancel this booking?' }).waitFor();
        found.push(...(await axeViolations(page, `confirming @${width}`)));
        await saveScreenshot(page, 'manage-booking-confirm');
        await page.getByRole('button', { name: 'Yes, cancel booking' }).click();
        await page.getByRole('heading', { name: 'Booking cancelled' }).waitFor();
        found.push(...(await axeViolations(page, `cancelled @${width}`)));
        await saveScreenshot(page, 'manage-booking-cancelled');
      } finally {
        await close();
      }
      const refused = await openManage(`${provider.url}/manage-booking?token=${'x'.repeat(43)}`, width);
      try {
        found.push(...(await axeViolations(refused.page, `refused @${width}`)));
        await saveScreenshot(refused.page, 'manage-booking-refused');
      } finally {
        await refused.close();
      }
      expect(found).toEqual([]);
    });
  }
});
