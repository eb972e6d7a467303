import { describe, expect, it } from 'vitest';
import { durationText, hoursText, kmFromMiles, settingAmount, starsOf, timeText } from './tripFormat.ts';

describe('trip formats (spec §9)', () => {
  it('converts miles to rounded km', () => {
    expect(kmFromMiles(10)).toBe(16);
    expect(kmFromMiles(15.2)).toBe(24);
    expect(kmFromMiles(0.2)).toBe(0);
  });
  it('writes durations and 12-hour times', () => {
    expect(durationText(3900)).toBe('1 h 5 min');
    expect(durationText(600)).toBe('10 min');
    expect(durationText(7200)).toBe('2 h');
    expect(timeText('3pm', '05')).toBe('3:05pm');
    expect(timeText('12am', '00')).toBe('12:00am');
    expect(timeText('12pm', '30')).toBe('12:30pm');
    expect(timeText(null, '00')).toBe('');
    expect(hoursText('4hour')).toBe('4 hours');
  });
  it('gives 1 to 5 stars from the rounded rating', () => {
    expect([starsOf(4.4), starsOf(4.5), starsOf(0), starsOf(9), starsOf(Number.NaN)]).toEqual([4, 5, 1, 5, 1]);
  });
  it('shows an option only when its setting is over zero', () => {
    expect([settingAmount('12'), settingAmount('0'), settingAmount(''), settingAmount(null), settingAmount('x')]).toEqual([12, null, null, null, null]);
  });
});
