// The flows' URLs follow their statecharts (src/app/useRouteSync.ts, contract/routeManifest.ts) in Chromium: Back
// never returns to a page a flow only passed through; a mailed link's token leaves the address. Needs a build first
// (DIST_DIR).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/domain/accounts/passwords.ts';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { appReady, launchBrowser, openPage } from '../helpers/browser.ts';
import { KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';

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

const where = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
const labelled = (page: Page, label: string) =>
  page.locator('input, textarea, select').and(page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`)));

/** The newest 6-digit reset code the server wrote to its outbox for `email`. */
async function mailedCode(email: string): Promise<string> {
  const dir = path.join(provider.config.dataDir, 'outbox');
  for (let tries = 0; tries < 100; tries += 1) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('password_reset_code.eml')).sort().reverse() : [];
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, '');
      const code = text.includes(email) ? /\b(\d{6})\b/.exec(text)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset code mailed to ${email}`);
}

/** A passenger of its own (a corporate one when `corporate`), signing in with `password`; its e-mail. */
async function createPassenger(who: string, password: string, corporate: boolean): Promise<string> {
  const email = `${who}-${Date.now()}@example.test`;
  await provider.db.query('INSERT INTO passengers (site_id, name, email, phone, password_hash, is_corporate) VALUES (1, $1, $2, $3, $4, $5)', [
    'Back Passenger',
    email,
    '07700 900222',
    await hashPassword(password),
    corporate,
  ]);
  return email;
}

describe('forgot password', () => {
  it('after the reset the page moves on by replacing /forgot_password: Back returns to the page before it, not to the spent form', async () => {
    const email = await createPassenger('back', 'Old-Password-1', false);
    const { page, errors, close } = await openPage(browser, `${provider.url}/ourfleet`);
    try {
      await page.goto(`${provider.url}/forgot_password`);
      await appReady(page, 20_000);
      await labelled(page, 'Email').fill(email);
      await page.getByRole('button', { name: 'Send reset code' }).click();
      await page.getByText('Step 2 of 3: Reset code').waitFor();
      await labelled(page, 'Reset code').fill(await mailedCode(email));
      await page.getByRole('button', { name: 'Verify code' }).click();
      await page.getByText('Step 3 of 3: New password').waitFor();
      await labelled(page, 'New password').fill('Brand-New-Pass-7');
      await labelled(page, 'Confirm new password').fill('Brand-New-Pass-7');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText('Password has been reset successfully').waitFor();
      // Back to the booking's personal details; with no trip chosen its guard puts the visitor on /home.
      await expect.poll(() => where(page), { timeout: 10_000 }).toBe('/home');
      await page.goBack();
      // Before: /forgot_password again, a fresh form for a password already reset.
      await expect.poll(() => where(page)).toBe('/ourfleet');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('corporate area', () => {
  it('a deep link to a protected page signed out goes to /login?redirect=… and back there after sign-in; Back/Forward between /bookings and /my-account check each page again and stay on it', async () => {
    const email = await createPassenger('corporate-back', 'Corporate-Back-1', true);
    const { page, errors, close } = await openPage(browser, `${provider.url}/ourfleet`);
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/passenger/validate-token')) checks.push(where(page));
    });
    const heading = (name: string) => page.getByRole('heading', { name, exact: true, level: 1 });
    // Each move waits on a server call (sign-in, a token check): longer than expect.poll's 1 s on a loaded machine.
    const at = (url: string) => expect.poll(() => where(page), { timeout: 10_000 }).toBe(url);
    try {
      await page.goto(`${provider.url}/my-account`);
      await at('/login?redirect=%2Fmy-account');
      await labelled(page, 'Email').fill(email);
      await labelled(page, 'Password').fill('Corporate-Back-1');
      await page.getByRole('form', { name: 'Sign In to Corporate Account' }).getByRole('button', { name: 'Sign In' }).click();
      await at('/my-account');
      await heading('My Profile / Edit Profile').waitFor();
      await expect.poll(() => labelled(page, 'Email').inputValue()).toBe(email);

      await page.getByRole('navigation', { name: 'Corporate' }).getByRole('link', { name: 'Bookings' }).click();
      await at('/bookings');
      await page.getByTestId('bookings-empty').getByText('No bookings yet').waitFor();

      await page.goBack();
      await at('/my-account');
      await heading('My Profile / Edit Profile').waitFor();
      await page.goForward();
      await at('/bookings');
      await page.getByTestId('bookings-empty').getByText('No bookings yet').waitFor();
      // Every arrival at a protected page after the sign-in checked the token on that page, and the page stayed.
      expect(checks).toEqual(['/bookings', '/my-account', '/bookings']);

      // The sign-in page was replaced by the page it led to: Back leaves the area.
      await page.goBack();
      await at('/my-account');
      await page.goBack();
      await at('/ourfleet');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('operator console', () => {
  it('signed out on a deep link: /admin/sign-in, then that page after signing in; Back/Forward between two console pages open each; a page the role may not see opens the board', async () => {
    const { page, errors, close } = await openPage(browser, `${provider.url}/ourfleet`);
    const heading = (name: string) => page.getByRole('heading', { name, exact: true, level: 1 });
    const at = (url: string) => expect.poll(() => where(page), { timeout: 10_000 }).toBe(url);
    try {
      await page.goto(`${provider.url}/admin/fleet`);
      await at('/admin/sign-in');
      await page.getByLabel(/^E-mail/).fill(DEMO_STAFF.dispatcher.email);
      await page.getByLabel(/^Password/).fill(DEMO_STAFF.dispatcher.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await at('/admin/fleet');
      await heading('Drivers & vehicles').waitFor();

      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Bookings' }).click();
      await at('/admin/bookings');
      await heading('Bookings').waitFor();
      await page.goBack();
      await at('/admin/fleet');
      await heading('Drivers & vehicles').waitFor();
      await page.goForward();
      await at('/admin/bookings');
      await heading('Bookings').waitFor();

      // A dispatcher's deep link to an owner's page (a new document, signed in by the cookie): the board, in its place.
      await page.goto(`${provider.url}/admin/settings`);
      await at('/admin/bookings');
      await heading('Bookings').waitFor();
      // The sign-in page was replaced by the page it led to: Back from the fleet leaves the console.
      await page.goBack();
      await at('/admin/bookings');
      await page.goBack();
      await at('/admin/fleet');
      await page.goBack();
      await at('/ourfleet');
      // The console's one console error: its session check signed out (GET /api/admin/session answers 401).
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
    } finally {
      await close();
    }
  });
});

describe('manage booking', () => {
  it("the mailed link's token leaves the address at once (no history entry keeps it); a reload keeps the booking open, and a change step's ?step= too; Back leaves the page", async () => {
    const email = `flow-routes-manage-${Date.now()}@example.test`;
    const { form, row } = await quoteFor(provider);
    const made = await provider.fastify.inject({
      method: 'POST',
      url: '/api/v1/booking',
      headers: KEY_HEADERS,
      payload: bookingPayload(form, row, { payment_method: 'car', registrationData: { ...guestRegistration, email } }) as object,
    });
    expect(made.statusCode).toBe(200);
    const bookingNumber = made.json().data.booking.booking_number as string;
    const { rows } = await provider.db.query<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address LIKE $1", [`%<${email}>`]);
    const link = new URL(/Manage your booking: +(\S+)\n/.exec(rows[0]?.text_body ?? '')?.[1] ?? 'http://no-link.test/');
    const token = link.searchParams.get('token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const { page, errors, close } = await openPage(browser, `${provider.url}/ourfleet`);
    const manage = page.locator('[data-screen="manage-booking"]');
    try {
      const entries = await page.evaluate(() => history.length);
      await page.goto(`${provider.url}${link.pathname}${link.search}`);
      await manage.and(page.locator('[data-stage="viewing"]')).waitFor({ timeout: 15_000 });
      expect(page.url()).toBe(`${provider.url}/manage-booking`);
      expect(await page.getByTestId('booking-number').textContent()).toBe(bookingNumber);
      expect(await page.evaluate(() => history.length)).toBe(entries + 1);

      await page.reload();
      await manage.and(page.locator('[data-stage="viewing"]')).waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('booking-number').textContent()).toBe(bookingNumber);

      await page.getByTestId('change-start').click();
      await page.getByTestId('change-form').waitFor();
      expect(where(page)).toBe('/manage-booking?step=change');
      await page.reload();
      await page.getByTestId('change-form').waitFor({ timeout: 15_000 });
      expect(where(page)).toBe('/manage-booking?step=change');
      await page.getByTestId('change-form').getByRole('button', { name: 'Back', exact: true }).click();
      await manage.and(page.locator('[data-stage="viewing"]')).waitFor();
      expect(where(page)).toBe('/manage-booking');

      // Every step replaced the one entry: Back leaves the page, and no entry holds the token.
      expect(await page.evaluate(() => history.length)).toBe(entries + 1);
      await page.goBack();
      await expect.poll(() => where(page)).toBe('/ourfleet');
      expect(page.url()).not.toContain(token!);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
