import { describe, expect, it } from 'vitest';
import { promoLabel } from '../../../contract/promoCodes.ts';
import { evaluatePromo } from '../pricing/promo.ts';
import { bookedPromo, promoLineFor } from './promo.ts';

describe("a booking's promo code as booked", () => {
  it('reads back the line the booking flow stores (promoLabel), and re-prices a new total with it as evaluatePromo does', () => {
    const rules = [
      { id: 1, code: 'SUMMER20', kind: 'percent' as const, percent: 20, amount_pence: null },
      { id: 2, code: 'TEN-OFF', kind: 'fixed' as const, percent: null, amount_pence: 1000 },
      { id: 3, code: 'BIG_1', kind: 'fixed' as const, percent: null, amount_pence: 1234567 },
      { id: 4, code: 'FREE', kind: 'percent' as const, percent: 100, amount_pence: null },
    ];
    for (const rule of rules) {
      const applied = evaluatePromo({ ...rule, valid_from: null, valid_to: null, total_cap: null, min_fare_pence: 0, categories: [], active: true, uses: 0 }, { totalPence: 7648, vehicleId: 1, today: '2030-01-01' });
      if (!applied.ok) throw new Error(applied.message);
      const booked = bookedPromo(applied.applied.line)!;
      expect(booked).toEqual({ code: rule.code, label: promoLabel(rule), kind: rule.kind, percent: rule.percent, amount_pence: rule.amount_pence, discount_pence: applied.applied.discount_pence });
      for (const total of [1, 999, 7648, 9115, 2_000_000]) {
        const again = evaluatePromo({ ...rule, valid_from: null, valid_to: null, total_cap: null, min_fare_pence: 0, categories: [], active: true, uses: 0 }, { totalPence: total, vehicleId: 1, today: '2030-01-01' });
        if (again.ok) expect(promoLineFor(booked, total)).toEqual(again.applied.line);
      }
    }
    expect([null, undefined, {}, { label: 'Meet and greet' }, { label: 'Promo code X (£1 off)' }, { label: 'Promo code X (£12,34.00 off)' }].map(bookedPromo)).toEqual([null, null, null, null, null, null]);
    // A label stored before amounts were grouped by thousands reads back the same.
    expect(bookedPromo({ label: 'Promo code BIG_1 (£12345.67 off)', amount_pence: -7648 })).toMatchObject({ code: 'BIG_1', kind: 'fixed', amount_pence: 1234567, discount_pence: 7648 });
  });
});
