import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { STAFF_MESSAGES, type StaffSession } from '../../contract/staff.ts';
import { staffSession } from './console.fixtures.ts';
import { CONSOLE_TEXT, consoleMachine, type ConsoleInput } from './console.machine.ts';
import { CONSOLE_ROUTES, consoleRoute } from './console.routes.ts';
import { selectCodeStep, selectSigningIn, selectStage } from './console.selectors.ts';

const session = staffSession;
const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });
const TOKEN = 'A'.repeat(43);

function start(input: ConsoleInput, stubs: { loadSession?: () => Promise<StaffSession>; signIn?: (input: { email: string; password: string; code?: string }) => Promise<StaffSession>; setPassword?: () => Promise<unknown>; signOut?: () => Promise<unknown> } = {}) {
  const csrf: (string | null)[] = [];
  let forgotLink = 0;
  const signIns: unknown[] = [];
  const actor = createActor(
    consoleMachine.provide({
      actors: {
        loadSession: fromPromise(stubs.loadSession ?? (() => Promise.reject(httpError(401, STAFF_MESSAGES.notSignedIn)))),
        signIn: fromPromise(({ input }) => {
          signIns.push(input);
          return stubs.signIn ? stubs.signIn(input) : Promise.resolve(session('owner'));
        }),
        signOut: fromPromise(stubs.signOut ?? (() => Promise.resolve({ success: true }))),
        setPassword: fromPromise(stubs.setPassword ?? (() => Promise.resolve({ success: true }))),
      },
      actions: {
        useCsrfToken: (_, { token }) => void csrf.push(token),
        forgetLink: () => void (forgotLink += 1),
      },
    }),
    { input },
  );
  actor.start();
  return { actor, csrf, signIns, forgotLinks: () => forgotLink };
}

describe('console session machine', () => {
  it('signed in already: opens the page the address named, hands the CSRF token to the client', async () => {
    const { actor, csrf } = start({ path: '/admin/bookings/cf-abc123', linkToken: null }, { loadSession: () => Promise.resolve(session('owner')) });
    await waitFor(actor, (s) => selectStage(s) === 'console');
    expect(consoleRoute(actor.getSnapshot())).toBe('/admin/bookings/CF-ABC123');
    expect(csrf).toEqual(['csrf-1']);
  });

  it('nobody signed in: sign-in, then the page asked for; a dispatcher asking for Staff gets the board', async () => {
    const { actor, signIns } = start({ path: '/admin/staff', linkToken: null }, { signIn: () => Promise.resolve(session('dispatcher')) });
    await waitFor(actor, (s) => selectStage(s) === 'signIn');
    expect(consoleRoute(actor.getSnapshot())).toBe('/admin/sign-in');
    actor.send({ type: 'signIn.submit', email: 'dispatch@westwaycars.test', password: 'pw' });
    await waitFor(actor, (s) => selectStage(s) === 'console');
    expect(signIns).toEqual([{ email: 'dispatch@westwaycars.test', password: 'pw' }]);
    expect(consoleRoute(actor.getSnapshot())).toBe('/admin/bookings');
    actor.send({ type: 'route.enter', path: '/admin/staff' });
    expect(consoleRoute(actor.getSnapshot())).toBe('/admin/bookings');
    actor.send({ type: 'route.enter', path: '/admin/fleet' });
    expect(consoleRoute(actor.getSnapshot())).toBe('/admin/fleet');
    // The "Needs action" queue is a dispatcher's page too (issue 33).
    actor.send({ type: 'route.enter', path: '/admin/Needs-Action/' });
    expect(actor.getSnapshot().context.page).toEqual({ name: 'queue' });
    expect(consoleRoute(actor.getSnapshot())).toBe('/admin/needs-action');
  });

  it("a refused password shows the server's message and stays on sign-in", async () => {
    const { actor } = start({ path: '/admin', linkToken: null }, { signIn: () => Promise.reject(httpError(401, STAFF_MESSAGES.invalidCredentials)) });
    await waitFor(actor, (s) => selectStage(s) === 'signIn');
    actor.send({ type: 'signIn.submit', email: 'a@b.test', password: 'wrong' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(STAFF_MESSAGES.invalidCredentials);
  });

  it('asked for the mailed code: the code step says why, sends the code with the same e-mail and password, keeps a wrong code there; Start again goes back', async () => {
    const refusal = (code: string, message: string) => Object.assign(httpError(401, message), { body: { success: false, message, code } });
    const answers = [refusal('sign_in_code_sent', STAFF_MESSAGES.codeSent), refusal('sign_in_code_wrong', STAFF_MESSAGES.codeWrong), refusal('sign_in_code_sent', STAFF_MESSAGES.codeSent)];
    const { actor, signIns } = start({ path: '/admin/fleet', linkToken: null }, { signIn: () => (answers.length ? Promise.reject(answers.shift()) : Promise.resolve(session('owner'))) });
    await waitFor(actor, (s) => selectStage(s) === 'signIn');
    actor.send({ type: 'signIn.submit', email: 'owner@westwaycars.test', password: 'pw' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'codeAsked' }));
    expect(selectCodeStep(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'info', text: STAFF_MESSAGES.codeSent });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'signIn.submit', email: 'owner@westwaycars.test', password: 'pw', code: '123456' });
    expect(selectSigningIn(actor.getSnapshot()) && selectCodeStep(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches({ signedOut: 'codeAsked' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(STAFF_MESSAGES.codeWrong);
    actor.send({ type: 'signIn.restart' });
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect([actor.getSnapshot().context.notice, actor.getSnapshot().context.error]).toEqual([null, null]);
    actor.send({ type: 'signIn.submit', email: 'owner@westwaycars.test', password: 'pw' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'codeAsked' }));
    actor.send({ type: 'signIn.submit', email: 'owner@westwaycars.test', password: 'pw', code: '654321' });
    await waitFor(actor, (s) => selectStage(s) === 'console');
    expect(consoleRoute(actor.getSnapshot())).toBe('/admin/fleet');
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(signIns).toEqual([
      { email: 'owner@westwaycars.test', password: 'pw' },
      { email: 'owner@westwaycars.test', password: 'pw', code: '123456' },
      { email: 'owner@westwaycars.test', password: 'pw' },
      { email: 'owner@westwaycars.test', password: 'pw', code: '654321' },
    ]);
  });

  it('a lost session (a 401 anywhere) goes back to sign-in with why, and reopens the page after signing in', async () => {
    const { actor, csrf } = start({ path: '/admin/fleet', linkToken: null }, { loadSession: () => Promise.resolve(session('owner')) });
    await waitFor(actor, (s) => selectStage(s) === 'console');
    actor.send({ type: 'session.lost' });
    expect(selectStage(actor.getSnapshot())).toBe('signIn');
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'warning', text: CONSOLE_TEXT.sessionEnded });
    expect(csrf.at(-1)).toBeNull();
    actor.send({ type: 'signIn.submit', email: 'owner@westwaycars.test', password: 'pw' });
    await waitFor(actor, (s) => selectStage(s) === 'console');
    expect(consoleRoute(actor.getSnapshot())).toBe('/admin/fleet');
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('signs out (and out everywhere): sign-in with "Signed out"; a failed sign-out stays signed in with the reason', async () => {
    let fail = true;
    const { actor } = start({ path: '/admin', linkToken: null }, { loadSession: () => Promise.resolve(session('owner')), signOut: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({})) });
    await waitFor(actor, (s) => selectStage(s) === 'console');
    actor.send({ type: 'signOutEverywhere' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'active' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(CONSOLE_TEXT.signOutFailed);
    fail = false;
    actor.send({ type: 'signOut' });
    await waitFor(actor, (s) => selectStage(s) === 'signIn');
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'info', text: STAFF_MESSAGES.signedOut });
    expect(actor.getSnapshot().context.session).toBeNull();
  });

  it('a set-password link: the fragment is dropped at once, the password set, then sign-in says so', async () => {
    const { actor, forgotLinks } = start({ path: '/admin/set-password', linkToken: TOKEN });
    expect(forgotLinks()).toBe(1);
    expect(actor.getSnapshot().matches({ settingPassword: 'editing' })).toBe(true);
    // The form offers no sign-in (SetPasswordPage): only its address leaves it.
    expect(actor.getSnapshot().can({ type: 'signIn.open' })).toBe(false);
    actor.send({ type: 'setPassword.submit', password: 'A-new-password-1' });
    await waitFor(actor, (s) => s.matches({ settingPassword: 'done' }));
    actor.send({ type: 'signIn.open' });
    expect(selectStage(actor.getSnapshot())).toBe('signIn');
    expect(actor.getSnapshot().context.notice?.text).toBe(STAFF_MESSAGES.passwordSet);
  });

  it("a link without a well-formed token is refused without asking the server; an expired one shows the server's reason", async () => {
    const bad = start({ path: '/admin/set-password', linkToken: 'short' });
    expect(bad.actor.getSnapshot().matches({ settingPassword: 'invalid' })).toBe(true);
    expect(bad.actor.getSnapshot().context.error).toBe(STAFF_MESSAGES.linkInvalid);
    const expired = start({ path: '/admin/set-password', linkToken: TOKEN }, { setPassword: () => Promise.reject(httpError(400, STAFF_MESSAGES.linkExpired)) });
    expired.actor.send({ type: 'setPassword.submit', password: 'A-new-password-1' });
    await waitFor(expired.actor, (s) => s.matches({ settingPassword: 'editing' }) && s.context.error !== null);
    expect(expired.actor.getSnapshot().context.error).toBe(STAFF_MESSAGES.linkExpired);
  });

  it('the address (RouteSync): none while checking; a deep link to a page the role may not see or an unknown page opens the board', async () => {
    const { actor } = start({ path: '/admin/settings', linkToken: null }, { loadSession: () => Promise.resolve(session('dispatcher')) });
    expect(consoleRoute(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => selectStage(s) === 'console');
    expect(consoleRoute(actor.getSnapshot())).toBe('/admin/bookings');
    actor.send({ type: 'route.enter', path: '/admin/fleet' });
    expect(consoleRoute(actor.getSnapshot())).toBe('/admin/fleet');
    actor.send({ type: 'route.enter', path: '/admin/no-such-page' });
    expect(consoleRoute(actor.getSnapshot())).toBe('/admin/bookings');
    // Sign-in is no page of a signed-in member: the page stays.
    actor.send({ type: 'route.enter', path: '/admin/fleet' });
    actor.send({ type: 'route.enter', path: '/admin/sign-in' });
    expect(consoleRoute(actor.getSnapshot())).toBe('/admin/fleet');
  });

  it('the console paths RouteSync tells the machine about: every /admin path, whatever its case, and nothing else', () => {
    expect(['/admin', '/admin/', '/ADMIN/Fleet', '/admin/bookings/CF-1?x=1', '/admin/set-password#token=abc'].map(CONSOLE_ROUTES.enters)).toEqual([true, true, true, true, true]);
    expect(['/', '/administrator', '/bookings', '/my-account'].map(CONSOLE_ROUTES.enters)).toEqual([false, false, false, false]);
  });
});
