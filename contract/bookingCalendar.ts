/**
 * A booking as an iCalendar file (RFC 5545), one event per leg, for the confirmation mail, the manage page and the
 * confirmation page (the browser builds it from what it shows, the server from the stored booking).
 *
 * Times are the London wall-clock times the passenger booked, written with TZID=Europe/London and the zone's own
 * VTIMEZONE (the UK rule: BST from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October),
 * so a pick-up at 08:00 in July opens at 08:00 in a calendar set to London, 07:00 in one set to UTC. No manage link
 * goes into the file: calendars are often shared with colleagues.
 * Plain code, no zod and no Intl: the browser may load it at once.
 */

export interface CalendarClock {
  /** YYYY-MM-DD, London */
  date: string;
  /** 0–23 */
  hour: number;
  minute: number;
}

export interface CalendarLeg {
  /** 'pickup' or 'return': part of the event's UID, so a changed booking replaces its events. */
  key: 'pickup' | 'return';
  start: CalendarClock;
  durationMinutes: number;
  summary: string;
  location: string;
  description: string[];
}

export interface BookingCalendar {
  bookingNumber: string;
  /** Raised by every change: a calendar replaces an event of lower SEQUENCE. */
  sequence: number;
  cancelled: boolean;
  /** When this file is made (DTSTAMP). */
  stamp: Date;
  legs: CalendarLeg[];
  /** Minutes before each leg to remind the passenger; null: no reminder. */
  reminderMinutes: number | null;
}

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

/**
 * One event per booking leg, the same whoever makes the file (server or browser) and whatever the site's host, so
 * importing the file again, or a changed booking's file, updates the event instead of adding one.
 */
export const calendarUid = (bookingNumber: string, leg: CalendarLeg['key']) => `${bookingNumber}-${leg}@cabflow`;

export const calendarFilename = (bookingNumber: string) => `booking-${bookingNumber.replace(/[^A-Za-z0-9-]/g, '')}.ics`;

const VTIMEZONE_LONDON = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'X-LIC-LOCATION:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const two = (value: number) => String(value).padStart(2, '0');

/** A TEXT value: backslash, semicolon, comma and line breaks escaped; other control characters dropped. */
export function calendarText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\n/g, '\\n');
}

/** Octets of one character in UTF-8 (a lone surrogate is written as U+FFFD: 3), as TextEncoder counts them. */
const utf8Octets = (char: string) => {
  const code = char.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
};

/** A content line folded at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  // Most lines are short ASCII: nothing to fold.
  if (line.length <= 75 && /^[\x00-\x7f]*$/.test(line)) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char);
    // The first line holds 75 octets; a continuation line starts with a space, so it holds 74 more.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const localDateTime = ({ date, hour, minute }: CalendarClock) => `${date.replaceAll('-', '')}T${two(hour)}${two(minute)}00`;
const utcStamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
const duration = (minutes: number) => {
  const whole = Math.max(1, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return `PT${hours ? `${hours}H` : ''}${rest || !hours ? `${rest}M` : ''}`;
};

/** The .ics text: CRLF line ends, folded lines, a VTIMEZONE for Europe/London, one VEVENT per leg. */
export function bookingCalendarText(calendar: BookingCalendar): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//cabflow//booking//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', ...VTIMEZONE_LONDON];
  for (const leg of calendar.legs) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${calendarText(calendarUid(calendar.bookingNumber, leg.key))}`,
      `SEQUENCE:${calendar.sequence}`,
      `DTSTAMP:${utcStamp(calendar.stamp)}`,
      `DTSTART;TZID=Europe/London:${localDateTime(leg.start)}`,
      `DURATION:${duration(leg.durationMinutes)}`,
      `SUMMARY:${calendarText(calendar.cancelled ? `Cancelled: ${leg.summary}` : leg.summary)}`,
      `LOCATION:${calendarText(leg.location)}`,
      `DESCRIPTION:${calendarText(leg.description.join('\n'))}`,
      `STATUS:${calendar.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
      'TRANSP:OPAQUE',
    );
    if (calendar.reminderMinutes !== null && !calendar.cancelled) {
      lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${calendarText(leg.summary)}`, `TRIGGER:-${duration(calendar.reminderMinutes)}`, 'END:VALARM');
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
