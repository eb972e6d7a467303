/**
 * The console session's effects, declared by signature only: src/app/console/consoleLogic.ts supplies the real ones
 * (src/api/consoleSession.ts), tests supply stubs. Each rejects with an ApiCallError (`status`, `message`) on failure.
 */
import { fromPromise } from 'xstate';
import type { StaffSession } from '../../contract/staff.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`console actor "${name}" is not provided: supply it with consoleMachine.provide({ actors })`));

export interface SignInInput {
  email: string;
  password: string;
  /** The mailed sign-in code, when the server asked for one. */
  code?: string;
}

export interface SetPasswordInput {
  token: string;
  password: string;
}

export const consoleActors = {
  /** GET /api/admin/session: who is signed in (401: nobody). */
  loadSession: fromPromise<StaffSession, void>(notProvided('loadSession')),
  /** POST /api/admin/session */
  signIn: fromPromise<StaffSession, SignInInput>(notProvided('signIn')),
  /** DELETE /api/admin/session, or POST /api/admin/session/sign-out-everywhere. */
  signOut: fromPromise<unknown, { everywhere: boolean }>(notProvided('signOut')),
  /** POST /api/admin/staff/set-password */
  setPassword: fromPromise<unknown, SetPasswordInput>(notProvided('setPassword')),
};
