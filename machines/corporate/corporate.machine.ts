/**
 * The corporate passenger area: /login, /bookings, /my-account (spec §2 Corporate area, §4 Corporate access, §6, §8).
 * Top-level states:
 * - `start`: decides from the stored token: `unverified` (a token from an earlier visit) or `signedOut`.
 * - `signedOut`: no session; the login form signs in. `idle` (no page asked for yet, or a failed sign-in on /login),
 *   `loginRequired` (a protected page was entered: shown at `/login?redirect=<path>`), `loggedOut` (shown at /).
 * - `unverified`: a stored token that this page load has not checked yet; entering a protected route checks it.
 * - `signingIn`: the sign-in call. Success: 'Login Successfully', the session is stored (corporateToken,
 *   corporateDetails) and the user goes to the redirect path or /bookings. Failure: 'Invalid credentials. Please
 *   try again.' or 'An error occurred. Please try again later.', `signedOut`, with any session held before removed
 *   (token and corporate details, in the context and in storage).
 * - `checking`: the token is being validated on entry to a protected route (each entry). Invalid: the session is
 *   removed and the user is sent to `/login?redirect=<path>`. Another protected page entered while the check is in
 *   flight is taken, not dropped: the check answers for the page entered last (its `returnPath`).
 * - `checkFailed`: the provider could not be asked (offline); the page offers a retry and keeps the token.
 * - `signedIn`: two regions, `bookings` (idle → loading → loaded | failed; GET /corporate/bookings under the list's
 *   filters, which a load with `filter` replaces: an account admin's covers the account, a booker's their own) and `profile` (idle ⇄ saving, with
 *   'Passenger Details Updated', the server's message, or 'An error occurred. Please try again later.'). A new
 *   e-mail is saved only with the current password (`changesEmail`), which is sent only then; a wrong one (403) is
 *   the server's message on the password field (`currentPasswordError`). A 401 from either region ends the session
 *   like an invalid token.
 * - `loggingOut`: the stored session is removed at once, the token revoked on the server; success or error, the
 *   user goes to / (spec §8: logout errors clear the session anyway).
 * The machine never navigates: its routed states are shown at the URLs of corporate.routes.ts, which RouteSync
 * (src/app/useRouteSync.ts) puts in the address bar; it sends `route.enter` on arrival at a protected page.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { CorporatePassenger } from '../../contract/accounts.ts';
import type { CompanyBookingsQuery } from '../../contract/companyAccounts.ts';
import { corporateActors } from './corporate.actors.ts';
import {
  AFTER_SIGN_IN_PATH,
  changesEmail,
  CORPORATE_MESSAGES,
  isCurrentPasswordRefused,
  isUnauthorizedError,
  loginFailureText,
  profileFailureText,
  safeReturnPath,
  type CorporateBookingItem,
  type Notice,
  type ProfileInput,
} from './corporate.types.ts';

export interface CorporateInput {
  /** The stored corporateToken, or null. */
  token: string | null;
  /** The stored corporateDetails, or null. */
  passenger: CorporatePassenger | null;
}

export interface CorporateContext {
  token: string | null;
  passenger: CorporatePassenger | null;
  /** The page the session is for: the protected path entered last, or the sign-in's redirect (else /bookings). */
  returnPath: string | null;
  loginNotice: Notice | null;
  profileNotice: Notice | null;
  /** The server's refusal of the current password typed for a new e-mail, shown on that field. */
  currentPasswordError: string | null;
  bookings: CorporateBookingItem[];
  bookingsError: string | null;
  /** The bookings list's filters (booker, passenger, cost centre, dates, status), sent with each load. */
  bookingsFilter: CompanyBookingsQuery;
}

export type CorporateEvent =
  | { type: 'route.enter'; path: string }
  | { type: 'login.submit'; email: string; password: string; redirect: string | null }
  | { type: 'session.logout' }
  | { type: 'session.retry' }
  /** Load the bookings; with `filter`, under these filters from now on (without, under the ones in force). */
  | { type: 'bookings.load'; filter?: CompanyBookingsQuery }
  | ({ type: 'profile.save' } & ProfileInput)
  | { type: 'notice.dismiss' };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const signInTransition = { guard: 'hasCredentials', target: '#corporate.signingIn', actions: 'rememberRedirect' } as const;
/** A 401 from a signed-in call: the token is gone; back to sign-in for the page the user is on. */
const sessionEnded = { guard: 'isUnauthorized', target: '#corporate.signedOut.loginRequired', actions: ['endSession', 'forgetSession'] } as const;

export const corporateMachine = setup({
  types: {
    context: {} as CorporateContext,
    events: {} as CorporateEvent,
    input: {} as CorporateInput,
  },
  actors: corporateActors,
  actions: {
    rememberPath: assign({
      returnPath: ({ event }) => {
        assertEvent(event, 'route.enter');
        return event.path;
      },
    }),
    /** The sign-in goes to the login page's redirect, else /bookings (the redirect the page asked with is data). */
    rememberRedirect: assign({
      returnPath: ({ event }) => {
        assertEvent(event, 'login.submit');
        return safeReturnPath(event.redirect) ?? AFTER_SIGN_IN_PATH;
      },
    }),
    startSession: assign((_, params: { token: string; passenger: CorporatePassenger }) => ({ token: params.token, passenger: params.passenger })),
    setPassenger: assign({ passenger: (_, params: { passenger: CorporatePassenger | undefined }) => params.passenger ?? null }),
    endSession: assign({ token: null, passenger: null, bookings: [], bookingsError: null, bookingsFilter: {}, profileNotice: null, currentPasswordError: null }),
    notifyLogin: assign({ loginNotice: (_, params: Notice) => params }),
    notifyProfile: assign({ profileNotice: (_, params: Notice) => params }),
    refuseCurrentPassword: assign({ currentPasswordError: (_, params: { error: unknown }) => profileFailureText(params.error) }),
    clearNotices: assign({ loginNotice: null, profileNotice: null, currentPasswordError: null }),
    clearProfileNotice: assign({ profileNotice: null, currentPasswordError: null }),
    setBookings: assign({ bookings: (_, params: { bookings: CorporateBookingItem[] }) => params.bookings, bookingsError: null }),
    setBookingsFilter: assign({ bookingsFilter: ({ context, event }) => (event.type === 'bookings.load' && event.filter ? event.filter : context.bookingsFilter) }),
    setBookingsError: assign({ bookingsError: (_, params: { error: unknown }) => messageOf(params.error) }),
    /** Stores corporateToken and corporateDetails; supplied by the view layer, which owns storage. */
    storeSession: (_, _params: { token: string; passenger: CorporatePassenger }) => {},
    /** Stores corporateDetails after the profile changed or the token check returned the passenger. */
    storePassenger: (_, _params: { passenger: CorporatePassenger }) => {},
    /** Removes corporateToken and corporateDetails from storage. */
    forgetSession: () => {},
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.token !== '',
    hasCredentials: ({ event }) => event.type === 'login.submit' && event.email.trim() !== '' && event.password !== '',
    isValidToken: (_, params: { valid: boolean }) => params.valid,
    isUnauthorized: ({ event }) => 'error' in event && isUnauthorizedError(event.error),
    isCurrentPasswordRefused: ({ event }) => 'error' in event && isCurrentPasswordRefused(event.error),
    hasProfile: ({ context, event }) =>
      event.type === 'profile.save' &&
      event.name.trim() !== '' &&
      event.email.trim() !== '' &&
      (!changesEmail(context.passenger, event.email) || (event.currentPassword ?? '') !== ''),
  },
}).createMachine({
  id: 'corporate',
  context: ({ input }) => ({
    token: input.token || null,
    passenger: input.passenger,
    returnPath: null,
    loginNotice: null,
    profileNotice: null,
    currentPasswordError: null,
    bookings: [],
    bookingsError: null,
    bookingsFilter: {},
  }),
  initial: 'start',
  on: {
    'notice.dismiss': { actions: 'clearNotices' },
  },
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'unverified' }, { target: 'signedOut' }],
    },
    signedOut: {
      initial: 'idle',
      on: {
        'route.enter': { target: '.loginRequired', actions: 'rememberPath' },
        'login.submit': signInTransition,
      },
      states: {
        idle: {},
        loginRequired: {},
        loggedOut: {},
      },
    },
    unverified: {
      on: {
        'route.enter': { target: 'checking', actions: 'rememberPath' },
        'login.submit': signInTransition,
      },
    },
    signingIn: {
      entry: 'clearNotices',
      invoke: {
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'login.submit');
          return { email: event.email.trim(), password: event.password };
        },
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'startSession', params: ({ event }) => ({ token: event.output.access_token, passenger: event.output.passenger }) },
            { type: 'storeSession', params: ({ event }) => ({ token: event.output.access_token, passenger: event.output.passenger }) },
            { type: 'notifyLogin', params: { tone: 'success', text: CORPORATE_MESSAGES.loginOk } },
          ],
        },
        // A failed sign-in ends whatever session was held (a stored token from an earlier visit, or the one signed
        // in with): the user is signed out, so no token may outlive it in the context or in storage.
        onError: {
          target: 'signedOut',
          actions: ['endSession', 'forgetSession', { type: 'notifyLogin', params: ({ event }) => ({ tone: 'error', text: loginFailureText(event.error) }) }],
        },
      },
    },
    checking: {
      // Another protected page arrived at while the check is in flight (a sidebar link, Back/Forward, a page that
      // mounts while the previous page's check runs): the one check answers for the page arrived at last. Dropped,
      // RouteSync would put the URL back on the page left, and an invalid token would sign in for that page.
      on: { 'route.enter': { actions: 'rememberPath' } },
      invoke: {
        src: 'validateToken',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'isValidToken', params: ({ event }) => ({ valid: event.output.valid }) },
            target: 'signedIn',
            actions: [
              { type: 'setPassenger', params: ({ event, context }) => ({ passenger: event.output.passenger ?? context.passenger ?? undefined }) },
              { type: 'storePassenger', params: ({ event, context }) => ({ passenger: (event.output.passenger ?? context.passenger)! }) },
            ],
          },
          { target: 'signedOut.loginRequired', actions: ['endSession', 'forgetSession'] },
        ],
        onError: 'checkFailed',
      },
    },
    checkFailed: {
      on: {
        'session.retry': 'checking',
        'route.enter': { target: 'checking', actions: 'rememberPath' },
        'login.submit': signInTransition,
        'session.logout': 'loggingOut',
      },
    },
    signedIn: {
      type: 'parallel',
      on: {
        'route.enter': { target: 'checking', actions: ['rememberPath', 'clearProfileNotice'] },
        'login.submit': signInTransition,
        'session.logout': 'loggingOut',
      },
      states: {
        bookings: {
          initial: 'idle',
          states: {
            idle: { on: { 'bookings.load': { target: 'loading', actions: 'setBookingsFilter' } } },
            loading: {
              invoke: {
                src: 'loadBookings',
                input: ({ context }) => ({ token: context.token ?? '', passengerId: context.passenger?.passenger_id ?? 0, filter: context.bookingsFilter }),
                onDone: { target: 'loaded', actions: { type: 'setBookings', params: ({ event }) => ({ bookings: event.output }) } },
                onError: [sessionEnded, { target: 'failed', actions: { type: 'setBookingsError', params: ({ event }) => ({ error: event.error }) } }],
              },
            },
            loaded: { on: { 'bookings.load': { target: 'loading', actions: 'setBookingsFilter' } } },
            failed: { on: { 'bookings.load': { target: 'loading', actions: 'setBookingsFilter' } } },
          },
        },
        profile: {
          initial: 'idle',
          states: {
            idle: { on: { 'profile.save': { guard: 'hasProfile', target: 'saving', actions: 'clearProfileNotice' } } },
            saving: {
              invoke: {
                src: 'updateProfile',
                input: ({ context, event }) => {
                  assertEvent(event, 'profile.save');
                  return {
                    token: context.token ?? '',
                    passengerId: context.passenger?.passenger_id ?? 0,
                    name: event.name.trim(),
                    email: event.email.trim(),
                    phone: event.phone.trim(),
                    ...(changesEmail(context.passenger, event.email) ? { currentPassword: event.currentPassword } : {}),
                  };
                },
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'setPassenger', params: ({ event }) => ({ passenger: event.output.passenger }) },
                    { type: 'storePassenger', params: ({ event }) => ({ passenger: event.output.passenger }) },
                    { type: 'notifyProfile', params: { tone: 'success', text: CORPORATE_MESSAGES.profileUpdated } },
                  ],
                },
                onError: [
                  sessionEnded,
                  { guard: 'isCurrentPasswordRefused', target: 'idle', actions: { type: 'refuseCurrentPassword', params: ({ event }) => ({ error: event.error }) } },
                  { target: 'idle', actions: { type: 'notifyProfile', params: ({ event }) => ({ tone: 'error', text: profileFailureText(event.error) }) } },
                ],
              },
            },
          },
        },
      },
    },
    loggingOut: {
      entry: ['forgetSession', 'clearNotices'],
      invoke: {
        src: 'signOut',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'signedOut.loggedOut', actions: 'endSession' },
        onError: { target: 'signedOut.loggedOut', actions: 'endSession' },
      },
    },
  },
});

export type CorporateMachine = typeof corporateMachine;
