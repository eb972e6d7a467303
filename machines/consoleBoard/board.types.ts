import type { BoardPage, BoardQuery, BoardRow, PaymentState } from '../../contract/consoleBookings.ts';
import type { BookingEventMessage, BookingStatus } from '../../contract/dispatch.ts';
import { londonClock } from '../../contract/londonClock.ts';

export type { BoardPage, BoardQuery, BoardRow, BookingEventMessage };

/** The board's filters as the form holds them ('' = no filter). */
export interface BoardFilters {
  from: string;
  to: string;
  status: BookingStatus[];
  payment_method: '' | 'car' | 'card';
  payment_state: PaymentState[];
  company_id: string;
  vehicle_id: string;
  q: string;
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Today and tomorrow, London time: the board's default range. */
export function defaultFilters(now: Date): BoardFilters {
  const today = londonClock(now).date;
  return { from: today, to: addDays(today, 1), status: [], payment_method: '', payment_state: [], company_id: '', vehicle_id: '', q: '' };
}

/** The GET /api/admin/bookings query of the filters (a search alone spans every date: no range sent with it unless set). */
export function boardQuery(filters: BoardFilters, cursor: string | null): BoardQuery {
  const q = filters.q.trim();
  return {
    from: filters.from || undefined,
    to: filters.to || undefined,
    status: filters.status.length ? filters.status.join(',') as unknown as BoardQuery['status'] : undefined,
    payment_method: filters.payment_method || undefined,
    payment_state: filters.payment_state.length ? filters.payment_state.join(',') as unknown as BoardQuery['payment_state'] : undefined,
    company_id: filters.company_id || undefined,
    vehicle_id: filters.vehicle_id || undefined,
    q: q || undefined,
    cursor: cursor ?? undefined,
  } as BoardQuery;
}

/** The filter choices of the site's catalogue: its companies and vehicle categories. */
export interface Choice {
  value: string;
  label: string;
}
export interface BoardChoices {
  companies: Choice[];
  categories: Choice[];
}

/** Why the stream is off for good in this tab: the server refused it (429: too many console tabs), or stopped it. */
export type LiveOffReason = 'tooManyTabs' | 'stopped';

/**
 * What the live stream tells the board (`live.resync`: events may have been missed, the server's listener
 * reconnected; `live.off`: refused, and not tried again until `retry` is sent to the stream).
 */
export type LiveEvent =
  | { type: 'live.open' }
  | { type: 'live.lost' }
  | { type: 'live.resync' }
  | { type: 'live.booking'; message: BookingEventMessage }
  | { type: 'live.off'; reason: LiveOffReason };

export const BOARD_TEXT = {
  loadFailed: 'The bookings could not be loaded. Check the connection and try again.',
  moreFailed: 'More bookings could not be loaded. Try again.',
  csvFailed: 'The export could not be downloaded. Try again.',
  liveTooManyTabs: 'Live updates are off in this tab: too many console tabs are open. Close one, then try again.',
  liveStopped: 'Live updates stopped in this tab. Try again, or reload the page.',
} as const;

/** The words shown for each reason the live updates are off. */
export const LIVE_OFF_TEXT: Record<LiveOffReason, string> = { tooManyTabs: BOARD_TEXT.liveTooManyTabs, stopped: BOARD_TEXT.liveStopped };
