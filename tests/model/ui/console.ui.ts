/**
 * The operator console's session in Chromium against the real server: the demo owner and dispatcher sign in for real
 * (a path that starts signed in gets its cookie in `prepare`); a refused set-password link is the server's own answer
 * to a made-up token, a successful one and a failed sign-out are answered by the gate (sign-out's gate tells its
 * DELETE from the session check's GET by the method). The server's request for the mailed sign-in code (and a wrong
 * code) is the gate's answer; a right code is the real server's sign-in (it reads a code only while the account needs
 * one), and tests/e2e/console-sign-in-code.test.ts signs in with a real mailed code.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { STAFF_MESSAGES } from '../../../contract/staff.ts';
import { CONSOLE_TEXT, pathOfPage, type ConsoleContext } from '../../../machines/console/index.ts';
import { codeRefusal, LINK_TOKEN, NEW_STAFF_PASSWORD, SIGN_IN_CODE } from '../machines/console.model.ts';
import type { ModelPath } from '../types.ts';
import { SERVER_ERROR_BODY, answered, labelled, visible } from './common.ts';
import { addPathStaff, signInContext, staffCall } from './consoleSession.ts';
import type { UiRun } from './harness.ts';
import type { UiMachine } from './types.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as ConsoleContext;
const outcomeAfter = (p: ModelPath, index: number) => p.steps[index + 1]?.variant ?? null;

/** Ends the context's session on the server (as signing out elsewhere does), keeping the page as it is. */
async function endSessionElsewhere(run: UiRun) {
  await staffCall(run, 'POST', '/api/admin/session/sign-out-everywhere');
}

const notice = (run: UiRun) => run.page.getByTestId('console-notice');

export const consoleUi: UiMachine = {
  model: 'console',
  calls: {
    loadSession: 'GET **/api/admin/session',
    signIn: 'POST **/api/admin/session',
    signOut: 'DELETE **/api/admin/session | POST **/api/admin/session/sign-out-everywhere',
    setPassword: '**/api/admin/staff/set-password',
  },
  prepare: async (run) => {
    const first = run.path.steps[0]?.variant;
    const member = await addPathStaff(run, first === 'loadSession:dispatcher' ? 'dispatcher' : 'owner');
    run.scratch.member = member;
    if (first === 'loadSession:owner' || first === 'loadSession:dispatcher') await signInContext(run, member);
  },
  open: async (run) => {
    const url = run.path.origin === 'link' ? `/admin/set-password#token=${LINK_TOKEN}` : run.path.origin === 'brokenLink' ? '/admin/set-password' : '/admin/bookings';
    await run.page.goto(run.url(url));
    await run.page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  },
  executors: {
    'route.enter:fleet': { run: async (run) => run.navigate('/admin/fleet') },
    'route.enter:staff': { run: async (run) => run.navigate('/admin/staff') },
    'route.enter:setPassword': { run: async (run) => run.navigate('/admin/set-password') },
    'signIn.submit': {
      run: async (run, c) => {
        const refused = outcomeAfter(c.path, c.index) === 'signIn:refused';
        const member = run.scratch.member as { email: string; password: string };
        await labelled(run.page, 'E-mail').fill(member.email);
        await labelled(run.page, 'Password').fill(refused ? 'not-the-password' : member.password);
        await run.page.getByRole('button', { name: 'Sign in' }).click();
      },
    },
    'signIn.submitCode': {
      run: async (run) => {
        await labelled(run.page, 'Sign-in code').fill(SIGN_IN_CODE);
        await run.page.getByRole('button', { name: 'Sign in' }).click();
      },
    },
    'signIn.restart': { run: async (run) => run.page.getByRole('button', { name: 'Start again' }).click() },
    'setPassword.submit': {
      run: async (run) => {
        await labelled(run.page, 'New password').fill(NEW_STAFF_PASSWORD);
        await labelled(run.page, 'Repeat the password').fill(NEW_STAFF_PASSWORD);
        await run.page.getByRole('button', { name: 'Set password' }).click();
      },
    },
    'signIn.open': {
      run: async (run) => run.page.getByRole('button', { name: /^(Sign in|Go to sign in)$/ }).click(),
    },
    signOut: {
      run: async (run) => {
        await run.page.getByTestId('member-menu').click();
        await run.page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
      },
    },
    signOutEverywhere: {
      run: async (run) => {
        await run.page.getByTestId('member-menu').click();
        await run.page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
      },
    },
    'session.lost': {
      unavailable: (s) => (ctx(s).page.name !== 'bookings' ? 'only the board makes a call (Export CSV) without moving the page' : null),
      run: async (run) => {
        await endSessionElsewhere(run);
        // The board's own calls may meet the 401 first (a reload of the list, the live stream's): then no click is needed.
        const exportButton = run.page.getByTestId('csv-export');
        if (await exportButton.isVisible()) await exportButton.click({ timeout: 2_000 }).catch(() => {});
      },
    },
    'loadSession:owner': answered(() => ({ kind: 'continue' })),
    'loadSession:dispatcher': answered(() => ({ kind: 'continue' })),
    'loadSession:none': answered(() => ({ kind: 'continue' })),
    'loadSession:offline': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    'signIn:done': answered(() => ({ kind: 'continue' })),
    // After the code step the real server would sign the right password in: the gate refuses as the server would.
    'signIn:refused': answered((_run, c) =>
      c.path.steps[c.index - 1]?.variant === 'signIn.submitCode'
        ? { kind: 'fulfil', status: 401, body: { success: false, message: STAFF_MESSAGES.invalidCredentials, code: 'unauthenticated' } }
        : { kind: 'continue' },
    ),
    'signIn:codeSent': answered(() => ({ kind: 'fulfil', ...codeRefusal('sign_in_code_sent') })),
    'signIn:codeWrong': answered(() => ({ kind: 'fulfil', ...codeRefusal('sign_in_code_wrong') })),
    // The real server ends the session; after the session ended elsewhere (session.lost while signing out) it has no
    // session left to end and answers 401, so the gate answers as it did for the first tab's sign-out.
    'signOut:done': answered((_run, c) =>
      c.path.steps.slice(0, c.index).some((s) => s.variant === 'session.lost')
        ? { kind: 'fulfil', status: 200, body: { success: true, message: STAFF_MESSAGES.signedOut } }
        : { kind: 'continue' },
    ),
    // The connection drops: the member is still signed in, with the message to try again.
    'signOut:error': answered(() => ({ kind: 'abort' })),
    'setPassword:done': answered(() => ({ kind: 'fulfil', status: 200, body: { success: true, message: STAFF_MESSAGES.passwordSet } })),
    'setPassword:refused': answered(() => ({ kind: 'continue' })),
  },
  assertions: {
    checking: async (run) => {
      await visible(run.page.getByRole('status', { name: 'Loading' }));
    },
    'signedOut.idle': async (run, { snapshot }) => {
      await run.waitForPath('/admin/sign-in');
      await visible(run.page.getByRole('heading', { name: 'Sign in' }));
      const { error, notice: note } = ctx(snapshot);
      if (error) await visible(run.page.getByTestId('console-error').getByText(error));
      if (note) await visible(notice(run).getByText(note.text));
    },
    'signedOut.submitting': async (run) => {
      await visible(run.page.getByRole('button', { name: 'Sign in' }).and(run.page.locator('[data-loading]')));
    },
    'signedOut.codeAsked': async (run, { snapshot }) => {
      await run.waitForPath('/admin/sign-in');
      await visible(notice(run).getByText(STAFF_MESSAGES.codeSent));
      await visible(labelled(run.page, 'Sign-in code'));
      await visible(run.page.getByRole('button', { name: 'Start again' }));
      const { error } = ctx(snapshot);
      if (error) await visible(run.page.getByTestId('console-error').getByText(error));
    },
    'signedOut.submittingCode': async (run) => {
      await visible(run.page.getByRole('button', { name: 'Sign in' }).and(run.page.locator('[data-loading]')));
      await visible(labelled(run.page, 'Sign-in code'));
    },
    'settingPassword.invalid': async (run) => {
      await run.waitForPath('/admin/set-password');
      await visible(run.page.getByRole('alert').getByText(STAFF_MESSAGES.linkInvalid));
    },
    'settingPassword.editing': async (run, { snapshot }) => {
      await visible(labelled(run.page, 'New password'));
      if (ctx(snapshot).error) await visible(run.page.getByRole('alert').getByText(ctx(snapshot).error!));
      if (run.page.url().includes('#')) throw new Error('the link token is still in the address');
    },
    'settingPassword.submitting': async (run) => {
      await visible(run.page.getByRole('button', { name: 'Set password' }).and(run.page.locator('[data-loading]')));
    },
    'settingPassword.done': async (run) => {
      await visible(run.page.getByText('Your password is set. You can sign in now.'));
    },
    'signedIn.active': async (run, { snapshot }) => {
      await run.waitForPath(pathOfPage(ctx(snapshot).page));
      await visible(run.page.getByTestId('member-role').getByText(ctx(snapshot).session!.staff.role));
      if (ctx(snapshot).error) await visible(run.page.getByRole('alert').getByText(CONSOLE_TEXT.signOutFailed));
    },
    'signedIn.signingOut': async (run) => {
      await visible(run.page.getByTestId('member-menu').and(run.page.locator('[data-loading]')));
    },
  },
};
