import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeOwing, startExtrasCrew, type ExtrasCrew } from '../helpers/extrasJob.ts';
import { launchBrowser, openPage, saveScreenshot, signInToConsole, WIDTHS } from '../helpers/browser.ts';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { poundsText } from '../../contract/money.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 32 in Chromium against the real server and its sandbox: a card job completed by the driver with waiting time
// and tolls, the bank wanting 3-D Secure for the off-session charge, so the passenger is mailed the manage link; at
// 375 px the page shows what is owing, Pay opens the change payment's card form, the sandbox's 3-D Secure page is
// completed, the extras are paid once and the page says so; the console's booking page lists them at 1280 px. axe.
// Needs a build first: `npm run build && npx vitest run --project e2e tests/e2e/manage-extras.test.ts`.

let provider: TestProvider;
let browser: Browser;
let crew: ExtrasCrew;
let api: ExtrasCrew['api'];

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
  crew = await startExtrasCrew(provider);
  api = crew.api;
});

afterAll(async () => {
  await browser?.close();
  await provider?.dispose();
});

async function axeViolations(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((violation) => `${where}: ${violation.id} (${violation.impact}) ${violation.help} — ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}

/** A card job whose saved card wants 3-D Secure, completed with 12 minutes of waiting and £2.40 of tolls: owing, mailed. */
async function owingJob(email: string) {
  const paid = await api.bookByCard(email);
  await api.sql("UPDATE sandbox_intents SET payment_method_id = 'pm_card_authenticationRequired' WHERE id = $1", [paid.intentId]);
  const number = paid.bookingNumber;
  await completeOwing(crew, number);
  const [mail] = await api.sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'driver_extras_owing' AND to_address LIKE $1", [`%<${email}>`]);
  const link = new URL(/(http\S+manage-booking\?token=[A-Za-z0-9_-]{43})/.exec(mail.text_body)![1]);
  return { number, url: `${provider.url}${link.pathname}${link.search}` };
}

describe("the driver's extras owing on the manage page", () => {
  it('at 375 px: what is owing, Pay, the card with 3-D Secure, paid once; the console lists the extras', { timeout: 180_000 }, async () => {
    const job = await owingJob(`extras.e2e.${Date.now().toString(36)}@example.com`);
    const { page, context, errors } = await openPage(browser, job.url, { width: WIDTHS.mobile });
    const found: string[] = [];
    try {
      const panel = page.getByTestId('manage-extras');
      await panel.waitFor();
      expect(await page.getByTestId('extras-lines').innerText()).toMatch(/Waiting time 12 min \(added by the driver\)\s+£7\.50[\s\S]*Tolls \(added by the driver\)\s+£2\.40[\s\S]*Total\s+£9\.90/);
      expect(await page.getByTestId('extras-message').textContent()).toBe('£9.90 to pay: your bank asked you to confirm this payment, so it could not be taken from your card.');
      found.push(...(await axeViolations(page, 'owing @375')));
      await saveScreenshot(page, 'manage-extras-owing');

      await page.getByTestId('extras-pay').click();
      await page.getByTestId('extras-payment').waitFor();
      await page.waitForURL(`${provider.url}/manage-booking?step=extras`);
      expect(await page.getByTestId('amount-to-pay').textContent()).toBe('£9.90');
      await page.getByLabel('Card Number').fill('4000002760003184');
      await page.getByLabel('Expiry Date').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      found.push(...(await axeViolations(page, 'paying @375')));
      await saveScreenshot(page, 'manage-extras-pay');
      // A double click: one payment.
      await page.getByTestId('pay-now').evaluate((button: HTMLButtonElement) => {
        button.click();
        button.click();
      });
      const challenge = page.getByRole('dialog', { name: '3-D Secure: confirm your payment' });
      await challenge.waitFor();
      expect(await challenge.textContent()).toContain('£9.90');
      await challenge.getByRole('button', { name: 'Complete' }).click();
      await page.getByTestId('manage-notice').waitFor();
      expect(await page.getByTestId('manage-notice').textContent()).toBe('Thank you: £9.90 of waiting time and extras paid.');
      expect(await page.getByTestId('extras-message').textContent()).toBe('£9.90 paid by card.');
      expect(await page.getByTestId('extras-pay').count()).toBe(0);
      await page.waitForURL(`${provider.url}/manage-booking`);
      found.push(...(await axeViolations(page, 'paid @375')));
      await saveScreenshot(page, 'manage-extras-paid');

      const charges = await api.sql<{ amount: number }>(
        "SELECT s.amount FROM sandbox_intents s JOIN bookings b ON s.metadata ->> 'booking_extras' = b.id::text WHERE b.booking_number = $1 AND s.status = 'succeeded'",
        [job.number],
      );
      expect(charges.map((row) => Number(row.amount))).toEqual([990]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The console's booking page at 1280 px: the driver's lines and how they were paid.
    const owner = await openPage(browser, `${provider.url}/admin/bookings/${job.number}`, { width: WIDTHS.desktop, waitForApp: false });
    try {
      await signInToConsole(owner.page, DEMO_STAFF.owner, job.number);
      await owner.page.getByTestId('job-extras').waitFor();
      expect(await owner.page.getByTestId('job-extras-lines').innerText()).toMatch(/Waiting time 12 min \(added by the driver\)\s+£7\.50[\s\S]*Tolls \(added by the driver\)\s+£2\.40[\s\S]*Final fare\s+£/);
      expect(await owner.page.getByTestId('job-extras-payment').textContent()).toBe('Charged to the card');
      // The Paid figure counts the extras the passenger paid, shown as their own line.
      const [fare] = await api.sql<{ amount_pence: number }>('SELECT p.amount_pence FROM payments p JOIN bookings b ON b.payment_intent_id = p.intent_id WHERE b.booking_number = $1', [job.number]);
      const facts = await owner.page.getByTestId('payment-facts').innerText();
      expect(facts).toContain(`Paid\n${poundsText(Number(fare.amount_pence) + 990)}`);
      expect(facts).toContain("Incl. driver's extras\n£9.90");
      // The price lists the driver's lines above its total, so the lines add up to it.
      const priceRows = await owner.page.getByTestId('price-facts').locator('tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));
      expect(priceRows.slice(-3).map(([label]) => label)).toEqual(['Waiting time 12 min (added by the driver)', 'Tolls (added by the driver)', 'Total']);
      const pence = (text: string) => Math.round(Number(text.replace(/[£,]/g, '')) * 100);
      const total = pence(priceRows.at(-1)![1]!);
      expect(priceRows.slice(0, -1).reduce((sum, [, amount]) => sum + pence(amount!), 0)).toBe(total);
      expect(total).toBe(Number(fare.amount_pence) + 990);
      found.push(...(await axeViolations(owner.page, 'console @1280')));
      await saveScreenshot(owner.page, 'console-booking-extras');
    } finally {
      await owner.context.close();
    }
    expect(found).toEqual([]);
  });
});
