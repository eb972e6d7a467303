import fc from 'fast-check';

/** The fuzz suite's generators (tests/api/fuzz.test.ts for /api/v1, fuzz-console.test.ts for /api/admin). */

const HOSTILE = [
  "' OR 1=1 --",
  "'; DROP TABLE bookings; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '\u0000\u0001\u0002',
  '😀🚕🇬🇧',
  'ǅ ß İ ﬁ',
  '%00%27',
  '${7*7}{{7*7}}',
  'x'.repeat(5000),
  '__proto__',
  'constructor',
  '\u0000',
  'Heathrow\u0000',
  '\ud800',
  'Savoy \udfff',
  'half an emoji \ud83d',
  '\udc00 low first',
];

/** NUL and unpaired surrogates (each a lone UTF-16 unit) put into otherwise ordinary text. */
const UNSTORABLE_UNITS = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff'];
const unstorableString = fc.tuple(fc.string({ maxLength: 40 }), fc.constantFrom(...UNSTORABLE_UNITS), fc.string({ maxLength: 40 })).map(([before, unit, after]) => before + unit + after);
export const hostileString = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 50 }), unstorableString);
// Whole numbers past a 4-byte integer column (2^31) that are still safe integers, and the smallest doubles (which a
// 4-byte float column cannot hold), as well as the extremes.
const hugeNumber = fc.oneof(fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 53, 2 ** 31, -(2 ** 31) - 1, 2 ** 40, 1e15, 5e-324, 1e-40), fc.double());
/** One hostile JSON value: text, a number out of any range, a boolean, null. */
export const hostileLeaf = fc.oneof(hostileString, hugeNumber, fc.boolean(), fc.constant(null), fc.integer());
const leaf = hostileLeaf;
const deep = fc.integer({ min: 50, max: 400 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let index = 0; index < depth; index++) value = { a: value };
  return value;
});
/** Random request bodies: objects with the given field names (and hostile keys), anything, deep nests, arrays. */
export const bodyOf = (names: readonly string[]) =>
  fc.oneof(
    fc.dictionary(fc.constantFrom(...names, '__proto__', 'constructor'), fc.oneof(leaf, fc.array(leaf, { maxLength: 5 }), fc.dictionary(fc.string({ maxLength: 10 }), leaf, { maxKeys: 4 })), { maxKeys: 10 }),
    fc.anything({ maxDepth: 3 }),
    deep,
    fc.array(leaf, { maxLength: 20 }),
  );

/** A valid body with one of its strings replaced: reaches the handlers, where random bodies are refused at once. */
export interface Template {
  method: 'POST' | 'PATCH' | 'PUT';
  url: string;
  body: Record<string, unknown>;
}
export const stringPaths = (value: unknown, path: (string | number)[] = []): (string | number)[][] => {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
};
/** The paths to every value that is not an object or an array (numbers and booleans as well as strings). */
export const leafPaths = (value: unknown, path: (string | number)[] = []): (string | number)[][] => {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, [...path, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  return [path];
};
/** The value at `path` in `value` (undefined when the path is not there). */
export const valueAt = (value: unknown, path: (string | number)[]): unknown => path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string | number, unknown>)[key] : undefined), value);

/**
 * Numbers at the edges of the columns they may reach: just past a 4-byte integer either way, a whole number past that
 * which is still a safe integer, and a double too small for a 4-byte float (each was a 500 somewhere once). The
 * sweeps put each of them in every number of every valid body, where random cases pick one rarely.
 */
export const COLUMN_EDGES = [2 ** 31, -(2 ** 31) - 1, 1e15, 5e-324] as const;

export const replacedAt = (value: unknown, path: (string | number)[], text: unknown): unknown => {
  if (path.length === 0) return text;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]] = replacedAt(copy[path[0]], path.slice(1), text);
  return copy;
};


/**
 * The fuzz cases of one property, shared between the two databases `npm test` runs the API tests on: each database
 * runs its own half, with its own seed (PGlite `seed`, PostgreSQL `seed + 1`), so a full run tries `total` different
 * cases and repeats none (both engines are PostgreSQL: what a case finds does not depend on which one ran it).
 * CABFLOW_FUZZ_FULL=1 runs all `total` on this database alone.
 */
export function fuzzRuns(total: number, seed: number): { numRuns: number; seed: number } {
  if (process.env.CABFLOW_FUZZ_FULL === '1') return { numRuns: total, seed };
  const postgres = Boolean(process.env.TEST_DATABASE_URL);
  return { numRuns: Math.ceil(total / 2), seed: postgres ? seed + 1 : seed };
}
