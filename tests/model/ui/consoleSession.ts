/** The console paths' browser sessions: a context signed in as a staff member, and staff calls made with its cookie. */
import type { APIResponse } from 'playwright-core';
import type { UiRun } from './harness.ts';

const origin = (run: UiRun) => new URL(run.url('/')).origin;

/** Signs the browser context in as `member` (its cookie), as an earlier visit would have. */
export async function signInContext(run: UiRun, member: { email: string; password: string }) {
  const response = await run.context.request.post(run.url('/api/admin/session'), { data: member, headers: { origin: origin(run) } });
  if (!response.ok()) throw new Error(`could not sign ${member.email} in: ${response.status()}`);
}

/** A state-changing console call with the context's cookie and CSRF token (arranging a path's own data). */
export async function staffCall(run: UiRun, method: 'POST' | 'PATCH', url: string, data?: unknown): Promise<APIResponse> {
  const session = await run.context.request.get(run.url('/api/admin/session'));
  const { csrf_token } = (await session.json()) as { csrf_token: string };
  return run.context.request.fetch(run.url(url), { method, data, headers: { 'x-csrf-token': csrf_token, origin: origin(run) } });
}
