import { parseHour } from '../../../contract/booking.ts';
import { londonOffsetMinutes } from '../../../contract/londonClock.ts';

/**
 * Europe/London wall-clock time ↔ UTC instants (CLARIFICATIONS 8), by the one London clock of the product
 * (contract/londonClock.ts: the UK's summer-time rule, held to Intl's Europe/London hour by hour). London is GMT
 * (UTC+0) in winter and BST (UTC+1) from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of
 * October.
 * - A wall-clock time that does not exist (01:00–01:59 on the March Sunday) is read as GMT, i.e. an hour later in
 *   BST: 01:30 → 02:30 BST (01:30 UTC), the instant a clock that was not changed would show.
 * - A wall-clock time that happens twice (01:00–01:59 on the October Sunday) is the first one, in BST.
 */

export interface LondonParts {
  /** 'YYYY-MM-DD' in London. */
  date: string;
  hour: number;
  minute: number;
  /** Minutes since London midnight, 0..1439. */
  minutesOfDay: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Minutes London is ahead of UTC: 0 (GMT) or 60 (BST). */
  offsetMinutes: number;
}

export function londonParts(instant: Date | number): LondonParts {
  const time = typeof instant === 'number' ? instant : instant.getTime();
  const offsetMinutes = londonOffsetMinutes(new Date(time));
  const local = new Date(time + offsetMinutes * 60_000);
  const hour = local.getUTCHours();
  const minute = local.getUTCMinutes();
  return {
    date: local.toISOString().slice(0, 10),
    hour,
    minute,
    minutesOfDay: hour * 60 + minute,
    weekday: local.getUTCDay(),
    offsetMinutes,
  };
}

/** The instant at which London's clocks show this date, hour (0..23) and minute. */
export function londonWallClock(date: string, hour: number, minute: number): Date {
  const [year, month, day] = date.split('-').map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // London's offset is 0 or +60 minutes: try both, keep those that read back as the wanted wall-clock time.
  const valid = [60, 0].map((offset) => asUtc - offset * 60_000).filter((time) => londonParts(time).offsetMinutes * 60_000 === asUtc - time);
  return new Date(valid.length > 0 ? valid[0] : asUtc);
}

/** Spec form fields → UTC instant: ('2026-03-29', '3pm', '05') → 2026-03-29T14:05:00Z. Throws on an unreadable hour. */
export function londonDateTime(pickupDate: string, hour12: string, minute: string | number): Date {
  const hour = parseHour(hour12);
  const minutes = Number(minute);
  if (hour === null || !Number.isInteger(minutes) || minutes < 0 || minutes > 59) throw new RangeError(`Unreadable time ${hour12}:${minute}`);
  return londonWallClock(pickupDate, hour, minutes);
}

/** 'YYYY-MM-DD' plus days, on the calendar (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** '2026-07-06' → 'Mon 6 Jul 2026'. */
export function formatLondonDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${DAY_NAMES[weekday]} ${day} ${MONTHS[month - 1]} ${year}`;
}
