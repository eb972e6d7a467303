/**
 * SQL lives in repositories only: a module of server/domain that is not a repository (`repository.ts` or
 * `<name>Repository.ts`) sends no statement (`.query(`) and holds no SQL text; services call the repositories' named
 * functions. Read from the source, so a new inline statement fails here with its file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const DOMAIN = import.meta.dirname;
const ROOT = resolve(DOMAIN, '../..');

const isRepository = (file: string) => /(^|\/)repository\.ts$|Repository\.ts$/.test(file);

/** A statement sent (`db.query(…)`, `tx.query<…>(…)`), or a string or template that begins as SQL does (on its line or the next). */
const SQL_PATTERNS = [/\.query\s*(<|\()/g, /[`'"]\s*(SELECT\s|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|WITH\s+\w+\s+AS\s*\()/g];

/** The one module outside a repository that holds SQL text, and why. */
const KNOWN: Record<string, string> = {
  'server/domain/pricing/demoTariffs.ts': "the demo operator's seed INSERTs as text, which the seed sends: data, not a statement of the domain",
};

/** Where `text` holds SQL, as `line: text of that line` (comment lines are not read). */
function sqlLines(text: string): string[] {
  const lines = text.split('\n');
  const code = lines.map((line) => (/^\s*(\/\/|\*|\/\*)/.test(line) ? '' : line)).join('\n');
  const starts = SQL_PATTERNS.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => code.slice(0, match.index).split('\n').length));
  return [...new Set(starts)].sort((a, b) => a - b).map((number) => `${number}: ${lines[number - 1].trim()}`);
}

const modules = readdirSync(DOMAIN, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
  .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));

describe('SQL in server/domain lives in repositories', () => {
  it('the scan sees a statement, a SQL text and a repository', () => {
    expect(sqlLines("  const { rows } = await db.query<Row>(SQL, [siteId]);\n  return rows;")).toEqual(['1: const { rows } = await db.query<Row>(SQL, [siteId]);']);
    expect(sqlLines('const TEXT = `\n  SELECT id FROM bookings`;')).toEqual(['1: const TEXT = `']);
    expect(sqlLines('const TEXT = `SELECT id FROM bookings`;')).toHaveLength(1);
    expect(sqlLines("await tx.query('UPDATE bookings SET status = $1', [status]);")).toHaveLength(1);
    expect(sqlLines('// db.query(…) is the repository\'s')).toEqual([]);
    expect(isRepository('server/domain/quotes/quotesRepository.ts') && isRepository('server/domain/manage/repository.ts')).toBe(true);
    expect(isRepository('server/domain/manage/record.ts')).toBe(false);
    expect(modules.filter(isRepository).some((file) => sqlLines(readFileSync(resolve(ROOT, file), 'utf8')).length > 0)).toBe(true);
  });

  it('no other module sends or spells a statement', () => {
    const found = modules
      .filter((file) => !isRepository(file) && !Object.hasOwn(KNOWN, file))
      .flatMap((file) => sqlLines(readFileSync(resolve(ROOT, file), 'utf8')).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
  });
});
