import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { axeViolations } from '../helpers/axe.ts';
import { launchBrowser, openPage, saveScreenshot, signInToConsole, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { consoleOf } from '../helpers/console.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 34, the console's Invoices page lists credit notes (Chromium against the real server): an account with an
// invoice and a credit note against it; the owner sees the note's row and its PDF link; axe; screenshots at 1280/375 px.
// Needs a build first (DIST_DIR).

let provider: TestProvider;
let browser: Browser;
let owner: OpenedPage;

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  const api = consoleOf(provider);
  const signed = await api.owner();
  const created = await api.as(signed, 'POST', 'company-accounts', { name: 'Heron Quay Partners LLP', billing_email: 'ledger@heronquay.test', credit_limit_pence: 500_000, payment_terms_days: 30 });
  expect(created.statusCode, created.body).toBe(201);
  const accountId = created.json().account.id as number;
  const [{ site_id: siteId }] = await api.sql<{ site_id: number }>('SELECT site_id FROM company_accounts WHERE id = $1', [accountId]);
  const [{ id: invoiceId }] = await api.sql<{ id: string }>(
    `INSERT INTO company_invoices (site_id, account_id, invoice_number, period_start, period_end, due_on, account_name, billing_email, billing_address, customer_vat_number,
       vat_rate_bp, prices_include_vat, net_pence, vat_pence, total_pence, credited_pence)
     VALUES ($1, $2, 41, '2026-11-01', '2026-12-01', '2026-12-31', 'Heron Quay Partners LLP', 'ledger@heronquay.test', '1 Heron Quay, London E14 4JA', '', 0, true, 12000, 0, 12000, 2500) RETURNING id`,
    [siteId, accountId],
  );
  await api.sql(
    `INSERT INTO company_credit_notes (site_id, account_id, invoice_id, credit_number, issued_on, account_name, billing_email, billing_address, customer_vat_number,
       vat_rate_bp, prices_include_vat, net_pence, vat_pence, total_pence, applied_pence, refund_due_pence)
     VALUES ($1, $2, $3, 3, '2026-12-02', 'Heron Quay Partners LLP', 'ledger@heronquay.test', '1 Heron Quay, London E14 4JA', '', 0, true, 2500, 0, 2500, 2500, 0)`,
    [siteId, accountId, invoiceId],
  );
  browser = await launchBrowser();
  owner = await openPage(browser, `${provider.url}/admin/invoices`, { waitForApp: false });
  owner.page.setDefaultTimeout(15_000);
  await signInToConsole(owner.page, DEMO_STAFF.owner, 'Invoices');
});

afterAll(async () => {
  await owner?.close();
  await browser?.close();
  await provider?.dispose();
});

describe('console: invoices', () => {
  it("lists the credit notes: number, date, company, invoice corrected, amount, to be repaid, PDF; axe clean at 1280 and 375 px", async () => {
    const { page } = owner;
    const row = page.getByTestId('console-credit-notes').getByRole('row').filter({ hasText: 'CN-000003' });
    await row.waitFor();
    expect(await row.locator('td').allTextContents()).toEqual(['CN-000003', '2026-12-02', 'Heron Quay Partners LLP', 'INV-000041', '£25.00', '£0.00', 'PDF']);
    const href = await row.getByRole('link', { name: 'Download CN-000003 as PDF' }).getAttribute('href');
    const pdf = await page.request.get(`${provider.url}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'console-invoices-credit-notes');
    await page.setViewportSize({ width: WIDTHS.mobile, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'console-invoices-credit-notes');
  });
});
