import { describe, expect, it } from 'vitest';
import { addDays, formatLondonDate, londonDateTime, londonParts } from './londonTime.ts';

describe('londonDateTime: London wall-clock → UTC instant', () => {
  it.each([
    // date, hour, minute, UTC instant
    ['2026-01-15', '3pm', '05', '2026-01-15T15:05:00.000Z'], // GMT
    ['2026-07-15', '3pm', '05', '2026-07-15T14:05:00.000Z'], // BST
    ['2026-07-15', '12am', '00', '2026-07-14T23:00:00.000Z'], // midnight (CLARIFICATIONS 2)
    ['2026-07-15', '12pm', '00', '2026-07-15T11:00:00.000Z'], // noon
    // Last Sunday of March 2026: 01:00 GMT becomes 02:00 BST.
    ['2026-03-28', '3pm', '00', '2026-03-28T15:00:00.000Z'],
    ['2026-03-29', '12am', '30', '2026-03-29T00:30:00.000Z'],
    ['2026-03-29', '1am', '30', '2026-03-29T01:30:00.000Z'], // does not exist: read as GMT (= 02:30 BST)
    ['2026-03-29', '2am', '00', '2026-03-29T01:00:00.000Z'],
    ['2026-03-29', '3pm', '00', '2026-03-29T14:00:00.000Z'],
    // Last Sunday of October 2026: 02:00 BST becomes 01:00 GMT.
    ['2026-10-25', '12am', '30', '2026-10-24T23:30:00.000Z'],
    ['2026-10-25', '1am', '30', '2026-10-25T00:30:00.000Z'], // happens twice: the first (BST)
    ['2026-10-25', '2am', '00', '2026-10-25T02:00:00.000Z'],
    ['2026-10-25', '3pm', '00', '2026-10-25T15:00:00.000Z'],
    // 2025 and 2027 changes: 30 March / 26 October 2025, 28 March / 31 October 2027.
    ['2025-03-30', '12pm', '00', '2025-03-30T11:00:00.000Z'],
    ['2025-10-26', '12pm', '00', '2025-10-26T12:00:00.000Z'],
    ['2027-03-28', '12pm', '00', '2027-03-28T11:00:00.000Z'],
    ['2027-10-31', '12pm', '00', '2027-10-31T12:00:00.000Z'],
  ])('%s %s:%s → %s', (date, hour, minute, instant) => {
    expect(londonDateTime(date, hour, minute).toISOString()).toBe(instant);
  });

  it('reads 24-hour text too, and refuses an unreadable hour', () => {
    expect(londonDateTime('2026-07-15', '15', '00').toISOString()).toBe('2026-07-15T14:00:00.000Z');
    expect(() => londonDateTime('2026-07-15', '13pm', '00')).toThrow(RangeError);
  });
});

describe('londonParts: UTC instant → London wall-clock', () => {
  it.each([
    ['2026-03-29T00:59:00Z', '2026-03-29', 0, 59, 0],
    ['2026-03-29T01:00:00Z', '2026-03-29', 2, 0, 60],
    ['2026-10-25T00:59:00Z', '2026-10-25', 1, 59, 60],
    ['2026-10-25T01:00:00Z', '2026-10-25', 1, 0, 0],
    ['2026-06-30T23:30:00Z', '2026-07-01', 0, 30, 60],
  ] as const)('%s → %s %s:%s (offset %s)', (instant, date, hour, minute, offset) => {
    expect(londonParts(new Date(instant))).toMatchObject({ date, hour, minute, offsetMinutes: offset });
  });

  it('gives the weekday in London', () => {
    expect(londonParts(new Date('2026-06-13T23:30:00Z')).weekday).toBe(0); // Sunday 00:30 BST
    expect(formatLondonDate('2026-07-06')).toBe('Mon 6 Jul 2026');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
