import type { Queryable } from '../../adapters/db/index.ts';
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
  /** The account with this e-mail and password, or null (unknown e-mail and wrong password alike). */
  verify(siteId: number, caller: Caller, email: string, password: string): Promise<PassengerRecord | null>;
}

export function createCredentialGuard(db: Queryable): CredentialGuard {
  return {
    async verify(siteId, _caller, email, password) {
      const passenger = await createAccountsRepository(db, siteId).passengerByEmail(email);
      const ok = await verifyPasswordEvenIfMissing(passenger?.passwordHash, password);
      return ok && passenger ? passenger : null;
    },
  };
}
