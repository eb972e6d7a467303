// @vitest-environment happy-dom
// The flows' URL ↔ machine sync (useRouteSync) with the real forgot-password machine: the URL follows
// their state with replace, so Back never returns to a page the flow only passed through.
import '../../tests/helpers/dom.ts';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise, SimulatedClock, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { AFTER_RESET_DELAY_MS, forgotPasswordMachine, type ForgotPasswordMachine } from '../../machines/forgotPassword/index.ts';
import { forgotPasswordRoute } from '../../machines/forgotPassword/forgotPassword.routes.ts';
import type { ValidateTokenResponse } from '../../contract/accounts.ts';
import { corporateMachine, CORPORATE_ROUTES } from '../../machines/corporate/index.ts';
import { consoleMachine, CONSOLE_ROUTES } from '../../machines/console/index.ts';
import { manageBookingMachine, MANAGE_ROUTES } from '../../machines/manageBooking/index.ts';
import type { StaffSession } from '../../contract/staff.ts';
import { staffSession } from '../../machines/console/console.fixtures.ts';
import type { ManageBookingView } from '../../contract/manageBooking.ts';
import { useRouteSync, type FlowRoutes } from './useRouteSync.ts';

function Sync<S>({ actor, routes }: { actor: AnyActorRef; routes: FlowRoutes<S> }) {
  useRouteSync({ actor: actor as never, routes });
  return null;
}

function mount<S>(actor: AnyActorRef, routes: FlowRoutes<S>, history: string[]) {
  const location = memoryLocation({ path: history[history.length - 1], record: true });
  // The entries before the current one (memoryLocation starts with one).
  location.history.splice(0, 0, ...history.slice(0, -1));
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Sync actor={actor} routes={routes} />
    </Router>,
  );
  return location;
}

const ok = async () => ({ success: true as const });

describe('forgot password: the URL follows the machine', () => {
  const routes: FlowRoutes<SnapshotFrom<ForgotPasswordMachine>> = { routeOf: forgotPasswordRoute, urlOf: (route) => route };

  it("after 'Password has been reset successfully' (1500 ms) replaces /forgot_password with /personalDetailView: Back does not return to the spent form", async () => {
    const clock = new SimulatedClock();
    const actor = createActor(
      forgotPasswordMachine.provide({ actors: { requestResetCode: fromPromise(ok), verifyResetCode: fromPromise(ok), resetPassword: fromPromise(ok) } }),
      { clock },
    ).start();
    const location = mount(actor, routes, ['/personalDetailView', '/forgot_password']);
    act(() => actor.send({ type: 'email.submit', email: 'sam@example.test' }));
    await waitFor(() => expect(actor.getSnapshot().value).toBe('code'));
    act(() => actor.send({ type: 'code.submit', code: '123456' }));
    await waitFor(() => expect(actor.getSnapshot().value).toBe('password'));
    act(() => actor.send({ type: 'password.submit', password: 'New-Password-1', confirmation: 'New-Password-1' }));
    await waitFor(() => expect(actor.getSnapshot().value).toBe('done'));
    act(() => clock.increment(AFTER_RESET_DELAY_MS - 1));
    expect(location.history).toEqual(['/personalDetailView', '/forgot_password']);
    act(() => clock.increment(1));
    // The old view pushed /personalDetailView after a setTimeout: ['/personalDetailView', '/forgot_password', '/personalDetailView'].
    await waitFor(() => expect(location.history).toEqual(['/personalDetailView', '/personalDetailView']));
  });
});

describe('corporate: arrival at a protected page checks the session, and the URL follows the check', () => {
  const routes = CORPORATE_ROUTES as FlowRoutes<unknown>;
  const passenger = { passenger_id: 7, passenger_name: 'Alex Morgan', passenger_email: 'corporate@cabflow.test', passenger_contact_no: '' };

  function corporate(validateToken: () => Promise<ValidateTokenResponse>, token: string | null = 'tok-stored') {
    return createActor(
      corporateMachine.provide({
        actors: {
          validateToken: fromPromise(validateToken),
          signIn: fromPromise(async () => ({ success: true as const, message: 'Login Successfully', access_token: 'tok-new', token_type: 'Bearer', expires_at: '2030-01-01T00:00:00Z', passenger })),
        },
      }),
      { input: { token, passenger: token ? passenger : null } },
    ).start();
  }

  it('a stored token the server refuses on /bookings: replaced by /login?redirect=%2Fbookings', async () => {
    const actor = corporate(async () => ({ valid: false }));
    const location = mount(actor, routes, ['/', '/bookings']);
    await waitFor(() => expect(location.history).toEqual(['/', '/login?redirect=%2Fbookings']));
  });

  it('My Account clicked while the check of /bookings is in flight stays on /my-account, and the check answers for it', async () => {
    const answers: ((answer: ValidateTokenResponse) => void)[] = [];
    const actor = corporate(() => new Promise((resolve) => answers.push(resolve)));
    const location = mount(actor, routes, ['/', '/bookings']);
    expect(actor.getSnapshot().value).toBe('checking');
    act(() => location.navigate('/my-account'));
    // Dropped by the machine, the sync would have put the URL back on /bookings.
    expect(location.history).toEqual(['/', '/bookings', '/my-account']);
    expect(answers).toHaveLength(1);
    act(() => answers[0]({ valid: false }));
    await waitFor(() => expect(location.history).toEqual(['/', '/bookings', '/login?redirect=%2Fmy-account']));
  });

  it('signed in from /login?redirect=%2Fmy-account: replaced by /my-account, with no second check there', async () => {
    const checks: unknown[] = [];
    const actor = corporate(async () => {
      checks.push('check');
      return { valid: true, passenger };
    }, null);
    const location = mount(actor, routes, ['/', '/login?redirect=%2Fmy-account']);
    act(() => actor.send({ type: 'login.submit', email: 'corporate@cabflow.test', password: 'pw', redirect: '/my-account' }));
    await waitFor(() => expect(location.history).toEqual(['/', '/my-account']));
    expect(checks).toEqual([]);
  });
});

describe('console: arrival at an /admin path opens what the role may see, and the URL follows the session', () => {
  const routes = CONSOLE_ROUTES as FlowRoutes<unknown>;
  const member = staffSession;
  const notSignedIn = () => Promise.reject(Object.assign(new Error('Not signed in'), { status: 401 }));

  /** As ConsoleApp mounts it: the sync renders inside the provider, whose actor starts after its children's effects. */
  function consoleAt(path: string, loadSession: () => Promise<StaffSession>, history: string[] = ['/']) {
    const actor = createActor(
      consoleMachine.provide({
        actors: { loadSession: fromPromise(loadSession), signIn: fromPromise(async () => member('owner')) },
        actions: { useCsrfToken: () => {}, forgetLink: () => {} },
      }),
      { input: { path, linkToken: null } },
    );
    const location = mount(actor, routes, [...history, path]);
    act(() => void actor.start());
    return { actor, location };
  }

  it('a dispatcher following a deep link to Settings: replaced by the board', async () => {
    const { location } = consoleAt('/admin/settings', async () => member('dispatcher'));
    await waitFor(() => expect(location.history).toEqual(['/', '/admin/bookings']));
  });

  it('signed out at /admin/fleet: replaced by /admin/sign-in, and by /admin/fleet once signed in', async () => {
    const { actor, location } = consoleAt('/admin/fleet', notSignedIn);
    await waitFor(() => expect(location.history).toEqual(['/', '/admin/sign-in']));
    act(() => actor.send({ type: 'signIn.submit', email: 'owner@westwaycars.test', password: 'pw' }));
    await waitFor(() => expect(location.history).toEqual(['/', '/admin/fleet']));
  });

  it('a link followed and Back: each page opens, nothing replaced; an owner-only page reached by a dispatcher is replaced by the board', async () => {
    const { actor, location } = consoleAt('/admin/bookings', async () => member('dispatcher'));
    await waitFor(() => expect(actor.getSnapshot().matches('signedIn')).toBe(true));
    act(() => location.navigate('/admin/fleet'));
    expect(actor.getSnapshot().context.page).toEqual({ name: 'fleet' });
    // Back (memoryLocation has no history to go back in: the address changes back, as popstate does).
    act(() => location.navigate('/admin/bookings', { replace: true }));
    expect(actor.getSnapshot().context.page).toEqual({ name: 'bookings' });
    expect(location.history).toEqual(['/', '/admin/bookings', '/admin/bookings']);
    act(() => location.navigate('/admin/staff'));
    expect(actor.getSnapshot().context.page).toEqual({ name: 'bookings' });
    // The link's entry is replaced by the board's.
    expect(location.history).toEqual(['/', '/admin/bookings', '/admin/bookings', '/admin/bookings']);
  });

  it('the set-password link stays on its page (the machine is not sent there again, which would leave the link)', () => {
    const actor = createActor(consoleMachine.provide({ actions: { useCsrfToken: () => {}, forgetLink: () => {} } }), { input: { path: '/admin/set-password', linkToken: 'A'.repeat(43) } });
    const location = mount(actor, routes, ['/admin/set-password']);
    act(() => void actor.start());
    expect(actor.getSnapshot().matches({ settingPassword: 'editing' })).toBe(true);
    expect(location.history).toEqual(['/admin/set-password']);
  });
});

describe('manage booking: the address follows the change steps with replace', () => {
  it('?step= for each step of a change, back to /manage-booking when done; Back still leaves the page', async () => {
    const booking = { status: 'confirmed', change: { allowed: true } } as unknown as ManageBookingView;
    const actor = createActor(
      manageBookingMachine.provide({
        actors: { loadBooking: fromPromise(async () => booking) },
        actions: { storeToken: () => {}, forgetToken: () => {}, forgetUrl: () => {}, saveCalendar: () => {} },
      }),
      { input: { urlToken: null, storedToken: 'A'.repeat(43) } },
    ).start();
    const location = mount(actor, MANAGE_ROUTES as FlowRoutes<unknown>, ['/paymentSuccessView', '/manage-booking']);
    await waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    act(() => actor.send({ type: 'change.start' }));
    expect(location.history).toEqual(['/paymentSuccessView', '/manage-booking?step=change']);
    act(() => actor.send({ type: 'change.back' }));
    // The bare path drops the query (ownsQuery): without it the URL would stay on ?step=change.
    expect(location.history).toEqual(['/paymentSuccessView', '/manage-booking']);
  });
});
