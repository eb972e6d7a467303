import { describe, expect, it } from 'vitest';
import { poundsField, poundsText } from './money.ts';

describe('money as people read it', () => {
  it('writes pence with the symbol, thousands grouped and two decimals', () => {
    expect([0, 5, 4250, 100000, 123456, 100000000].map((pence) => poundsText(pence))).toEqual(['£0.00', '£0.05', '£42.50', '£1,000.00', '£1,234.56', '£1,000,000.00']);
    expect(poundsText(-150)).toBe('-£1.50');
    expect(poundsText(4250, '€')).toBe('€42.50');
    expect([null, undefined, ''].map((symbol) => poundsText(99, symbol))).toEqual(['£0.99', '£0.99', '£0.99']);
  });
  it('writes a form field in pounds without symbol or grouping', () => {
    expect([poundsField(123456), poundsField(5), poundsField(null), poundsField(undefined)]).toEqual(['1234.56', '0.05', '', '']);
  });
});
