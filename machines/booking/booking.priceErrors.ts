/**
 * Spec §8: which popup a failed price calculation gets, by the server's code (contract/errorCodes.ts), never by its
 * text: a reworded message keeps its popup. Only the booking machine's implementations (booking.setup.ts) use it, so
 * the error code table stays out of the home page's start-up script (issue 37: JavaScript fetched while idle).
 */
import { errorCodeOf } from '../../contract/errorCodes.ts';

/** Spec §8: which popup a price error gets. */
export type PriceErrorKind = 'sameAddress' | 'urgentBooking' | 'error';

export function classifyPriceError(error: unknown): PriceErrorKind {
  const code = errorCodeOf(error);
  if (code === 'zero_distance') return 'sameAddress';
  if (code === 'banned_address' || code === 'grace_period') return 'urgentBooking';
  return 'error';
}
