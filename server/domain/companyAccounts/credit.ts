import { COMPANY_ACCOUNT_MESSAGES } from '../../../contract/companyAccounts.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { DomainError } from '../errors.ts';
import { createCompanyAccountsRepository } from './repository.ts';

/**
 * A booking on account, in the booking's transaction: locks the member's account row (so concurrent bookings of one
 * account queue here until the first commits), then checks membership, on/off, the PO number and cost centre it
 * requires, and the credit limit: uninvoiced account bookings + uninvoiced rises of invoiced ones + unpaid invoices +
 * this total ≤ limit. Returns the
 * account's id; a refusal throws, so nothing of the booking is written.
 */
export async function holdAccountCredit(tx: Queryable, siteId: number, passengerId: number, totalPence: number, fields: { poNumber: string; costCentre: string }): Promise<number> {
  const repository = createCompanyAccountsRepository(tx);
  const membership = await repository.membership(siteId, passengerId, true);
  if (!membership) throw new DomainError('forbidden', COMPANY_ACCOUNT_MESSAGES.accountNotOffered);
  if (!membership.active) throw new DomainError('forbidden', COMPANY_ACCOUNT_MESSAGES.accountOff);
  if (membership.poRequired && !fields.poNumber) throw new DomainError('invalid_input', COMPANY_ACCOUNT_MESSAGES.poRequired, { field: 'po_number' });
  if (membership.costCentreRequired && !fields.costCentre) throw new DomainError('invalid_input', COMPANY_ACCOUNT_MESSAGES.costCentreRequired, { field: 'cost_centre' });
  const credit = await repository.credit(siteId, membership.accountId);
  if (credit.usedPence + totalPence > credit.limitPence) throw new DomainError('credit_limit', COMPANY_ACCOUNT_MESSAGES.overLimit(credit.limitPence - credit.usedPence));
  return membership.accountId;
}

/** The company account a booking is on, its row locked until the transaction ends; null for a booking not on account. */
export function lockBookingAccount(tx: Queryable, siteId: number, bookingId: number): Promise<number | null> {
  return createCompanyAccountsRepository(tx).lockBookingAccount(siteId, bookingId);
}

/**
 * A change of a booking on account that raises its price (manage/change.ts), under the account's row lock: what counts
 * against the limit (the booking at its present price included) + the rise ≤ the limit, or the booking's refusal.
 */
export async function holdChangeCredit(tx: Queryable, siteId: number, accountId: number, risePence: number): Promise<void> {
  if (risePence <= 0) return;
  const credit = await createCompanyAccountsRepository(tx).credit(siteId, accountId);
  if (credit.usedPence + risePence > credit.limitPence) throw new DomainError('credit_limit', COMPANY_ACCOUNT_MESSAGES.overLimit(credit.limitPence - credit.usedPence));
}
