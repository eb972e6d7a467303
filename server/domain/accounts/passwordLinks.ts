import { DomainError } from '../errors.ts';
import { assertPasswordAllowed } from './passwordPolicy.ts';
import { hashPassword } from './passwords.ts';
import { hashSessionToken, newSessionToken } from './secrets.ts';

/**
 * Set-password links of the operator's accounts (staff, drivers): 256 random bits in the link's fragment (a browser
 * never sends it to a server, so it stays out of request logs and Referer headers), only the SHA-256 kept, single use,
 * a limited life. Each kind keeps its tokens in its own table; this is the part they share.
 */
export function newPasswordLink(origin: string, route: string): { tokenHash: Buffer; link: string } {
  const token = newSessionToken();
  return { tokenHash: hashSessionToken(token), link: `${origin}${route}#token=${token}` };
}

/** The stored hash of a link's token. */
export const passwordLinkHash = (token: string) => hashSessionToken(token);

/** The refusal of a link that is unknown, used or expired, in the kind's own words (codes invalid, used, expired). */
export function assertPasswordLinkUsable(found: { used: boolean; expired: boolean } | null, messages: { linkInvalid: string; linkUsed: string; linkExpired: string }): asserts found is { used: false; expired: false } {
  if (!found) throw new DomainError('invalid', messages.linkInvalid);
  if (found.used) throw new DomainError('used', messages.linkUsed);
  if (found.expired) throw new DomainError('expired', messages.linkExpired);
}

/** A new password checked against the policy (8–128 characters, not a common one), then hashed (argon2id). */
export async function newPasswordHash(password: string): Promise<string> {
  await assertPasswordAllowed(password, 'password');
  return hashPassword(password);
}
