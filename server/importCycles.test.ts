/**
 * No import circle in server/: a module's dependencies are below it. Read from the source's import graph (type-only
 * imports and re-exports included, as `madge --circular` reads them), so a circle such as pricing/rows.ts →
 * pricing/types.ts → sites/sitesRepository.ts → rows.ts fails here with its path.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = import.meta.dirname;
const ROOT = resolve(SERVER, '..');

const sourceFiles = readdirSync(SERVER, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
  .map((entry) => join(entry.parentPath, entry.name));

/** The server modules a file imports or re-exports (relative paths only; packages and contract/ cannot import back). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const pattern = /(?:^|[^.\w])(?:import|export)\s[^'";]*?from\s*(['"])(\.{1,2}\/[^'"]+)\1|\bimport\s*\(\s*(['"])(\.{1,2}\/[^'"]+)\3/g;
  return [...text.matchAll(pattern)]
    .map((match) => resolve(dirname(file), match[2] ?? match[4]))
    .filter((target) => target.startsWith(`${SERVER}/`) && existsSync(target));
}

/** Every circle, each once, as the path of files that closes it (Tarjan's strongly connected components). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfImport = graph.get(node)?.includes(node);
    if (component.length > 1 || selfImport) found.push(component.reverse());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const graph = new Map(sourceFiles.map((file) => [file, importsOf(file)]));

describe('server/ has no import circle', () => {
  it('reads the real graph', () => {
    expect(sourceFiles.length).toBeGreaterThan(100);
    expect(graph.get(resolve(SERVER, 'app.ts'))).toContain(resolve(SERVER, 'routes/quoting.ts'));
    expect(circles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
  });

  it('no module imports itself through others', () => {
    const found = circles(graph).map((component) => component.map((file) => relative(ROOT, file)).sort().join(' ↔ '));
    expect(found).toEqual([]);
  });
});

describe('domain code knows nothing of HTTP', () => {
  it('no module under server/domain reaches server/http.ts (HttpError, the status table), directly or through others', () => {
    const http = resolve(SERVER, 'http.ts');
    const reaches = (start: string) => {
      const seen = new Set([start]);
      const queue = [start];
      while (queue.length) {
        for (const target of graph.get(queue.shift()!) ?? []) {
          if (seen.has(target)) continue;
          seen.add(target);
          queue.push(target);
        }
      }
      return seen.has(http);
    };
    const domain = [...graph.keys()].filter((file) => file.startsWith(resolve(SERVER, 'domain') + '/'));
    expect(domain.length).toBeGreaterThan(50);
    expect(domain.filter(reaches).map((file) => relative(ROOT, file))).toEqual([]);
  });
});
