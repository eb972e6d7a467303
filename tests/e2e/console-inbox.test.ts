import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../helpers/axe.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_OFFER_UNKNOWN } from '../../contract/consoleEnquiries.ts';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { appReady, launchBrowser, openPage, saveScreenshot, WIDTHS, type OpenedPage, signInToConsole } from '../helpers/browser.ts';
import { londonDate } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 17: the console's enquiries inbox and mail outbox in Chromium against the real server (one server, one
// browser): a dispatcher answers a Contact Us message and the reply is in the outbox, a QUOTE NOW request is priced
// and offered, the visitor books the offer from the mail's link, a mail is resent; axe on both pages and on the
// offer page; screenshots at 1280/768/375 px. Needs a build first (DIST_DIR).

let provider: TestProvider;
let browser: Browser;
let console_: OpenedPage;
let contactId = 0;
let quoteId = 0;

const sql = async <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => (await provider.db.query<Row>(text, params)).rows;
const pathname = (page: Page) => new URL(page.url()).pathname;
const post = (url: string, payload: object, remoteAddress: string) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload, remoteAddress });


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
    await signInToConsole(page, DEMO_STAFF.dispatcher, 'Enquiries');
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

  it("the visitor opens the mailed link on a phone: the booking flow's personal details with the offered vehicle at the offer's price, booked (pay in car) at that price; the token never leaves the page", async () => {
    const [mail] = await sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'quote_offer'");
    // The mail names the site's public address; the test server listens elsewhere.
    const mailed = new URL(/Book this quote: +(\S+)/.exec(mail.text_body)![1]);
    const link = `${provider.url}${mailed.pathname}${mailed.hash}`;
    const token = mailed.hash.replace('#token=', '');
    const [offer] = await sql<{ quote_id: string; vehicle_id: number; company_id: number; vehicle_type: string; price_pence: number }>(
      'SELECT quote_id, vehicle_id, company_id, vehicle_type, price_pence FROM quote_offers',
    );
    const price = `£${(offer.price_pence / 100).toFixed(2)}`;
    const context = await browser.newContext({ viewport: { width: WIDTHS.mobile, height: 800 }, locale: 'en-GB', timezoneId: 'Europe/London' });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const requests: { url: string; referer: string | null; body: string | null }[] = [];
      page.on('request', (request) => requests.push({ url: request.url(), referer: request.headers().referer || null, body: request.postData() }));
      await page.goto(link);
      await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/personalDetailView');
      await appReady(page);
      await page.getByTestId('vehicle-summary').getByText(offer.vehicle_type, { exact: true }).waitFor();
      expect(await page.getByTestId('vehicle-price').textContent()).toBe(price);
      // One call opened the link, with the token in its body only, and no Referer; nothing else carried the token.
      const opened = requests.filter((request) => request.url.endsWith('/api/v1/quote-offer'));
      expect(opened.map((request) => ({ body: request.body, referer: request.referer }))).toEqual([{ body: JSON.stringify({ token }), referer: null }]);
      expect(requests.filter((request) => request.url.includes(token) || request.referer?.includes(token))).toEqual([]);
      // The new tab's about:blank, then the link's page replaced by the step: Back does not open the used link again.
      expect(await page.evaluate(() => history.length)).toBe(2);
      await saveScreenshot(page, 'quote-offer-landed');

      await page.getByLabel('First Name').fill('Grace');
      await page.getByLabel('Last Name').fill('Hopper');
      await page.getByLabel('Email').fill('grace@example.test');
      await page.getByLabel(/Mobile Number/).fill('+44 7700 900123');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => pathname(page)).toBe('/paymentview');
      await page.getByRole('button', { name: 'Pay in Car' }).click();
      await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/paymentSuccessView');
      const number = (await page.getByTestId('booking-number').textContent())!.trim();
      expect(await page.getByTestId('booking-total').textContent()).toBe(price);
      const booked = await sql('SELECT quote_id, vehicle_id, company_id, vehicle_qty, total_pence, payment_method FROM bookings WHERE booking_number = $1', [number]);
      expect(booked).toEqual([{ quote_id: offer.quote_id, vehicle_id: offer.vehicle_id, company_id: offer.company_id, vehicle_qty: 1, total_pence: offer.price_pence, payment_method: 'car' }]);
    } finally {
      await context.close();
    }
  });

  it("a failed call offers a retry; an unknown link shows the contract's message with the operator's phone and a way to a new quote, the token gone from the address (375/768/1280 px, axe clean)", async () => {
    const visitor = await openPage(browser, 'about:blank', { width: WIDTHS.mobile, waitForApp: false });
    try {
      const { page } = visitor;
      page.setDefaultTimeout(15_000);
      // The first call gets no answer (the network dropped): the page offers to try again, and the retry is answered.
      await page.route('**/api/v1/quote-offer', (route) => route.abort('internetdisconnected'));
      await page.goto(`${provider.url}/quote-offer#token=${'A'.repeat(43)}`);
      await page.getByTestId('quote-offer-failed').waitFor();
      expect(await axeViolations(page, 'quote offer failed at 375')).toEqual([]);
      await saveScreenshot(page, 'quote-offer-failed');
      await page.unroute('**/api/v1/quote-offer');
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByTestId('quote-offer-unknown').waitFor();
      expect(page.url()).toBe(`${provider.url}/quote-offer`);
      expect(await page.getByTestId('quote-offer-message').textContent()).toBe(QUOTE_OFFER_UNKNOWN);
      expect(await page.getByTestId('operator-phone').getAttribute('href')).toBe('tel:02079460321');
      expect(await page.getByRole('link', { name: 'Ask for a new quote' }).getAttribute('href')).toBe('/quoteView');
      expect(await axeViolations(page, 'unknown quote offer at 375')).toEqual([]);
      for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await saveScreenshot(page, 'quote-offer-unknown');
      }
      expect(visitor.errors.filter((error) => !error.includes('404') && !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    } finally {
      await visitor.close();
    }
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
