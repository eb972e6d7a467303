import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, settled } from '../helpers/axe.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { launchBrowser, openPage, saveScreenshot, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { consoleOf } from '../helpers/console.ts';
import { deliveredMail } from '../helpers/mail.ts';
import { KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 34, the corporate area's "Change booking" in Chromium at 375 px against the real server: an account admin,
// signed in on the sign-in page, opens the account's bookings list, taps "Change booking" on a colleague's booking on
// account, lands on the manage page (a short-lived manage link) and changes the pick-up time: a new price, invoiced to
// the account, with no card step; the database has the applied change and the new price. A booker of the account
// cannot open a change of a colleague's booking (not in their list; the server refuses the link). The account, its
// members and the booking are set up through the API (tests/e2e/company-accounts.test.ts drives those screens).
// Needs a build first (DIST_DIR).

const PASSWORD = 'Heron-Quay-Ledger-7';
const INVITATION_TOKEN = /\/account-invitation#token=([A-Za-z0-9_-]{43})/;

let provider: TestProvider;
let browser: Browser;
let api: ReturnType<typeof consoleOf>;
let nextAddress = 1;
const opened: OpenedPage[] = [];

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  api = consoleOf(provider);
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  for (const page of opened) await page.close();
  await browser?.close();
  await provider?.dispose();
});

const v1 = (url: string, payload: unknown, token?: string) =>
  provider.fastify.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    headers: { ...KEY_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    remoteAddress: `198.51.100.${nextAddress++ % 250}`,
    payload: payload as object,
  });

/** A member invited by the owner who joins with PASSWORD (the token read from the delivered mail): their session's bearer token. */
async function member(owner: Awaited<ReturnType<typeof api.owner>>, accountId: number, email: string, role: 'admin' | 'booker'): Promise<string> {
  expect((await api.as(owner, 'POST', `company-accounts/${accountId}/invitations`, { email, role })).statusCode).toBe(201);
  const token = INVITATION_TOKEN.exec((await deliveredMail(provider, 'company_account_invitation', email)).text)![1];
  const accepted = await v1('corporate/invitation/accept', { token, password: PASSWORD });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json().access_token as string;
}

describe('the corporate area changes a booking on account (issue 34)', () => {
  it('an admin taps "Change booking", changes the pick-up time on the manage page: on account, no card step; a booker cannot change a colleague’s', { timeout: 90_000 }, async () => {
    const owner = await api.owner();
    const created = await api.as(owner, 'POST', 'company-accounts', { name: 'Wharf Logistics Ltd', billing_email: 'ledger@wharf.test', credit_limit_pence: 1_000_000 });
    expect(created.statusCode, created.body).toBe(201);
    const accountId = created.json().account.id as number;
    await member(owner, accountId, 'ana.admin@wharf.test', 'admin');
    const colleague = await member(owner, accountId, 'col.booker@wharf.test', 'booker');
    const booker = await member(owner, accountId, 'bea.booker@wharf.test', 'booker');
    const trip = await quoteFor(provider);
    const booked = await v1('booking', bookingPayload(trip.form, trip.row, { payment_method: 'account', selected_passenger: 'existing_client', registrationData: { ...guestRegistration, email: 'ignored@example.test' } }), colleague);
    expect(booked.statusCode, booked.body).toBe(200);
    const number = booked.json().data.booking.booking_number as string;
    const oldPence = Math.round(trip.row.final_price * 100);

    // Another booker of the account: the server refuses them a change link for the colleague's booking, writing none.
    const refused = await v1('corporate/bookings/change-link', { booking_number: number }, booker);
    expect([403, 404]).toContain(refused.statusCode);
    expect(typeof refused.json().message).toBe('string');
    expect(await api.sql('SELECT count(*)::integer AS n FROM booking_manage_links WHERE issued_to_passenger_id IS NOT NULL')).toEqual([{ n: 0 }]);

    const opened375 = await openPage(browser, `${provider.url}/login`, { width: WIDTHS.mobile, waitForApp: false });
    opened.push(opened375);
    const { page } = opened375;
    page.setDefaultTimeout(15_000);
    await page.getByLabel('Email').fill('ana.admin@wharf.test');
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/bookings$/);
    const row = page.getByTestId('booking-row').filter({ hasText: number });
    await row.getByTestId('booking-status').getByText('Confirmed').waitFor();
    await page.getByRole('button', { name: `Details of booking ${number}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Change booking' }).click();

    // The manage page of that booking, opened with the short-lived link; its change flow.
    await page.waitForURL(/\/manage-booking/);
    await page.getByTestId('change-start').click();
    await page.getByTestId('change-form').waitFor();
    await page.getByTestId('change-hour').selectOption('11pm');
    await page.getByTestId('change-minute').selectOption('00');
    await page.getByTestId('change-review').click();
    await page.getByTestId('change-confirm').waitFor();
    const { row: quoted } = await quoteFor(provider, { pickup_hour: '11pm', pickup_min: '00' });
    const newPence = Math.round(quoted.final_price * 100);
    expect(newPence).not.toBe(oldPence);
    const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
    expect(await page.getByTestId('old-price').textContent()).toBe(pounds(oldPence));
    expect(await page.getByTestId('new-price').textContent()).toBe(pounds(newPence));
    expect(await page.getByTestId('change-outcome').textContent()).toBe(`The new price is ${pounds(newPence)}, invoiced to your company account.`);
    await settled(page);
    expect(await axeViolations(page, 'corporate change confirm @375')).toEqual([]);
    await saveScreenshot(page, 'corporate-change-confirm');
    await page.getByTestId('change-confirm-button').click();
    await page.getByTestId('change-done').waitFor();
    expect(await page.getByTestId('manage-notice').textContent()).toBe('Your booking has been changed.');
    // On account: no card step was shown, no card asked for.
    expect(await page.getByTestId('change-payment').count()).toBe(0);
    expect(await page.getByLabel('Card Number').count()).toBe(0);

    const [after] = await api.sql<{ total_pence: number; pick_up_time: string; revision: number; payment_method: string }>(
      'SELECT total_pence, pick_up_time, revision, payment_method FROM bookings WHERE booking_number = $1',
      [number],
    );
    expect(after).toEqual({ total_pence: newPence, pick_up_time: '11:00pm', revision: 1, payment_method: 'account' });
    expect(
      await api.sql("SELECT c.status FROM booking_changes c JOIN bookings b ON b.site_id = c.site_id AND b.id = c.booking_id WHERE b.booking_number = $1", [number]),
    ).toEqual([{ status: 'applied' }]);
    expect(await api.sql('SELECT count(*)::integer AS n FROM payments')).toEqual([{ n: 0 }]);
    // The booker's list never had the colleague's booking to change.
    const mine = await provider.fastify.inject({ method: 'GET', url: '/api/v1/corporate/bookings', headers: { ...KEY_HEADERS, authorization: `Bearer ${booker}` } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(JSON.stringify(mine.json())).not.toContain(number);
    expect(opened375.errors).toEqual([]);
  });
});
