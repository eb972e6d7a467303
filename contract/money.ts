/**
 * The one way the product writes money (issue 31): amounts are kept in pence and written with the currency symbol,
 * thousands grouped and two decimals, without Intl (its first use costs a phone's start-up; contract/londonClock.ts).
 */

/** Pence for people to read: 4250 → '£42.50', 123456 → '£1,234.56', -150 → '-£1.50'; a blank symbol is '£'. */
export function poundsText(pence: number, symbol?: string | null): string {
  const sign = pence < 0 ? '-' : '';
  const whole = Math.round(Math.abs(pence));
  const pounds = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${symbol || '£'}${pounds}.${String(whole % 100).padStart(2, '0')}`;
}

/** Pence as a pounds field's text (no symbol, no grouping): 4250 → '42.50'; none → ''. */
export const poundsField = (pence: number | null | undefined): string => (pence === null || pence === undefined ? '' : (pence / 100).toFixed(2));
