import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../contract/staff.ts';
import { hashPassword } from '../../server/domain/accounts/passwords.ts';
import { PASSWORD_LIMITS } from '../../server/domain/accounts/credentials.ts';
import { staffAccountSubject } from '../../server/plugins/rateLimit.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

// Issue 30 (9): the console's sign-in in Chromium when someone else has sprayed wrong passwords at the account (the
// account-wide limit reached, as tests/api/security-staff.test.ts reaches it with 100 real guesses): the right password
// asks for the mailed code, a wrong code says so, and the code from the mail signs the member in. Needs a build.

const EMAIL = 'code.owner@westwaycars.test';
const PASSWORD = 'Kestrel-Harbour-41';

describe('signing in to the console with a mailed code', () => {
  let provider: TestProvider;
  let smtp: TestSmtpServer;
  let browser: Browser;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    provider = await startTestProvider({ listen: true, env: { SMTP_URL: smtp.url } });
    browser = await launchBrowser();
    await provider.db.query("INSERT INTO staff (site_id, email, name, role, password_hash) VALUES ((SELECT id FROM sites WHERE is_default), $1, 'Code Owner', 'owner', $2)", [
      EMAIL,
      await hashPassword(PASSWORD),
    ]);
    // The account-wide count of wrong passwords at its limit, in the window it counts in now.
    const { bucket, max, windowSec } = PASSWORD_LIMITS.perAccount;
    await provider.db.query(
      `INSERT INTO rate_limit_hits (site_id, bucket, subject, window_start, hits)
       VALUES ((SELECT id FROM sites WHERE is_default), $1, $2, to_timestamp(floor(extract(epoch FROM now())::float8 / $3::float8) * $3::float8), $4)`,
      [bucket, staffAccountSubject(EMAIL), windowSec, max],
    );
  });
  afterAll(async () => {
    await browser?.close();
    await provider?.dispose();
    await smtp?.close();
  });

  it('asks for the code after the right password, refuses a wrong one, and signs in with the mailed one', async () => {
    const { page, errors, close } = await openPage(browser, `${provider.url}/admin`, { waitForApp: false });
    page.setDefaultTimeout(15_000);
    await page.getByLabel(/^E-mail/).fill(EMAIL);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('console-notice').getByText(STAFF_MESSAGES.codeSent).waitFor();
    const mail = await smtp.waitFor((message) => message.envelopeTo.includes(EMAIL) && message.headers['x-cabflow-kind'] === 'staff_sign_in_code');
    const code = /^\s{4}(\d{6})$/m.exec(mail.text)![1];

    const field = page.getByLabel(/^Sign-in code/);
    await field.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('console-error').getByText(STAFF_MESSAGES.codeWrong).waitFor();

    await field.fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('member-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/bookings');
    expect(errors.filter((error) => !/401 \(Unauthorized\)/.test(error))).toEqual([]);
    await close();
  });
});
