/**
 * Shapes and texts of the corporate area (spec §3 Corporate booking list item, Corporate passenger; §8 profile,
 * login). The shapes that cross the wire are the contract's.
 */
import { ACCOUNT_MESSAGES } from '../../contract/accountMessages.ts';
import type { CorporatePassenger } from '../../contract/accounts.ts';
import type { CorporateBookingItem } from '../../contract/apiResponses.ts';

export type { CorporateBookingItem, CorporatePassenger };

export interface ProfileInput {
  name: string;
  email: string;
  phone: string;
  /** Asked for only when the e-mail changes (`changesEmail`); sent only then. */
  currentPassword?: string;
}

/**
 * Whether the profile form moves the account to another e-mail: then the current password is needed (the form shows
 * its field, the machine sends it). A change of case only is the same address, as on the server.
 */
export function changesEmail(passenger: CorporatePassenger | null, email: string): boolean {
  return passenger !== null && email.trim().toLowerCase() !== passenger.passenger_email.trim().toLowerCase();
}

export interface Notice {
  tone: 'success' | 'error';
  text: string;
}

/** Spec §8 Quote, contact, profile, login: exactly. */
export const CORPORATE_MESSAGES = {
  loginOk: ACCOUNT_MESSAGES.loginOk,
  invalidCredentials: ACCOUNT_MESSAGES.invalidCredentials,
  genericError: 'An error occurred. Please try again later.',
  profileUpdated: ACCOUNT_MESSAGES.profileUpdated,
} as const;

/** What the actors reject with: an Error with the server's message, and its HTTP status when there was a response. */
export interface CallFailure {
  status: number | null;
  message: string;
}

export function failureOf(error: unknown): CallFailure {
  const status = typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : null;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return { status, message };
}

/** The token is no longer good (expired, revoked, or reset): the session ends. */
export const isUnauthorizedError = (error: unknown) => failureOf(error).status === 401;

/** update-passenger's 403 to a save of our own profile: the current password typed for a new e-mail is wrong. */
export const isCurrentPasswordRefused = (error: unknown) => failureOf(error).status === 403;

/**
 * Sign-in failure text: a refused e-mail or password is 'Invalid credentials. Please try again.'; a limit or a
 * switched-off corporate login keeps the server's own words (the spec has none for them); anything else (no
 * answer, a server fault) is 'An error occurred. Please try again later.'
 */
export function loginFailureText(error: unknown): string {
  const { status, message } = failureOf(error);
  if (status === 400 || status === 401 || status === 404) return CORPORATE_MESSAGES.invalidCredentials;
  if ((status === 403 || status === 429) && message) return message;
  return CORPORATE_MESSAGES.genericError;
}

/** Profile failure text: the server's message when it refused the change (4xx), else the generic error (spec §8). */
export function profileFailureText(error: unknown): string {
  const { status, message } = failureOf(error);
  return status !== null && status >= 400 && status < 500 && message ? message : CORPORATE_MESSAGES.genericError;
}

/** Where a sign-in without a redirect goes, and where logout goes (spec §4, §8). */
export const AFTER_SIGN_IN_PATH = '/bookings';
export const AFTER_LOGOUT_PATH = '/';

/** An in-site path to return to after sign-in; anything else (another origin, '//host', junk) is refused. */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if (path === '/login' || path.startsWith('/login?')) return null;
  return path;
}

/** '/login?redirect=%2Fbookings' (spec §4: the name of the query parameter is ours). */
export const loginPath = (returnTo: string) => `/login?redirect=${encodeURIComponent(returnTo)}`;
