/**
 * Europe/London wall-clock time (CLARIFICATIONS 8) by the UK's summer-time rule, without Intl: the first use of an
 * Intl formatter with a time zone loads the browser's time-zone data, which cost a phone about 100 ms of the home
 * page's start-up. The rule (in force since 1996, Summer Time Order 2002): British Summer Time, UTC+1, from 01:00 UTC
 * on the last Sunday of March to 01:00 UTC on the last Sunday of October; GMT, UTC+0, otherwise.
 * contract/londonClock.test.ts holds it to Intl's Europe/London, hour by hour, 1996–2040.
 */
export interface LondonClock {
  /** YYYY-MM-DD */
  date: string;
  /** 0–23 */
  hour: number;
  minute: number;
}

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`, in epoch milliseconds. */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
}

/** A year's summer time, [start, end) in epoch milliseconds: worked out once per year (pricing asks per row). */
const summerTimes = new Map<number, readonly [number, number]>();
function summerTimeOf(year: number): readonly [number, number] {
  let range = summerTimes.get(year);
  if (!range) {
    range = [lastSundayAt1Utc(year, 2), lastSundayAt1Utc(year, 9)];
    if (summerTimes.size >= 1000) summerTimes.clear();
    summerTimes.set(year, range);
  }
  return range;
}

/** London's offset from UTC at `now`, in minutes: 60 in summer time, else 0. */
export function londonOffsetMinutes(now: Date): number {
  const [start, end] = summerTimeOf(now.getUTCFullYear());
  const t = now.getTime();
  return t >= start && t < end ? 60 : 0;
}

export function londonClock(now: Date): LondonClock {
  const local = new Date(now.getTime() + londonOffsetMinutes(now) * 60_000);
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours(), minute: local.getUTCMinutes() };
}

/** 'YYYY-MM-DD' naming a day of the calendar ('2026-02-30' does not); false for anything else, never a throw. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}
