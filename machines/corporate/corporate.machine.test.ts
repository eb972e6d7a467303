import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CorporatePassenger, PassengerLoginResponse, UpdatePassengerResponse, ValidateTokenResponse } from '../../contract/accounts.ts';
import type { LoadBookingsInput, SignInInput, TokenInput, UpdateProfileInput } from './corporate.actors.ts';
import { corporateMachine } from './corporate.machine.ts';
import { corporateRoute, isProtectedPath } from './corporate.routes.ts';
import { changesEmail, loginFailureText, loginPath, profileFailureText, safeReturnPath, type CorporateBookingItem } from './corporate.types.ts';

const passenger: CorporatePassenger = { passenger_id: 7, passenger_name: 'Alex Morgan', passenger_email: 'corporate@cabflow.test', passenger_contact_no: '+44 7700 900123' };
const login: PassengerLoginResponse = { success: true, message: 'Login Successfully', access_token: 'tok-new', token_type: 'Bearer', expires_at: '2030-01-01T00:00:00Z', passenger };
const booking = { booking_number: 'CF-1001' } as CorporateBookingItem;

/** An Error as src/api throws it: the server's message and the HTTP status. */
const httpError = (status: number | null, message: string) => Object.assign(new Error(message), status === null ? {} : { status });

interface Stubs {
  signIn?: (input: SignInInput) => Promise<PassengerLoginResponse>;
  validateToken?: (input: TokenInput) => Promise<ValidateTokenResponse>;
  signOut?: (input: TokenInput) => Promise<unknown>;
  loadBookings?: (input: LoadBookingsInput) => Promise<CorporateBookingItem[]>;
  updateProfile?: (input: UpdateProfileInput) => Promise<UpdatePassengerResponse>;
}

function start(stubs: Stubs = {}, input: { token: string | null; passenger: CorporatePassenger | null } = { token: null, passenger: null }) {
  const calls: Record<string, unknown[]> = { signIn: [], validateToken: [], signOut: [], loadBookings: [], updateProfile: [] };
  const track =
    <I, O>(name: string, fn: (input: I) => Promise<O>) =>
    ({ input }: { input: I }) => {
      calls[name].push(input);
      return fn(input);
    };
  const storage = { storeSession: vi.fn(), storePassenger: vi.fn(), forgetSession: vi.fn() };
  const actor = createActor(
    corporateMachine.provide({
      actors: {
        signIn: fromPromise(track('signIn', stubs.signIn ?? (async () => login))),
        validateToken: fromPromise(track('validateToken', stubs.validateToken ?? (async () => ({ valid: true, passenger })))),
        signOut: fromPromise(track('signOut', stubs.signOut ?? (async () => ({ success: true })))),
        loadBookings: fromPromise(track('loadBookings', stubs.loadBookings ?? (async () => [booking]))),
        updateProfile: fromPromise(
          track('updateProfile', stubs.updateProfile ?? (async (i: UpdateProfileInput) => ({ success: true as const, message: 'Passenger Details Updated', passenger: { ...passenger, passenger_name: i.name } }))),
        ),
      },
      actions: {
        storeSession: (_, params) => storage.storeSession(params),
        storePassenger: (_, params) => storage.storePassenger(params),
        forgetSession: () => storage.forgetSession(),
      },
    }),
    { input },
  ).start();
  return { actor, calls, storage };
}

const signedIn = () => start({}, { token: 'tok-stored', passenger });

/** A token check the test answers itself, to send events while it is in flight. */
function heldCheck() {
  const answers: ((answer: ValidateTokenResponse) => void)[] = [];
  const validateToken = () => new Promise<ValidateTokenResponse>((resolve) => answers.push(resolve));
  return { validateToken, answer: (answer: ValidateTokenResponse) => answers.shift()!(answer), pending: () => answers.length };
}


describe('corporate texts and paths', () => {
  it('maps sign-in failures to the spec texts', () => {
    expect(loginFailureText(httpError(401, 'Invalid credentials. Please try again.'))).toBe('Invalid credentials. Please try again.');
    expect(loginFailureText(httpError(400, 'password: Password is required'))).toBe('Invalid credentials. Please try again.');
    expect(loginFailureText(httpError(500, 'Something went wrong'))).toBe('An error occurred. Please try again later.');
    expect(loginFailureText(httpError(null, 'fetch failed'))).toBe('An error occurred. Please try again later.');
    expect(loginFailureText(httpError(429, 'Too many requests. Please try again in 5 minutes.'))).toBe('Too many requests. Please try again in 5 minutes.');
  });

  it("maps profile failures to the server's message or the generic text", () => {
    expect(profileFailureText(httpError(409, 'This email address is already used by another account'))).toBe('This email address is already used by another account');
    expect(profileFailureText(httpError(503, 'down'))).toBe('An error occurred. Please try again later.');
    expect(profileFailureText(new Error('Failed to fetch'))).toBe('An error occurred. Please try again later.');
  });

  it('returns only to in-site paths', () => {
    expect(loginPath('/bookings')).toBe('/login?redirect=%2Fbookings');
    expect(safeReturnPath('/my-account')).toBe('/my-account');
    for (const bad of ['https://evil.test/', '//evil.test', '/\\evil.test', '/login?redirect=%2Fbookings', '', null]) expect(safeReturnPath(bad)).toBeNull();
  });
});

describe('corporate routes (corporate.routes.ts)', () => {
  it("enters the manifest's protected pages only, whatever the case or a trailing slash", () => {
    for (const path of ['/bookings', '/my-account', '/Bookings/', '/my-account?x=1']) expect(isProtectedPath(path), path).toBe(true);
    for (const path of ['/login', '/login?redirect=%2Fbookings', '/book-now', '/', '/bookings-old']) expect(isProtectedPath(path), path).toBe(false);
  });

  it('puts a check in flight, a failed check and a session at the page the session is for; a sign-in or a logout in flight between pages', async () => {
    const check = heldCheck();
    const { actor } = start({ validateToken: check.validateToken, signOut: () => new Promise(() => {}) }, { token: 'tok-stored', passenger });
    expect(actor.getSnapshot().value).toBe('unverified');
    expect(corporateRoute(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'route.enter', path: '/my-account' });
    expect(corporateRoute(actor.getSnapshot())).toBe('/my-account');
    check.answer({ valid: true, passenger });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(corporateRoute(actor.getSnapshot())).toBe('/my-account');
    actor.send({ type: 'session.logout' });
    expect(corporateRoute(actor.getSnapshot())).toBeNull();
  });
});

describe('corporate machine: sign-in and the token check', () => {
  it('sends a visitor without a token from a protected route to /login?redirect=<path>', () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    // Signed out on /login with nothing asked for: between pages, the URL stays.
    expect(corporateRoute(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'route.enter', path: '/bookings' });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'loginRequired' });
    expect(corporateRoute(actor.getSnapshot())).toBe('/login?redirect=%2Fbookings');
    actor.send({ type: 'route.enter', path: '/my-account' });
    expect(corporateRoute(actor.getSnapshot())).toBe('/login?redirect=%2Fmy-account');
    expect(calls.validateToken).toEqual([]);
  });

  it("signs in: 'Login Successfully', the session stored, then the redirect path", async () => {
    const { actor, calls, storage } = start();
    actor.send({ type: 'login.submit', email: ' corporate@cabflow.test ', password: 'pw', redirect: '/my-account' });
    expect(actor.getSnapshot().value).toBe('signingIn');
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls.signIn).toEqual([{ email: 'corporate@cabflow.test', password: 'pw' }]);
    expect(snapshot.context).toMatchObject({ token: 'tok-new', passenger, returnPath: '/my-account', loginNotice: { tone: 'success', text: 'Login Successfully' } });
    expect(corporateRoute(snapshot)).toBe('/my-account');
    expect(storage.storeSession).toHaveBeenCalledWith({ token: 'tok-new', passenger });
  });

  it('goes to /bookings after sign-in without a (safe) redirect', async () => {
    const { actor } = start();
    actor.send({ type: 'login.submit', email: 'a@example.test', password: 'pw', redirect: 'https://evil.test' });
    expect(corporateRoute(await waitFor(actor, (s) => s.matches('signedIn')))).toBe('/bookings');
  });

  it('stays signed out with the failure text', async () => {
    const { actor, storage } = start({ signIn: () => Promise.reject(httpError(401, 'Invalid credentials. Please try again.')) });
    actor.send({ type: 'login.submit', email: 'a@example.test', password: 'wrong', redirect: null });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut') && s.context.loginNotice !== null);
    expect(snapshot.context.loginNotice).toEqual({ tone: 'error', text: 'Invalid credentials. Please try again.' });
    // The sign-in page stays (between pages: the URL is left alone).
    expect(snapshot.value).toEqual({ signedOut: 'idle' });
    expect(corporateRoute(snapshot)).toBeNull();
    expect(storage.storeSession).not.toHaveBeenCalled();
  });

  it('ends a stored session when a sign-in fails: token and corporate details removed', async () => {
    const { actor, storage } = start({ signIn: () => Promise.reject(httpError(401, 'Invalid credentials. Please try again.')) }, { token: 'tok-stored', passenger });
    expect(actor.getSnapshot().value).toBe('unverified');
    actor.send({ type: 'login.submit', email: 'someone.else@example.test', password: 'wrong', redirect: null });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context).toMatchObject({ token: null, passenger: null, loginNotice: { tone: 'error', text: 'Invalid credentials. Please try again.' } });
    expect(storage.forgetSession).toHaveBeenCalledTimes(1);
    // No stale token left to send: a protected route asks for sign-in instead of checking the old one.
    actor.send({ type: 'route.enter', path: '/bookings' });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'loginRequired' });
    expect(corporateRoute(actor.getSnapshot())).toBe('/login?redirect=%2Fbookings');
  });

  it('ends a live session when signing in again fails', async () => {
    const { actor, storage } = start({ signIn: () => Promise.reject(httpError(500, 'Something went wrong')) }, { token: 'tok-stored', passenger });
    actor.send({ type: 'route.enter', path: '/bookings' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'login.submit', email: 'a@example.test', password: 'pw', redirect: null });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context).toMatchObject({ token: null, passenger: null, bookings: [], loginNotice: { tone: 'error', text: 'An error occurred. Please try again later.' } });
    expect(storage.forgetSession).toHaveBeenCalledTimes(1);
  });

  it('ignores a sign-in without e-mail or password', () => {
    const { actor } = start();
    actor.send({ type: 'login.submit', email: 'a@example.test', password: '', redirect: null });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
  });

  it('checks a stored token on each protected route entry', async () => {
    const { actor, calls, storage } = signedIn();
    expect(actor.getSnapshot().value).toBe('unverified');
    actor.send({ type: 'route.enter', path: '/bookings' });
    expect(actor.getSnapshot().value).toBe('checking');
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(storage.storePassenger).toHaveBeenCalledWith({ passenger });
    actor.send({ type: 'route.enter', path: '/my-account' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls.validateToken).toEqual([{ token: 'tok-stored' }, { token: 'tok-stored' }]);
    expect(corporateRoute(actor.getSnapshot())).toBe('/my-account');
  });

  it('removes an invalid token and sends the user to /login?redirect=<path>, then back there after sign-in', async () => {
    const { actor, storage } = start({ validateToken: async () => ({ valid: false }) }, { token: 'tok-old', passenger });
    actor.send({ type: 'route.enter', path: '/my-account' });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context).toMatchObject({ token: null, passenger: null });
    expect(corporateRoute(snapshot)).toBe('/login?redirect=%2Fmy-account');
    expect(storage.forgetSession).toHaveBeenCalledTimes(1);
    actor.send({ type: 'login.submit', email: 'corporate@cabflow.test', password: 'pw', redirect: '/my-account' });
    expect(corporateRoute(actor.getSnapshot())).toBeNull();
    expect(corporateRoute(await waitFor(actor, (s) => s.matches('signedIn')))).toBe('/my-account');
  });

  it('takes a protected page entered while the token check is in flight: the check answers for that page, not the one left', async () => {
    const check = heldCheck();
    const { actor, calls } = start({ validateToken: check.validateToken }, { token: 'tok-stored', passenger });
    actor.send({ type: 'route.enter', path: '/bookings' });
    expect(corporateRoute(actor.getSnapshot())).toBe('/bookings');
    // My Account clicked (or Back/Forward) before the check answers: taken, the URL stays on /my-account.
    actor.send({ type: 'route.enter', path: '/my-account' });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(corporateRoute(actor.getSnapshot())).toBe('/my-account');
    // One check in flight answers for both: no second call.
    expect(calls.validateToken).toEqual([{ token: 'tok-stored' }]);
    check.answer({ valid: true, passenger });
    expect(corporateRoute(await waitFor(actor, (s) => s.matches('signedIn')))).toBe('/my-account');
  });

  it('an invalid token found while another page was entered sends the user to sign in for that page', async () => {
    const check = heldCheck();
    const { actor, storage } = start({ validateToken: check.validateToken }, { token: 'tok-old', passenger });
    actor.send({ type: 'route.enter', path: '/my-account' });
    actor.send({ type: 'route.enter', path: '/bookings' });
    check.answer({ valid: false });
    const snapshot = await waitFor(actor, (s) => s.matches({ signedOut: 'loginRequired' }));
    expect(corporateRoute(snapshot)).toBe('/login?redirect=%2Fbookings');
    expect(snapshot.context).toMatchObject({ token: null, passenger: null });
    expect(storage.forgetSession).toHaveBeenCalledTimes(1);
  });

  it('keeps the token and offers a retry when the check cannot reach the provider', async () => {
    let attempt = 0;
    const { actor, storage } = start(
      {
        validateToken: async () => {
          attempt += 1;
          if (attempt === 1) throw httpError(null, 'Failed to fetch');
          return { valid: true, passenger };
        },
      },
      { token: 'tok-stored', passenger },
    );
    actor.send({ type: 'route.enter', path: '/bookings' });
    await waitFor(actor, (s) => s.matches('checkFailed'));
    expect(actor.getSnapshot().context.token).toBe('tok-stored');
    expect(storage.forgetSession).not.toHaveBeenCalled();
    actor.send({ type: 'session.retry' });
    await waitFor(actor, (s) => s.matches('signedIn'));
  });
});

describe('corporate machine: signed in', () => {
  async function ready(stubs: Stubs = {}) {
    const started = start(stubs, { token: 'tok-stored', passenger });
    started.actor.send({ type: 'route.enter', path: '/bookings' });
    await waitFor(started.actor, (s) => s.matches('signedIn'));
    return started;
  }

  it("loads the passenger's bookings with the token", async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'bookings.load' });
    const snapshot = await waitFor(actor, (s) => s.matches({ signedIn: { bookings: 'loaded' } }));
    expect(snapshot.context.bookings).toEqual([booking]);
    expect(calls.loadBookings).toEqual([{ token: 'tok-stored', passengerId: 7, filter: {} }]);
  });

  it('loads under the filters given, and keeps them for the next load until the session ends', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'bookings.load', filter: { status: 'cancelled', cost_centre: 'Sales' } });
    await waitFor(actor, (s) => s.matches({ signedIn: { bookings: 'loaded' } }));
    actor.send({ type: 'bookings.load' });
    await waitFor(actor, (s) => s.matches({ signedIn: { bookings: 'loaded' } }) && calls.loadBookings.length === 2);
    expect(calls.loadBookings).toEqual([
      { token: 'tok-stored', passengerId: 7, filter: { status: 'cancelled', cost_centre: 'Sales' } },
      { token: 'tok-stored', passengerId: 7, filter: { status: 'cancelled', cost_centre: 'Sales' } },
    ]);
    actor.send({ type: 'session.logout' });
    expect((await waitFor(actor, (s) => s.matches('signedOut'))).context.bookingsFilter).toEqual({});
  });

  it('shows a bookings failure and loads again on request', async () => {
    let attempt = 0;
    const { actor } = await ready({
      loadBookings: async () => {
        attempt += 1;
        if (attempt === 1) throw httpError(500, 'Something went wrong');
        return [];
      },
    });
    actor.send({ type: 'bookings.load' });
    expect((await waitFor(actor, (s) => s.matches({ signedIn: { bookings: 'failed' } }))).context.bookingsError).toBe('Something went wrong');
    actor.send({ type: 'bookings.load' });
    expect((await waitFor(actor, (s) => s.matches({ signedIn: { bookings: 'loaded' } }))).context.bookings).toEqual([]);
  });

  it('ends the session when the bookings call says 401', async () => {
    const { actor, storage } = await ready({ loadBookings: () => Promise.reject(httpError(401, 'Please sign in again')) });
    actor.send({ type: 'bookings.load' });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.value).toEqual({ signedOut: 'loginRequired' });
    expect(corporateRoute(snapshot)).toBe('/login?redirect=%2Fbookings');
    expect(storage.forgetSession).toHaveBeenCalled();
  });

  it("saves the profile: 'Passenger Details Updated' and the stored details refreshed", async () => {
    const { actor, calls, storage } = await ready();
    actor.send({ type: 'profile.save', name: ' Robin Hart ', email: 'Corporate@Cabflow.test ', phone: '', currentPassword: 'not sent' });
    expect(actor.getSnapshot().matches({ signedIn: { profile: 'saving' } })).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.matches({ signedIn: { profile: 'idle' } }) && s.context.profileNotice !== null);
    // The same e-mail (in another case): no password asked for, none sent.
    expect(calls.updateProfile).toEqual([{ token: 'tok-stored', passengerId: 7, name: 'Robin Hart', email: 'Corporate@Cabflow.test', phone: '' }]);
    expect(snapshot.context.profileNotice).toEqual({ tone: 'success', text: 'Passenger Details Updated' });
    expect(snapshot.context.passenger?.passenger_name).toBe('Robin Hart');
    expect(storage.storePassenger).toHaveBeenLastCalledWith({ passenger: { ...passenger, passenger_name: 'Robin Hart' } });
  });

  it("shows the server's message, or the generic text, when the profile is not saved", async () => {
    const { actor } = await ready({ updateProfile: () => Promise.reject(httpError(409, 'This email address is already used by another account')) });
    actor.send({ type: 'profile.save', name: 'A', email: 'taken@example.test', phone: '', currentPassword: 'Corporate-Demo-2024!' });
    let snapshot = await waitFor(actor, (s) => s.context.profileNotice !== null);
    expect(snapshot.context.profileNotice).toEqual({ tone: 'error', text: 'This email address is already used by another account' });
    expect(snapshot.context.passenger).toEqual(passenger);

    const other = await ready({ updateProfile: () => Promise.reject(httpError(null, 'Failed to fetch')) });
    other.actor.send({ type: 'profile.save', name: 'A', email: passenger.passenger_email, phone: '' });
    snapshot = await waitFor(other.actor, (s) => s.context.profileNotice !== null);
    expect(snapshot.context.profileNotice?.text).toBe('An error occurred. Please try again later.');
  });

  it("a new e-mail is sent with the current password; a wrong one is the server's message on that field, the session stays", async () => {
    const { actor, calls } = await ready({ updateProfile: () => Promise.reject(httpError(403, 'Your current password is not correct')) });
    actor.send({ type: 'profile.save', name: 'Alex Morgan', email: ' new@example.test ', phone: '', currentPassword: 'typo' });
    let snapshot = await waitFor(actor, (s) => s.context.currentPasswordError !== null);
    expect(calls.updateProfile).toEqual([{ token: 'tok-stored', passengerId: 7, name: 'Alex Morgan', email: 'new@example.test', phone: '', currentPassword: 'typo' }]);
    expect(snapshot.context.currentPasswordError).toBe('Your current password is not correct');
    expect(snapshot.context.profileNotice).toBeNull();
    expect(snapshot.matches({ signedIn: { profile: 'idle' } })).toBe(true);
    expect(snapshot.context.token).toBe('tok-stored');
    // The next save clears it.
    actor.send({ type: 'profile.save', name: 'Alex Morgan', email: 'new@example.test', phone: '', currentPassword: 'again' });
    snapshot = actor.getSnapshot();
    expect(snapshot.context.currentPasswordError).toBeNull();
  });

  it('does not save a new e-mail without the current password', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'profile.save', name: 'Alex Morgan', email: 'new@example.test', phone: '' });
    actor.send({ type: 'profile.save', name: 'Alex Morgan', email: 'new@example.test', phone: '', currentPassword: '' });
    expect(calls.updateProfile).toEqual([]);
    expect(changesEmail(passenger, ' CORPORATE@cabflow.test')).toBe(false);
    expect(changesEmail(passenger, 'new@example.test')).toBe(true);
  });

  it('refuses a profile without name or e-mail', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'profile.save', name: ' ', email: 'a@example.test', phone: '' });
    actor.send({ type: 'profile.save', name: 'A', email: '', phone: '' });
    expect(calls.updateProfile).toEqual([]);
  });

  it('logs out: storage cleared at once, the token revoked, then home', async () => {
    const { actor, calls, storage } = await ready();
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    expect(storage.forgetSession).toHaveBeenCalledTimes(1);
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(calls.signOut).toEqual([{ token: 'tok-stored' }]);
    expect(snapshot.context).toMatchObject({ token: null, passenger: null });
    expect(snapshot.value).toEqual({ signedOut: 'loggedOut' });
    expect(corporateRoute(snapshot)).toBe('/');
  });

  it('clears the session and goes home even when logout fails', async () => {
    const { actor, storage } = await ready({ signOut: () => Promise.reject(httpError(500, 'down')) });
    actor.send({ type: 'session.logout' });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context.token).toBeNull();
    expect(corporateRoute(snapshot)).toBe('/');
    expect(storage.forgetSession).toHaveBeenCalledTimes(1);
  });
});
