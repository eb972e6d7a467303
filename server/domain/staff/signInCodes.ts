import { STAFF_MESSAGES, STAFF_SIGN_IN_CODE_MINUTES } from '../../../contract/staff.ts';
import type { Db } from '../../adapters/db/index.ts';
import { mailIdentity, type MailPort } from '../../adapters/mail/index.ts';
import { staffAccountSubject, tooManyRequests, type RateLimiter, type RateLimitRule } from '../../plugins/rateLimit.ts';
import type { PasswordVerdict } from '../accounts/credentials.ts';
import { hashResetCode, newCodeSalt, newResetCode, resetCodeMatches } from '../accounts/secrets.ts';
import { DomainError } from '../errors.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import { signInCodeMail } from './mails.ts';
import { createStaffRepository, type StaffRecord } from './repository.ts';

/**
 * The second proof of a staff sign-in (issue 30). Once wrong passwords for an account reach the account-wide limit
 * (100 a day, from addresses the member never signed in from), the password alone no longer signs in from a new
 * address; the member is not refused either. A right password (with no code) mails a one-time code to the member's
 * address; the password with that code signs in. So nobody else's guesses lock the member out, and a guesser without
 * the mailbox gets nowhere:
 * - wrong and right passwords are answered alike (401 sign_in_code_sent without a code, sign_in_code_wrong with one),
 *   and only a right password mails a code, so guesses past the limit learn nothing and cannot flood the mailbox;
 * - a code is 6 digits from the CSPRNG, stored as a salted SHA-256, valid 15 minutes, used once, 5 wrong tries;
 *   a new one is made at most once a minute (a sooner request leaves the live code standing), and it ends the earlier;
 * - a wrong code counts only with the right password (so a guesser cannot use the member's code up), at most 20 a day
 *   per account, the limit of someone who knows the password but not the mailbox.
 * The code is not a link: a link alone would sign in without the password, one factor again.
 */
export const SIGN_IN_CODE_MAX_FAILURES = 5;
export const SIGN_IN_CODE_RESEND_SECONDS = 60;
export const SIGN_IN_CODE_LIMITS = {
  wrongPerAccount: { bucket: 'sign-in-code-failures:account', max: 20, windowSec: 86_400 },
} satisfies Record<string, RateLimitRule>;

export interface SignInCodeDeps {
  db: Db;
  cache: SiteCache;
  mail: MailPort;
  limiter: RateLimiter;
}

const codeSent = () => new DomainError('sign_in_code_sent', STAFF_MESSAGES.codeSent);
const codeWrong = () => new DomainError('sign_in_code_wrong', STAFF_MESSAGES.codeWrong);

export function createSignInCodes(deps: SignInCodeDeps) {
  const { db, mail, limiter } = deps;

  /** Mails a new code unless one made within the last minute still stands. */
  async function mailCode(site: Site, member: StaffRecord): Promise<void> {
    // Read before the transaction: on PGlite the site cache's own query would wait for the transaction's connection.
    const identity = mailIdentity((await deps.cache.catalog(site.id)).settings, site.name);
    const sent = await db.transaction(async (tx) => {
      const repository = createStaffRepository(tx);
      await repository.lockMember(site.id, member.id);
      if (await repository.hasUsableSignInCodeYoungerThan(site.id, member.id, SIGN_IN_CODE_RESEND_SECONDS, SIGN_IN_CODE_MAX_FAILURES)) return false;
      const code = newResetCode();
      const salt = newCodeSalt();
      await repository.insertSignInCode(site.id, member.id, salt, hashResetCode(salt, code), STAFF_SIGN_IN_CODE_MINUTES);
      await mail.enqueue(tx, site.id, signInCodeMail(identity, member, code));
      return true;
    });
    if (sent) mail.kick();
  }

  /** Whether `code` is the member's live code (used up when it is); a wrong one counts against the code's tries. */
  async function useCode(siteId: number, memberId: number, code: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const repository = createStaffRepository(tx);
      const live = await repository.liveSignInCodeForUpdate(siteId, memberId);
      if (!live || live.expired || live.failedAttempts >= SIGN_IN_CODE_MAX_FAILURES) return false;
      if (!resetCodeMatches(live.salt, live.hash, code)) {
        await repository.recordWrongSignInCode(siteId, live.id);
        return false;
      }
      await repository.markSignInCodeUsed(siteId, live.id);
      return true;
    });
  }

  return {
    /**
     * A sign-in the password check answered `proof-needed`: the member when `code` is their live code and the password
     * was right; otherwise throws sign_in_code_sent (no code given: mailed if the password was right) or
     * sign_in_code_wrong, or 429 past the day's wrong codes.
     */
    async proveSignIn(site: Site, email: string, verdict: Extract<PasswordVerdict<StaffRecord>, { kind: 'proof-needed' }>, code: string | undefined): Promise<StaffRecord> {
      const member = verdict.account;
      if (code === undefined) {
        if (member) await mailCode(site, member);
        throw codeSent();
      }
      if (!member) throw codeWrong();
      const place = await limiter.take(site.id, [{ rule: SIGN_IN_CODE_LIMITS.wrongPerAccount, subject: staffAccountSubject(email) }]);
      if (!place.ok) throw tooManyRequests(place.resetInSec);
      if (!(await useCode(site.id, member.id, code))) throw codeWrong();
      await limiter.giveBack(site.id, place.taken);
      await verdict.accept();
      return member;
    },
  };
}

export type SignInCodes = ReturnType<typeof createSignInCodes>;
