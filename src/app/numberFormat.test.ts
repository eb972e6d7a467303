import { expect, it } from 'vitest';
import { formatNumberEnGb } from './numberFormat.ts';

it('writes amounts and miles as the price screens show them (en-GB, rounded half away from zero)', () => {
  expect([formatNumberEnGb(55, 2, 2), formatNumberEnGb(1234.5, 2, 2), formatNumberEnGb(1.005, 2, 2), formatNumberEnGb(999.995, 2, 2), formatNumberEnGb(12.3), formatNumberEnGb(1234567), formatNumberEnGb(-0.5, 2, 2)]).toEqual([
    '55.00',
    '1,234.50',
    '1.01',
    '1,000.00',
    '12.3',
    '1,234,567',
    '-0.50',
  ]);
});
