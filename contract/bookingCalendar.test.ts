import { describe, expect, it } from 'vitest';
import { bookingCalendarText, calendarFilename, calendarText, foldLine, type BookingCalendar } from './bookingCalendar.ts';

const july: BookingCalendar = {
  bookingNumber: 'CF-7K2M9QXA',
  sequence: 0,
  cancelled: false,
  stamp: new Date('2027-07-01T09:30:05.123Z'),
  reminderMinutes: 60,
  legs: [
    {
      key: 'pickup',
      start: { date: '2027-07-15', hour: 8, minute: 0 },
      durationMinutes: 75,
      summary: 'Taxi to The Savoy, Strand (Westway Cars)',
      location: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
      description: ['Booking CF-7K2M9QXA', 'Westway Cars: 020 7946 0321'],
    },
  ],
};

describe('the booking as an iCalendar file', () => {
  it('a Europe/London pick-up at 08:00 in July is 08:00 London time with the zone rule, in RFC 5545 lines', () => {
    expect(bookingCalendarText(july)).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//cabflow//booking//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
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
        'BEGIN:VEVENT',
        'UID:CF-7K2M9QXA-pickup@cabflow',
        'SEQUENCE:0',
        'DTSTAMP:20270701T093005Z',
        'DTSTART;TZID=Europe/London:20270715T080000',
        'DURATION:PT1H15M',
        'SUMMARY:Taxi to The Savoy\\, Strand (Westway Cars)',
        'LOCATION:Heathrow Airport Terminal 5\\, Hounslow TW6 2GA',
        'DESCRIPTION:Booking CF-7K2M9QXA\\nWestway Cars: 020 7946 0321',
        'STATUS:CONFIRMED',
        'TRANSP:OPAQUE',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'DESCRIPTION:Taxi to The Savoy\\, Strand (Westway Cars)',
        'TRIGGER:-PT1H',
        'END:VALARM',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('a cancelled booking keeps its UID, raises its SEQUENCE and says CANCELLED, without a reminder', () => {
    const text = bookingCalendarText({ ...july, cancelled: true, sequence: 1 });
    expect(text).toContain('\r\nUID:CF-7K2M9QXA-pickup@cabflow\r\nSEQUENCE:1\r\n');
    expect(text).toContain('\r\nSUMMARY:Cancelled: Taxi to The Savoy\\, Strand (Westway Cars)\r\n');
    expect(text).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(text).not.toContain('VALARM');
  });

  it('escapes text values and drops control characters, so a typed address cannot add a property', () => {
    expect(calendarText('a\\b;c,d\ne\r\nf\u0000g\u0007')).toBe('a\\\\b\\;c\\,d\\ne\\nfg');
    const text = bookingCalendarText({ ...july, legs: [{ ...july.legs[0], location: 'Flat 1\r\nATTENDEE:mailto:x@example.test' }] });
    expect(text).toContain('\r\nLOCATION:Flat 1\\nATTENDEE:mailto:x@example.test\r\n');
    expect(text.split('\r\n').filter((line) => line.startsWith('ATTENDEE'))).toEqual([]);
  });

  it('folds long lines at 75 octets without splitting a UTF-8 character', () => {
    const long = `DESCRIPTION:${'é'.repeat(60)}${'x'.repeat(50)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join('')).toBe(long);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('names the file after the booking number only', () => {
    expect(calendarFilename('CF-7K2M9QXA')).toBe('booking-CF-7K2M9QXA.ics');
    expect(calendarFilename('CF-"/../x')).toBe('booking-CF-x.ics');
  });
});
