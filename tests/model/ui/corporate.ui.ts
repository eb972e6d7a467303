/**
 * The corporate area (/login, /bookings, /my-account) in Chromium: a corporate passenger of its own per path (so the
 * per-account limits of one path never touch another's), real sign-in, token checks and logout; a token the server
 * refuses is one revoked on the server first; only a server failure is forced.
 *
 * The pages send some events on their own: RouteSync (src/views/corporate/CorporateRouteSync.tsx) sends route.enter
 * on arrival at a protected page the machine does not show yet and puts the URL where the machine's state is
 * (corporate.routes.ts), and /bookings sends bookings.load once signed in. The refusals below keep the UI paths to
 * what those pages can do; each routed state asserts the URL the machine is shown at.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { hashPassword } from '../../../server/domain/accounts/passwords.ts';
import { CORPORATE_MESSAGES, corporateRoute, type CorporateContext } from '../../../machines/corporate/index.ts';
import { PROFILE } from '../machines/corporate.model.ts';
import type { ModelPath } from '../types.ts';
import { SERVER_ERROR_BODY, answered, api, labelled, uniqueEmail, visible } from './common.ts';
import { encoded, eventually, type UiRun } from './harness.ts';
import type { UiExecutor, UiMachine } from './types.ts';
import { appReady } from '../../helpers/browser.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as CorporateContext;
const PASSWORD = 'Corporate-Path-1!';

async function createCorporatePassenger(run: UiRun) {
  const email = uniqueEmail('corporate');
  await run.env.provider.db.query('INSERT INTO passengers (site_id, name, email, phone, password_hash, is_corporate) VALUES (1, $1, $2, $3, $4, true)', [
    'Alex Morgan',
    email,
    '+44 7700 900123',
    await hashPassword(PASSWORD),
  ]);
  return email;
}

/** The token the page holds now (localStorage corporateToken, base64 of JSON). */
async function pageToken(run: UiRun): Promise<string | null> {
  const raw = await run.page.evaluate(() => localStorage.getItem('corporateToken'));
  return raw ? (JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as string) : null;
}

/** Revokes the page's token on the server, so the server itself refuses it next. */
const revoke = (run: UiRun) => async () => {
  const token = await pageToken(run);
  if (token) await api(run, '/passenger/logout', {}, token);
};

async function signInByApi(run: UiRun, email: string) {
  const response = await api(run, '/check-passenger-login', { email, password: PASSWORD });
  if (response.status !== 200) throw new Error(`sign-in for the stored session failed: ${response.status}`);
  return (await response.json()) as { access_token: string; passenger: unknown };
}

const nextVariant = (p: ModelPath, index: number) => p.steps[index + 1]?.variant ?? null;

async function goTo(run: UiRun, path: string) {
  if (run.pathname() === path.split('?')[0] && run.page.url().endsWith(path)) return;
  await run.navigate(path);
  await run.waitForPath(path.split('?')[0]);
}

const login = (redirect: string | null): UiExecutor => ({
  run: async (run, c) => {
    await goTo(run, redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
    const form = run.page.getByRole('form', { name: 'Sign In to Corporate Account' });
    await labelled(form, 'Email').fill(run.scratch.email);
    await labelled(form, 'Password').fill(nextVariant(c.path, c.index) === 'signIn:invalid' ? 'not-the-password' : PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
  },
});

/** A link, a typed URL or Back/Forward to a protected page (RouteSync tells the machine on arrival). */
const route = (path: string): UiExecutor => ({
  run: async (run, c) => {
    if (c.index === 0) return; // opened at this URL
    // The page is shown, but the machine is elsewhere (a sign-in in flight moved nothing): arrive at it afresh.
    if (run.pathname() === path) {
      await run.navigate('/ourfleet');
      await run.page.locator('[data-screen="corporate-layout"]').waitFor({ state: 'detached' });
    }
    await run.navigate(path);
  },
});

/** The address bar shows the URL of the machine's state (corporate.routes.ts), once RouteSync has put it there. */
async function atRoute(run: UiRun, snapshot: AnyMachineSnapshot) {
  const route = corporateRoute(snapshot as never);
  if (route === null) return;
  const where = () => {
    const url = new URL(run.page.url());
    return url.pathname + url.search;
  };
  await eventually(() => {
    if (where() !== route) throw new Error(`expected the URL ${route}, it is ${where()}`);
  });
}

/** Signed out, on whatever page the state is shown at (or the one the visitor is on). */
async function signedOut(run: UiRun, snapshot: AnyMachineSnapshot) {
  const c = ctx(snapshot);
  await atRoute(run, snapshot);
  if (c.loginNotice?.tone === 'error') await visible(run.page.getByRole('alert').filter({ hasText: c.loginNotice.text }));
  if (run.pathname() === '/login') await visible(run.page.getByRole('heading', { name: 'Sign In to Corporate Account' }));
  // Signed out, the stored session is gone too (after Logout, an invalid token, a 401, or a failed sign-in that
  // followed a stored or live session): neither the token nor the corporate details stay in storage.
  if ((await pageToken(run)) !== null) throw new Error('the corporate token is still stored while signed out');
  if ((await run.page.evaluate(() => localStorage.getItem('corporateDetails'))) !== null) throw new Error('the corporate details are still stored while signed out');
}

export const corporateUi: UiMachine = {
  model: 'corporate',
  calls: {
    signIn: '**/api/v1/check-passenger-login',
    validateToken: '**/api/v1/passenger/validate-token',
    signOut: '**/api/v1/passenger/logout',
    loadBookings: '**/api/v1/corporate/bookings*',
    updateProfile: '**/api/v1/update-passenger',
  },
  prepare: async (run) => {
    run.scratch.email = await createCorporatePassenger(run);
  },
  opensAtFirstStep: (path) => path.steps[0]?.variant.startsWith('route.enter:') ?? false,
  open: async (run) => {
    const path = run.path;
    if (path.origin === 'storedToken') {
      // A session from an earlier visit: a real one, or one the server no longer knows when the path says so.
      const firstCheck = path.steps.find((s) => s.variant.startsWith('validateToken'))?.variant;
      const session = firstCheck === 'validateToken:invalid' ? { access_token: 'revoked-long-ago', passenger: { passenger_id: 1, passenger_name: 'Alex Morgan', passenger_email: run.scratch.email, passenger_contact_no: '' } } : await signInByApi(run, run.scratch.email);
      await run.page.goto(run.url('/favicon.svg'));
      await run.page.evaluate(([token, passenger]) => {
        localStorage.setItem('corporateToken', token);
        localStorage.setItem('corporateDetails', passenger);
      }, [encoded(session.access_token), encoded(session.passenger)]);
    }
    const first = path.steps[0]?.variant ?? '';
    const at = first.startsWith('route.enter:') ? first.slice('route.enter:'.length) : first.startsWith('login.submit') ? '/login' : '/login';
    await run.page.goto(run.url(at));
    // Server-rendered pages show before they react: wait for the app.
    await appReady(run.page, 20_000);
    await run.page.locator('[data-screen]').first().waitFor({ timeout: 20_000 });
  },
  executors: {
    'route.enter:/bookings': route('/bookings'),
    'route.enter:/my-account': route('/my-account'),
    'login.submit': login(null),
    'login.submit:redirect': login('/my-account'),
    'login.submit:blank': { unavailable: () => 'the sign-in form\'s own checks (Enter your email / password) stop an empty submit before the machine', run: async () => {} },
    'session.logout': { run: async (run) => run.page.getByRole('button', { name: 'Logout' }).click() },
    'session.retry': { run: async (run) => run.page.getByRole('alert').filter({ hasText: 'We could not check your sign-in' }).getByRole('button', { name: 'Try again' }).click() },
    'bookings.load': {
      run: async (run, c) => {
        // /bookings asks on arrival; after a failure, its Try again.
        if (c.before.matches({ signedIn: { bookings: 'failed' } })) await run.page.getByRole('alert').filter({ hasText: 'Your bookings could not be loaded' }).getByRole('button', { name: 'Try again' }).click();
        // Loaded: Book Now and back with its "My bookings" (the page the session is for: no new check, a new list).
        if (c.before.matches({ signedIn: { bookings: 'loaded' } })) {
          await run.page.getByRole('navigation', { name: 'Corporate' }).getByRole('link', { name: 'Book Now' }).click();
          await run.page.getByRole('link', { name: 'My bookings' }).click();
        }
      },
    },
    'profile.save': {
      run: async (run) => {
        const form = run.page.getByRole('form', { name: 'Edit Profile' });
        await labelled(form, 'Name').fill(PROFILE.name);
        await labelled(form, 'Phone').fill(PROFILE.phone);
        await form.getByRole('button', { name: 'Save changes' }).click();
      },
    },
    'profile.save:newEmail': {
      run: async (run, c) => {
        const form = run.page.getByRole('form', { name: 'Edit Profile' });
        const next = nextVariant(c.path, c.index);
        const email = uniqueEmail('moved');
        await labelled(form, 'Name').fill(PROFILE.name);
        await labelled(form, 'Email').fill(email);
        // The field shows once the e-mail differs.
        await labelled(form, 'Current password').fill(next === 'updateProfile:wrongPassword' ? 'not-the-password' : PASSWORD);
        await labelled(form, 'Phone').fill(PROFILE.phone);
        await form.getByRole('button', { name: 'Save changes' }).click();
        // Saved, the account signs in with the new address from now on.
        if (next === 'updateProfile:done') run.scratch.email = email;
      },
    },
    'profile.save:blank': { unavailable: () => "the profile form's own checks (Enter your name / email) stop an empty profile before the machine", run: async () => {} },
    'notice.dismiss': {
      run: async (run) => {
        await run.page.getByRole('alert').or(run.page.getByRole('status')).filter({ has: run.page.getByRole('button', { name: 'Dismiss' }) }).first().getByRole('button', { name: 'Dismiss' }).click();
      },
    },
    'signIn:done': answered(() => ({ kind: 'continue' })),
    'signIn:invalid': answered(() => ({ kind: 'continue' })),
    'signIn:server': answered(() => ({ kind: 'fulfil', status: 500, body: SERVER_ERROR_BODY })),
    'validateToken:valid': answered(() => ({ kind: 'continue' })),
    'validateToken:invalid': answered((run) => ({ kind: 'continue', before: revoke(run) })),
    'validateToken:error': answered(() => ({ kind: 'abort' })),
    'signOut:done': answered(() => ({ kind: 'continue' })),
    'signOut:error': answered(() => ({ kind: 'fulfil', status: 500, body: SERVER_ERROR_BODY })),
    'loadBookings:done': answered(() => ({ kind: 'continue' })),
    'loadBookings:unauthorized': answered((run) => ({ kind: 'continue', before: revoke(run) })),
    'loadBookings:server': answered(() => ({ kind: 'fulfil', status: 500, body: { success: false, message: 'Something went wrong' } })),
    'updateProfile:done': answered(() => ({ kind: 'continue' })),
    'updateProfile:unauthorized': answered((run) => ({ kind: 'continue', before: revoke(run) })),
    'updateProfile:refused': answered(() => ({ kind: 'fulfil', status: 409, body: { success: false, message: 'That e-mail is already in use' } })),
    // The real server's 403: the executor of the save typed a wrong current password.
    'updateProfile:wrongPassword': answered(() => ({ kind: 'continue' })),
  },
  unavailable: (s, variant, u) => {
    const type = variant.event.type;
    const c = ctx(s);
    // Signed in on /bookings (checked, or signed in and sent there): the list asks for the bookings at once.
    if (c.returnPath === '/bookings' && s.matches({ signedIn: { bookings: 'idle' } })) {
      return type === 'bookings.load' ? null : '/bookings loads the bookings as soon as the session is checked';
    }
    if (type === 'bookings.load') return c.returnPath === '/bookings' ? null : 'only /bookings asks (on arrival, its Try again after a failure, or back from Book Now)';
    // RouteSync tells the machine of an arrival only at a page it does not show already.
    if (type === 'route.enter' && corporateRoute(s as never) === variant.event.path) return `the machine already shows ${variant.event.path}: arriving there again sends nothing`;
    if (type === 'profile.save') return c.returnPath === '/my-account' ? null : 'the profile form is on /my-account';
    // The server answers a wrong current password only to a save that sent one (a new e-mail).
    if (variant.key === 'updateProfile:wrongPassword' && u.prevVariant?.key !== 'profile.save:newEmail') return 'only a new e-mail is sent with a current password';
    if (type === 'session.logout' && !(s.matches('signedIn') || s.matches('checkFailed'))) return 'Logout is in the sidebar of a protected page, which checks the token first';
    if (type === 'notice.dismiss') {
      // Its own 4 s timer sends notice.dismiss too (every notice goes): a click would race it on a loaded machine.
      if (c.loginNotice?.tone === 'success') return "'Login Successfully' is dismissed by its own 4 s timer, which a click would race";
      if (c.loginNotice?.tone === 'error' && s.matches('signedOut')) return null;
      if (c.profileNotice && c.returnPath === '/my-account' && s.matches('signedIn')) return null;
      return "the success notice closes itself after 4 s; a notice is dismissed on the page that shows it";
    }
    return null;
  },
  assertions: {
    'signedOut.idle': async (run, { snapshot }) => signedOut(run, snapshot),
    'signedOut.loginRequired': async (run, { snapshot }) => {
      await signedOut(run, snapshot);
      await visible(run.page.getByRole('heading', { name: 'Sign In to Corporate Account' }));
    },
    'signedOut.loggedOut': async (run, { snapshot }) => signedOut(run, snapshot),
    unverified: async (run) => {
      if ((await pageToken(run)) === null) throw new Error('no stored token while unverified');
    },
    signingIn: async (run) => {
      await visible(run.page.getByRole('button', { name: 'Sign In' }).and(run.page.locator('[data-loading]')));
    },
    checking: async (run, { snapshot }) => {
      await atRoute(run, snapshot);
      await visible(run.page.getByLabel('Checking your sign-in'));
    },
    checkFailed: async (run, { snapshot }) => {
      await atRoute(run, snapshot);
      await visible(run.page.getByRole('alert').filter({ hasText: 'We could not check your sign-in' }));
    },
    'signedIn.bookings.idle': async (run, { snapshot }) => {
      await atRoute(run, snapshot);
      await visible(run.page.getByRole('banner', { name: 'Corporate Account' }));
    },
    'signedIn.bookings.loading': async (run, { snapshot }) => {
      await atRoute(run, snapshot);
      await visible(run.page.getByLabel('Loading your bookings'));
    },
    'signedIn.bookings.loaded': async (run, { snapshot }) => {
      await atRoute(run, snapshot);
      if (ctx(snapshot).returnPath === '/bookings') await visible(run.page.getByTestId('bookings-empty').or(run.page.getByTestId('booking-row')));
    },
    'signedIn.bookings.failed': async (run, { snapshot }) => {
      await atRoute(run, snapshot);
      if (ctx(snapshot).returnPath === '/bookings') await visible(run.page.getByRole('alert').filter({ hasText: 'Your bookings could not be loaded' }));
    },
    'signedIn.profile.idle': async (run, { snapshot }) => {
      const c = ctx(snapshot);
      if (c.returnPath === '/my-account' && run.pathname() === '/my-account') {
        await visible(run.page.getByRole('button', { name: 'Save changes' }));
        if (c.profileNotice) await visible(run.page.getByText(c.profileNotice.text === CORPORATE_MESSAGES.profileUpdated ? CORPORATE_MESSAGES.profileUpdated : c.profileNotice.text));
        // The server's refusal of the current password, under that field.
        if (c.currentPasswordError) await visible(run.page.getByRole('form', { name: 'Edit Profile' }).getByText(c.currentPasswordError));
      }
    },
    'signedIn.profile.saving': async (run) => {
      await visible(run.page.getByRole('button', { name: 'Save changes' }).and(run.page.locator('[data-loading]')));
    },
    loggingOut: async (run) => {
      await visible(run.page.getByRole('button', { name: 'Logging out…' }));
      if ((await run.page.evaluate(() => localStorage.getItem('corporateToken'))) !== null) throw new Error('the session is still stored while logging out');
    },
  },
};
