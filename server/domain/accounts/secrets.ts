import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { RESET_CODE_LENGTH } from '../../../contract/accounts.ts';

/** Sessions last 12 hours from sign-in (no sliding renewal). */
export const SESSION_TTL_HOURS = 12;
/** Reset codes: valid 10 minutes, 5 wrong tries. */
export const RESET_CODE_TTL_MINUTES = 10;
export const RESET_CODE_MAX_FAILURES = 5;
/** A new reset code per account at most this often: a request sooner is answered alike and the live code stands. */
export const RESET_CODE_RESEND_SECONDS = 5 * 60;
/** An address from which the account's password was right stays known this long after the last success. */
export const KNOWN_ADDRESS_DAYS = 90;

/** A bearer token: 256 random bits, base64url (43 characters). */
export const newSessionToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256 (the token itself has 256 bits of entropy, no salt needed). */
export const hashSessionToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** Six uniformly random digits ('000000'–'999999') from the CSPRNG. */
export const newResetCode = () => String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');

export const newCodeSalt = () => randomBytes(16);

/** A code's salted SHA-256. Only 10^6 codes exist, so the hash protects little: expiry and the try limit do. */
export const hashResetCode = (salt: Uint8Array, code: string) => createHash('sha256').update(salt).update(code, 'utf8').digest();

export function resetCodeMatches(salt: Uint8Array, expectedHash: Uint8Array, code: string): boolean {
  const actual = hashResetCode(salt, code);
  const expected = Buffer.from(expectedHash);
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(authorization ?? '');
  return match ? match[1] : null;
}
