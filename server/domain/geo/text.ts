/** Lower case, no accents or apostrophes, words of [a-z0-9] separated by one space: "King's Cross" → "kings cross". */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\bsaint\b/g, 'st');
}

export const tokenize = (text: string): string[] => {
  const normal = normalise(text);
  return normal === '' ? [] : normal.split(' ');
};

/** Words that say what a place is rather than which one: on their own they identify nothing. */
export const GENERIC_WORDS = new Set([
  'london', 'greater', 'road', 'rd', 'street', 'st', 'the', 'uk', 'gb', 'united', 'kingdom', 'england', 'scotland', 'wales',
  'airport', 'aerodrome', 'airfield', 'international', 'station', 'terminal', 'hotel', 'and', 'of', 'way', 'lane', 'city',
  'north', 'south', 'east', 'west', 'upper', 'lower', 'great', 'little', 'new', 'old', 'centre', 'center', 'town',
]);

/** A token that can identify a place: not generic, with a letter, at least three characters (or a postcode-like mix). */
export const isDistinctive = (token: string) =>
  !GENERIC_WORDS.has(token) && /[a-z]/.test(token) && (token.length >= 3 || /\d/.test(token));

/** Street types: a place name right before one is usually part of a street name ("Church Road", "Oxford Street"). */
export const STREET_WORDS = new Set([
  'road', 'rd', 'street', 'st', 'lane', 'ln', 'avenue', 'ave', 'way', 'close', 'drive', 'dr', 'court', 'crescent', 'place',
  'square', 'gardens', 'grove', 'terrace', 'walk', 'hill', 'park', 'mews', 'row', 'parade', 'broadway', 'rise', 'vale', 'green',
]);
