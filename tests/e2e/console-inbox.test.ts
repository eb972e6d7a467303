import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { launchBrowser, openPage, saveScreenshot, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { londonDate } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 17: the console's enquiries inbox and mail outbox in Chromium against the real server (one server, one
// browser): a dispatcher answers a Contact Us message and the reply is in the outbox, a QUOTE NOW request is priced
// and offered, a mail is resent; axe on both pages; screenshots at 1280/768/375 px. Needs a build first (DIST_DIR).

let provider: TestProvider;
let browser: Browser;
let console_: OpenedPage;
let contactId = 0;
let quoteId = 0;

const sql = async <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => (await provider.db.query<Row>(text, params)).rows;
const pathname = (page: Page) => new URL(page.url()).pathname;
const post = (url: string, payload: object, remoteAddress: string) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload, remoteAddress });

async function axeViolations(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((violation) => `${where}: ${violation.id} (${violation.impact}) ${violation.help} — ${violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`).join(' | ')}`);
}

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
  const contact = await post('contact-us', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', queryReason: 'Lost Item', comments: 'I left a blue umbrella in the car on Tuesday.' }, '10.1.0.1');
  contactId = contact.json().contact_id;
  const quote = await post(
    'send-instant-email',
    {
      pickup_address: 'Paddington Station, Praed Street, London W2 1HB',
      dropoff_address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
      pickup_date: londonDate(5),
      pickup_time: '2:30pm',
      passenger_email: 'grace@example.test',
      passenger_phone: '07700 900123',
      passenger_name: 'Grace Hopper',
      passengers: 2,
    },
    '10.1.0.2',
  );
  quoteId = quote.json().quote_request_id;
  await post('contact-us', { firstName: 'Tom', lastName: 'Baker', email: 'tom@example.test', telephone: '07700 900456', queryReason: 'Invoice', bookingNumber: 'WC-10045', comments: 'Please send an invoice for my trip last week.' }, '10.1.0.3');
  console_ = await openPage(browser, `${provider.url}/admin/enquiries`, { waitForApp: false });
  console_.page.setDefaultTimeout(15_000);
}, 60_000);

afterAll(async () => {
  await console_?.close();
  await browser?.close();
  await provider?.dispose();
});

describe('console: enquiries inbox and mail outbox', () => {
  it('a dispatcher answers a Contact Us message from the inbox; the reply is stored, the enquiry answered, the mail queued', async () => {
    const { page } = console_;
    await page.getByLabel(/^E-mail/).fill(DEMO_STAFF.dispatcher.email);
    await page.getByLabel(/^Password/).fill(DEMO_STAFF.dispatcher.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Enquiries', level: 1 }).waitFor();
    expect(pathname(page)).toBe('/admin/enquiries');
    await page.getByTestId('inbox-table').waitFor();
    expect(await page.getByTestId(`enquiry-row-contact-${contactId}`).textContent()).toContain('Lost Item: I left a blue umbrella in the car on Tuesday.');

    await page.getByRole('button', { name: 'Ada Lovelace' }).click();
    await page.getByTestId('enquiry-detail').waitFor();
    await page.getByLabel('Reply by e-mail to ada@example.test').fill('Hello Ada,\nWe have your umbrella at the office.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => page.getByTestId('inbox-notice').textContent()).toBe('Reply sent');
    expect(await page.getByTestId('enquiry-status').textContent()).toBe('answered');
    expect(await page.getByTestId('enquiry-reply').textContent()).toContain('We have your umbrella at the office.');
    expect(await page.getByTestId(`enquiry-row-contact-${contactId}`).getByText('answered').count()).toBe(1);
    // The list beside the answered enquiry: one check covers both.
    expect(await axeViolations(page, 'inbox list and detail')).toEqual([]);
    await saveScreenshot(page, 'console-enquiries');

    const replies = await sql<{ author_name: string; body: string; kind: string; to_address: string }>(
      `SELECT r.author_name, r.body, m.kind, m.to_address FROM enquiry_replies r JOIN mail_outbox m ON m.site_id = r.site_id AND m.id = r.mail_id
        WHERE r.enquiry_kind = 'contact' AND r.enquiry_id = $1`,
      [contactId],
    );
    expect(replies).toEqual([{ author_name: DEMO_STAFF.dispatcher.name, body: 'Hello Ada,\nWe have your umbrella at the office.', kind: 'enquiry_reply', to_address: '"Ada Lovelace" <ada@example.test>' }]);
  });

  it('prices a QUOTE NOW request with the site engine and sends the visitor a quote with a link to book it', async () => {
    const { page } = console_;
    await page.getByRole('button', { name: 'Back to list' }).click();
    await page.getByRole('button', { name: 'Grace Hopper' }).click();
    await page.getByTestId('quote-panel').waitFor();
    expect(await page.getByLabel('Time').inputValue()).toBe('14:30');
    await page.getByRole('button', { name: 'Price this trip' }).click();
    const first = page.getByTestId('quote-panel').getByRole('radio').first();
    await first.waitFor();
    expect(await first.isChecked()).toBe(true);
    await page.getByLabel('Message with the quote').fill('Here is our price for your trip.');
    expect(await axeViolations(page, 'make a quote')).toEqual([]);
    await saveScreenshot(page, 'console-enquiry-quote');
    await page.getByRole('button', { name: 'Send quote' }).click();
    await expect.poll(() => page.getByTestId('inbox-notice').textContent()).toBe('Quote sent');
    expect(await page.getByTestId('enquiry-reply').textContent()).toMatch(/Quoted: .+ £\d+\.\d{2}, bookable until/);
    const [mail] = await sql<{ kind: string; text_body: string }>("SELECT kind, text_body FROM mail_outbox WHERE kind = 'quote_offer'");
    expect(mail.text_body).toMatch(/Book this quote: +http:\/\/localhost:\d+\/quote-offer#token=[A-Za-z0-9_-]{43}/);
    expect((await sql<{ status: string }>('SELECT status FROM quote_requests WHERE id = $1', [quoteId]))[0].status).toBe('answered');
  });

  it('shows the reply in the mail outbox with its delivery state and resends it (a new queued copy)', async () => {
    const { page } = console_;
    await provider.mail.flush();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Mail' }).click();
    await page.getByRole('heading', { name: 'Mail outbox', level: 1 }).waitFor();
    expect(pathname(page)).toBe('/admin/mail');
    const [reply] = await sql<{ id: string }>("SELECT id FROM mail_outbox WHERE kind = 'enquiry_reply'");
    const row = page.getByTestId(`mail-row-${reply.id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('ada@example.test');
    expect(await row.getByText('sent').count()).toBe(1);

    await row.getByRole('button').click();
    await page.getByTestId('mail-detail').waitFor();
    expect(await page.getByLabel('Mail text').textContent()).toContain('We have your umbrella at the office.');
    await page.getByRole('button', { name: 'Resend' }).click();
    await expect.poll(() => page.getByTestId('outbox-notice').textContent()).toMatch(/^Queued again as mail #\d+$/);
    expect(await page.getByTestId('mail-status').textContent()).toBe('queued');
    const copies = await sql<{ resend_of: string; to_address: string }>('SELECT resend_of, to_address FROM mail_outbox WHERE resend_of IS NOT NULL');
    expect(copies).toEqual([{ resend_of: reply.id, to_address: '"Ada Lovelace" <ada@example.test>' }]);
    expect(await axeViolations(page, 'outbox list and detail')).toEqual([]);
    await saveScreenshot(page, 'console-mail');
  });

  it('fits a tablet and a phone: inbox and outbox at 768 and 375 px, an open enquiry replacing the list on a phone (axe clean at 375)', async () => {
    const { page } = console_;
    for (const width of [WIDTHS.tablet, WIDTHS.mobile]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${provider.url}/admin/mail`);
      await page.getByTestId('outbox-table').waitFor();
      await saveScreenshot(page, 'console-mail');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.goto(`${provider.url}/admin/enquiries`);
      await page.getByTestId('inbox-table').waitFor();
      await saveScreenshot(page, 'console-enquiries');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.getByRole('button', { name: 'Tom Baker' }).click();
    await page.getByTestId('enquiry-detail').waitFor();
    expect(await page.getByTestId('inbox-table').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.mobile);
    expect(await axeViolations(page, 'inbox detail at 375')).toEqual([]);
    await saveScreenshot(page, 'console-enquiry');
  });
});
