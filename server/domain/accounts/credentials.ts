import { createHash } from 'node:crypto';
import type { Queryable } from '../../adapters/db/index.ts';
import { accountSubject, addressSubject, createRateLimiter, tooManyRequests, type RateLimitRule } from '../../plugins/rateLimit.ts';
import { verifyPasswordEvenIfMissing } from './passwords.ts';
import { createAccountsRepository, type PassengerRecord } from './repository.ts';

/** Who is asking: the client address every limit counts against. */
export interface Caller {
  ip: string;
}

/**
 * The one place a passenger's password is checked (sign-in, check-passenger-email, an existing client's booking and
 * payment intent, a new client's e-mail that already has an account, an e-mail change).
 */
export interface CredentialGuard {
  /**
   * The account with this e-mail and password, or null (unknown e-mail and wrong password alike). Throws the 429
   * HttpError (with Retry-After) when a limit of wrong passwords is reached, before any hashing.
   */
  verify(siteId: number, caller: Caller, email: string, password: string): Promise<PassengerRecord | null>;
}

/**
 * Wrong passwords (failures only: a right one gives its place back and clears the account's count), in the spirit of
 * OWASP ASVS 5.0 §6.3:
 * - per account and address: 10 per 15 minutes, the limit a guesser at one address meets;
 * - per address, whatever the account: 30 per 15 minutes (one address trying many accounts);
 * - per account, whatever the address: 100 per day (guessing spread over many addresses). An address from which
 *   the account's password was right in the last 90 days is exempt, so nobody else's guesses lock the owner out of
 *   a place they use.
 */
export const PASSWORD_LIMITS = {
  perAccountAndAddress: { bucket: 'password-failures:account+address', max: 10, windowSec: 900 },
  perAddress: { bucket: 'password-failures:address', max: 30, windowSec: 900 },
  perAccount: { bucket: 'password-failures:account', max: 100, windowSec: 86_400 },
} satisfies Record<string, RateLimitRule>;

export interface GuardLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const silent: GuardLog = { info: () => undefined, warn: () => undefined };

const addressDigest = (address: string) => createHash('sha256').update(address).digest();

/** The guard; its counters are rows of rate_limit_hits, so they hold across every server process. */
export function createCredentialGuard(db: Queryable, log: GuardLog = silent): CredentialGuard {
  const limiter = createRateLimiter(db);
  return {
    async verify(siteId, caller, email, password) {
      const repository = createAccountsRepository(db, siteId);
      const account = accountSubject(email);
      const address = addressSubject(caller.ip);
      const passenger = await repository.passengerByEmail(email);
      const known = passenger !== null && (await repository.isKnownAddress(passenger.id, addressDigest(address)));
      // Taken before the check, so that concurrent guesses cannot all pass a limit that only counted finished ones.
      const places = await limiter.take(siteId, [
        { rule: PASSWORD_LIMITS.perAccountAndAddress, subject: `${account}|${address}` },
        { rule: PASSWORD_LIMITS.perAddress, subject: address },
        ...(known ? [] : [{ rule: PASSWORD_LIMITS.perAccount, subject: account }]),
      ]);
      if (!places.ok) {
        log.warn({ site_id: siteId, rate_limit: places.refusedBy.rule.bucket, address, account }, 'password check refused: too many wrong passwords');
        throw tooManyRequests(places.resetInSec);
      }
      const right = await verifyPasswordEvenIfMissing(passenger?.passwordHash, password);
      if (!right || !passenger) {
        log.info({ site_id: siteId, address, account }, 'wrong password');
        return null;
      }
      await limiter.forget(siteId, [PASSWORD_LIMITS.perAccountAndAddress.bucket, PASSWORD_LIMITS.perAccount.bucket], account);
      await limiter.giveBack(siteId, places.taken.filter((place) => place.check.rule === PASSWORD_LIMITS.perAddress));
      await repository.rememberAddress(passenger.id, addressDigest(address));
      return passenger;
    },
  };
}
