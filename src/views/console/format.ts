/** How the console writes money, times and people's things (London time for anything a person reads). */
import { BOOKING_STATUS_LABELS, type BookingStatus } from '../../../contract/dispatch.ts';
import { londonClock } from '../../../contract/londonClock.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "2026-11-25" → "Wed 25 Nov". */
export function shortDay(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}

/** An instant as London reads it: "Wed 25 Nov, 14:05". */
export function londonDateTime(iso: string | null): string {
  if (!iso) return '';
  const clock = londonClock(new Date(iso));
  return `${shortDay(clock.date)}, ${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
}

export const STATUS_COLOURS: Record<BookingStatus, string> = {
  awaiting_payment: 'yellow',
  confirmed: 'blue',
  accepted: 'teal',
  driver_assigned: 'green',
  completed: 'gray',
  cancelled: 'red',
  no_show: 'orange',
};

export const statusLabel = (status: BookingStatus) => BOOKING_STATUS_LABELS[status] ?? status;

/** A booking's passenger as a row names them: spec §5 asks a guest only for e-mail and mobile, so a name may be blank. */
export const passengerName = (name: string) => name.trim() || 'No name given';
