import { describe, expect, it } from 'vitest';
import { BANK_HOLIDAYS_ENGLAND_WALES } from './bankHolidays.ts';

/** Easter Sunday (anonymous Gregorian algorithm). */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const plus = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
const firstMonday = (year: number, month: number) => {
  const date = new Date(Date.UTC(year, month - 1, 1));
  return plus(date, (8 - date.getUTCDay()) % 7);
};
const lastMonday = (year: number, month: number) => {
  const date = new Date(Date.UTC(year, month, 0));
  return plus(date, -((date.getUTCDay() + 6) % 7));
};
/** Christmas Day, Boxing Day and New Year's Day with substitute weekdays. */
function christmas(year: number): string[] {
  const days = [new Date(Date.UTC(year, 11, 25)), new Date(Date.UTC(year, 11, 26))];
  const taken = new Set<string>();
  return days.map((day) => {
    let date = day;
    while (date.getUTCDay() === 0 || date.getUTCDay() === 6 || taken.has(iso(date))) date = plus(date, 1);
    taken.add(iso(date));
    return iso(date);
  });
}
function newYear(year: number): string {
  let date = new Date(Date.UTC(year, 0, 1));
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date = plus(date, 1);
  return iso(date);
}

describe('bank holidays in England and Wales', () => {
  it.each([2025, 2026, 2027])('%s matches the rules', (year) => {
    const expected = [
      newYear(year),
      iso(plus(easter(year), -2)),
      iso(plus(easter(year), 1)),
      iso(firstMonday(year, 5)),
      iso(lastMonday(year, 5)),
      iso(lastMonday(year, 8)),
      ...christmas(year),
    ].sort();
    const listed = Object.keys(BANK_HOLIDAYS_ENGLAND_WALES).filter((date) => date.startsWith(String(year))).sort();
    expect(listed).toEqual(expected);
  });
});
