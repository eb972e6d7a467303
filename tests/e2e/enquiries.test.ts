import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonToday, QUERY_REASONS } from '../../contract/enquiries.ts';
import { appReady, launchBrowser, openPage, saveScreenshot, WIDTHS } from '../helpers/browser.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

// The 'QUOTE NOW' request (/quoteView) and the Contact Us form through the real server, its database and its mail
// outbox, in Chromium. Needs a build first: `npm run build && npx vitest run --project e2e tests/e2e/enquiries.test.ts`.

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

const addDays = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const tomorrow = () => addDays(londonToday(), 1);

/** A BookingForm as the home form stores it (plain JSON, spec §3), e.g. after a price that could not be produced. */
const storedBookingForm = () => ({
  pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
  dropoff: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
  pickup_date: tomorrow(),
  pickup_hour: '3pm',
  pickup_min: '05',
  select_option: 'one_way',
  passengers: 3,
  luggages: 2,
  hand_luggages: 1,
  stops: [],
});

/** Opens /quoteView with BookingForm stored, as a visitor arriving from a failed quote. */
async function openQuoteWithStoredForm(width: number = WIDTHS.desktop) {
  const opened = await openPage(browser, `${provider.url}/`, { width });
  await opened.page.evaluate((form) => localStorage.setItem('BookingForm', JSON.stringify(form)), storedBookingForm());
  await opened.page.goto(`${provider.url}/quoteView`);
  await appReady(opened.page);
  await quoteForm(opened.page).waitFor();
  return opened;
}

const quoteForm = (page: Page) => page.getByRole('form', { name: 'QUOTE NOW' });
/** The form control labelled `label` (a required field's label reads 'Label *'). */
const labelled = (scope: ReturnType<Page['locator']>, label: string) =>
  scope.locator('input, textarea, select').and(scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`)));
const field = (page: Page, label: string) => labelled(quoteForm(page), label);
const values = async (page: Page, labels: string[]) => Object.fromEntries(await Promise.all(labels.map(async (label) => [label, await field(page, label).inputValue()])));
const count = async (sql: string, params: unknown[] = []) => Number((await provider.db.query<{ n: string }>(sql, params)).rows[0].n);

describe('QUOTE NOW (/quoteView)', () => {
  it('arrives prefilled from the stored BookingForm', async () => {
    const { page, errors, close } = await openQuoteWithStoredForm();
    try {
      expect(await page.locator('main h1').first().textContent()).toBe('QUOTE NOW');
      expect(await values(page, ['Pick-Up', 'Drop-Off', 'Date', 'Time', 'Passenger', 'Luggages', 'Email', 'Telephone'])).toEqual({
        'Pick-Up': 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
        'Drop-Off': 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
        Date: tomorrow(),
        Time: '15:05',
        Passenger: '3',
        Luggages: '2',
        Email: '',
        Telephone: '',
      });
      expect(await field(page, 'Date').getAttribute('min')).toBe(londonToday());
      expect(await field(page, 'Email').getAttribute('type')).toBe('email');
      for (const label of ['Date', 'Time', 'Email', 'Telephone']) expect(await field(page, label).getAttribute('required'), label).not.toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('says what is missing and sends nothing', async () => {
    const { page, close } = await openQuoteWithStoredForm();
    try {
      const before = await count('SELECT count(*) AS n FROM quote_requests');
      await page.getByRole('button', { name: 'SEND' }).click();
      await quoteForm(page).getByText('Enter your email').waitFor();
      expect(await quoteForm(page).getByText('Enter your telephone number').count()).toBe(1);
      expect(await field(page, 'Email').getAttribute('aria-invalid')).toBe('true');
      expect(await count('SELECT count(*) AS n FROM quote_requests')).toBe(before);
    } finally {
      await close();
    }
  });

  it("sends: 'Your booking has been sent!', the form reset as the spec says, stored and in the outbox", async () => {
    const { page, errors, close } = await openQuoteWithStoredForm();
    try {
      await field(page, 'Email').fill('jane.doe@example.test');
      await field(page, 'Telephone').fill('07700 900456');
      await field(page, 'Passenger name').fill('Jane Doe');
      await field(page, 'Additional comments').fill('Two child seats, please');
      await page.getByRole('button', { name: 'SEND' }).click();
      await page.getByText('Your booking has been sent!').waitFor();

      expect(await values(page, ['Email', 'Telephone', 'Passenger name', 'Additional comments', 'Luggages', 'Passenger', 'Pick-Up', 'Date', 'Time'])).toEqual({
        Email: '',
        Telephone: '',
        'Passenger name': '',
        'Additional comments': '',
        Luggages: '0',
        Passenger: '1',
        'Pick-Up': 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
        Date: tomorrow(),
        Time: '15:05',
      });
      expect(await page.evaluate(() => localStorage.getItem('BookingForm'))).toBeNull();

      const { rows } = await provider.db.query<Record<string, unknown>>(
        "SELECT pickup_address, dropoff_address, to_char(pickup_date, 'YYYY-MM-DD') AS pickup_date, pickup_time, passenger_email, passenger_phone, passenger_name, additional_info, passengers, luggages, mail_id FROM quote_requests WHERE site_id = 1 AND passenger_email = $1",
        ['jane.doe@example.test'],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        pickup_address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
        dropoff_address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
        pickup_date: tomorrow(),
        pickup_time: '3:05pm',
        passenger_phone: '07700 900456',
        passenger_name: 'Jane Doe',
        additional_info: 'Two child seats, please',
        passengers: 3,
        luggages: 2,
      });
      const mail = (await provider.db.query<{ kind: string; text_body: string }>('SELECT kind, text_body FROM mail_outbox WHERE site_id = 1 AND id = $1', [rows[0].mail_id])).rows[0];
      expect(mail.kind).toBe('quote_request_notice');
      expect(mail.text_body).toContain('jane.doe@example.test');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("keeps everything typed on a server failure: 'There was a problem sending your booking.', then a retry sends it", async () => {
    const { page, close } = await openQuoteWithStoredForm();
    try {
      await page.route('**/api/v1/send-instant-email', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Something went wrong on our side. Please try again.' }) }),
      );
      await field(page, 'Email').fill('retry@example.test');
      await field(page, 'Telephone').fill('020 7946 0123');
      await field(page, 'Passenger name').fill('Robin Retry');
      await page.getByRole('button', { name: 'SEND' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'There was a problem sending your booking.' });
      await alert.waitFor();
      expect(await alert.getByText('Something went wrong on our side. Please try again.').count()).toBe(1);
      expect(await values(page, ['Email', 'Telephone', 'Passenger name', 'Passenger', 'Luggages'])).toEqual({
        Email: 'retry@example.test',
        Telephone: '020 7946 0123',
        'Passenger name': 'Robin Retry',
        Passenger: '3',
        Luggages: '2',
      });
      expect(await page.evaluate(() => localStorage.getItem('BookingForm'))).not.toBeNull();
      expect(await count('SELECT count(*) AS n FROM quote_requests WHERE passenger_email = $1', ['retry@example.test'])).toBe(0);

      await page.unroute('**/api/v1/send-instant-email');
      await alert.getByRole('button', { name: 'Try again' }).click();
      await page.getByText('Your booking has been sent!').waitFor();
      expect(await count('SELECT count(*) AS n FROM quote_requests WHERE passenger_email = $1', ['retry@example.test'])).toBe(1);
    } finally {
      await close();
    }
  });

  it('suggests addresses as the visitor types and takes one with the keyboard', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/quoteView`);
    try {
      const pickup = field(page, 'Pick-Up');
      await pickup.click();
      await pickup.pressSequentially('heathrow', { delay: 20 });
      const listbox = page.getByRole('listbox', { name: 'Pick-Up' });
      await listbox.waitFor();
      await expect.poll(() => listbox.getByRole('option').count()).toBeGreaterThan(0);
      const first = (await listbox.getByRole('option').first().locator('p').first().textContent())!;
      expect(first.toLowerCase()).toContain('heathrow');
      expect(await pickup.getAttribute('aria-expanded')).toBe('true');
      await pickup.press('ArrowDown');
      expect(await pickup.getAttribute('aria-activedescendant')).toBeTruthy();
      await pickup.press('Enter');
      await expect.poll(() => pickup.inputValue()).toBe(first);
      expect(await pickup.getAttribute('aria-expanded')).toBe('false');
      // Escape closes the list; leaving the field closes it too.
      await pickup.fill('gatwick');
      await listbox.waitFor();
      await pickup.press('Escape');
      await listbox.waitFor({ state: 'hidden' });
    } finally {
      await close();
    }
  });

  it('saves screenshots at 375 and 1280 px without sideways scrolling', async () => {
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      const { page, errors, close } = await openQuoteWithStoredForm(width);
      try {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await saveScreenshot(page, 'quote-request');
        await page.getByRole('button', { name: 'SEND' }).click();
        await quoteForm(page).getByText('Enter your email').waitFor();
        await saveScreenshot(page, 'quote-request-errors');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});

describe('Contact Us', () => {
  const contactForm = (page: Page) => page.getByRole('form', { name: 'Contact Us' });
  const input = (page: Page, label: string) => labelled(contactForm(page), label);

  it('offers the five query reasons with Booking first, and sends one message per reason', async () => {
    const { page, errors, close } = await openPage(browser, `${provider.url}/contactus`);
    try {
      const reason = input(page, 'Query reason');
      expect(await reason.inputValue()).toBe('Booking');
      expect(await reason.locator('option').allTextContents()).toEqual([...QUERY_REASONS]);
      for (const [index, queryReason] of QUERY_REASONS.entries()) {
        await input(page, 'First name').fill('Ada');
        await input(page, 'Last name').fill('Byron');
        await input(page, 'Email').fill(`ada${index}@example.test`);
        await input(page, 'Telephone').fill('020 7946 0000');
        await reason.selectOption(queryReason);
        await input(page, 'Booking number').fill(`WC-${1000 + index}`);
        await input(page, 'Comments').fill(`About: ${queryReason}`);
        await contactForm(page).getByRole('button', { name: 'Send message' }).click();
        const status = contactForm(page).getByRole('status');
        await status.getByText('Form Submitted').waitFor();
        expect(await status.getByText('Your form has been submitted successfully!. Thank You for Contacting').count()).toBe(1);
        // Emptied after sending, the reason back to Booking.
        expect(await input(page, 'Email').inputValue()).toBe('');
        expect(await reason.inputValue()).toBe('Booking');
      }
      const { rows } = await provider.db.query<{ query_reason: string; email: string; booking_number: string; comments: string; mail_id: string | null }>(
        "SELECT query_reason, email, booking_number, comments, mail_id FROM contact_messages WHERE site_id = 1 AND first_name = 'Ada' ORDER BY id",
      );
      expect(rows.map((row) => row.query_reason)).toEqual([...QUERY_REASONS]);
      expect(rows[3]).toMatchObject({ email: 'ada3@example.test', booking_number: 'WC-1003', comments: 'About: Lost Item' });
      expect(rows.every((row) => row.mail_id !== null)).toBe(true);
      expect(await count("SELECT count(*) AS n FROM mail_outbox WHERE site_id = 1 AND kind = 'contact_notice'")).toBeGreaterThanOrEqual(5);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows 'Submission Failed' with the server's error, and keeps what was typed", async () => {
    const { page, close } = await openPage(browser, `${provider.url}/contactus`);
    try {
      // An empty form is stopped in the browser, next to SEND, before any request.
      let requests = 0;
      await page.route('**/api/v1/contact-us', (route) => {
        requests += 1;
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Service unavailable', error: 'We are down for maintenance' }) });
      });
      await contactForm(page).getByRole('button', { name: 'Send message' }).click();
      await page.getByTestId('contact-form-error').getByText('Please fill in the form before sending it').waitFor();
      expect(await contactForm(page).getByText('Submission Failed').count()).toBe(0);
      expect(requests).toBe(0);

      // The server's refusal: 'Submission Failed' with its `error`, and what was typed stays.
      await input(page, 'First name').fill('Grace');
      expect(await page.getByTestId('contact-form-error').count()).toBe(0);
      await input(page, 'Comments').fill('Where is my invoice?');
      await input(page, 'Query reason').selectOption('Invoice');
      await contactForm(page).getByRole('button', { name: 'Send message' }).click();
      const alert = contactForm(page).getByRole('alert');
      await alert.getByText('We are down for maintenance').waitFor();
      expect(requests).toBe(1);
      expect(await alert.getByText('Submission Failed').count()).toBe(1);
      expect(await input(page, 'First name').inputValue()).toBe('Grace');
      expect(await input(page, 'Comments').inputValue()).toBe('Where is my invoice?');
      expect(await input(page, 'Query reason').inputValue()).toBe('Invoice');
      await saveScreenshot(page, 'contact-us-failed');
    } finally {
      await close();
    }
  });

  it('shows the same form on /ourfleet', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/ourfleet`);
    try {
      await contactForm(page).waitFor();
      expect(await input(page, 'Query reason').inputValue()).toBe('Booking');
    } finally {
      await close();
    }
  });

  it('saves screenshots at 375 and 1280 px without sideways scrolling', async () => {
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      const { page, errors, close } = await openPage(browser, `${provider.url}/contactus`, { width });
      try {
        await contactForm(page).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await saveScreenshot(page, 'contact-us');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});
