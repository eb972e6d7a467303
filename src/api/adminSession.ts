/** The console's session calls (contract/staff.ts): who is signed in, sign in and out, a set-password link's use. */
import type { StaffSession } from '../../contract/staff.ts';
import { adminCall } from './adminClient.ts';
import type { CallOptions } from './client.ts';

/** GET /api/admin/session (401: nobody is signed in). */
export const loadStaffSession = ({ signal }: CallOptions = {}) => adminCall<StaffSession>('/session', { signal });

/** POST /api/admin/session: a refused password is a 401 with the server's message. */
export const signInStaff = (email: string, password: string, { signal }: CallOptions = {}) =>
  adminCall<StaffSession>('/session', { method: 'POST', body: { email, password }, signal, signIn: true });

/** DELETE /api/admin/session, or POST /api/admin/session/sign-out-everywhere (every session of this member). */
export const signOutStaff = (everywhere: boolean, { signal }: CallOptions = {}) =>
  everywhere ? adminCall<unknown>('/session/sign-out-everywhere', { method: 'POST', signal }) : adminCall<unknown>('/session', { method: 'DELETE', signal });

/** POST /api/admin/staff/set-password: the mailed link's token and the new password. */
export const setStaffPassword = (token: string, password: string, { signal }: CallOptions = {}) =>
  adminCall<{ success: true; message: string }>('/staff/set-password', { method: 'POST', body: { token, password }, signal, signIn: true });
