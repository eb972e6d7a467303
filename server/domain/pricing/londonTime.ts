import { parseHour } from '../../../contract/booking.ts';

/**
 * Europe/London wall-clock time ↔ UTC instants with Intl only (CLARIFICATIONS 8). London is GMT (UTC+0) in winter and
 * BST (UTC+1) from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October.
 * - A wall-clock time that does not exist (01:00–01:59 on the March Sunday) is read as GMT, i.e. an hour later in
 *   BST: 01:30 → 02:30 BST (01:30 UTC), the instant a clock that was not changed would show.
 * - A wall-clock time that happens twice (01:00–01:59 on the October Sunday) is the first one, in BST.
 */

const formatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

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

/** Minutes London is ahead of UTC at an instant, from Intl (slow: a few microseconds). */
function intlOffsetMinutes(time: number): number {
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(time)) parts[part.type] = part.value;
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((asUtc - Math.floor(time / 1000) * 1000) / 60_000);
}

// UK clocks change at 01:00 UTC, on the hour, so the offset is constant within each UTC hour: cache it per hour.
const offsetsByHour = new Map<number, number>();
const HOUR = 3_600_000;

function offsetMinutesAt(time: number): number {
  const hour = Math.floor(time / HOUR);
  let offset = offsetsByHour.get(hour);
  if (offset === undefined) {
    offset = intlOffsetMinutes(hour * HOUR);
    if (offsetsByHour.size >= 100_000) offsetsByHour.clear();
    offsetsByHour.set(hour, offset);
  }
  return offset;
}

export function londonParts(instant: Date | number): LondonParts {
  const time = typeof instant === 'number' ? instant : instant.getTime();
  const offsetMinutes = offsetMinutesAt(time);
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
