import fc from 'fast-check';
import { expect } from 'vitest';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../../server/plugins/inputRules.ts';
import type { TestProvider } from './provider.ts';

/**
 * The fuzz suite's generators and checks (tests/api/fuzz.test.ts for /api/v1, fuzz-console.test.ts for /api/admin,
 * fuzz-driver.test.ts for /api/driver).
 */

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

/** An answer as Fastify's inject gives it. */
interface Answer {
  statusCode: number;
  body: string;
  json(): { message?: unknown };
}

/** What any fuzz case's answer must be: never a 5xx; a refusal is JSON with a string message and no stack trace. */
export function expectSafeAnswer(response: Answer, where: string): void {
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode < 400) return;
  expect(() => response.json(), where).not.toThrow();
  expect(typeof response.json().message, where).toBe('string');
  expect(response.body, where).not.toMatch(/\bat [\w.<>]+ \(.*:\d+:\d+\)/);
}

/** Unstorable text (NUL, a lone surrogate) at `path` is the edge rule's 400 naming the field: true when it applied. */
export function expectEdgeRule(response: Answer, where: string, path: (string | number)[], value: unknown): boolean {
  if (typeof value !== 'string' || isStorableText(value)) return false;
  expect(response.statusCode, where).toBe(400);
  expect(response.json().message, where).toBe(`${path.join('.')}: ${UNSTORABLE_TEXT_MESSAGE}`);
  return true;
}

/**
 * Row counts of every table but `except` (the per-address limits count refusals), in one statement (run twice per
 * case), and the tables whose count changed between two of them.
 */
export async function tableCounts(provider: TestProvider, except: ReadonlySet<string>) {
  const { rows } = await provider.db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY 1",
  );
  const tables = rows.map((row) => row.table_name).filter((table) => !except.has(table));
  const sql = `SELECT ${tables.map((table) => `(SELECT count(*) FROM ${table})::int AS ${table}`).join(', ')}`;
  return {
    counts: async () => (await provider.db.query<Record<string, number>>(sql)).rows[0]!,
    changed: (before: Record<string, number>, after: Record<string, number>) => Object.keys(after).filter((table) => after[table] !== before[table]).map((table) => `${table} ${before[table]} → ${after[table]}`),
  };
}
