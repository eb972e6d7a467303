/**
 * The corporate area's model (machines/corporate): sign-in, token check on each protected route (also a page entered
 * while a check is in flight), regions, logout. Where each state is shown is corporate.routes.ts (RouteSync).
 */
import { expect } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { PASSWORD_MESSAGES, type CorporatePassenger, type PassengerLoginResponse } from '../../../contract/accounts.ts';
import { CORPORATE_MESSAGES, corporateMachine, corporateRoute, type CorporateBookingItem, type CorporateContext } from '../../../machines/corporate/index.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const m = corporateMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as CorporateContext;
const last = (invocations: Record<string, unknown[]>, name: string) => (invocations[name] ?? []).at(-1) as Record<string, unknown> | undefined;

export const CORPORATE_PASSENGER: CorporatePassenger = { passenger_id: 7, passenger_name: 'Alex Morgan', passenger_email: 'corporate@cabflow.test', passenger_contact_no: '+44 7700 900123' };
const LOGIN: PassengerLoginResponse = { success: true, message: 'Login Successfully', access_token: 'tok-new', token_type: 'Bearer', expires_at: '2030-01-01T00:00:00Z', passenger: CORPORATE_PASSENGER };
const BOOKINGS = [{ booking_number: 'CF-1001' } as CorporateBookingItem];
export const PROFILE = { name: 'Alex Morgan-Reyes', email: 'corporate@cabflow.test', phone: '+44 7700 900999' };
/** A save that moves the account to a new e-mail: only with the current password. */
export const NEW_EMAIL_PROFILE = { ...PROFILE, email: 'alex.reyes@example.test', currentPassword: 'Corporate-Demo-2024!' };
export const WRONG_CURRENT_PASSWORD = PASSWORD_MESSAGES.currentWrong;

/** Signed out means no session, however it got here (Logout, an invalid token, a 401, a failed sign-in after a stored
 * or a live session): no token, no corporate details, nothing of the signed-in regions. */
function signedOut(snapshot: AnyMachineSnapshot) {
  const c = ctx(snapshot);
  expect([c.token, c.passenger, c.bookings.length, c.bookingsError]).toEqual([null, null, 0, null]);
  if (c.loginNotice?.tone === 'error') expect([CORPORATE_MESSAGES.invalidCredentials, CORPORATE_MESSAGES.genericError]).toContain(c.loginNotice.text);
  expect(snapshot.can({ type: 'login.submit', email: 'a@example.test', password: 'x', redirect: null })).toBe(true);
}

export const corporateModel: MachineModel = {
  id: 'corporate',
  title: 'corporate area',
  machine: m,
  origins: [
    { id: 'signedOut', label: 'no stored session', input: { token: null, passenger: null } },
    { id: 'storedToken', label: 'a session stored by an earlier visit', input: { token: 'tok-stored', passenger: CORPORATE_PASSENGER } },
  ],
  variants: [
    variant('route.enter:/bookings', { type: 'route.enter', path: '/bookings' }, 'open /bookings'),
    variant('route.enter:/my-account', { type: 'route.enter', path: '/my-account' }, 'open /my-account'),
    variant('login.submit', { type: 'login.submit', email: 'corporate@cabflow.test', password: 'Corporate-Demo-2024!', redirect: null }, 'Sign In'),
    variant('login.submit:redirect', { type: 'login.submit', email: 'corporate@cabflow.test', password: 'Corporate-Demo-2024!', redirect: '/my-account' }, 'Sign In (from /login?redirect=/my-account)'),
    variant('login.submit:blank', { type: 'login.submit', email: ' ', password: '', redirect: null }, 'Sign In with nothing typed'),
    variant('session.logout', { type: 'session.logout' }, 'Logout'),
    variant('session.retry', { type: 'session.retry' }, 'Try again (sign-in check)'),
    variant('bookings.load', { type: 'bookings.load' }, 'load the bookings'),
    variant('profile.save', { type: 'profile.save', ...PROFILE }, 'Save the profile'),
    variant('profile.save:blank', { type: 'profile.save', name: ' ', email: '', phone: '' }, 'Save an empty profile'),
    variant('profile.save:newEmail', { type: 'profile.save', ...NEW_EMAIL_PROFILE }, 'Save a new e-mail with the current password'),
    variant('notice.dismiss', { type: 'notice.dismiss' }, 'dismiss the message'),
    variant('signIn:done', { type: outcome(m, 'signIn', 'done'), output: LOGIN }, 'signed in'),
    variant('signIn:invalid', { type: outcome(m, 'signIn', 'error'), error: httpError(401, 'Invalid email or password') }, 'wrong password'),
    variant('signIn:server', { type: outcome(m, 'signIn', 'error'), error: httpError(500, 'Something went wrong') }, 'sign-in fails (server error)'),
    variant('validateToken:valid', { type: outcome(m, 'validateToken', 'done'), output: { valid: true, passenger: CORPORATE_PASSENGER } }, 'token good'),
    variant('validateToken:invalid', { type: outcome(m, 'validateToken', 'done'), output: { valid: false } }, 'token expired or revoked'),
    variant('validateToken:error', { type: outcome(m, 'validateToken', 'error'), error: httpError(null, 'Failed to fetch') }, 'token check unreachable'),
    variant('signOut:done', { type: outcome(m, 'signOut', 'done'), output: { success: true } }, 'signed out'),
    variant('signOut:error', { type: outcome(m, 'signOut', 'error'), error: httpError(500, 'Something went wrong') }, 'sign-out fails (server error)'),
    variant('loadBookings:done', { type: outcome(m, 'loadBookings', 'done'), output: BOOKINGS }, 'bookings loaded'),
    variant('loadBookings:unauthorized', { type: outcome(m, 'loadBookings', 'error'), error: httpError(401, 'Unauthorized') }, 'bookings: token no longer good'),
    variant('loadBookings:server', { type: outcome(m, 'loadBookings', 'error'), error: httpError(500, 'Something went wrong') }, 'bookings fail (server error)'),
    variant('updateProfile:done', { type: outcome(m, 'updateProfile', 'done'), output: { success: true, passenger: { ...CORPORATE_PASSENGER, passenger_name: PROFILE.name, passenger_contact_no: PROFILE.phone }, message: 'Passenger Details Updated' } }, 'profile saved'),
    variant('updateProfile:unauthorized', { type: outcome(m, 'updateProfile', 'error'), error: httpError(401, 'Unauthorized') }, 'profile: token no longer good'),
    variant('updateProfile:refused', { type: outcome(m, 'updateProfile', 'error'), error: httpError(409, 'That e-mail is already in use') }, 'profile refused (409)'),
    variant('updateProfile:wrongPassword', { type: outcome(m, 'updateProfile', 'error'), error: httpError(403, WRONG_CURRENT_PASSWORD) }, 'new e-mail refused: wrong current password (403)'),
  ],
  abstract: (s) => {
    const c = ctx(s);
    return {
      token: c.token !== null,
      passenger: c.passenger !== null,
      returnPath: c.returnPath,
      login: c.loginNotice?.text ?? null,
      profile: c.profileNotice?.text ?? null,
      currentPassword: c.currentPasswordError,
      // A save in flight that carries the current password (a new e-mail) is another step than one that does not.
      savesNewEmail: Object.values(s.children as Record<string, AnyActorRef | undefined>).some(
        (child) => (child?.getSnapshot() as { input?: { currentPassword?: string } } | undefined)?.input?.currentPassword !== undefined,
      ),
    };
  },
  offer: (s, v) => {
    if (v.event.type === 'notice.dismiss') return ctx(s).loginNotice !== null || ctx(s).profileNotice !== null;
    return true;
  },
  limit: 5_000,
  isGoal: (s) => s.matches({ signedIn: { bookings: 'loaded' } }) || s.matches({ signedOut: 'loggedOut' }),
  simple: {
    variants: (v) => !['notice.dismiss', 'login.submit:blank', 'route.enter:/my-account'].includes(v.key) && !v.key.startsWith('updateProfile') && !v.key.startsWith('profile.save'),
    maxPaths: 30,
    maxLength: 9,
  },
  assertions: {
    'signedOut.idle': ({ snapshot }) => {
      signedOut(snapshot);
      // Nothing asked for yet, or a failed sign-in: the sign-in page stays where it is.
      expect(corporateRoute(snapshot)).toBeNull();
    },
    'signedOut.loginRequired': ({ snapshot }) => {
      signedOut(snapshot);
      expect(corporateRoute(snapshot)).toBe(`/login?redirect=${encodeURIComponent(ctx(snapshot).returnPath!)}`);
      expect(ctx(snapshot).returnPath).toMatch(/^\/(bookings|my-account)$/);
    },
    'signedOut.loggedOut': ({ snapshot }) => {
      signedOut(snapshot);
      expect(corporateRoute(snapshot)).toBe('/');
    },
    unverified: ({ snapshot }) => {
      expect(ctx(snapshot).token).toBe('tok-stored');
    },
    signingIn: ({ snapshot, invocations }) => {
      expect(ctx(snapshot).loginNotice).toBeNull();
      expect(last(invocations, 'signIn')).toEqual({ email: 'corporate@cabflow.test', password: 'Corporate-Demo-2024!' });
    },
    checking: ({ snapshot, invocations }) => {
      expect(last(invocations, 'validateToken')).toEqual({ token: ctx(snapshot).token });
      expect(ctx(snapshot).returnPath).toMatch(/^\/(bookings|my-account)$/);
      // The check in flight is shown at the page entered last.
      expect(corporateRoute(snapshot)).toBe(ctx(snapshot).returnPath);
    },
    checkFailed: ({ snapshot }) => {
      // The provider could not be asked: the token is kept for a retry.
      expect(ctx(snapshot).token).not.toBeNull();
    },
    'signedIn.bookings.idle': ({ snapshot }) => {
      expect(ctx(snapshot).token).not.toBeNull();
      expect(ctx(snapshot).passenger).not.toBeNull();
    },
    'signedIn.bookings.loading': ({ snapshot, invocations }) => {
      expect(last(invocations, 'loadBookings')).toEqual({ token: ctx(snapshot).token, passengerId: CORPORATE_PASSENGER.passenger_id, filter: {} });
    },
    'signedIn.bookings.loaded': ({ snapshot }) => {
      expect(ctx(snapshot).bookings).toEqual(BOOKINGS);
      expect(ctx(snapshot).bookingsError).toBeNull();
    },
    'signedIn.bookings.failed': ({ snapshot }) => {
      expect(ctx(snapshot).bookingsError).toBe('Something went wrong');
    },
    'signedIn.profile.idle': ({ snapshot }) => {
      expect([null, CORPORATE_MESSAGES.profileUpdated, 'That e-mail is already in use']).toContain(ctx(snapshot).profileNotice?.text ?? null);
      // A wrong current password is said on its field, not in the notice.
      expect([null, WRONG_CURRENT_PASSWORD]).toContain(ctx(snapshot).currentPasswordError);
    },
    'signedIn.profile.saving': ({ snapshot, invocations }) => {
      expect(ctx(snapshot).profileNotice).toBeNull();
      expect(ctx(snapshot).currentPasswordError).toBeNull();
      // The current password goes with a new e-mail only.
      const sent = last(invocations, 'updateProfile');
      const base = { token: ctx(snapshot).token, passengerId: CORPORATE_PASSENGER.passenger_id };
      expect([{ ...base, ...PROFILE }, { ...base, ...NEW_EMAIL_PROFILE }]).toContainEqual(sent);
    },
    loggingOut: ({ snapshot, invocations }) => {
      expect(last(invocations, 'signOut')).toEqual({ token: ctx(snapshot).token ?? '' });
    },
  },
  guardChecks: [
    {
      label: 'a protected route without a session asks for /login?redirect=<path>',
      event: { type: 'route.enter', path: '/my-account' },
      expected: (s) => (s.matches('signedOut') ? { can: true, next: ['signedOut.loginRequired'] } : undefined),
    },
    {
      label: 'each entry of a protected route checks the token',
      event: { type: 'route.enter', path: '/bookings' },
      expected: (s) => (s.matches('unverified') || s.matches('signedIn') || s.matches('checkFailed') ? { can: true, next: ['checking'] } : undefined),
    },
    {
      label: 'a protected page entered while the token check is in flight is taken by that check (not dropped)',
      event: { type: 'route.enter', path: '/my-account' },
      expected: (s) => (s.matches('checking') ? { can: true, next: ['checking'] } : undefined),
    },
    {
      label: 'Sign In with an empty e-mail or password sends nothing',
      event: { type: 'login.submit', email: '', password: '', redirect: null },
      expected: (s) => (s.matches('signedOut') || s.matches('unverified') ? { can: false } : undefined),
    },
    {
      label: 'a new e-mail without the current password is not saved',
      event: { type: 'profile.save', name: PROFILE.name, email: NEW_EMAIL_PROFILE.email, phone: PROFILE.phone, currentPassword: '' },
      expected: (s) => (s.matches({ signedIn: { profile: 'idle' } }) ? { can: false } : undefined),
    },
    {
      label: 'an empty profile is not saved',
      event: { type: 'profile.save', name: '', email: '', phone: '' },
      expected: (s) => (s.matches({ signedIn: { profile: 'idle' } }) ? { can: false } : undefined),
    },
  ],
};
