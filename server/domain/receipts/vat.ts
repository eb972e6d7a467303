import type { Settings } from '../../../contract/settings.ts';

/**
 * VAT of a receipt (settings VAT_NUMBER, VAT_RATE, PRICES_INCLUDE_VAT), in integer pence. The rate is kept in basis
 * points (hundredths of a percent: 20 → 2000, 17.5 → 1750), so no amount ever goes through a binary fraction.
 *
 * Rounding rule: VAT is computed once on the document's total (not per line), to the nearest penny, halves up; the
 * other amount is the difference, so net + VAT = gross exactly.
 * - prices include VAT (PRICES_INCLUDE_VAT 'yes', the default): VAT = gross × rate / (100 + rate), net = gross − VAT;
 * - prices exclude VAT ('no'): VAT = net × rate / 100 added on top, gross = net + VAT.
 */

export const DEFAULT_VAT_RATE_BASIS_POINTS = 2000;

export interface VatSettings {
  /** The operator's VAT registration number; null: not VAT-registered (a plain receipt). */
  number: string | null;
  rateBasisPoints: number;
  pricesIncludeVat: boolean;
}

export interface VatAmounts {
  netPence: number;
  vatPence: number;
  grossPence: number;
}

/** '20' → 2000; blank, unreadable, negative or over 100 → the default 20 %. */
export function vatRateBasisPoints(value: string | null | undefined): number {
  const text = value?.trim().replace(/%$/, '').trim() ?? '';
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return DEFAULT_VAT_RATE_BASIS_POINTS;
  const [whole, fraction = ''] = text.split('.');
  const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return basisPoints <= 10_000 ? basisPoints : DEFAULT_VAT_RATE_BASIS_POINTS;
}

export function vatSettings(settings: Settings): VatSettings {
  const number = settings.VAT_NUMBER?.trim() || null;
  return { number, rateBasisPoints: vatRateBasisPoints(settings.VAT_RATE), pricesIncludeVat: settings.PRICES_INCLUDE_VAT?.trim().toLowerCase() !== 'no' };
}

/** numerator / denominator to the nearest whole number, halves up (both non-negative integers). */
const divideHalfUp = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** The VAT in an amount the passenger is charged (`amountPence`: the gross when prices include VAT, else the net). */
export function vatAmounts(amountPence: number, rateBasisPoints: number, pricesIncludeVat: boolean): VatAmounts {
  if (!Number.isSafeInteger(amountPence) || amountPence < 0) throw new RangeError(`VAT of an amount that is not whole pence: ${amountPence}`);
  if (pricesIncludeVat) {
    const vatPence = divideHalfUp(amountPence * rateBasisPoints, 10_000 + rateBasisPoints);
    return { netPence: amountPence - vatPence, vatPence, grossPence: amountPence };
  }
  const vatPence = divideHalfUp(amountPence * rateBasisPoints, 10_000);
  return { netPence: amountPence, vatPence, grossPence: amountPence + vatPence };
}

/** 2000 → '20%', 1750 → '17.5%'. */
export const formatVatRate = (basisPoints: number) => `${String(basisPoints / 100)}%`;
