import type { Queryable } from '../../adapters/db/index.ts';
import { createPasswordCheck, type Caller, type GuardLog } from '../accounts/credentials.ts';
import { staffAccountSubject } from '../../plugins/rateLimit.ts';
import { createStaffRepository, type StaffRecord } from './repository.ts';

/**
 * Staff sign-in's password check: the passengers' guard (same limits, failures only, known addresses exempt from the
 * per-account day limit), counting staff accounts apart. An inactive member is checked like an unknown e-mail.
 */
export function createStaffCredentialGuard(db: Queryable, log?: GuardLog) {
  const repository = createStaffRepository(db);
  const verify = createPasswordCheck<StaffRecord>(
    db,
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
  );
  return { verify: (siteId: number, caller: Caller, email: string, password: string) => verify(siteId, caller, email, password) };
}

export type StaffCredentialGuard = ReturnType<typeof createStaffCredentialGuard>;
