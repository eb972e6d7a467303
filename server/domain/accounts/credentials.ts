import { createHash } from 'node:crypto';
import type { BookingChannel } from '../../../contract/bookings.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { accountSubject, addressSubject, tooManyRequests, type RateLimiter, type RateLimitRule } from '../../plugins/rateLimit.ts';
import { verifyPasswordEvenIfMissing } from './passwords.ts';
import { createAccountsRepository, type PassengerRecord } from './repository.ts';

/** Who is asking: the client address every limit counts against, and where a visitor books from. */
export interface Caller {
  ip: string;
  /** The website framed in the operator's page says so (BOOKING_CHANNEL_HEADER); else the website. */
  channel?: BookingChannel;
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
 * A password check's outcome. `proof-needed`: the account-wide limit of wrong passwords holds and this address is not
 * known, so the password alone does not sign in (staff: a mailed code is asked for). `account` is the account only
 * when the password was right (null otherwise, so the caller answers alike); `accept()` records the success once the
 * further proof is given (the account's counts cleared, this check's place under the per-address limit given back,
 * the address remembered).
 */
export type PasswordVerdict<Account> =
  | { kind: 'right'; account: Account }
  | { kind: 'wrong' }
  | { kind: 'proof-needed'; account: Account | null; accept(): Promise<void> };

/**
 * What reaching the account-wide limit does: 'refuse' (passengers: a 429 before any hashing), or 'ask-for-proof'
 * (staff: the password is still checked, under the per-address limits, and a right one needs a further proof).
 */
export type AccountLimitAnswer = 'refuse' | 'ask-for-proof';

/**
 * The password check behind every guard: the limits of PASSWORD_LIMITS, failures only, counted in rate_limit_hits
 * (so they hold across every server process). The per-address limit is shared by every kind of account.
 */
export function createPasswordCheck<Account extends { id: number; passwordHash: string | null }>(
  limiter: RateLimiter,
  accounts: GuardedAccounts<Account>,
  log: GuardLog = silent,
  atAccountLimit: AccountLimitAnswer = 'refuse',
) {
  return async function verify(siteId: number, caller: Caller, email: string, password: string): Promise<PasswordVerdict<Account>> {
    const account = accounts.subject(email);
    const address = addressSubject(caller.ip);
    const found = await accounts.byEmail(siteId, email);
    const known = found !== null && (await accounts.isKnownAddress(siteId, found.id, addressDigest(address)));
    const refuse = (refusedBy: RateLimitRule, resetInSec: number): never => {
      log.warn({ site_id: siteId, rate_limit: refusedBy.bucket, address, account }, 'password check refused: too many wrong passwords');
      throw tooManyRequests(resetInSec);
    };
    // Taken before the check, so that concurrent guesses cannot all pass a limit that only counted finished ones.
    const places = await limiter.take(siteId, [
      { rule: PASSWORD_LIMITS.perAccountAndAddress, subject: `${account}|${address}` },
      { rule: PASSWORD_LIMITS.perAddress, subject: address },
    ]);
    if (!places.ok) return refuse(places.refusedBy.rule, places.resetInSec);
    let proofNeeded = false;
    if (!known) {
      const accountPlace = await limiter.take(siteId, [{ rule: PASSWORD_LIMITS.perAccount, subject: account }]);
      if (accountPlace.ok) places.taken.push(...accountPlace.taken);
      else if (atAccountLimit === 'ask-for-proof') proofNeeded = true;
      else {
        await limiter.giveBack(siteId, places.taken);
        return refuse(accountPlace.refusedBy.rule, accountPlace.resetInSec);
      }
    }
    const right = (await verifyPasswordEvenIfMissing(found?.passwordHash, password)) && found !== null;
    if (!right) log.info({ site_id: siteId, address, account }, 'wrong password');
    const accept = async () => {
      await limiter.forget(siteId, [PASSWORD_LIMITS.perAccountAndAddress.bucket, PASSWORD_LIMITS.perAccount.bucket], account);
      await limiter.giveBack(siteId, places.taken.filter((place) => place.check.rule === PASSWORD_LIMITS.perAddress));
      await accounts.rememberAddress(siteId, found!.id, addressDigest(address));
    };
    if (proofNeeded) {
      // Answered alike whether the password was right: past the account-wide limit, guesses learn nothing.
      log.warn({ site_id: siteId, rate_limit: PASSWORD_LIMITS.perAccount.bucket, address, account }, 'password check needs a mailed code: too many wrong passwords');
      return right ? { kind: 'proof-needed', account: found, accept } : { kind: 'proof-needed', account: null, accept: async () => undefined };
    }
    if (!right) return { kind: 'wrong' };
    await accept();
    return { kind: 'right', account: found };
  };
}

/** The passengers' guard; its counters are rows of rate_limit_hits, so they hold across every server process. */
export function createCredentialGuard(db: Queryable, limiter: RateLimiter, log: GuardLog = silent): CredentialGuard {
  const verify = createPasswordCheck<PassengerRecord>(
    limiter,
    {
      subject: accountSubject,
      byEmail: (siteId, email) => createAccountsRepository(db, siteId).passengerByEmail(email),
      isKnownAddress: (siteId, id, addressHash) => createAccountsRepository(db, siteId).isKnownAddress(id, addressHash),
      rememberAddress: (siteId, id, addressHash) => createAccountsRepository(db, siteId).rememberAddress(id, addressHash),
    },
    log,
  );
  return {
    async verify(siteId, caller, email, password) {
      const verdict = await verify(siteId, caller, email, password);
      return verdict.kind === 'right' ? verdict.account : null;
    },
  };
}
