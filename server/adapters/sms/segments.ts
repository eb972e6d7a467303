/**
 * How many SMS segments a text takes (3GPP TS 23.038 / 23.040). A text all in the GSM 7-bit default alphabet is sent
 * in 7-bit septets: 160 in one segment, 153 per segment once split (the rest of each is the concatenation header);
 * the characters of the extension table (^ { } \ [ ~ ] | €, form feed) take two septets each. Any other character
 * sends the whole text as UCS-2: 70 UTF-16 units in one segment, 67 per segment once split (an emoji is two units).
 * Operators' texts are held to at most 2 segments: 306 septets or 134 UCS-2 units.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SegmentCount {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/** The most a text may take: 2 segments. */
export const MAX_SEGMENTS = 2;
export const MAX_UNITS: Record<SmsEncoding, number> = { 'GSM-7': 2 * 153, 'UCS-2': 2 * 67 };

export function isGsm7(text: string): boolean {
  for (const char of text) if (!basic.has(char) && !extension.has(char)) return false;
  return true;
}

export function countSegments(text: string): SegmentCount {
  if (isGsm7(text)) {
    let units = 0;
    for (const char of text) units += extension.has(char) ? 2 : 1;
    return { encoding: 'GSM-7', units, segments: units === 0 ? 1 : units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/**
 * Typographic characters people paste into names and addresses, as their GSM-7 look-alikes, so one curly apostrophe
 * does not halve what a text may hold (UCS-2). Other characters are kept as they are.
 */
const LOOK_ALIKES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2033': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\t': ' ',
};

/** Text as a text message holds it: look-alikes for typographic characters, no control characters, one space between words. */
export function smsSafe(text: string): string {
  return (
    text
      .replace(/[\u2018\u2019\u201a\u201b\u2032\u201c\u201d\u201e\u2033\u2013\u2014\u2212\u2026\u00a0\u2009\u202f\t]/g, (char) => LOOK_ALIKES[char])
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u2060\ufeff]/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

export const fitsSegments = (text: string, max = MAX_SEGMENTS) => countSegments(text).segments <= max;

const SPELLED: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Œ: 'OE', œ: 'oe', Þ: 'Th', þ: 'th', ı: 'i' };

/**
 * Text in the GSM 7-bit alphabet only: a GSM character is kept, any other loses its accents where that makes one
 * ('ó' → 'o', 'ź' → 'z', 'Ł' → 'L'), else is dropped (an emoji). For a text that would not fit in UCS-2.
 */
export function gsmOnly(text: string): string {
  let out = '';
  for (const char of smsSafe(text)) {
    if (basic.has(char) || extension.has(char)) out += char;
    else if (SPELLED[char]) out += SPELLED[char];
    else out += [...char.normalize('NFD')].filter((part) => basic.has(part)).join('');
  }
  return out.replace(/ {2,}/g, ' ').trim();
}
