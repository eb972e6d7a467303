import type { SessionCookieKind } from '../accounts/sessionCookies.ts';

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
export const STAFF_COOKIE: SessionCookieKind = {
  secureName: '__Host-cabflow_staff',
  plainName: 'cabflow_staff',
  path: '/',
  maxAgeSeconds: STAFF_SESSION_ABSOLUTE_HOURS * 3600,
  csrfLabel: 'cabflow staff csrf',
};
