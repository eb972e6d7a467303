import { CHANGE_LINK_MINUTES, COMPANY_ACCOUNT_MESSAGES } from '../../../contract/companyAccounts.ts';
import { MANAGE_BOOKING_ROUTE, MANAGE_TOKEN_PARAM } from '../../../contract/manageBooking.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { hashSessionToken, newSessionToken } from '../accounts/secrets.ts';
import { DomainError } from '../errors.ts';
import { createCompanyAccountsRepository } from './repository.ts';

/**
 * The corporate area's "Change booking" (issue 34): a manage link for one booking the member may see, good for
 * CHANGE_LINK_MINUTES, so the change goes through the manage page's one change flow (its rules, the server's price,
 * the charge or refund, on account the account's credit). Only its hash is stored, as for a mailed link; a booking
 * the member may not see (another booker's, another account's, another site's, unknown) is a 404 with nothing written.
 * The answer is a path on this site (the browser opens it), never an origin from the request.
 */
export async function issueChangeLink(db: Queryable, siteId: number, passenger: { id: number; email: string }, bookingNumber: string, now: Date): Promise<{ url: string; expiresAt: Date }> {
  const repository = createCompanyAccountsRepository(db);
  const membership = await repository.membership(siteId, passenger.id);
  const viewer = { passengerId: passenger.id, email: passenger.email, accountId: membership?.accountId ?? null, admin: membership?.role === 'admin' };
  const bookingId = await repository.visibleBookingId(siteId, viewer, bookingNumber);
  if (bookingId === null) throw new DomainError('not_found', COMPANY_ACCOUNT_MESSAGES.bookingNotFound);
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + CHANGE_LINK_MINUTES * 60_000);
  await repository.insertMemberLink(siteId, { bookingId, tokenHash: hashSessionToken(token), passengerId: passenger.id, expiresAt });
  return { url: `${MANAGE_BOOKING_ROUTE}?${MANAGE_TOKEN_PARAM}=${token}`, expiresAt };
}
