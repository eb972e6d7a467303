/** How the manage page writes its moments: London day-month-year and 12-hour time, as the confirmation does. */
import { londonClock } from '../../../contract/londonClock.ts';
import type { ManageBookingView, RefundStatus } from '../../../contract/manageBooking.ts';
import { formatDate, formatTime } from '../confirmation/format.ts';

const two = (value: number) => String(value).padStart(2, '0');

/** '2030-07-01T05:00:00.000Z' → '6:00am on 01-07-2030' (London); an unreadable instant → ''. */
export function londonMoment(iso: string | null | undefined): string {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return '';
  const clock = londonClock(at);
  return `${formatTime(`${two(clock.hour)}:${two(clock.minute)}`)} on ${formatDate(clock.date)}`;
}

/** The cut-off as the server wrote it: '6:00am on 01-07-2030'. */
export const cutoffMoment = (terms: ManageBookingView['cancellation']) => `${terms.cutoff_time} on ${formatDate(terms.cutoff_date)}`;

export const REFUND_STATUS_TEXT: Record<RefundStatus, string> = {
  succeeded: 'Refunded to your card',
  pending: 'Refund on its way to your card',
  failed: 'Refund not yet made: the operator will sort it out',
};
