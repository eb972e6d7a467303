import { DRIVER_API } from '../../../contract/driver.ts';
import type { SessionCookieKind } from '../accounts/sessionCookies.ts';

/**
 * Driver sessions (issue 32), as secure as the staff's: 256 random bits in an HttpOnly, SameSite=Strict cookie (Secure
 * over HTTPS) sent only to the driver API, SHA-256 kept; a CSRF token derived from it; failure-only sign-in limits.
 * A shift is long: 14 hours from sign-in whatever happens, or 2 hours without a request (the app reports positions and
 * reads its jobs far more often while on duty). Sign-out everywhere, a new password and the driver's deactivation
 * in the register end every session at once (each request checks drivers.active).
 */
export const DRIVER_SESSION_ABSOLUTE_HOURS = 14;
export const DRIVER_SESSION_IDLE_MINUTES = 120;

/** `__Secure-` rather than `__Host-`: the cookie's Path is the driver API, not `/`. */
export const DRIVER_COOKIE: SessionCookieKind = {
  secureName: '__Secure-cabflow_driver',
  plainName: 'cabflow_driver',
  path: DRIVER_API,
  maxAgeSeconds: DRIVER_SESSION_ABSOLUTE_HOURS * 3600,
  csrfLabel: 'cabflow driver csrf',
};
