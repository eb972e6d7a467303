import { PROMO_MESSAGES, promoLabel, type AppliedPromo, type PromoCode } from '../../../contract/promoCodes.ts';

/** A stored promo code as the rules read it (server/domain/promos/repository.ts loads it). */
export type PromoRule = Pick<PromoCode, 'id' | 'code' | 'kind' | 'percent' | 'amount_pence' | 'valid_from' | 'valid_to' | 'total_cap' | 'min_fare_pence' | 'categories' | 'active' | 'uses'>;

export type PromoVerdict = { ok: true; applied: AppliedPromo } | { ok: false; kind: 'unprocessable' | 'conflict'; message: string };

/** Pence taken off a booking total: a whole percentage (rounded half up to the penny) or a fixed amount, never below £0. */
export function promoDiscountPence(rule: Pick<PromoRule, 'kind' | 'percent' | 'amount_pence'>, totalPence: number): number {
  const off = rule.kind === 'percent' ? Math.round((totalPence * (rule.percent ?? 0)) / 100) : (rule.amount_pence ?? 0);
  return Math.max(0, Math.min(totalPence, off));
}

/**
 * Whether a code applies to a booking, and how: on London date `today` (validity window inclusive), for the chosen
 * vehicle category, with the booking's total before the discount (every vehicle of it; the minimum fare is checked on
 * that). `uses` counts the total cap as the caller read it; the database holds the cap when the use is taken.
 */
export function evaluatePromo(rule: PromoRule, booking: { totalPence: number; vehicleId: number; today: string }): PromoVerdict {
  if (!rule.active) return { ok: false, kind: 'unprocessable', message: PROMO_MESSAGES.invalid };
  if (rule.valid_from && booking.today < rule.valid_from) return { ok: false, kind: 'unprocessable', message: PROMO_MESSAGES.notYetValid };
  if (rule.valid_to && booking.today > rule.valid_to) return { ok: false, kind: 'unprocessable', message: PROMO_MESSAGES.expired };
  if (rule.total_cap !== null && rule.uses >= rule.total_cap) return { ok: false, kind: 'conflict', message: PROMO_MESSAGES.usedUp };
  if (rule.categories.length > 0 && !rule.categories.includes(booking.vehicleId)) return { ok: false, kind: 'unprocessable', message: PROMO_MESSAGES.category };
  if (booking.totalPence < rule.min_fare_pence) return { ok: false, kind: 'unprocessable', message: PROMO_MESSAGES.minimumFare(rule.min_fare_pence) };
  const discount = promoDiscountPence(rule, booking.totalPence);
  const label = promoLabel(rule);
  const total = booking.totalPence - discount;
  return {
    ok: true,
    applied: {
      code: rule.code,
      label,
      discount_pence: discount,
      total_before_pence: booking.totalPence,
      total_pence: total,
      total: total / 100,
      line: { code: 'promo', label, leg: 'trip', group: 'adjustment', amount: -discount / 100, amount_pence: -discount },
    },
  };
}
