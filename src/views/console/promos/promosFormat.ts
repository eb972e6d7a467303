import type { PromoCode } from '../../../../contract/promoCodes.ts';
import { poundsText } from '../../../../contract/money.ts';

const dmy = (date: string) => date.split('-').reverse().join('/');

/** "10% off" or "£5.00 off". */
export const discountText = (promo: Pick<PromoCode, 'kind' | 'percent' | 'amount_pence'>) => (promo.kind === 'percent' ? `${promo.percent}% off` : `${poundsText(promo.amount_pence ?? 0)} off`);

/** The validity window in London dates, inclusive: "Always", "From 01/12/2026", "Until 31/12/2026", "01/12/2026 – 31/12/2026". */
export function validityText(promo: Pick<PromoCode, 'valid_from' | 'valid_to'>): string {
  if (promo.valid_from && promo.valid_to) return `${dmy(promo.valid_from)} – ${dmy(promo.valid_to)}`;
  if (promo.valid_from) return `From ${dmy(promo.valid_from)}`;
  if (promo.valid_to) return `Until ${dmy(promo.valid_to)}`;
  return 'Always';
}

/** "3 of 100" or "3 (no limit)". */
export const usesText = (promo: Pick<PromoCode, 'uses' | 'total_cap'>) => (promo.total_cap === null ? `${promo.uses} (no limit)` : `${promo.uses} of ${promo.total_cap}`);

export const minimumText = (pence: number) => (pence > 0 ? poundsText(pence) : 'None');

/** Pounds typed in the form ("12.50") as pence, or null when it is not an amount. */
export function penceOf(text: string): number | null {
  const trimmed = text.trim().replace(/^£/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}
