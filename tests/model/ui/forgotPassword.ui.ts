/**
 * Forgot password (/forgot_password) in Chromium: a real passenger, the reset code read from the mail the server
 * wrote to its outbox, an expired code made so in the database, an unknown e-mail for 'Email not found'.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hashPassword } from '../../../server/domain/accounts/passwords.ts';
import { AFTER_RESET_DELAY_MS, FORGOT_PASSWORD_MESSAGES } from '../../../machines/forgotPassword/index.ts';
import type { ModelPath } from '../types.ts';
import { SERVER_ERROR_BODY, answered, labelled, uniqueEmail, visible } from './common.ts';
import { eventually, type UiRun } from './harness.ts';
import type { UiMachine } from './types.ts';
import { appReady } from '../../helpers/browser.ts';

const notice = (run: UiRun) => run.page.getByTestId('forgot-password-notice');
const stepLine = (run: UiRun, text: string) => run.page.getByText(text, { exact: true });

/** The outcome that follows step `index` for the request it makes. */
const outcomeAfter = (p: ModelPath, index: number) => p.steps[index + 1]?.variant ?? null;

async function createPassenger(run: UiRun): Promise<string> {
  const email = uniqueEmail('reset');
  await run.env.provider.db.query('INSERT INTO passengers (site_id, name, email, phone, password_hash, is_corporate) VALUES (1, $1, $2, $3, $4, false)', [
    'Reset Passenger',
    email,
    '07700 900111',
    await hashPassword('Old-Password-1'),
  ]);
  return email;
}

/** The newest reset code mailed to `email`, from the outbox's .eml files. */
async function latestCode(run: UiRun, email: string, after: number): Promise<string> {
  const dir = path.join(run.env.provider.config.dataDir, 'outbox');
  let code = '';
  await eventually(() => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('password_reset_code.eml'))
      .sort();
    for (const file of files.reverse()) {
      const id = Number(file.split('-')[1]);
      const text = readFileSync(path.join(dir, file), 'utf8');
      if (id > after && text.includes(email)) {
        code = /\b(\d{6})\b/.exec(text.replace(/=\r?\n/g, ''))?.[1] ?? '';
        if (code) return;
      }
    }
    throw new Error(`no reset code mailed to ${email} yet`);
  }, 15_000);
  return code;
}

async function mailMark(run: UiRun): Promise<number> {
  const { rows } = await run.env.provider.db.query<{ n: string }>('SELECT coalesce(max(id), 0)::text AS n FROM mail_outbox');
  return Number(rows[0].n);
}

export const forgotPasswordUi: UiMachine = {
  model: 'forgotPassword',
  calls: {
    requestResetCode: '**/api/v1/auth/forgot-password',
    verifyResetCode: '**/api/v1/auth/verify-code',
    resetPassword: '**/api/v1/auth/reset-password',
  },
  prepare: async (run) => {
    run.scratch.email = await createPassenger(run);
  },
  open: async (run) => {
    await run.page.goto(run.url('/forgot_password'));
    // Server-rendered pages show before they react: wait for the app.
    await appReady(run.page, 20_000);
    await visible(run.page.getByRole('heading', { name: 'Forgot Password' }), 20_000);
  },
  // In `done` ('Taking you back…' for 1.5 s) every step is taken with that timer held: the page is checked before it
  // moves on, whatever the machine's load; the timer's own step releases it.
  holdsTimers: (before) => (before.matches('done') ? [AFTER_RESET_DELAY_MS] : null),
  executors: {
    'email.submit': {
      run: async (run, c) => {
        // An unknown address when the path says the server does not know it.
        const unknown = outcomeAfter(c.path, c.index) === 'requestResetCode:error';
        run.scratch.mark = await mailMark(run);
        await labelled(run.page, 'Email').fill(unknown ? uniqueEmail('nobody') : run.scratch.email);
        await run.page.getByRole('button', { name: 'Send reset code' }).click();
      },
    },
    'email.submit:blank': { unavailable: () => "the page's own check (Enter your email) stops an empty e-mail before the machine", run: async () => {} },
    'code.submit': {
      run: async (run, c) => {
        const outcome = outcomeAfter(c.path, c.index);
        const code = await latestCode(run, run.scratch.email, run.scratch.mark);
        if (outcome === 'verifyResetCode:expired')
          await run.env.provider.db.query(
            "UPDATE password_reset_codes SET expires_at = now() - interval '1 minute' WHERE site_id = 1 AND passenger_id = (SELECT id FROM passengers WHERE email = $1)",
            [run.scratch.email],
          );
        const typed = outcome === 'verifyResetCode:invalid' ? (code === '000000' ? '111111' : '000000') : code;
        await labelled(run.page, 'Reset code').fill(typed);
        await run.page.getByRole('button', { name: 'Verify code' }).click();
      },
    },
    'code.submit:blank': { unavailable: () => "the page's own check (the 6-digit code) stops an empty code before the machine", run: async () => {} },
    'code.back': { run: async (run) => run.page.getByRole('button', { name: 'Back' }).click() },
    'code.resend': {
      run: async (run) => {
        run.scratch.mark = await mailMark(run);
        await run.page.getByRole('button', { name: 'Send a new code' }).click();
      },
    },
    'password.submit': {
      run: async (run, c) => {
        // One of the 10 000 most common passwords when the path says the server refuses it.
        const password = outcomeAfter(c.path, c.index) === 'resetPassword:common' ? 'password1' : 'New-Password-1';
        await labelled(run.page, 'New password').fill(password);
        await labelled(run.page, 'Confirm new password').fill(password);
        await run.page.getByRole('button', { name: 'Reset password' }).click();
      },
    },
    'password.submit:mismatch': {
      run: async (run) => {
        await labelled(run.page, 'New password').fill('New-Password-1');
        await labelled(run.page, 'Confirm new password').fill('New-Password-2');
        await run.page.getByRole('button', { name: 'Reset password' }).click();
      },
    },
    'password.submit:blank': { unavailable: () => "the page's own check (Enter a new password) stops an empty password before the machine", run: async () => {} },
    'notice.dismiss': { run: async (run) => notice(run).getByRole('button', { name: 'Dismiss' }).click() },
    // The clock: the success message shows for 1.5 s, then the page moves on by itself.
    'xstate.after.afterReset.forgotPassword.done': { run: async (run) => run.page.waitForURL((url) => url.pathname !== '/forgot_password', { timeout: 10_000 }) },
    'requestResetCode:done': answered(() => ({ kind: 'continue' })),
    'requestResetCode:error': answered(() => ({ kind: 'continue' })),
    'verifyResetCode:done': answered(() => ({ kind: 'continue' })),
    'verifyResetCode:expired': answered(() => ({ kind: 'continue' })),
    'verifyResetCode:invalid': answered(() => ({ kind: 'continue' })),
    'resetPassword:done': answered(() => ({ kind: 'continue' })),
    'resetPassword:error': answered(() => ({ kind: 'fulfil', status: 500, body: SERVER_ERROR_BODY })),
    'resetPassword:common': answered(() => ({ kind: 'continue' })),
  },
  assertions: {
    email: async (run, { snapshot }) => {
      await visible(stepLine(run, 'Step 1 of 3: Email'));
      const text = (snapshot.context as { notice: { text: string } | null }).notice?.text;
      if (text) await visible(notice(run).getByText(text));
    },
    sendingCode: async (run) => {
      await visible(run.page.getByRole('button', { name: 'Send reset code' }).and(run.page.locator('[data-loading]')));
    },
    code: async (run, { snapshot }) => {
      await visible(stepLine(run, 'Step 2 of 3: Reset code'));
      const text = (snapshot.context as { notice: { text: string } | null }).notice?.text;
      if (text) await visible(notice(run).getByText(text));
    },
    verifyingCode: async (run) => {
      await visible(run.page.getByRole('button', { name: 'Verify code' }).and(run.page.locator('[data-loading]')));
    },
    password: async (run, { snapshot }) => {
      await visible(stepLine(run, 'Step 3 of 3: New password'));
      const text = (snapshot.context as { notice: { text: string } | null }).notice?.text;
      if (text) await visible(notice(run).getByText(text));
    },
    resetting: async (run) => {
      await visible(run.page.getByRole('button', { name: 'Reset password' }).and(run.page.locator('[data-loading]')));
    },
    done: async (run, { snapshot }) => {
      if ((snapshot.context as { notice: unknown }).notice) {
        await visible(notice(run).getByText(FORGOT_PASSWORD_MESSAGES.passwordReset));
        await visible(run.page.getByText('Taking you back to your booking…'));
        return;
      }
      // The message dismissed: 'Taking you back…' stays while the 1.5 s timer is held (holdsTimers).
      await visible(run.page.getByText('Taking you back to your booking…'));
    },
    // Back to the booking's personal details (replacing the reset's entry); with no trip chosen the booking's guard
    // puts the visitor on the nearest allowed step, /home.
    returned: async (run) => {
      await eventually(async () => {
        const path = new URL(run.page.url()).pathname;
        if (path !== '/home') throw new Error(`on ${path}, not /home`);
      }, 10_000);
      await visible(run.page.getByRole('tab', { name: 'GET A QUOTE' }), 20_000);
    },
  },
};
