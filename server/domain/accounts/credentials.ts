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
   * The account with this e-mail and password, or null (unknown e-mail and wrong password alike). Throws the
   * rate_limited DomainError (with its Retry-After seconds) when a limit of wrong passwords is reached, before any hashing.
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

/**
 * What the guard needs of one kind of account (passengers, staff): the account of an e-mail with its password hash,
 * and its known addresses. `subject` names the account in the counters, so each kind counts apart.
 */
export interface GuardedAccounts<Account extends { id: number; passwordHash: string | null }> {
  subject(email: string): string;
  byEmail(siteId: number, email: string): Promise<Account | null>;
  isKnownAddress(siteId: number, accountId: number, addressHash: Buffer): Promise<boolean>;
  rememberAddress(siteId: number, accountId: number, addressHash: Buffer): Promise<void>;
}

/**
 * The password check behind every guard: the limits of PASSWORD_LIMITS, failures only, counted in rate_limit_hits
 * (so they hold across every server process). The per-address limit is shared by every kind of account.
 */
export function createPasswordCheck<Account extends { id: number; passwordHash: string | null }>(db: Queryable, accounts: GuardedAccounts<Account>, log: GuardLog = silent) {
  const limiter = createRateLimiter(db);
  return async function verify(siteId: number, caller: Caller, email: string, password: string): Promise<Account | null> {
    const account = accounts.subject(email);
    const address = addressSubject(caller.ip);
    const found = await accounts.byEmail(siteId, email);
    const known = found !== null && (await accounts.isKnownAddress(siteId, found.id, addressDigest(address)));
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
    const right = await verifyPasswordEvenIfMissing(found?.passwordHash, password);
    if (!right || !found) {
      log.info({ site_id: siteId, address, account }, 'wrong password');
      return null;
    }
    await limiter.forget(siteId, [PASSWORD_LIMITS.perAccountAndAddress.bucket, PASSWORD_LIMITS.perAccount.bucket], account);
    await limiter.giveBack(siteId, places.taken.filter((place) => place.check.rule === PASSWORD_LIMITS.perAddress));
    await accounts.rememberAddress(siteId, found.id, addressDigest(address));
    return found;
  };
}

/** The passengers' guard; its counters are rows of rate_limit_hits, so they hold across every server process. */
export function createCredentialGuard(db: Queryable, log: GuardLog = silent): CredentialGuard {
  const verify = createPasswordCheck<PassengerRecord>(
    db,
    {
      subject: accountSubject,
      byEmail: (siteId, email) => createAccountsRepository(db, siteId).passengerByEmail(email),
      isKnownAddress: (siteId, id, addressHash) => createAccountsRepository(db, siteId).isKnownAddress(id, addressHash),
      rememberAddress: (siteId, id, addressHash) => createAccountsRepository(db, siteId).rememberAddress(id, addressHash),
    },
    log,
  );
  return { verify };
}
