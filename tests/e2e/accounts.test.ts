import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../contract/accounts.ts';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { hashPassword } from '../../server/domain/accounts/passwords.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { appReady, launchBrowser, openPage, saveScreenshot, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

// Forgot password (with the code read from a real SMTP server) and the corporate area (sign-in, bookings, profile,
// logout, protected routes) through the real server and its database, in Chromium.
// Needs a build first: `npm run build && npx vitest run --project e2e tests/e2e/accounts.test.ts`.

let provider: TestProvider;
let smtp: TestSmtpServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  provider = await startTestProvider({ listen: true, env: { SMTP_URL: smtp.url } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await provider?.dispose();
  await smtp?.close();
});

const pathname = (page: Page) => new URL(page.url()).pathname;
/**
 * For a URL that moves after a server call (a sign-in hashes the password, the first token check loads the account
 * calls' chunk): expect.poll's 1 s default is shorter than that round trip on a loaded machine.
 */
const ROUND_TRIP = { timeout: 10_000 };
const search = (page: Page) => new URL(page.url()).search;
/** The form control labelled `label` (a required field's label reads 'Label *'). */
const labelled = (page: Page, label: string) =>
  page.locator('input, textarea, select').and(page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`)));

const api = (url: string, body: unknown, token?: string) =>
  fetch(`${provider.url}/api/v1${url}`, {
    method: 'POST',
    headers: { ...KEY_HEADERS, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

let nextPassenger = 1;
async function createPassenger(password = 'Passenger-Pass-1') {
  const n = nextPassenger++;
  const email = `reset${n}@example.test`;
  const { rows } = await provider.db.query<{ id: string }>(
    'INSERT INTO passengers (site_id, name, email, phone, password_hash, is_corporate) VALUES (1, $1, $2, $3, $4, false) RETURNING id',
    [`Reset Passenger ${n}`, email, '07700 900111', await hashPassword(password)],
  );
  return { id: Number(rows[0].id), email, password };
}

/** The newest reset code mailed to `email` after `after` messages. */
async function resetCodeFor(email: string, after: number): Promise<string> {
  const mail = await smtp.waitFor((candidate) => candidate.envelopeTo.includes(email) && candidate.headers['x-cabflow-kind'] === 'password_reset_code' && smtp.messages.indexOf(candidate) >= after);
  return /\b(\d{6})\b/.exec(mail.text)![1];
}

describe('forgot password (/forgot_password)', () => {
  const notice = (page: Page) => page.getByTestId('forgot-password-notice');

  async function requestCode(page: Page, email: string) {
    await labelled(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
  }

  it('resets the password end to end with the code from the e-mail, then the new password signs in', async () => {
    const passenger = await createPassenger();
    const { page, errors, close } = await openPage(browser, `${provider.url}/forgot_password`);
    // Every path the app navigates to: /personalDetailView's own step guard may move on from it (to /home when no
    // booking is in progress), so the test records that the flow went there rather than where it ended.
    await page.evaluate(() => {
      const paths: string[] = ((window as unknown as { __paths: string[] }).__paths = []);
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
          if (url) paths.push(new URL(String(url), location.href).pathname);
          original(data, unused, url);
        };
      }
    });
    try {
      expect(await page.locator('main h1').first().textContent()).toBe('Forgot Password');
      expect(await page.getByRole('link', { name: 'Back To Personal Detail' }).getAttribute('href')).toBe('/personalDetailView');
      expect(await labelled(page, 'Email').getAttribute('type')).toBe('email');
      const mark = smtp.messages.length;
      await requestCode(page, passenger.email);
      await notice(page).getByText('A reset code has been sent to your email.').waitFor();
      expect(await page.getByText('Step 2 of 3: Reset code').count()).toBe(1);

      await labelled(page, 'Reset code').fill(await resetCodeFor(passenger.email, mark));
      await page.getByRole('button', { name: 'Verify code' }).click();
      await notice(page).getByText('Code verified successfully').waitFor();

      await labelled(page, 'New password').fill('Brand-New-Pass-9');
      await labelled(page, 'Confirm new password').fill('Brand-New-Pass-8');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await notice(page).getByText('Passwords do not match').waitFor();

      // One of the most common passwords: the server's reason, on step 3.
      await labelled(page, 'New password').fill('password1');
      await labelled(page, 'Confirm new password').fill('password1');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await notice(page).getByText(PASSWORD_MESSAGES.tooCommon).waitFor();
      expect(await page.getByText('Step 3 of 3: New password').count()).toBe(1);

      await labelled(page, 'New password').fill('Brand-New-Pass-9');
      await labelled(page, 'Confirm new password').fill('Brand-New-Pass-9');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await notice(page).getByText('Password has been reset successfully').waitFor();
      await expect.poll(() => page.evaluate(() => (window as unknown as { __paths: string[] }).__paths), { timeout: 5000 }).toContain('/personalDetailView');

      expect((await api('/check-passenger-email', { email: passenger.email, password: 'Brand-New-Pass-9' })).status).toBe(200);
      expect((await api('/check-passenger-email', { email: passenger.email, password: passenger.password })).status).toBe(401);
      // Chromium reports the refused common password's 400 itself.
      expect(errors.filter((error) => !error.includes('the server responded with a status of 400'))).toEqual([]);
    } finally {
      await close();
    }
  });

  it("says 'Email not found' for an unknown address and stays on step 1", async () => {
    const { page, close } = await openPage(browser, `${provider.url}/forgot_password`);
    try {
      await requestCode(page, 'nobody-here@example.test');
      await notice(page).getByText('Email not found').waitFor();
      expect(await page.getByText('Step 1 of 3: Email').count()).toBe(1);
    } finally {
      await close();
    }
  });

  it("says 'Invalid reset code' for a wrong code; Back returns to step 1", async () => {
    const passenger = await createPassenger();
    const { page, close } = await openPage(browser, `${provider.url}/forgot_password`);
    try {
      const mark = smtp.messages.length;
      await requestCode(page, passenger.email);
      await notice(page).getByText('A reset code has been sent to your email.').waitFor();
      const code = await resetCodeFor(passenger.email, mark);
      const wrong = code === '000000' ? '111111' : '000000';
      await labelled(page, 'Reset code').fill(wrong);
      await page.getByRole('button', { name: 'Verify code' }).click();
      await notice(page).getByText('Invalid reset code').waitFor();
      expect(await page.getByText('Step 2 of 3: Reset code').count()).toBe(1);

      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await page.getByText('Step 1 of 3: Email').waitFor();
      expect(await labelled(page, 'Email').inputValue()).toBe(passenger.email);
    } finally {
      await close();
    }
  });

  it("says 'Reset code has expired' for a code past its time", async () => {
    const passenger = await createPassenger();
    const { page, close } = await openPage(browser, `${provider.url}/forgot_password`);
    try {
      const mark = smtp.messages.length;
      await requestCode(page, passenger.email);
      await notice(page).getByText('A reset code has been sent to your email.').waitFor();
      const code = await resetCodeFor(passenger.email, mark);
      await provider.db.query("UPDATE password_reset_codes SET expires_at = now() - interval '1 minute' WHERE site_id = 1 AND passenger_id = $1", [passenger.id]);
      await labelled(page, 'Reset code').fill(code);
      await page.getByRole('button', { name: 'Verify code' }).click();
      await notice(page).getByText('Reset code has expired').waitFor();
    } finally {
      await close();
    }
  });

  it('saves screenshots of the three steps at 375 and 1280 px', async () => {
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      const passenger = await createPassenger();
      const { page, errors, close } = await openPage(browser, `${provider.url}/forgot_password`, { width });
      try {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await saveScreenshot(page, 'forgot-password-email');
        const mark = smtp.messages.length;
        await requestCode(page, passenger.email);
        await notice(page).getByText('A reset code has been sent to your email.').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await saveScreenshot(page, 'forgot-password-code');
        await labelled(page, 'Reset code').fill(await resetCodeFor(passenger.email, mark));
        await page.getByRole('button', { name: 'Verify code' }).click();
        await notice(page).getByText('Code verified successfully').waitFor();
        await saveScreenshot(page, 'forgot-password-new-password');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});

describe('the corporate area', () => {
  const loginForm = (page: Page) => page.getByRole('form', { name: 'Sign In to Corporate Account' });

  async function signIn(page: Page, password: string = DEMO_CORPORATE.password) {
    await labelled(page, 'Email').fill(DEMO_CORPORATE.email);
    await labelled(page, 'Password').fill(password);
    await loginForm(page).getByRole('button', { name: 'Sign In' }).click();
  }

  /** A session of the demo passenger from the API (sign-ins are rate-limited per account, so the read-only tests share one). */
  let shared: { token: string; passenger: unknown } | null = null;
  async function apiSession(fresh = false) {
    if (shared && !fresh) return shared;
    const response = await api('/check-passenger-login', { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password });
    expect(response.status).toBe(200);
    const { access_token: token, passenger } = (await response.json()) as { access_token: string; passenger: unknown };
    if (!fresh) shared = { token, passenger };
    return { token, passenger };
  }

  /** A page with the demo passenger's session already stored, as after an earlier visit. */
  async function openSignedIn(path: string, width: number = WIDTHS.desktop, fresh = false): Promise<OpenedPage & { token: string }> {
    const { token, passenger } = await apiSession(fresh);
    const opened = await openPage(browser, `${provider.url}/`, { width });
    await opened.page.evaluate(
      ([t, p]) => {
        const encode = (value: unknown) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))));
        localStorage.setItem('corporateToken', encode(t));
        localStorage.setItem('corporateDetails', encode(p));
      },
      [token, passenger] as const,
    );
    await opened.page.goto(`${provider.url}${path}`);
    await appReady(opened.page);
    return { ...opened, token };
  }

  beforeAll(async () => {
    // One booking made by the demo passenger as an existing client (so it is linked to the account), with a stop,
    // a flight number and meet and greet, for the table and the details modal.
    const { form, row } = await quoteFor(provider, {
      stops: [{ street_name: 'Kensington High Street', number: '100', postcode: 'W8 5SA' }],
      pickup_fight_number: 'BA117',
      meet_and_greet: 'yes',
    });
    const response = await fetch(`${provider.url}/api/v1/booking`, {
      method: 'POST',
      headers: { ...KEY_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify(
        bookingPayload(form, row, {
          selected_passenger: 'existing_client',
          registrationData: { ...guestRegistration, email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password },
        }),
      ),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  });

  it('sends a visitor without a token from /bookings to /login?redirect=%2Fbookings, and back there after sign-in', async () => {
    const { page, errors, close } = await openPage(browser, `${provider.url}/bookings`);
    try {
      await expect.poll(() => pathname(page) + search(page), ROUND_TRIP).toBe('/login?redirect=%2Fbookings');
      expect(await page.locator('main h1').first().textContent()).toBe('Sign In to Corporate Account');
      expect(await page.locator('header').count()).toBe(0);
      expect(await labelled(page, 'Email').getAttribute('type')).toBe('email');
      expect(await labelled(page, 'Password').getAttribute('required')).not.toBeNull();
      await signIn(page);
      await expect.poll(() => pathname(page), ROUND_TRIP).toBe('/bookings');
      await page.getByRole('status').getByText('Login Successfully').waitFor();
      expect(JSON.parse(Buffer.from((await page.evaluate(() => localStorage.getItem('corporateDetails')))!, 'base64').toString('utf8'))).toMatchObject({
        passenger_email: DEMO_CORPORATE.email,
      });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it.each([
    ['/bookings', '/login?redirect=%2Fbookings', 'Bookings'],
    ['/my-account', '/login?redirect=%2Fmy-account', 'My Profile / Edit Profile'],
  ])('removes a bad token on %s, sends the user to %s, and back after sign-in', async (path, login, heading) => {
    const { page, close } = await openPage(browser, `${provider.url}/`);
    try {
      await page.evaluate(() => {
        localStorage.setItem('corporateToken', btoa(JSON.stringify('not-a-real-token-0000000000000000000000000')));
        localStorage.setItem('corporateDetails', btoa(JSON.stringify({ passenger_id: 1, passenger_name: 'X', passenger_email: 'x@example.test', passenger_contact_no: '' })));
      });
      await page.goto(`${provider.url}${path}`);
      await expect.poll(() => pathname(page) + search(page), ROUND_TRIP).toBe(login);
      expect(await page.evaluate(() => [localStorage.getItem('corporateToken'), localStorage.getItem('corporateDetails')])).toEqual([null, null]);
      await signIn(page);
      await expect.poll(() => pathname(page), ROUND_TRIP).toBe(path);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    } finally {
      await close();
    }
  });

  it("says 'Invalid credentials. Please try again.' for a wrong password", async () => {
    const { page, close } = await openPage(browser, `${provider.url}/login`);
    try {
      await signIn(page, 'not-the-password');
      await page.getByRole('alert').getByText('Invalid credentials. Please try again.').waitFor();
      expect(pathname(page)).toBe('/login');
      expect(await page.evaluate(() => localStorage.getItem('corporateToken'))).toBeNull();
      // A passenger who forgot it is one tap from the reset page.
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL((url) => url.pathname === '/forgot_password');
      await page.getByRole('heading', { name: 'Forgot Password', level: 1 }).waitFor();
    } finally {
      await close();
    }
  });

  it('lists the bookings in a table and shows every field in the details modal', async () => {
    const { page, errors, close } = await openSignedIn('/bookings');
    try {
      const row = page.getByTestId('booking-row').first();
      await row.waitFor();
      const booking = (await provider.db.query<Record<string, unknown>>("SELECT booking_number, to_char(pick_up_date, 'DD-MM-YYYY') AS date, vehicle_category, total_pence FROM bookings WHERE site_id = 1 AND passenger_email = $1", [DEMO_CORPORATE.email])).rows[0];
      const cells = await row.locator('td').allTextContents();
      expect(cells.slice(0, 9)).toEqual([
        String(booking.booking_number),
        'Confirmed',
        'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
        'The Savoy, Strand, London WC2R 0EZ',
        String(booking.date),
        '2:30pm',
        String(booking.vehicle_category),
        'Pay to driver',
        `£${(Number(booking.total_pence) / 100).toFixed(2)}`,
      ]);
      expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Booking number', 'Status', 'Pickup', 'Drop-off', 'Date', 'Time', 'Vehicle', 'Payment', 'Amount', 'Details']);

      await row.getByRole('button', { name: `Details of booking ${booking.booking_number}` }).click();
      const modal = page.getByRole('dialog', { name: `Booking ${booking.booking_number}` });
      await modal.waitFor();
      const value = (label: string) => modal.getByRole('row', { name: new RegExp(`^${label}\\b`) }).locator('td').first().textContent();
      expect(await value('Ride type')).toBe('Normal booking');
      expect(await value('Status')).toBe('Confirmed');
      expect(await value('Flight number')).toBe('BA117');
      expect(await value('Meet and greet')).toBe('Yes');
      expect(await value('Email')).toBe(DEMO_CORPORATE.email);
      expect(await value('Name')).toBe(DEMO_CORPORATE.name);
      expect(await modal.getByRole('cell', { name: 'W8 5SA', exact: true }).count()).toBe(1);
      for (const label of ['Booking number', 'Status', 'Pickup', 'Drop-off', 'Pickup date', 'Pickup time', 'Return date', 'Return flight number', 'Vehicle category', 'Payment method', 'Amount', 'Contact number', 'Passengers', 'Additional information', 'Luggages', 'Vehicles', 'Baby seats', 'Booster seats', 'Wheelchair', 'Special luggage', 'Waiting minutes'])
        expect(await modal.getByRole('rowheader', { name: label, exact: true }).count(), label).toBe(1);
      await saveScreenshot(page, 'corporate-booking-details');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows an empty state when the passenger has no bookings', async () => {
    const { page, close } = await openSignedIn('/bookings');
    try {
      await page.route('**/api/v1/corporate/bookings*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: [] }) }));
      await page.reload();
      await appReady(page);
      const empty = page.getByTestId('bookings-empty');
      await empty.getByText('No bookings yet').waitFor();
      expect(await empty.getByRole('link', { name: 'Book Now' }).getAttribute('href')).toBe('/book-now');
      await saveScreenshot(page, 'corporate-bookings-empty');
    } finally {
      await close();
    }
  });

  it("edits the profile: 'Passenger Details Updated' and the database has the new name", async () => {
    const { page, close } = await openSignedIn('/my-account');
    try {
      const name = labelled(page, 'Name');
      await expect.poll(() => name.inputValue()).toBe(DEMO_CORPORATE.name);
      expect(await labelled(page, 'Email').inputValue()).toBe(DEMO_CORPORATE.email);
      expect(await labelled(page, 'Phone').inputValue()).toBe(DEMO_CORPORATE.phone);

      await name.fill('');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Enter your name').waitFor();

      await name.fill('Alex Morgan-Reid');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('status').getByText('Passenger Details Updated').waitFor();
      const { rows } = await provider.db.query<{ name: string }>('SELECT name FROM passengers WHERE site_id = 1 AND lower(email) = lower($1)', [DEMO_CORPORATE.email]);
      expect(rows[0].name).toBe('Alex Morgan-Reid');
      const stored = JSON.parse(Buffer.from((await page.evaluate(() => localStorage.getItem('corporateDetails')))!, 'base64').toString('utf8'));
      expect(stored.passenger_name).toBe('Alex Morgan-Reid');

      // The server's own message when it refuses the change (a new e-mail goes with the current password).
      await provider.db.query("INSERT INTO passengers (site_id, name, email, phone) VALUES (1, 'Other', 'taken@example.test', '') ON CONFLICT DO NOTHING");
      await labelled(page, 'Email').fill('taken@example.test');
      await labelled(page, 'Current password').fill(DEMO_CORPORATE.password);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('alert').getByText('This email address is already used by another account').waitFor();

      await provider.db.query('UPDATE passengers SET name = $1 WHERE site_id = 1 AND lower(email) = lower($2)', [DEMO_CORPORATE.name, DEMO_CORPORATE.email]);
    } finally {
      await close();
    }
  });

  it('changes the e-mail only with the current password: both addresses mailed, the other sessions signed out', async () => {
    const passenger = await createPassenger();
    const sign = async () => (await (await api('/check-passenger-login', { email: passenger.email, password: passenger.password })).json()) as { access_token: string; passenger: unknown };
    const mine = await sign();
    const other = await sign();
    const { page, errors, close } = await openPage(browser, `${provider.url}/`);
    try {
      await page.evaluate(
        ([t, p]) => {
          const encode = (value: unknown) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))));
          localStorage.setItem('corporateToken', encode(t));
          localStorage.setItem('corporateDetails', encode(p));
        },
        [mine.access_token, mine.passenger] as const,
      );
      await page.goto(`${provider.url}/my-account`);
      await appReady(page);
      await expect.poll(() => labelled(page, 'Email').inputValue()).toBe(passenger.email);
      // No password field while the e-mail stays (a change of case is the same address).
      await labelled(page, 'Email').fill(passenger.email.toUpperCase());
      expect(await labelled(page, 'Current password').count()).toBe(0);

      const newEmail = `moved.${passenger.id}@example.test`;
      await labelled(page, 'Email').fill(newEmail);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Enter your current password').waitFor();
      await saveScreenshot(page, 'corporate-my-account-new-email');

      await labelled(page, 'Current password').fill('not-the-password');
      await page.getByRole('button', { name: 'Save changes' }).click();
      // The server's message, under the password field.
      await page.getByText(PASSWORD_MESSAGES.currentWrong).waitFor();
      expect(await labelled(page, 'Current password').getAttribute('aria-invalid')).toBe('true');
      expect(pathname(page)).toBe('/my-account');

      await labelled(page, 'Current password').fill(passenger.password);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('status').getByText('Passenger Details Updated').waitFor();
      await expect.poll(() => labelled(page, 'Current password').count()).toBe(0);
      expect(await labelled(page, 'Email').inputValue()).toBe(newEmail);

      const mails = await provider.db.query<{ kind: string; to_address: string }>('SELECT kind, to_address FROM mail_outbox WHERE site_id = 1 AND kind LIKE $1 AND (to_address LIKE $2 OR to_address LIKE $3) ORDER BY kind', [
        'email_changed%',
        `%${passenger.email}%`,
        `%${newEmail}%`,
      ]);
      expect(mails.rows.map((row) => [row.kind, row.to_address.includes(newEmail) ? 'new' : 'old'])).toEqual([
        ['email_changed', 'old'],
        ['email_changed_new_address', 'new'],
      ]);
      expect(await (await api('/passenger/validate-token', {}, other.access_token)).json()).toEqual({ valid: false });
      expect(await (await api('/passenger/validate-token', {}, mine.access_token)).json()).toMatchObject({ valid: true });
      // Chromium reports the wrong password's 403 itself.
      expect(errors.filter((error) => !error.includes('the server responded with a status of 403'))).toEqual([]);
    } finally {
      await close();
    }
  });

  it('logs out: the session removed, the token revoked, and back to /', async () => {
    const { page, token, close } = await openSignedIn('/bookings', WIDTHS.desktop, true);
    try {
      await page.getByTestId('booking-row').first().waitFor();
      await page.getByRole('navigation', { name: 'Corporate' }).getByRole('button', { name: 'Logout' }).click();
      await expect.poll(() => pathname(page), ROUND_TRIP).toBe('/');
      expect(await page.evaluate(() => [localStorage.getItem('corporateToken'), localStorage.getItem('corporateDetails')])).toEqual([null, null]);
      expect(await (await api('/passenger/validate-token', {}, token)).json()).toEqual({ valid: false });
      // And the protected page now asks for sign-in again.
      await page.goto(`${provider.url}/bookings`);
      await expect.poll(() => pathname(page) + search(page), ROUND_TRIP).toBe('/login?redirect=%2Fbookings');
    } finally {
      await close();
    }
  });

  it('toggles the sidebar at 768 px or less and keeps it open beside the content above', async () => {
    const { page, close } = await openSignedIn('/my-account', WIDTHS.tablet);
    try {
      const sidebar = page.getByRole('navigation', { name: 'Corporate' });
      await page.getByRole('heading', { name: 'My Profile / Edit Profile' }).waitFor();
      expect(await sidebar.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      expect(await sidebar.isVisible()).toBe(true);
      expect(await sidebar.getByRole('link').allTextContents()).toEqual(['Book Now', 'Bookings', 'My Account']);
      expect(await sidebar.getByRole('link', { name: 'My Account' }).getAttribute('aria-current')).toBe('page');
      await sidebar.getByRole('link', { name: 'Bookings' }).click();
      await expect.poll(() => pathname(page), ROUND_TRIP).toBe('/bookings');
      await expect.poll(() => sidebar.isVisible()).toBe(false);
      await page.setViewportSize({ width: 1024, height: 900 });
      await expect.poll(() => sidebar.isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
      await sidebar.getByRole('link', { name: 'Book Now' }).click();
      await expect.poll(() => pathname(page)).toBe('/book-now');
      expect(await page.getByRole('link', { name: 'Start a booking' }).getAttribute('href')).toBe('/');
    } finally {
      await close();
    }
  });

  it('saves screenshots of sign-in, bookings and profile at 375 and 1280 px', async () => {
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      const login = await openPage(browser, `${provider.url}/login`, { width });
      try {
        await loginForm(login.page).waitFor();
        expect(await login.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await saveScreenshot(login.page, 'corporate-login');
      } finally {
        await login.close();
      }
      const { page, errors, close } = await openSignedIn('/bookings', width);
      try {
        await page.getByTestId('booking-row').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await saveScreenshot(page, 'corporate-bookings');
        if (width === WIDTHS.mobile) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await saveScreenshot(page, 'corporate-menu');
        }
        await page.goto(`${provider.url}/my-account`);
        await appReady(page);
        await expect.poll(() => labelled(page, 'Name').inputValue()).not.toBe('');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await saveScreenshot(page, 'corporate-my-account');
        await page.goto(`${provider.url}/book-now`);
        await appReady(page);
        await saveScreenshot(page, 'corporate-book-now');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});
