/**
 * `value.toLocaleString('en-GB', { minimumFractionDigits, maximumFractionDigits })` with one Intl.NumberFormat per
 * pair of limits, made at first use. (A hand-made formatter without Intl saved ~20 ms at the price list's first render
 * on this machine, not measurable in first paint → effect on /quotationview and nothing in the bundle: removed, issue 16.)
 */
const formats = new Map<string, Intl.NumberFormat>();

export function formatNumberEnGb(value: number, minimumFractionDigits = 0, maximumFractionDigits = 3): string {
  const key = `${minimumFractionDigits}-${maximumFractionDigits}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat('en-GB', { minimumFractionDigits, maximumFractionDigits })));
  return format.format(value);
}
