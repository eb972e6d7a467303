/**
 * The operator console's session (issue 17, /admin): who is signed in, which page shows, and the way in and out.
 * - `start`: a set-password link (/admin/set-password#token=…, the token read from the fragment by the view and the
 *   fragment dropped at once, `forgetLink`) goes to `settingPassword`; anything else asks the server who is signed
 *   in (`checking`) → `signedIn` on the page the address named, or `signedOut` (the sign-in form) remembering it.
 * - `signedOut`: `idle` ⇄ `submitting` (a refusal shows the server's message); signed in, the page asked for opens.
 *   When the server asks for the mailed sign-in code as well (401 sign_in_code_sent: many wrong passwords were tried
 *   for the account, issue 30), `codeAsked` shows why and takes the code, sent with the same e-mail and password
 *   (`submittingCode`; a refusal stays there with its message); `signIn.restart` goes back to the form.
 * - `settingPassword`: `editing` → `submitting` → `done` (then sign in), or back to `editing` with the server's reason
 *   (expired, used, too weak). A link without a token of the right shape is `invalid` without asking the server.
 * - `signedIn.active`: `route.enter` (a link, Back/Forward, a typed address) opens the page the path names when the
 *   member's role may see it, else the board; `signOut`/`signOutEverywhere` → `signingOut` → `signedOut` with "Signed
 *   out". A 401 anywhere (`session.lost`, from src/api/consoleClient.ts) ends the session: back to sign-in with why,
 *   and the page is opened again after signing in (not while signing out: a call's 401 then is the sign-out's).
 * The URL follows `consoleRoute` (console.routes.ts, by RouteSync); the machine never touches the page.
 */
import { assign, setup } from 'xstate';
import { STAFF_MESSAGES, type StaffSession } from '../../contract/staff.ts';
import { consoleActors, type SignInInput } from './console.actors.ts';
import { HOME_PAGE, mayOpen, pageOfPath, type ConsolePage } from './console.routes.ts';
import { codeOf, statusOf, messageOf } from './callError.ts';

export const CONSOLE_TEXT = {
  sessionEnded: 'Your session has ended. Sign in again to carry on.',
  unreachable: 'The console could not be reached. Check the connection and try again.',
  signOutFailed: 'Could not sign out. Check the connection and try again.',
  linkMissing: STAFF_MESSAGES.linkInvalid,
} as const;

export interface ConsoleInput {
  /** The page's path when the console started. */
  path: string;
  /** The set-password link's token (from the address's fragment), or null. */
  linkToken: string | null;
}

export interface Notice {
  tone: 'info' | 'success' | 'warning';
  text: string;
}

export interface ConsoleContext {
  session: StaffSession | null;
  page: ConsolePage;
  /** The page to open after signing in. */
  wanted: ConsolePage | null;
  linkToken: string | null;
  /** The console started on the set-password page. */
  atLink: boolean;
  /** Signing out of every session of the member, not only this one. */
  everywhere: boolean;
  notice: Notice | null;
  error: string | null;
}

export type ConsoleEvent =
  | { type: 'route.enter'; path: string }
  /** `code`: the mailed sign-in code, on the code step. */
  | { type: 'signIn.submit'; email: string; password: string; code?: string }
  | { type: 'signIn.restart' }
  | { type: 'setPassword.submit'; password: string }
  | { type: 'signIn.open' }
  | { type: 'signOut' }
  | { type: 'signOutEverywhere' }
  | { type: 'session.lost'; message?: string }
  | { type: 'retry' };

const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The page a path asks for when it is one (sign-in and set-password are not pages). */
const askedPage = (path: string): ConsolePage | null => {
  const page = pageOfPath(path);
  return page === null || typeof page === 'string' ? null : page;
};

/** The sign-in call's input: the submitted e-mail and password, and the code when one was typed. */
const signInInput = ({ event }: { event: ConsoleEvent }): SignInInput => {
  const { email, password, code } = event as Extract<ConsoleEvent, { type: 'signIn.submit' }>;
  return code === undefined ? { email, password } : { email, password, code };
};

export const consoleMachine = setup({
  types: {
    context: {} as ConsoleContext,
    events: {} as ConsoleEvent,
    input: {} as ConsoleInput,
  },
  actors: consoleActors,
  actions: {
    setSession: assign({ session: (_, params: { session: StaffSession }) => params.session }),
    dropSession: assign({ session: null }),
    /** The wanted page (or the board), when the member's role may see it. */
    openWanted: assign(({ context }) => {
      const wanted = context.wanted ?? HOME_PAGE;
      return { page: context.session && mayOpen(wanted, context.session.staff.role) ? wanted : HOME_PAGE, wanted: null };
    }),
    openPath: assign(({ context }, params: { path: string }) => {
      // Sign-in and set-password are no pages of a signed-in member: the page stays; an unknown path is the board.
      if (typeof pageOfPath(params.path) === 'string') return {};
      const page = askedPage(params.path) ?? HOME_PAGE;
      return { page: context.session && mayOpen(page, context.session.staff.role) ? page : HOME_PAGE };
    }),
    rememberPath: assign({ wanted: ({ context }, params: { path: string }) => askedPage(params.path) ?? context.wanted }),
    rememberPage: assign({ wanted: ({ context }) => context.page }),
    setNotice: assign({ notice: (_, params: Notice) => params }),
    clearNotice: assign({ notice: null }),
    setError: assign({ error: (_, params: { text: string }) => params.text }),
    clearError: assign({ error: null }),
    /** Hands the session's CSRF token (or null) to the API client; supplied by the view layer. */
    useCsrfToken: (_, _params: { token: string | null }) => {},
    /** Drops the set-password link's fragment from the address (and its history entry); supplied by the view layer. */
    forgetLink: () => {},
  },
  guards: {
    startsWithLink: ({ context }) => context.atLink,
    linkShaped: ({ context }) => context.linkToken !== null && LINK_TOKEN.test(context.linkToken),
    isUnauthorised: ({ event }) => 'error' in event && statusOf(event.error) === 401,
    withCode: ({ event }) => event.type === 'signIn.submit' && event.code !== undefined,
    codeAskedFor: ({ event }) => 'error' in event && codeOf(event.error) === 'sign_in_code_sent',
    toSetPassword: ({ event }) => event.type === 'route.enter' && pageOfPath(event.path) === 'set-password',
  },
}).createMachine({
  id: 'console',
  context: ({ input }) => ({
    session: null,
    page: HOME_PAGE,
    wanted: askedPage(input.path),
    linkToken: pageOfPath(input.path) === 'set-password' ? input.linkToken : null,
    atLink: pageOfPath(input.path) === 'set-password',
    everywhere: false,
    notice: null,
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'startsWithLink', target: 'settingPassword', actions: 'forgetLink' }, { target: 'checking' }],
    },
    checking: {
      invoke: {
        src: 'loadSession',
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
            { type: 'useCsrfToken', params: ({ event }) => ({ token: event.output.csrf_token }) },
            'openWanted',
          ],
        },
        onError: [
          { guard: 'isUnauthorised', target: 'signedOut' },
          { target: 'signedOut', actions: { type: 'setError', params: { text: CONSOLE_TEXT.unreachable } } },
        ],
      },
    },
    signedOut: {
      entry: ['dropSession', { type: 'useCsrfToken', params: { token: null } }],
      on: {
        'route.enter': [{ guard: 'toSetPassword', target: 'settingPassword' }, { actions: { type: 'rememberPath', params: ({ event }) => ({ path: event.path }) } }],
      },
      initial: 'idle',
      states: {
        idle: {
          on: { 'signIn.submit': { target: 'submitting', actions: ['clearError'] } },
        },
        submitting: {
          invoke: {
            // One id for both sign-in calls (one at a time): their outcomes are the same events.
            id: 'signIn',
            src: 'signIn',
            input: signInInput,
            onDone: {
              target: '#console.signedIn',
              actions: [
                { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
                { type: 'useCsrfToken', params: ({ event }) => ({ token: event.output.csrf_token }) },
                'clearNotice',
                'openWanted',
              ],
            },
            onError: [
              {
                guard: 'codeAskedFor',
                target: 'codeAsked',
                actions: { type: 'setNotice', params: ({ event }) => ({ tone: 'info' as const, text: messageOf(event.error, STAFF_MESSAGES.codeSent) }) },
              },
              { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, CONSOLE_TEXT.unreachable) }) } },
            ],
          },
        },
        // The mailed code, sent with the e-mail and password the form still holds.
        codeAsked: {
          on: {
            'signIn.submit': { guard: 'withCode', target: 'submittingCode', actions: 'clearError' },
            'signIn.restart': { target: 'idle', actions: ['clearError', 'clearNotice'] },
          },
        },
        submittingCode: {
          invoke: {
            // One id for both sign-in calls (one at a time): their outcomes are the same events.
            id: 'signIn',
            src: 'signIn',
            input: signInInput,
            onDone: {
              target: '#console.signedIn',
              actions: [
                { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
                { type: 'useCsrfToken', params: ({ event }) => ({ token: event.output.csrf_token }) },
                'clearNotice',
                'openWanted',
              ],
            },
            onError: { target: 'codeAsked', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, CONSOLE_TEXT.unreachable) }) } },
          },
        },
      },
    },
    settingPassword: {
      entry: ['clearError', 'clearNotice'],
      on: {
        'route.enter': { guard: ({ event }) => pageOfPath(event.path) !== 'set-password', target: 'signedOut', actions: ['clearError', { type: 'rememberPath', params: ({ event }) => ({ path: event.path }) }] },
      },
      initial: 'checkingLink',
      states: {
        checkingLink: {
          always: [{ guard: 'linkShaped', target: 'editing' }, { target: 'invalid' }],
        },
        invalid: {
          entry: { type: 'setError', params: { text: CONSOLE_TEXT.linkMissing } },
          on: { 'signIn.open': { target: '#console.signedOut', actions: 'clearError' } },
        },
        // No way to sign-in from the form (the page offers it once the password is set, or the link refused): a
        // member who wants the sign-in page types or follows its address (route.enter).
        editing: {
          on: {
            'setPassword.submit': { target: 'submitting', actions: 'clearError' },
          },
        },
        submitting: {
          invoke: {
            src: 'setPassword',
            input: ({ context, event }) => ({ token: context.linkToken ?? '', password: (event as Extract<ConsoleEvent, { type: 'setPassword.submit' }>).password }),
            onDone: { target: 'done' },
            onError: { target: 'editing', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, CONSOLE_TEXT.unreachable) }) } },
          },
        },
        done: {
          on: {
            'signIn.open': { target: '#console.signedOut', actions: { type: 'setNotice', params: { tone: 'success', text: STAFF_MESSAGES.passwordSet } } },
          },
        },
      },
    },
    signedIn: {
      entry: 'clearError',
      on: {
        'session.lost': {
          target: 'signedOut',
          actions: ['rememberPage', 'clearError', { type: 'setNotice', params: { tone: 'warning', text: CONSOLE_TEXT.sessionEnded } }],
        },
      },
      initial: 'active',
      states: {
        active: {
          on: {
            'route.enter': { actions: { type: 'openPath', params: ({ event }) => ({ path: event.path }) } },
            signOut: { target: 'signingOut', actions: ['clearError', assign({ everywhere: false })] },
            signOutEverywhere: { target: 'signingOut', actions: ['clearError', assign({ everywhere: true })] },
          },
        },
        signingOut: {
          // A call still in flight answers 401 once the session is gone: it is the sign-out, not a lost session.
          on: { 'session.lost': {} },
          invoke: {
            src: 'signOut',
            input: ({ context }) => ({ everywhere: context.everywhere }),
            onDone: { target: '#console.signedOut', actions: { type: 'setNotice', params: { tone: 'info', text: STAFF_MESSAGES.signedOut } } },
            onError: { target: 'active', actions: { type: 'setError', params: { text: CONSOLE_TEXT.signOutFailed } } },
          },
        },
      },
    },
  },
});

export type ConsoleMachine = typeof consoleMachine;
