import type { PromoKind } from '../../../contract/promoCodes.ts';
import { promoDiscountPence } from '../pricing/promo.ts';

/**
 * The promo code a booking was made with, as it was applied then (issue 30): a change is re-priced with the same
 * code under its rules as they stood at booking. The booking keeps the code's line in its breakdown (bookings.breakdown
 * .promo, written by the booking flow with contract/promoCodes.ts promoLabel): its label names the code and its value
 * ("Promo code SUMMER10 (10% off)", "Promo code TENOFF (£10.00 off)"), so the code's later edits (a new percentage,
 * an end date, a cap reached, switched off) change nothing for a booking already made with it. Nothing is judged
 * again (validity, caps, minimum fare, category: the booking was judged once) and no second use is counted.
 */
export interface BookedPromo {
  code: string;
  label: string;
  kind: PromoKind;
  percent: number | null;
  amount_pence: number | null;
  /** What it takes off the booking's price as it stands (pence, positive). */
  discount_pence: number;
}

// Pounds grouped by thousands (contract/money.ts) or not (labels stored before the one money format).
const LABEL = /^Promo code (\S+) \((?:(\d{1,3})%|£(\d{1,3}(?:,\d{3})+|\d+)\.(\d\d)) off\)$/;

/** The booking's code from its breakdown's promo line; null when it was made without one (or the line is not ours). */
export function bookedPromo(line: unknown): BookedPromo | null {
  const given = line && typeof line === 'object' ? (line as { label?: unknown }).label : undefined;
  const label = typeof given === 'string' ? given : '';
  const match = LABEL.exec(label);
  if (!match) return null;
  const [, code, percent, pounds, pence] = match;
  const discount_pence = Math.max(0, -Number((line as { amount_pence?: unknown }).amount_pence) || 0);
  if (percent !== undefined) return { code, label, kind: 'percent', percent: Number(percent), amount_pence: null, discount_pence };
  return { code, label, kind: 'fixed', percent: null, amount_pence: Number(pounds.replaceAll(',', '')) * 100 + Number(pence), discount_pence };
}

/** The breakdown line of the code on a re-priced total (every vehicle's price before the discount), as the booking flow writes it. */
export function promoLineFor(promo: BookedPromo, totalBeforePence: number) {
  const discount = promoDiscountPence(promo, totalBeforePence);
  return { code: 'promo' as const, label: promo.label, leg: 'trip' as const, group: 'adjustment' as const, amount: -discount / 100, amount_pence: -discount };
}
