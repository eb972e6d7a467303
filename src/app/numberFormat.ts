/**
 * `value.toLocaleString('en-GB', { minimumFractionDigits, maximumFractionDigits })` without Intl: the first Intl number
 * format of a page costs ~20 ms (~80 ms on a throttled phone) inside the render of the price list. Same rounding as
 * Intl (the shortest decimal that reads back as `value`, half away from zero); Intl itself for what this does not
 * cover (exponents, more than 15 significant digits). Held to Intl by numberFormat.test.ts.
 */
export function formatNumberEnGb(value: number, minimumFractionDigits = 0, maximumFractionDigits = 3): string {
  const magnitude = Math.abs(value);
  const scaled = Number(`${magnitude}e${maximumFractionDigits}`);
  const shortest = String(magnitude);
  const significantDigits = shortest.replace('.', '').replace(/^0+/, '').length;
  if (!Number.isFinite(value) || shortest.includes('e') || significantDigits > 15 || !Number.isSafeInteger(Math.round(scaled))) {
    return value.toLocaleString('en-GB', { minimumFractionDigits, maximumFractionDigits });
  }
  const digits = String(Math.round(scaled)).padStart(maximumFractionDigits + 1, '0');
  const whole = digits.slice(0, digits.length - maximumFractionDigits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = digits.slice(digits.length - maximumFractionDigits).replace(/0+$/, '').padEnd(minimumFractionDigits, '0');
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
