/** The console's session calls (contract/staff.ts): who is signed in, sign in and out, a set-password link's use. */
import type { StaffSession } from '../../contract/staff.ts';
import { consoleCall } from './consoleClient.ts';
import type { CallOptions } from './client.ts';

/** GET /api/admin/session (401: nobody is signed in). */
export const loadStaffSession = ({ signal }: CallOptions = {}) => consoleCall<StaffSession>('/session', { signal });

/**
 * POST /api/admin/session: a refused password is a 401 with the server's message; a 401 with the code
 * sign_in_code_sent asks for the mailed sign-in code, sent as `code` with the same e-mail and password.
 */
export const signInStaff = (email: string, password: string, code: string | undefined, { signal }: CallOptions = {}) =>
  consoleCall<StaffSession>('/session', { method: 'POST', body: code === undefined ? { email, password } : { email, password, code }, signal, signIn: true });

/** DELETE /api/admin/session, or POST /api/admin/session/sign-out-everywhere (every session of this member). */
export const signOutStaff = (everywhere: boolean, { signal }: CallOptions = {}) =>
  everywhere ? consoleCall<unknown>('/session/sign-out-everywhere', { method: 'POST', signal }) : consoleCall<unknown>('/session', { method: 'DELETE', signal });

/** POST /api/admin/staff/set-password: the mailed link's token and the new password. */
export const setStaffPassword = (token: string, password: string, { signal }: CallOptions = {}) =>
  consoleCall<{ success: true; message: string }>('/staff/set-password', { method: 'POST', body: { token, password }, signal, signIn: true });
