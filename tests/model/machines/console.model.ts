/**
 * The operator console's session model (machines/console): who is signed in, sign-in (with the mailed code when the
 * server asks for it), set-password, sign-out, a lost session.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { STAFF_MESSAGES, type StaffSession } from '../../../contract/staff.ts';
import { CONSOLE_TEXT, consoleMachine, type ConsoleContext } from '../../../machines/console/index.ts';
import { DEMO_STAFF } from '../../../server/db/seed/demo.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const m = consoleMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as ConsoleContext;
const last = (invocations: Record<string, unknown[]>, name: string) => (invocations[name] ?? []).at(-1);

export const LINK_TOKEN = 'A'.repeat(43);
export const NEW_STAFF_PASSWORD = 'Console-Model-2026!';
export const SIGN_IN_CODE = '123456';
/** The 401 of a sign-in past the account-wide limit of wrong passwords, or of a wrong code (issue 30). */
export const codeRefusal = (code: 'sign_in_code_sent' | 'sign_in_code_wrong') => {
  const message = code === 'sign_in_code_sent' ? STAFF_MESSAGES.codeSent : STAFF_MESSAGES.codeWrong;
  return { status: 401, body: { success: false, message, code } };
};
const refusedWith = (code: 'sign_in_code_sent' | 'sign_in_code_wrong') => Object.assign(httpError(401, codeRefusal(code).body.message), { body: codeRefusal(code).body });
const session = (role: 'owner' | 'dispatcher'): StaffSession => ({
  success: true,
  staff: { id: role === 'owner' ? 1 : 2, name: role === 'owner' ? DEMO_STAFF.owner.name : DEMO_STAFF.dispatcher.name, email: DEMO_STAFF[role].email, role },
  site: { id: 1, name: 'Westway Cars' },
  csrf_token: 'csrf',
  expires_at: '2030-01-01T12:00:00.000Z',
  idle_minutes: 30,
});

export const consoleModel: MachineModel = {
  id: 'console',
  title: 'operator console session',
  machine: m,
  origins: [
    { id: 'board', label: '/admin/bookings typed', input: { path: '/admin/bookings', linkToken: null } },
    { id: 'link', label: 'a set-password link', input: { path: '/admin/set-password', linkToken: LINK_TOKEN } },
    { id: 'brokenLink', label: 'a set-password link without its token', input: { path: '/admin/set-password', linkToken: null } },
  ],
  variants: [
    variant('route.enter:fleet', { type: 'route.enter', path: '/admin/fleet' }, 'open Drivers & vehicles'),
    variant('route.enter:staff', { type: 'route.enter', path: '/admin/staff' }, 'open Staff'),
    variant('route.enter:setPassword', { type: 'route.enter', path: '/admin/set-password' }, 'open /admin/set-password'),
    variant('signIn.submit', { type: 'signIn.submit', email: DEMO_STAFF.owner.email, password: DEMO_STAFF.owner.password }, 'type e-mail and password, Sign in'),
    variant('signIn.submitCode', { type: 'signIn.submit', email: DEMO_STAFF.owner.email, password: DEMO_STAFF.owner.password, code: SIGN_IN_CODE }, 'type the mailed code, Sign in'),
    variant('signIn.restart', { type: 'signIn.restart' }, 'Start again (from the code step)'),
    variant('setPassword.submit', { type: 'setPassword.submit', password: NEW_STAFF_PASSWORD }, 'a new password twice, Set password'),
    variant('signIn.open', { type: 'signIn.open' }, 'Sign in (from the link page)'),
    variant('signOut', { type: 'signOut' }, 'Sign out'),
    variant('signOutEverywhere', { type: 'signOutEverywhere' }, 'Sign out everywhere'),
    variant('session.lost', { type: 'session.lost' }, 'a call answers 401 (the session ended elsewhere)'),
    variant('loadSession:owner', { type: outcome(m, 'loadSession', 'done'), output: session('owner') }, 'an owner is signed in'),
    variant('loadSession:dispatcher', { type: outcome(m, 'loadSession', 'done'), output: session('dispatcher') }, 'a dispatcher is signed in'),
    variant('loadSession:none', { type: outcome(m, 'loadSession', 'error'), error: httpError(401, STAFF_MESSAGES.notSignedIn) }, 'nobody is signed in'),
    variant('loadSession:offline', { type: outcome(m, 'loadSession', 'error'), error: httpError(503, 'Service unavailable') }, 'the server does not answer'),
    variant('signIn:done', { type: outcome(m, 'signIn', 'done'), output: session('owner') }, 'signed in'),
    variant('signIn:refused', { type: outcome(m, 'signIn', 'error'), error: httpError(401, STAFF_MESSAGES.invalidCredentials) }, 'wrong password'),
    variant('signIn:codeSent', { type: outcome(m, 'signIn', 'error'), error: refusedWith('sign_in_code_sent') }, 'many wrong passwords were tried: a code is mailed'),
    variant('signIn:codeWrong', { type: outcome(m, 'signIn', 'error'), error: refusedWith('sign_in_code_wrong') }, 'the code is wrong or expired'),
    variant('signOut:done', { type: outcome(m, 'signOut', 'done'), output: { success: true } }, 'signed out'),
    variant('signOut:error', { type: outcome(m, 'signOut', 'error'), error: httpError(500, 'Something went wrong') }, 'sign-out fails'),
    variant('setPassword:done', { type: outcome(m, 'setPassword', 'done'), output: { success: true } }, 'password set'),
    variant('setPassword:refused', { type: outcome(m, 'setPassword', 'error'), error: httpError(400, STAFF_MESSAGES.linkInvalid) }, 'the link is refused'),
  ],
  abstract: (s) => ({
    role: ctx(s).session?.staff.role ?? null,
    page: ctx(s).page.name,
    wanted: ctx(s).wanted?.name ?? null,
    notice: ctx(s).notice?.text ?? null,
    error: ctx(s).error,
    everywhere: ctx(s).everywhere,
  }),
  limit: 5_000,
  isGoal: (s) => s.matches({ signedIn: 'active' }),
  simple: { variants: (v) => ['signIn.submit', 'signIn:done', 'loadSession:none', 'loadSession:owner', 'route.enter:fleet'].includes(v.key), maxPaths: 10, maxLength: 6 },
  assertions: {
    checking: ({ snapshot }) => expect(ctx(snapshot).session).toBeNull(),
    'signedOut.idle': ({ snapshot }) => {
      expect(ctx(snapshot).session).toBeNull();
      // A wrong code is the server's answer to a code only (the model also feeds it to the first submit).
      expect([null, STAFF_MESSAGES.invalidCredentials, STAFF_MESSAGES.codeWrong, CONSOLE_TEXT.unreachable]).toContain(ctx(snapshot).error);
      expect([null, STAFF_MESSAGES.signedOut, CONSOLE_TEXT.sessionEnded, STAFF_MESSAGES.passwordSet]).toContain(ctx(snapshot).notice?.text ?? null);
    },
    'signedOut.submitting': ({ invocations }) => expect(last(invocations, 'signIn')).toEqual({ email: DEMO_STAFF.owner.email, password: DEMO_STAFF.owner.password }),
    'signedOut.codeAsked': ({ snapshot }) => {
      expect(ctx(snapshot).session).toBeNull();
      expect(ctx(snapshot).notice).toEqual({ tone: 'info', text: STAFF_MESSAGES.codeSent });
      expect([null, STAFF_MESSAGES.codeWrong, STAFF_MESSAGES.codeSent, STAFF_MESSAGES.invalidCredentials, CONSOLE_TEXT.unreachable]).toContain(ctx(snapshot).error);
    },
    'signedOut.submittingCode': ({ invocations }) =>
      expect(last(invocations, 'signIn')).toEqual({ email: DEMO_STAFF.owner.email, password: DEMO_STAFF.owner.password, code: SIGN_IN_CODE }),
    'settingPassword.invalid': ({ snapshot }) => expect(ctx(snapshot).error).toBe(STAFF_MESSAGES.linkInvalid),
    'settingPassword.editing': ({ snapshot }) => expect([null, STAFF_MESSAGES.linkInvalid]).toContain(ctx(snapshot).error),
    'settingPassword.submitting': ({ invocations }) => expect(last(invocations, 'setPassword')).toEqual({ token: LINK_TOKEN, password: NEW_STAFF_PASSWORD }),
    'settingPassword.done': ({ snapshot }) => expect(ctx(snapshot).error).toBeNull(),
    'signedIn.active': ({ snapshot }) => {
      const { session: member, page } = ctx(snapshot);
      expect(member).not.toBeNull();
      // A dispatcher never rests on an owner's page.
      if (member!.staff.role === 'dispatcher') expect(page.name).not.toBe('staff');
      expect([null, CONSOLE_TEXT.signOutFailed]).toContain(ctx(snapshot).error);
    },
    'signedIn.signingOut': ({ snapshot, invocations }) => expect(last(invocations, 'signOut')).toEqual({ everywhere: ctx(snapshot).everywhere }),
  },
  guardChecks: [
    {
      label: "a dispatcher asking for Staff stays on the page they are on, or the board",
      event: { type: 'route.enter', path: '/admin/staff' },
      expected: (s) => (s.matches({ signedIn: 'active' }) ? { can: true, next: ['signedIn.active'] } : undefined),
    },
    { label: 'signing out only when signed in', event: { type: 'signOut' }, expected: (s) => ({ can: s.matches({ signedIn: 'active' }) }) },
  ],
};
