import { describe, expect, it } from 'vitest';
import { isCalendarDate, londonClock, londonOffsetMinutes } from './londonClock.ts';

const intl = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
function byIntl(now: Date) {
  const parts = Object.fromEntries(intl.formatToParts(now).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

describe('londonClock', () => {
  it('agrees with Intl Europe/London from 1996 to 2040: every 6 hours, and every hour of the weeks of the changes', () => {
    const instants: number[] = [];
    for (let year = 1996; year <= 2040; year += 1) {
      for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 6 * 3_600_000) instants.push(t, t + 59 * 60_000);
      for (const month of [2, 9]) for (let t = Date.UTC(year, month, 24); t < Date.UTC(year, month + 1, 2); t += 3_600_000) instants.push(t, t + 59 * 60_000);
    }
    const differ = instants.map((t) => new Date(t)).filter((now) => JSON.stringify(londonClock(now)) !== JSON.stringify(byIntl(now)));
    expect(differ.map((now) => now.toISOString())).toEqual([]);
    expect(instants.length).toBeGreaterThan(140_000);
  }, 60_000);

  it('switches at 01:00 UTC on the last Sundays of March and October', () => {
    expect(londonOffsetMinutes(new Date('2026-03-29T00:59:59Z'))).toBe(0);
    expect(londonOffsetMinutes(new Date('2026-03-29T01:00:00Z'))).toBe(60);
    expect(londonClock(new Date('2026-03-29T01:00:00Z'))).toEqual({ date: '2026-03-29', hour: 2, minute: 0 });
    expect(londonOffsetMinutes(new Date('2026-10-25T00:59:59Z'))).toBe(60);
    expect(londonOffsetMinutes(new Date('2026-10-25T01:00:00Z'))).toBe(0);
    expect(londonClock(new Date('2026-10-25T00:30:00Z'))).toEqual({ date: '2026-10-25', hour: 1, minute: 30 });
    expect(londonClock(new Date('2026-12-31T23:59:00Z'))).toEqual({ date: '2026-12-31', hour: 23, minute: 59 });
    expect(londonClock(new Date('2026-06-30T23:30:00Z'))).toEqual({ date: '2026-07-01', hour: 0, minute: 30 });
  });
});

describe('isCalendarDate', () => {
  it('accepts days of the calendar and refuses the rest without throwing', () => {
    expect(['2026-11-26', '2028-02-29', '2026-12-31'].map(isCalendarDate)).toEqual([true, true, true]);
    expect(['2026-02-30', '2027-02-29', '2026-13-01', '2026-00-10', '{}', '', '2026-1-1', '99999-01-01', '2026-11-26T00:00'].map(isCalendarDate)).toEqual(Array(9).fill(false));
  });
});
