import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_ACCOUNT_MESSAGES } from '../../contract/companyAccounts.ts';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { hashPassword } from '../../server/domain/accounts/passwords.ts';
import { axeViolations, settled } from '../helpers/axe.ts';
import { launchBrowser, openPage, saveScreenshot, signInToConsole, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { oneWayForm } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';
import { encoded } from '../helpers/storage.ts';

// Issue 34, company accounts end to end in Chromium (one server, one browser, one flow): the owner creates an account
// with a credit limit and invites its admin (the link read from the mailed .eml); the admin sets a password and invites
// a booker on the Members page; the booker, signed in, books for a colleague on account with a PO number without
// typing a password; a second booking over the credit limit is refused with the message and nothing written; the
// admin sees the booking in the account's list with its status, filters it, changes it on a 375 px phone ("Change
// booking" → the manage page: a new pick-up time on account, no card step; another booker is refused a change link),
// and cancels it (Cancelled). axe on the
// new screens at 375 and 1280 px, screenshots of the bookings list and the members page at 375/768/1280 px.
// Needs a build first (DIST_DIR).

const INVITATION_LINK = /(https?:\/\/[a-z0-9.:-]+\/account-invitation#token=[A-Za-z0-9_-]{43})/;
const PASSWORD = 'Heron-Quay-Ledger-7';
const ADMIN = 'ada.admin@acme-travel.test';
const BOOKER = 'bo.booker@acme-travel.test';

let provider: TestProvider;
let browser: Browser;
const opened: OpenedPage[] = [];

const sql = async <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => (await provider.db.query<Row>(text, params)).rows;

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  for (const page of opened) await page.close();
  await browser?.close();
  await provider?.dispose();
});

async function open(url: string, width: number = WIDTHS.desktop): Promise<OpenedPage> {
  const page = await openPage(browser, `${provider.url}${url}`, { width, waitForApp: false });
  page.page.setDefaultTimeout(15_000);
  opened.push(page);
  return page;
}

/** The invitation link of the newest mail to `email`, as delivered (the outbox's .eml). */
async function invitationLink(email: string): Promise<string> {
  let mail: { id: string; site_id: number } | undefined;
  await expect.poll(async () => ([mail] = await sql<{ id: string; site_id: number }>("SELECT id, site_id FROM mail_outbox WHERE kind = 'company_account_invitation' AND to_address = $1 ORDER BY id DESC LIMIT 1", [email])).length).toBe(1);
  await provider.mail.flush();
  const outbox = path.join(provider.config.dataDir, 'outbox');
  const file = readdirSync(outbox).find((name) => name.startsWith(`${mail!.site_id}-${String(mail!.id).padStart(6, '0')}-company_account_invitation`));
  const eml = readFileSync(path.join(outbox, file!), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return INVITATION_LINK.exec(eml)![1];
}

/** Opens the invitation, sets a password and joins: the page is signed in to the corporate area. */
async function join(email: string): Promise<OpenedPage> {
  const link = new URL(await invitationLink(email));
  const member = await open(`${link.pathname}${link.hash}`);
  const { page } = member;
  await page.getByLabel('Choose a password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password and join' }).click();
  await page.getByText(/^You have joined Acme Travel Ltd\. You are signed in\.$/).waitFor();
  return member;
}

/** A real quote of the trip, with its cheapest vehicle chosen: the booking flow's stored steps up to the details. */
async function quotedTrip(): Promise<{ entries: Record<string, string>; pence: number }> {
  const form = oneWayForm({ pickup: 'Paddington Station, Praed Street, London W2 1HB' });
  const response = await fetch(`${provider.url}/api/v1/calculate-distance-price`, { method: 'POST', headers: { ...KEY_HEADERS, 'content-type': 'application/json' }, body: JSON.stringify(form) });
  expect(response.status).toBe(200);
  const list = (await response.json()).price_details as { vehicle_id: number; price: number; final_price: number }[];
  const vehicle = list.filter((row) => row.price > 0).sort((a, b) => a.final_price - b.final_price)[0];
  return {
    pence: Math.round(vehicle.final_price * 100),
    entries: {
      BookingType: encoded('milleage'),
      BookingForm: JSON.stringify(form),
      PriceDetails: encoded(list),
      selectedVehicleData: encoded(vehicle),
      SelectedVehicle: JSON.stringify({ vehicle_id: vehicle.vehicle_id }),
      selectionKind: JSON.stringify('selection'),
    },
  };
}

/** The signed-in booker's page goes through the details step (no password) to the payment step of a fresh quote. */
async function toPayment(page: Page, forColleague: boolean) {
  const { entries } = await quotedTrip();
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, entries);
  await page.goto(`${provider.url}/personalDetailView`);
  // The prerendered step loads its statechart at the visitor's first move.
  await page.locator('[data-screen]').first().waitFor();
  await page.mouse.move(200, 200);
  await page.getByTestId('signed-in-booker').getByText('Booking as bo.booker').waitFor();
  expect(await page.getByLabel(/password/i).count()).toBe(0);
  if (forColleague) {
    await page.getByLabel('Someone else is travelling').check();
    await page.getByLabel('Passenger Name').fill('Carla Colleague');
    await page.getByLabel('Passenger Email').fill('carla@acme-travel.test');
    await page.getByLabel('Passenger Phone').fill('07700 900456');
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('on-account-option').waitFor();
}

/** A second booker of the account, signed in through the API (no screens): their bearer token. */
async function colleagueBooker(accountId: number): Promise<string> {
  const email = 'cy.booker@acme-travel.test';
  const [passenger] = await sql<{ id: string }>('INSERT INTO passengers (site_id, name, email, phone, password_hash, is_corporate) VALUES (1, $1, $2, $3, $4, true) RETURNING id', [
    'Cy Booker',
    email,
    '07700 900789',
    await hashPassword(PASSWORD),
  ]);
  await sql("INSERT INTO company_account_members (site_id, account_id, passenger_id, role) VALUES (1, $1, $2, 'booker')", [accountId, passenger.id]);
  const login = await fetch(`${provider.url}/api/v1/check-passenger-login`, { method: 'POST', headers: { ...KEY_HEADERS, 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  expect(login.status).toBe(200);
  return (await login.json()).access_token as string;
}

async function checkAxe(page: Page, what: string) {
  await settled(page);
  expect(await axeViolations(page, what), `WCAG 2.1 AA violations on ${what}`).toEqual([]);
}

/** Shoots the page at 375, 768 and 1280 px (axe at 375 and 1280), back at 1280 after. */
async function shootAllWidths(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
    if (width !== WIDTHS.tablet) await checkAxe(page, `${name} @${width}`);
    await saveScreenshot(page, name);
  }
}

describe('company accounts (issue 34)', () => {
  it('owner → admin → booker: on account for a colleague with a PO number, the credit limit, the admin cancels it', { timeout: 120_000 }, async () => {
    // A limit that one trip fits and two do not.
    const { pence } = await quotedTrip();
    const limitPence = Math.round(pence * 1.5);

    // The owner creates the account and invites its admin.
    const owner = await open('/admin/company-accounts');
    await signInToConsole(owner.page, DEMO_STAFF.owner, 'Company accounts');
    await owner.page.getByRole('button', { name: 'New company account' }).click();
    await owner.page.getByLabel(/^Company name/).fill('Acme Travel Ltd');
    await owner.page.getByLabel(/^Billing e-mail/).fill('accounts@acme-travel.test');
    await owner.page.getByLabel(/^Credit limit/).fill((limitPence / 100).toFixed(2));
    await owner.page.getByLabel('PO number required').check();
    await owner.page.getByRole('button', { name: 'Create account' }).click();
    await owner.page.getByRole('cell', { name: 'Acme Travel Ltd', exact: true }).waitFor();
    const [account] = await sql<{ id: number; credit_limit_pence: number; po_required: boolean }>("SELECT id, credit_limit_pence, po_required FROM company_accounts WHERE name = 'Acme Travel Ltd'");
    expect(account).toMatchObject({ credit_limit_pence: limitPence, po_required: true });
    await owner.page.getByRole('button', { name: 'Invite an admin to Acme Travel Ltd' }).click();
    await owner.page.getByLabel(/^E-mail/).fill(ADMIN);
    await owner.page.getByRole('button', { name: 'Send invitation' }).click();

    // The admin joins and invites a booker on the Members page.
    const admin = await join(ADMIN);
    await admin.page.getByRole('link', { name: 'Go to Bookings' }).click();
    await admin.page.getByRole('link', { name: 'Members', exact: true }).click();
    await admin.page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await admin.page.getByLabel(/^E-mail/).fill(BOOKER);
    await admin.page.getByLabel('Role').selectOption('booker');
    await admin.page.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => admin.page.getByTestId('members-notice').textContent()).toBe(`Invitation sent to ${BOOKER}.`);

    // The booker joins, and books for a colleague on account with a PO number: no password asked.
    const booker = await join(BOOKER);
    await toPayment(booker.page, true);
    const onAccount = booker.page.getByTestId('on-account-option');
    await onAccount.getByLabel(/^PO number/).fill('PO-4471');
    await onAccount.getByRole('button', { name: 'On account (Acme Travel Ltd)' }).click();
    await booker.page.waitForURL(/\/paymentSuccessView/);
    const booked = await sql<{ booking_number: string; passenger_name: string; passenger_email: string; po_number: string; payment_method: string; booker: string }>(
      'SELECT b.booking_number, b.passenger_name, b.passenger_email, b.po_number, b.payment_method, p.email AS booker FROM bookings b JOIN passengers p ON p.id = b.passenger_id WHERE b.company_account_id = $1',
      [account.id],
    );
    expect(booked).toEqual([{ booking_number: expect.any(String), passenger_name: 'Carla Colleague', passenger_email: 'carla@acme-travel.test', po_number: 'PO-4471', payment_method: 'account', booker: BOOKER }]);
    const number = booked[0].booking_number;

    // A second trip would take the account over its limit: refused with the message, nothing written. (The
    // confirmation cleared the browser's storage, the corporate session with it, spec §4: the booker signs in again.)
    expect(await booker.page.evaluate(() => localStorage.getItem('corporateToken'))).toBeNull();
    await booker.page.goto(`${provider.url}/login`);
    await booker.page.getByLabel('Email').fill(BOOKER);
    await booker.page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await booker.page.getByRole('button', { name: 'Sign In' }).click();
    await booker.page.waitForURL(/\/bookings$/);
    // The booker's own list has the booking they made; a booker has no booker filter.
    await booker.page.getByTestId('booking-row').filter({ hasText: number }).waitFor();
    expect(await booker.page.getByLabel('Booker').count()).toBe(0);
    await toPayment(booker.page, false);
    await booker.page.getByTestId('on-account-option').getByLabel(/^PO number/).fill('PO-4472');
    await booker.page.getByRole('button', { name: 'On account (Acme Travel Ltd)' }).click();
    const used = Number((await sql<{ total: string }>('SELECT sum(total_pence)::bigint AS total FROM bookings WHERE company_account_id = $1', [account.id]))[0].total);
    await booker.page.getByRole('dialog').getByText(COMPANY_ACCOUNT_MESSAGES.overLimit(limitPence - used)).waitFor();
    expect(await sql('SELECT count(*)::int AS n FROM bookings WHERE company_account_id = $1', [account.id])).toEqual([{ n: 1 }]);

    // The admin sees it in the account's list with its status, filters, and cancels it.
    const { page } = admin;
    await page.getByRole('link', { name: 'Bookings', exact: true }).click();
    const row = page.getByTestId('booking-row').filter({ hasText: number });
    await row.getByTestId('booking-status').getByText('Confirmed').waitFor();
    expect(await row.textContent()).toContain('Carla Colleague (booked by bo.booker)');
    expect(await row.textContent()).toContain('PO-4471');
    await page.getByLabel('Status').selectOption('cancelled');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No bookings match these filters.').waitFor();
    await page.getByLabel('Booker').selectOption({ label: 'bo.booker' });
    await page.getByLabel('Status').selectOption('confirmed');
    await page.getByRole('button', { name: 'Filter' }).click();
    await row.waitFor();
    await shootAllWidths(page, 'corporate-company-bookings', () => row.waitFor());
    await page.getByRole('button', { name: `Details of booking ${number}` }).click();
    const modal = page.getByRole('dialog');
    await shootAllWidths(page, 'corporate-booking-actions', () => modal.getByRole('button', { name: 'Change booking' }).waitFor());

    // The admin changes the colleague's booking on a 375 px phone: "Change booking" opens the manage page with a
    // short-lived link; a new pick-up time, a new price invoiced to the account, no card step.
    await page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
    await modal.getByRole('button', { name: 'Change booking' }).click();
    await page.waitForURL(/\/manage-booking/);
    await page.getByTestId('change-start').click();
    await page.getByTestId('change-form').waitFor();
    await page.getByTestId('change-hour').selectOption('11pm');
    await page.getByTestId('change-minute').selectOption('00');
    await page.getByTestId('change-review').click();
    await page.getByTestId('change-confirm').waitFor();
    const [before] = await sql<{ total_pence: number }>('SELECT total_pence FROM bookings WHERE booking_number = $1', [number]);
    const pounds = (value: number) => `£${(value / 100).toFixed(2)}`;
    const newPence = Math.round(Number((await page.getByTestId('new-price').textContent())!.replace('£', '')) * 100);
    expect(newPence).not.toBe(before.total_pence);
    expect(await page.getByTestId('old-price').textContent()).toBe(pounds(before.total_pence));
    expect(await page.getByTestId('change-outcome').textContent()).toBe(`The new price is ${pounds(newPence)}, invoiced to your company account.`);
    await checkAxe(page, 'corporate change confirm @375');
    await saveScreenshot(page, 'corporate-change-confirm');
    await page.getByTestId('change-confirm-button').click();
    await page.getByTestId('change-done').waitFor();
    expect(await page.getByTestId('manage-notice').textContent()).toBe('Your booking has been changed.');
    expect(await page.getByTestId('change-payment').count()).toBe(0);
    expect(await page.getByLabel('Card Number').count()).toBe(0);
    expect(await sql('SELECT total_pence, pick_up_time, revision, payment_method FROM bookings WHERE booking_number = $1', [number])).toEqual([
      { total_pence: newPence, pick_up_time: '11:00pm', revision: 1, payment_method: 'account' },
    ]);
    expect(await sql("SELECT c.status FROM booking_changes c JOIN bookings b ON b.site_id = c.site_id AND b.id = c.booking_id WHERE b.booking_number = $1", [number])).toEqual([{ status: 'applied' }]);
    expect(await sql('SELECT count(*)::int AS n FROM payments')).toEqual([{ n: 0 }]);
    // Another booker of the account (signed in through the API) is refused a change link for it, none written.
    const other = await colleagueBooker(account.id);
    const refused = await fetch(`${provider.url}/api/v1/corporate/bookings/change-link`, { method: 'POST', headers: { ...KEY_HEADERS, 'content-type': 'application/json', authorization: `Bearer ${other}` }, body: JSON.stringify({ booking_number: number }) });
    expect([403, 404]).toContain(refused.status);
    expect(typeof (await refused.json()).message).toBe('string');
    expect(await sql('SELECT count(*)::int AS n FROM booking_manage_links l JOIN passengers p ON p.id = l.issued_to_passenger_id WHERE p.email = $1', ['cy.booker@acme-travel.test'])).toEqual([{ n: 0 }]);
    // (Cy leaves the account again, so the members page below shows the two members the screens invited.)
    await sql("DELETE FROM company_account_members WHERE passenger_id = (SELECT id FROM passengers WHERE email = 'cy.booker@acme-travel.test')");

    // Back to the account's bookings at 1280 px: the admin cancels it.
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(`${provider.url}/bookings`);
    await page.getByRole('button', { name: `Details of booking ${number}` }).click();
    await modal.getByRole('button', { name: 'Cancel booking' }).click();
    await modal.getByRole('button', { name: 'Yes, cancel it' }).click();
    await modal.getByTestId('booking-status').getByText('Cancelled').waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Clear' }).click();
    await row.getByTestId('booking-status').getByText('Cancelled').waitFor();
    expect(await sql('SELECT status FROM bookings WHERE booking_number = $1', [number])).toEqual([{ status: 'cancelled' }]);

    // The members page: both members with their roles.
    await page.getByRole('link', { name: 'Members', exact: true }).click();
    const members = page.getByTestId('member-row');
    await expect.poll(() => members.allTextContents()).toEqual([expect.stringMatching(/Account admin/), expect.stringMatching(/bo\.booker.*Booker/)]);
    await shootAllWidths(page, 'corporate-members', () => members.first().waitFor());

    for (const each of [owner, admin, booker]) expect(each.errors.filter((line) => !/\b(401|422)\b/.test(line))).toEqual([]);
  });
});
