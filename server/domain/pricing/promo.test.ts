import { describe, expect, it } from 'vitest';
import { PROMO_MESSAGES } from '../../../contract/promoCodes.ts';
import { evaluatePromo, promoDiscountPence, type PromoRule } from './promo.ts';

const rule = (changes: Partial<PromoRule> = {}): PromoRule => ({
  id: 1,
  code: 'SUMMER10',
  kind: 'percent',
  percent: 10,
  amount_pence: null,
  valid_from: null,
  valid_to: null,
  total_cap: null,
  min_fare_pence: 0,
  categories: [],
  active: true,
  uses: 0,
  ...changes,
});
const fixed = (amount_pence: number, changes: Partial<PromoRule> = {}) => rule({ code: 'TENOFF', kind: 'fixed', percent: null, amount_pence, ...changes });
const booking = { totalPence: 4550, vehicleId: 2, today: '2026-11-26' };

describe('promo discount', () => {
  it.each([
    ['10% of £45.50 is £4.55', rule(), 4550, 455],
    ['12% of £0.99 rounds half up to 12p', rule({ percent: 12 }), 99, 12],
    ['33% of £1.01 rounds down to 33p', rule({ percent: 33 }), 101, 33],
    ['100% takes the whole fare', rule({ percent: 100 }), 4550, 4550],
    ['a fixed £10.00 once per booking', fixed(1000), 4550, 1000],
    ['a fixed amount above the fare stops at £0', fixed(9000), 4550, 4550],
    ['nothing off nothing', fixed(1000), 0, 0],
  ])('%s', (_name, promo, total, expected) => {
    expect(promoDiscountPence(promo, total)).toBe(expected);
  });
});

describe('promo rules', () => {
  it.each([
    ['switched off', rule({ active: false }), booking, 'unprocessable', PROMO_MESSAGES.invalid],
    ['before its first date', rule({ valid_from: '2026-11-27' }), booking, 'unprocessable', PROMO_MESSAGES.notYetValid],
    ['after its last date', rule({ valid_to: '2026-11-25' }), booking, 'unprocessable', PROMO_MESSAGES.expired],
    ['used up', rule({ total_cap: 3, uses: 3 }), booking, 'conflict', PROMO_MESSAGES.usedUp],
    ['another category', rule({ categories: [1, 3] }), booking, 'unprocessable', PROMO_MESSAGES.category],
    ['under the minimum fare', rule({ min_fare_pence: 4551 }), booking, 'unprocessable', 'This promo code needs a fare of at least £45.51'],
  ])('refuses a code %s', (_name, promo, trip, kind, message) => {
    expect(evaluatePromo(promo, trip)).toEqual({ ok: false, kind, message });
  });

  it.each([
    ['on its first and last date (inclusive)', rule({ valid_from: '2026-11-26', valid_to: '2026-11-26' })],
    ['with a use left', rule({ total_cap: 3, uses: 2 })],
    ['for its category', rule({ categories: [2] })],
    ['at exactly the minimum fare', rule({ min_fare_pence: 4550 })],
  ])('applies a code %s', (_name, promo) => {
    expect(evaluatePromo(promo, booking)).toMatchObject({ ok: true, applied: { discount_pence: 455, total_pence: 4095 } });
  });

  it('answers a negative breakdown line and the totals', () => {
    expect(evaluatePromo(rule(), booking)).toEqual({
      ok: true,
      applied: {
        code: 'SUMMER10',
        label: 'Promo code SUMMER10 (10% off)',
        discount_pence: 455,
        total_before_pence: 4550,
        total_pence: 4095,
        total: 40.95,
        line: { code: 'promo', label: 'Promo code SUMMER10 (10% off)', leg: 'trip', group: 'adjustment', amount: -4.55, amount_pence: -455 },
      },
    });
    expect(evaluatePromo(fixed(1000), booking)).toMatchObject({ ok: true, applied: { label: 'Promo code TENOFF (£10.00 off)', total_pence: 3550 } });
  });
});
