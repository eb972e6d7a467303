import { describe, expect, it } from 'vitest';
import { paymentMethodLabel } from '../confirmation/format.ts';
import { formatAmount, formatDate, formatFlag, formatRideType, formatTime } from './format.ts';

describe('corporate booking formats (spec §9)', () => {
  it('shows dates day-month-year and times in 12-hour format', () => {
    expect(formatDate('2026-03-12')).toBe('12-03-2026');
    expect(formatDate(null)).toBe('');
    expect(formatTime('15:05')).toBe('3:05pm');
    expect(formatTime('00:00:00')).toBe('12:00am');
    expect(formatTime('12:30')).toBe('12:30pm');
    expect(formatTime('3pm')).toBe('3pm');
  });

  it("names the payment methods 'Pay to driver' and 'Pay by Card', and a booking its promo code made free 'Nothing to pay'", () => {
    expect(paymentMethodLabel('car', 42.5)).toBe('Pay to driver');
    expect(paymentMethodLabel('card', 42.5)).toBe('Pay by Card');
    expect(paymentMethodLabel('car', 0)).toBe('Nothing to pay');
  });

  it('shows amounts with the currency symbol, ride types and flags', () => {
    expect(formatAmount(42.5, '£')).toBe('£42.50');
    expect(formatAmount('120', '£')).toBe('£120.00');
    expect(formatAmount(null, '£')).toBe('');
    expect(formatRideType('Q')).toBe('Normal booking');
    expect(formatRideType('H')).toBe('Hourly hire');
    expect(formatFlag('yes')).toBe('Yes');
    expect(formatFlag(0)).toBe('No');
    expect(formatFlag(2)).toBe('2');
  });
});
