import type { Browser } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextWeek, weekStartOf } from '../../contract/settlementRules.ts';
import { endedPeriod } from '../../contract/invoiceRules.ts';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { londonParts } from '../../server/domain/pricing/londonTime.ts';
import { axeViolations, settled } from '../helpers/axe.ts';
import { launchBrowser, openPage, signInToConsole, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { consoleOf } from '../helpers/console.ts';
import { DRIVER_PASSWORD, driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 35, driver settlement, one flow: a driver's last week (a pay-in-car job and a card job, written to the tables)
// is opened in the console's /admin/settlement, given an adjustment and settled; its statement PDF (downloaded by the
// owner, and by the driver from the app) carries the same figures as the driver's Earnings screen at 375 px. axe on
// the console page and the Earnings screen. Needs a build first (DIST_DIR).

let provider: TestProvider;
let browser: Browser;
let owner: OpenedPage;
let phone: OpenedPage;
let driver: SignedDriver;
let lastWeek = '';
let invoiceNumber = '';

async function pdfText(content: Buffer | Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(content));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
  const api = consoleOf(provider);
  driver = await driverAppOf(provider, api).newDriver(await api.owner(), 'Sam Statement');
  lastWeek = nextWeek(weekStartOf(londonParts(new Date()).date, 1), -1);
  const template = await api.bookInCar('settlement.e2e@example.test');
  const completedAt = new Date(`${lastWeek}T12:00:00Z`);
  completedAt.setUTCDate(completedAt.getUTCDate() + 2);
  const site = (await api.sql<{ site_id: number }>('SELECT site_id FROM bookings WHERE booking_number = $1', [template]))[0].site_id;
  for (const [number, method, pence] of [
    ['CF-E2ESTL01', 'car', 4_250],
    ['CF-E2ESTL02', 'card', 6_000],
  ] as const) {
    await api.copyBooking(template, { number });
    await api.sql(
      `UPDATE bookings SET status = 'completed', completed_at = $2, assigned_driver = $3::jsonb, payment_method = $4, total_pence = $5,
              payment_status = $6, payment_intent_id = $7 WHERE booking_number = $1`,
      [number, completedAt, JSON.stringify({ id: driver.driverId, name: 'Sam Statement' }), method, pence, method === 'card' ? 'paid' : 'due_to_driver', method === 'card' ? `pi_${number}` : null],
    );
    if (method === 'card')
      await api.sql(
        `INSERT INTO payments (site_id, intent_id, provider, amount_pence, currency, request_key, submission, status, charge, booking_id)
         SELECT $1, $2, 'sandbox', $3, 'GBP', $4, '{}'::jsonb, 'succeeded', 'succeeded', id FROM bookings WHERE booking_number = $5`,
        [site, `pi_${number}`, pence, `booking:${number}`, number],
      );
  }
  // Issue 34's invoices: a company account's booking of last month, invoiced by the run (the server's job's own call).
  const [{ id: accountId }] = await api.sql<{ id: string }>(
    "INSERT INTO company_accounts (site_id, name, billing_email, credit_limit_pence) VALUES ($1, 'Acme E2E Ltd', 'ledger@acme-e2e.test', 100000) RETURNING id",
    [site],
  );
  const lastMonth = new Date(`${endedPeriod('monthly', londonParts(new Date()).date).start}T12:00:00Z`);
  await api.copyBooking(template, { number: 'CF-E2EINV01', pickupAt: lastMonth });
  await api.sql("UPDATE bookings SET status = 'completed', payment_method = 'account', payment_status = 'on_account', company_account_id = $2, total_pence = 12345 WHERE booking_number = $1", [
    'CF-E2EINV01',
    accountId,
  ]);
  [{ number: invoiceNumber }] = await provider.invoices.run(site, new Date());
}, 60_000);

afterAll(async () => {
  await owner?.close();
  await phone?.close();
  await browser?.close();
  await provider?.dispose();
});

describe('driver settlement', () => {
  it("the owner settles a driver's week in the console; the statement PDF has the figures of the driver's Earnings screen", async () => {
    owner = await openPage(browser, `${provider.url}/admin/settlement`, { waitForApp: false });
    const console_ = owner.page;
    console_.setDefaultTimeout(15_000);
    await signInToConsole(console_, DEMO_STAFF.owner, 'Driver settlement');
    await console_.getByRole('button', { name: 'Sam Statement' }).click();
    await console_.getByRole('heading', { level: 2, name: /^Sam Statement, / }).waitFor();

    // An adjustment owed by the driver, with its reason.
    await console_.getByLabel('Direction').selectOption('from');
    await console_.getByLabel('Amount (£)').fill('5.00');
    await console_.getByLabel('Reason').fill('Fuel card top-up');
    await console_.getByRole('button', { name: 'Add adjustment' }).click();
    await console_.getByRole('status').getByText('Adjustment added.').waitFor();
    await console_.getByText('-£5.00: Fuel card top-up').waitFor();
    await settled(console_);
    expect(await axeViolations(console_, 'console-settlement')).toEqual([]);

    await console_.getByRole('button', { name: 'Mark week settled' }).click();
    await console_.getByRole('status').getByText("Sam Statement's week is settled.").waitFor();
    await console_.getByText(/^Settled /).waitFor();
    expect(await console_.getByRole('button', { name: 'Mark week settled' }).count()).toBe(0);
    // 2 jobs, £102.50 of fares; the operator took £60.00 by card, 15% is £6.38 + £9.00, less £5.00: the operator owes the driver £39.62.
    const figure = (label: string) => console_.locator(`[data-figure^="${label}"]`).first().textContent();
    expect([await figure('Jobs done'), await figure('Fares'), await figure('Commission'), await figure('Balance')]).toEqual(['2', '£102.50', '£15.38', 'You owe the driver £39.62']);
    const ownersPdf = await owner.context.request.get(`${provider.url}/api/admin/settlement/${driver.driverId}/${lastWeek}/statement`);
    expect(ownersPdf.status()).toBe(200);
    const text = await pdfText(await ownersPdf.body());

    // The driver's Earnings screen at 375 px: the same week, settled, with the same figures as the PDF.
    phone = await openPage(browser, `${provider.url}/driver`, { width: WIDTHS.mobile, height: 812, waitForApp: false });
    const app = phone.page;
    app.setDefaultTimeout(15_000);
    await app.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await app.getByLabel(/^E-mail/).fill(driver.email);
    await app.getByLabel(/^Password/).fill(DRIVER_PASSWORD);
    await app.getByRole('button', { name: 'Sign in' }).click();
    await app.getByRole('heading', { level: 1, name: 'Off duty' }).waitFor();
    await app.getByRole('button', { name: 'Earnings' }).click();
    await app.getByRole('heading', { level: 1, name: 'Earnings' }).waitFor();
    const week = app.locator(`section[data-week="${lastWeek}"]`);
    await week.waitFor();
    expect(await week.getByTestId('week-balance').textContent()).toBe('You are owed £39.62');
    expect(await week.getByText('Settled', { exact: true }).count()).toBe(1);
    const rows = await week.locator('tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent!, tr.querySelector('td')!.textContent!]));
    expect(rows).toEqual([
      ['Jobs done', '2'],
      ['Fares', '£102.50'],
      ['Collected by you (cash or card in the car)', '£42.50'],
      ['Collected by the operator (card online, on account)', '£60.00'],
      ['Commission', '£15.38'],
      ['Adjustments', '-£5.00'],
    ]);
    for (const [label, value] of rows) expect(text).toContain(`${label} ${value}`);
    expect(text).toContain('Balance You are owed £39.62');
    expect(text).toContain('Driver Sam Statement');
    expect(text).toContain('Fuel card top-up -£5.00');
    // A week without a job is a line of its own: no card of zeros, no empty statement.
    const quietWeeks = app.locator('section[data-week]').filter({ hasText: 'No jobs' });
    expect(await quietWeeks.count()).toBeGreaterThan(0);
    expect(await quietWeeks.locator('table, a').count()).toBe(0);
    expect(await week.getByText('No jobs').count()).toBe(0);
    await settled(app);
    expect(await axeViolations(app, 'driver-earnings')).toEqual([]);

    // The app's own download is the same statement.
    const href = await week.getByRole('link', { name: /^Statement for .* \(PDF\)$/ }).getAttribute('href');
    const driversPdf = await phone.context.request.get(`${provider.url}${href}`);
    expect(driversPdf.status()).toBe(200);
    expect(await pdfText(await driversPdf.body())).toBe(text);
  });

  it("company invoices: the owner sees what the account owes, downloads the invoice and records a part payment", async () => {
    const console_ = owner.page;
    await console_.goto(`${provider.url}/admin/invoices`);
    await console_.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    const row = console_.getByRole('row', { name: new RegExp(`^${invoiceNumber} Acme E2E Ltd`) });
    await row.waitFor();
    expect(await console_.getByRole('row', { name: /^Acme E2E Ltd/ }).textContent()).toContain('£123.45');
    const pdf = await owner.context.request.get(`${provider.url}${await row.getByRole('link', { name: `Download ${invoiceNumber} as PDF` }).getAttribute('href')}`);
    expect(pdf.status()).toBe(200);
    const text = await pdfText(await pdf.body());
    for (const expected of [invoiceNumber, 'Acme E2E Ltd', 'CF-E2EINV01', 'Total £123.45']) expect(text).toContain(expected);

    await row.getByRole('button', { name: `Record a payment against ${invoiceNumber}` }).click();
    await console_.getByLabel('Amount received (£)').fill('200.00');
    await console_.getByLabel('Reference').fill('BACS 1234');
    await console_.getByRole('button', { name: 'Record payment' }).click();
    await console_.getByText('At most £123.45 is still owed').waitFor();
    await console_.getByLabel('Amount received (£)').fill('100.00');
    await console_.getByRole('button', { name: 'Record payment' }).click();
    await console_.getByRole('status').getByText(`Payment of £100.00 recorded against ${invoiceNumber}.`).waitFor();
    await row.getByText('Part paid').waitFor();
    expect(await row.textContent()).toContain('£23.45');
    await settled(console_);
    expect(await axeViolations(console_, 'console-invoices')).toEqual([]);
  });
});
