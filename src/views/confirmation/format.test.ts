import { describe, expect, it } from 'vitest';
import { currencyCode, formatDate, formatDuration, formatMinor, formatMoney, formatTime, paymentMethodLabel, rideTypeLabel } from './format.ts';

describe('booking formats', () => {
  it('writes money with the currency symbol and two decimals', () => {
    expect(formatMoney(55, '£')).toBe('£55.00');
    expect(formatMoney('1234.5', '£')).toBe('£1,234.50');
    expect(formatMoney(null, '€')).toBe('€–');
    expect(formatMinor(5550, '£')).toBe('£55.50');
    expect(currencyCode('£')).toBe('GBP');
  });

  it('writes dates day-month-year and times in 12-hour form', () => {
    expect(formatDate('2030-06-01')).toBe('01-06-2030');
    expect(formatTime('15:05')).toBe('3:05pm');
    expect(formatTime('00:30:00')).toBe('12:30am');
    expect(formatTime('12:00')).toBe('12:00pm');
    expect(formatTime('3:05 PM')).toBe('3:05pm');
    expect(formatTime('3pm')).toBe('3:00pm');
    expect(formatTime('12am')).toBe('12:00am');
  });

  it('names durations, ride types and payment methods as the spec does', () => {
    expect(formatDuration(4)).toBe('4 hours');
    expect(formatDuration('1hour')).toBe('1 hour');
    expect(rideTypeLabel('Q')).toBe('Normal booking');
    expect(rideTypeLabel('H')).toBe('Hourly booking');
    expect(paymentMethodLabel('car')).toBe('Pay to driver');
    expect(paymentMethodLabel('card')).toBe('Pay by Card');
    expect(paymentMethodLabel('account')).toBe('On account');
    expect(paymentMethodLabel('car', 0)).toBe('Nothing to pay');
    expect(paymentMethodLabel('car', 12.5)).toBe('Pay to driver');
  });
});
