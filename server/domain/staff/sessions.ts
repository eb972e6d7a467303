import { createHash, timingSafeEqual } from 'node:crypto';
import { cookieValue } from '../../../contract/tripCookie.ts';

/**
 * Staff sessions: a cookie holding a 256-bit random token (only its SHA-256 is stored, as for passengers). A session
 * ends at sign-out, at sign-out everywhere, when the member is deactivated or sets a new password, 12 hours after
 * sign-in whatever happens (absolute), or after 30 minutes without a request (idle): OWASP ASVS 4.0 §3.3.2, level 2.
 */
export const STAFF_SESSION_ABSOLUTE_HOURS = 12;
export const STAFF_SESSION_IDLE_MINUTES = 30;

/**
 * Over HTTPS the cookie is `__Host-cabflow_staff` (the browser then insists on Secure, Path=/ and no Domain, so no
 * sibling subdomain or plain-HTTP page can plant or overwrite it); over plain HTTP (local use) `cabflow_staff`.
 */
export const STAFF_COOKIE_SECURE = '__Host-cabflow_staff';
export const STAFF_COOKIE_PLAIN = 'cabflow_staff';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The session token in the request's cookie: only the name its protocol uses is read. */
export function staffCookieToken(cookieHeader: string | undefined, secure: boolean): string | null {
  const value = cookieValue(cookieHeader, secure ? STAFF_COOKIE_SECURE : STAFF_COOKIE_PLAIN);
  return value && TOKEN.test(value) ? value : null;
}

/** The Set-Cookie value of a new session, or (token null) of its removal. */
export function staffCookie(token: string | null, secure: boolean): string {
  const name = secure ? STAFF_COOKIE_SECURE : STAFF_COOKIE_PLAIN;
  const life = token === null ? 'Max-Age=0' : `Max-Age=${STAFF_SESSION_ABSOLUTE_HOURS * 3600}`;
  return `${name}=${token ?? ''}; Path=/; ${life}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/**
 * A session's CSRF token: derived from its session token (SHA-256 under a label), so nothing more is stored and it
 * changes with every session. Knowing it tells nothing of the session token; a page of another origin cannot read it.
 */
export const csrfTokenOf = (sessionToken: string) => createHash('sha256').update('cabflow staff csrf\0').update(sessionToken).digest('base64url');

export function csrfTokenMatches(sessionToken: string, given: string | undefined): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(sessionToken));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
