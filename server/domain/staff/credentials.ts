import type { Queryable } from '../../adapters/db/index.ts';
import { createPasswordCheck, type Caller, type GuardLog, type PasswordVerdict } from '../accounts/credentials.ts';
import { staffAccountSubject, type RateLimiter } from '../../plugins/rateLimit.ts';
import { createStaffRepository, type StaffRecord } from './repository.ts';

/**
 * Staff sign-in's password check: the passengers' guard (same limits, failures only, known addresses exempt from the
 * per-account day limit), counting staff accounts apart. An inactive member is checked like an unknown e-mail. At the
 * per-account limit a member is not refused: from an address that is not known, a right password needs the mailed
 * sign-in code too (`proof-needed`, see signInCodes.ts), so nobody else's guesses lock the member out.
 */
export function createStaffCredentialGuard(db: Queryable, limiter: RateLimiter, log?: GuardLog) {
  const repository = createStaffRepository(db);
  const verify = createPasswordCheck<StaffRecord>(
    limiter,
    {
      subject: staffAccountSubject,
      byEmail: async (siteId, email) => {
        const member = await repository.byEmail(siteId, email);
        return member?.active ? member : null;
      },
      isKnownAddress: (siteId, id, addressHash) => repository.isKnownAddress(siteId, id, addressHash),
      rememberAddress: (siteId, id, addressHash) => repository.rememberAddress(siteId, id, addressHash),
    },
    log,
    'ask-for-proof',
  );
  return { verify: (siteId: number, caller: Caller, email: string, password: string): Promise<PasswordVerdict<StaffRecord>> => verify(siteId, caller, email, password) };
}

export type StaffCredentialGuard = ReturnType<typeof createStaffCredentialGuard>;
