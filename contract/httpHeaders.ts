/**
 * The request headers every client sends, apart from the zod schemas of contract/catalog.ts and contract/staff.ts
 * (which re-export them) so a lazy app such as the driver's does not load zod for two strings.
 */

/** The site's key pair on every call to /api/v1 (and the driver API's public key). */
export const API_KEY_HEADERS = { public: 'api-public-key', secret: 'api-secret-key' } as const;

/** The header carrying the session's CSRF token on every state-changing call made with the cookie. */
export const CSRF_HEADER = 'x-csrf-token';
