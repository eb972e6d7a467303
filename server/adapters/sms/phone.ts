/**
 * UK mobile numbers as the SMS port sends to: E.164 (`+447700900123`). Passengers type their number in many ways
 * (`07700 900123`, `+44 7700 900123`, `+44 (0)7700 900123`, `0044 7700 900123`, `447700900123`); anything that is not
 * a UK mobile number after taking out spaces, dots, dashes and brackets is null: a landline, a foreign number, a
 * number with an extension or letters, garbage. Such a passenger gets no text; nothing else changes.
 *
 * Mobile ranges (Ofcom's National Telephone Numbering Plan): 071–075, 077–079, and 07624 (Isle of Man). 070 is
 * personal numbering and 076 (but 07624) radiopaging: neither takes texts reliably, so neither is a mobile here.
 */
const SEPARATORS = /[\s.\-()/\u00a0]/g;

export function ukMobileE164(input: string | null | undefined): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  // "+44 (0)7700 900123": the trunk 0 written after the country code.
  let digits = input.trim().replace(/^\+44\s*\(0\)/, '+44').replace(SEPARATORS, '');
  if (digits.startsWith('+44')) digits = digits.slice(3);
  else if (digits.startsWith('0044')) digits = digits.slice(4);
  else if (digits.startsWith('44') && digits.length === 12) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  else return null;
  if (!/^\d{10}$/.test(digits)) return null;
  // The national number without its trunk 0: 7xxxxxxxxx.
  if (!/^7(?:[1-5]\d|[7-9]\d|624)/.test(digits)) return null;
  return `+44${digits}`;
}

/** A number for a log line: the country code and the last three digits ('+44…123'). */
export const maskedNumber = (e164: string) => (e164.length > 6 ? `${e164.slice(0, 3)}…${e164.slice(-3)}` : '…');
