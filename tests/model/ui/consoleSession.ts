/**
 * The console paths' browser sessions: a context signed in as a staff member, staff calls made with its cookie, and
 * the live feed (a change elsewhere announced, and heard by the page).
 */
import type { APIResponse } from 'playwright-core';
import { hashPassword } from '../../../server/domain/accounts/passwords.ts';
import { DEMO_STAFF } from '../../../server/db/seed/demo.ts';
import { publishBookingEvent } from '../../../server/domain/dispatch/events.ts';
import { uniqueEmail } from './common.ts';
import { ARRANGING_RETRIES, eventually, type UiRun } from './harness.ts';

/**
 * A staff member of the path's own on the demo site: the console session paths sign their member out everywhere, which
 * would end the sessions of any other path running at the same time as the same member.
 */
export async function addPathStaff(run: UiRun, role: 'owner' | 'dispatcher'): Promise<{ email: string; password: string }> {
  const member = { email: uniqueEmail(`paths.${role}`), password: DEMO_STAFF.owner.password };
  await run.env.provider.db.query('INSERT INTO staff (site_id, email, name, role, password_hash) SELECT id, $1, $2, $3, $4 FROM sites WHERE is_default', [
    member.email,
    `Paths ${role === 'owner' ? 'Owner' : 'Dispatcher'}`,
    role,
    await hashPassword(member.password),
  ]);
  return member;
}

const origin = (run: UiRun) => new URL(run.url('/')).origin;

/** Signs the browser context in as `member` (its cookie), as an earlier visit would have. */
export async function signInContext(run: UiRun, member: { email: string; password: string }) {
  const response = await run.context.request.post(run.url('/api/admin/session'), { data: member, headers: { origin: origin(run) }, ...ARRANGING_RETRIES });
  if (!response.ok()) throw new Error(`could not sign ${member.email} in: ${response.status()}`);
}

/** A state-changing console call with the context's cookie and CSRF token (arranging a path's own data). */
export async function staffCall(run: UiRun, method: 'POST' | 'PATCH', url: string, data?: unknown): Promise<APIResponse> {
  const session = await run.context.request.get(run.url('/api/admin/session'), ARRANGING_RETRIES);
  const { csrf_token } = (await session.json()) as { csrf_token: string };
  return run.context.request.fetch(run.url(url), { method, data, headers: { 'x-csrf-token': csrf_token, origin: origin(run) }, ...ARRANGING_RETRIES });
}

declare global {
  interface Window {
    /** Live feed messages the page's EventSources received (the console paths' init script counts them). */
    __cabflowLiveEvents?: number;
  }
}

/** Counts every `booking` message the page's EventSources receive, so a path can wait for the console to hear one. */
export async function countLiveEvents(run: UiRun) {
  await run.page.addInitScript({
    content: `(() => {
      const Native = window.EventSource;
      window.__cabflowLiveEvents = 0;
      window.EventSource = class extends Native {
        constructor(...args) {
          super(...args);
          this.addEventListener('booking', () => { window.__cabflowLiveEvents += 1; });
        }
      };
    })();`,
  });
}

/**
 * Someone else changed the booking: the server's live feed tells the site's consoles (as a commit of another
 * dispatcher's change does), and the step waits until the page has heard it.
 */
export async function announceChange(run: UiRun, bookingNumber: string, kind: 'changed' | 'created' = 'changed') {
  const heard = await run.page.evaluate(() => window.__cabflowLiveEvents ?? 0);
  const { rows } = await run.env.provider.db.query<{ site_id: number }>('SELECT site_id FROM bookings WHERE booking_number = $1', [bookingNumber]);
  await publishBookingEvent(run.env.provider.db, rows[0].site_id, { booking_number: bookingNumber, kind });
  await eventually(async () => {
    if ((await run.page.evaluate(() => window.__cabflowLiveEvents ?? 0)) <= heard) throw new Error(`the page never heard of the change of ${bookingNumber}`);
  });
}
