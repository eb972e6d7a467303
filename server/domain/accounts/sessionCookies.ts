import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A kind of cookie session (the console's staff, the driver's app): a cookie holding a 256-bit random token (only its
 * SHA-256 is stored), HttpOnly, SameSite=Strict, Secure over HTTPS, and a CSRF token derived from the session token
 * under the kind's label (nothing more stored; another origin cannot read it). Cookies are read and written by
 * @fastify/cookie (registered in server/app.ts).
 */
export interface SessionCookieKind {
  /** The name over HTTPS: `__Host-…` for Path=/ (the browser then insists on Secure and no Domain), else `__Secure-…`. */
  secureName: string;
  /** The name over plain HTTP (local use). */
  plainName: string;
  /** The only path the browser sends it to. */
  path: string;
  /** The session's absolute life, the cookie's Max-Age. */
  maxAgeSeconds: number;
  /** The CSRF token's label: each kind's tokens differ for the same session token. */
  csrfLabel: string;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The session token in the request's cookie: only the name its protocol uses is read. */
export function sessionCookieToken(kind: SessionCookieKind, request: FastifyRequest, secure: boolean): string | null {
  const value = request.cookies[secure ? kind.secureName : kind.plainName];
  return value && TOKEN.test(value) ? value : null;
}

/** Sets the cookie of a new session on the answer, or (token null) its removal. */
export function setSessionCookie(reply: FastifyReply, kind: SessionCookieKind, token: string | null, secure: boolean): void {
  reply.setCookie(secure ? kind.secureName : kind.plainName, token ?? '', {
    path: kind.path,
    maxAge: token === null ? 0 : kind.maxAgeSeconds,
    httpOnly: true,
    sameSite: 'strict',
    secure,
  });
}

export const sessionCsrfToken = (kind: SessionCookieKind, sessionToken: string) => createHash('sha256').update(`${kind.csrfLabel}\0`).update(sessionToken).digest('base64url');

export function sessionCsrfMatches(kind: SessionCookieKind, sessionToken: string, given: string | undefined): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(sessionCsrfToken(kind, sessionToken));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
