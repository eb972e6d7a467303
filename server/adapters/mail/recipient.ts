/** One mail recipient: exactly one address, and the display name formatAddress wrote for it ('' when none). */
export interface Recipient {
  name: string;
  address: string;
}

/**
 * An address as the mail layer sends to: local@domain in printable ASCII, no spaces, quotes, angle brackets, commas,
 * semicolons, colons, parentheses or backslashes (nothing that could start a second address, a group or a comment),
 * a dotted domain, at most 254 characters.
 */
const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The one display-name form accepted, exactly as formatAddress writes it: '"Name with \" escaped" <address>'. */
const NAMED = /^"((?:[^"\\\r\n]|\\["\\])*)" <([^<>]*)>$/;

export const isMailAddress = (text: string) => text.length <= 254 && ADDRESS.test(text);

/**
 * The single recipient a stored `to` (or `reply_to`) names, or null when it is anything but exactly one address:
 * a list, a group, an unquoted or commented name, a line break, an address that is not one. The dispatcher hands
 * nodemailer the parsed `{ name, address }` (never the text, which it would parse as a list) and the address alone
 * as the SMTP envelope.
 */
export function parseRecipient(text: string): Recipient | null {
  if (isMailAddress(text)) return { name: '', address: text };
  const named = NAMED.exec(text);
  if (!named || !isMailAddress(named[2])) return null;
  return { name: named[1].replace(/\\(["\\])/g, '$1'), address: named[2] };
}

/** An address for a log line: the first character of the local part and the domain ('j…@example.test'). */
export const maskedAddress = (address: string) => address.replace(/^([^@]?)[^@]*@/, '$1…@');

/** Text (an SMTP server's reply) with every address in it masked. */
export const withMaskedAddresses = (text: string) => text.replace(/[^\s<>"',;:()[\]]+@[A-Za-z0-9.-]+/g, maskedAddress);
