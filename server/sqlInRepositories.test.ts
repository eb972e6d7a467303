/**
 * SQL lives in repositories only: a module of server/ that is not a repository (`repository.ts` or
 * `<name>Repository.ts`) sends no statement (`.query(`) and holds no SQL text; services, routes, plugins and start-up
 * call the repositories' named functions. Read from the source, so a new inline statement fails here with its file and
 * line. The exceptions below are named with their reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = import.meta.dirname;
const ROOT = resolve(SERVER, '..');

const isRepository = (file: string) => /(^|\/)repository\.ts$|Repository\.ts$/.test(file);

/** A statement sent (`db.query(…)`, `tx.query<…>(…)`), or a string or template that begins as SQL does (on its line or the next). */
const SQL_PATTERNS = [/\.query\s*(<|\()/g, /[`'"]\s*(SELECT\s|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|WITH\s+\w+\s+AS\s*\()/g];

/** The modules and folders (ending in /) outside repositories that hold SQL, and why. */
const KNOWN: Record<string, string> = {
  'server/domain/pricing/demoTariffs.ts': "the demo operator's seed INSERTs as text, which the seed sends: data, not a statement of the domain",
  'server/adapters/db/': 'the database adapters themselves: connection checks, LISTEN/NOTIFY, the statement runner',
  'server/adapters/mail/': "the mail port's outbox is the adapter's own table (enqueue inside the caller's transaction, the dispatcher's claims)",
  'server/adapters/payments/sandbox.ts': "the sandbox card processor's own table of intents (it stands in for Stripe's side)",
  'server/db/': 'the migrations runner and the demo seed',
  'server/cli/boardTiming.ts': 'a timing tool that seeds thousands of bookings in bulk, not product code',
};
const isKnown = (file: string) => Object.keys(KNOWN).some((known) => (known.endsWith('/') ? file.startsWith(known) : file === known));

/** Where `text` holds SQL, as `line: text of that line` (comment lines are not read). */
function sqlLines(text: string): string[] {
  const lines = text.split('\n');
  const code = lines.map((line) => (/^\s*(\/\/|\*|\/\*)/.test(line) ? '' : line)).join('\n');
  const starts = SQL_PATTERNS.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => code.slice(0, match.index).split('\n').length));
  return [...new Set(starts)].sort((a, b) => a - b).map((number) => `${number}: ${lines[number - 1].trim()}`);
}

const modules = readdirSync(SERVER, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
  .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));

describe('SQL in server/ lives in repositories', () => {
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
      .filter((file) => !isRepository(file) && !isKnown(file))
      .flatMap((file) => sqlLines(readFileSync(resolve(ROOT, file), 'utf8')).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
  });
});
