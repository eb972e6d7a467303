import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumberEnGb } from './numberFormat.ts';

const formats = new Map<string, Intl.NumberFormat>();
/** value.toLocaleString('en-GB', …), with the formatter kept (a new one per call is slow). */
function intl(value: number, minimumFractionDigits = 0, maximumFractionDigits = 3): string {
  const key = `${minimumFractionDigits}-${maximumFractionDigits}`;
  if (!formats.has(key)) formats.set(key, new Intl.NumberFormat('en-GB', { minimumFractionDigits, maximumFractionDigits }));
  return formats.get(key)!.format(value);
}

describe('formatNumberEnGb', () => {
  it('writes amounts as the price screens show them', () => {
    expect(formatNumberEnGb(55, 2, 2)).toBe('55.00');
    expect(formatNumberEnGb(1234.5, 2, 2)).toBe('1,234.50');
    expect(formatNumberEnGb(1.005, 2, 2)).toBe('1.01');
    expect(formatNumberEnGb(999.995, 2, 2)).toBe('1,000.00');
    expect(formatNumberEnGb(12.3)).toBe('12.3');
    expect(formatNumberEnGb(1234567)).toBe('1,234,567');
  });

  it("agrees with Intl's en-GB format on edge values", () => {
    for (const value of [0, -0, -0.0001, 0.5, 1.005, 2.675, 0.125, 1e-7, 1e21, -1e21, 9007199254740.99, 123456789.125, Number.MAX_VALUE, Number.NaN, Infinity]) {
      expect(formatNumberEnGb(value, 2, 2), String(value)).toBe(intl(value, 2, 2));
      expect(formatNumberEnGb(value), String(value)).toBe(intl(value));
    }
  });

  it("agrees with Intl's en-GB format on any number and pence amount", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.integer({ min: 0, max: 3 }), (value, min) => {
        expect(formatNumberEnGb(value, min, 3)).toBe(intl(value, min, 3));
      }),
      { numRuns: 10_000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (pence) => {
        expect(formatNumberEnGb(pence / 100, 2, 2)).toBe(intl(pence / 100, 2, 2));
        expect(formatNumberEnGb(Math.round(pence / 10) / 10)).toBe(intl(Math.round(pence / 10) / 10));
      }),
      { numRuns: 10_000 },
    );
    // 20 000 Intl comparisons: about 2 s alone, longer beside the API tests on a busy machine.
  }, 30_000);
});
