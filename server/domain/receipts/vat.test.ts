import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settingsFromRows } from '../../../contract/settings.ts';
import { formatVatRate, vatAmounts, vatRateBasisPoints, vatSettings } from './vat.ts';

describe('VAT in integer pence', () => {
  it('reads the rate as basis points; anything unreadable is 20 %', () => {
    expect(['20', '17.5', '5', '0', '12.34', ' 20% ', '', 'twenty', '-5', '101', '1e2', '20.125'].map(vatRateBasisPoints)).toEqual([
      2000, 1750, 500, 0, 1234, 2000, 2000, 2000, 2000, 2000, 2000, 2000,
    ]);
    expect([2000, 1750, 500].map(formatVatRate)).toEqual(['20%', '17.5%', '5%']);
  });

  it('is not VAT-registered without a number; prices include VAT unless PRICES_INCLUDE_VAT is no', () => {
    const of = (rows: Record<string, string>) => vatSettings(settingsFromRows(Object.entries(rows).map(([setting_name, setting_value]) => ({ setting_name, setting_value }))));
    expect(of({})).toEqual({ number: null, rateBasisPoints: 2000, pricesIncludeVat: true });
    expect(of({ VAT_NUMBER: '  ', VAT_RATE: '5' })).toEqual({ number: null, rateBasisPoints: 500, pricesIncludeVat: true });
    expect(of({ VAT_NUMBER: ' GB 123 4567 89 ', PRICES_INCLUDE_VAT: 'NO' })).toEqual({ number: 'GB 123 4567 89', rateBasisPoints: 2000, pricesIncludeVat: false });
  });

  it('takes VAT out of a VAT-inclusive total to the nearest penny, halves up, on awkward amounts', () => {
    const inclusive = (gross: number, rate = 2000) => {
      const { netPence, vatPence } = vatAmounts(gross, rate, true);
      return [netPence, vatPence];
    };
    expect(inclusive(0)).toEqual([0, 0]);
    expect(inclusive(1)).toEqual([1, 0]); // 0.1667p
    expect(inclusive(3)).toEqual([2, 1]); // 0.5p exactly: up
    expect(inclusive(9)).toEqual([7, 2]); // 1.5p exactly: up
    expect(inclusive(12345)).toEqual([10287, 2058]); // 2057.5p: up
    expect(inclusive(4999)).toEqual([4166, 833]); // 833.1667p
    expect(inclusive(1001, 1750)).toEqual([852, 149]); // 149.0851p at 17.5 %
    expect(inclusive(105, 500)).toEqual([100, 5]);
    expect(inclusive(99_999_999)).toEqual([83_333_332, 16_666_667]);
  });

  it('adds VAT on top of a VAT-exclusive price', () => {
    expect(vatAmounts(1234, 2000, false)).toEqual({ netPence: 1234, vatPence: 247, grossPence: 1481 }); // 246.8p
    expect(vatAmounts(1, 2000, false)).toEqual({ netPence: 1, vatPence: 0, grossPence: 1 });
    expect(vatAmounts(25, 2000, false)).toEqual({ netPence: 25, vatPence: 5, grossPence: 30 });
    expect(vatAmounts(1, 5000, false)).toEqual({ netPence: 1, vatPence: 1, grossPence: 2 }); // 0.5p: up
  });

  it('always adds up, within half a penny of the exact VAT', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), fc.boolean(), (amount, rate, inclusive) => {
        const { netPence, vatPence, grossPence } = vatAmounts(amount, rate, inclusive);
        expect(netPence + vatPence).toBe(grossPence);
        const exact = inclusive ? (amount * rate) / (10_000 + rate) : (amount * rate) / 10_000;
        expect(Math.abs(vatPence - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });

  it('refuses an amount that is not whole pence', () => {
    expect(() => vatAmounts(12.5, 2000, true)).toThrow(RangeError);
    expect(() => vatAmounts(-1, 2000, true)).toThrow(RangeError);
  });
});
