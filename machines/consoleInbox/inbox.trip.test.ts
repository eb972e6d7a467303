import { describe, expect, it } from 'vitest';
import { bookingTime } from './inbox.trip.ts';

describe('bookingTime', () => {
  it.each([
    ['14:30', '14:30'],
    ['2:30pm', '14:30'],
    ['3pm', '15:00'],
    ['12am', '00:00'],
    ['12:07 p.m.', '12:05'],
    ['9:59', '09:55'],
  ])('%s → %s', (typed, expected) => expect(bookingTime(typed)).toBe(expected));
  it.each(['25:00', '13pm', 'noon', '10:75'])('%s → null', (typed) => expect(bookingTime(typed)).toBeNull());
});
