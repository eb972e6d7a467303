import type { Pence } from './types.ts';

/**
 * A money setting as the operator types it, in pounds ('12', '2.5', '2.50') → pence. Blank, negative or unreadable
 * → 0, which also means "option not offered" (spec §5: an option shows only when its price setting is over zero).
 */
export function settingPence(value: string | null | undefined): Pence {
  if (value === null || value === undefined) return 0;
  const text = value.trim().replace(/^£/, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return 0;
  return Math.round(Number(text) * 100);
}

/** A numeric setting such as GRACE_TIME (minutes) or WHEEL_CHAIR; blank or unreadable → 0. */
export function settingNumber(value: string | null | undefined): number {
  if (value === null || value === undefined || value.trim() === '') return 0;
  const number = Number(value.trim());
  return Number.isFinite(number) && number > 0 ? number : 0;
}

/** Pence → pounds for the API (a number with at most two decimals). */
export const penceToPounds = (pence: Pence) => Math.round(pence) / 100;

/** A percentage of an amount, to the nearest penny (halves up). */
export const percentOf = (pence: Pence, percent: number): Pence => Math.round((pence * percent) / 100);

/** To the nearest whole pound, halves up: 4350 → 4400, 4349 → 4300. */
export const roundToPounds = (pence: Pence): Pence => Math.round(pence / 100) * 100;

