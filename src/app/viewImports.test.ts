/**
 * Views render and send events: the effects live in composition roots (src/app/<flow>/…Logic.ts, src/app/appLogic.ts,
 * src/app/booking/bookingLogic.ts), which give the machines their actors. So no file under src/views or src/components
 * imports src/api, and no composition root (`*Logic.ts`) lives there. Read from the source's import graph, so a view
 * that reaches for a call again fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const API = resolve(ROOT, 'src/api');
const VIEW_FOLDERS = ['src/views', 'src/components'];


function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every relative module a file names: static and dynamic imports, re-exports, and vi.mock targets. */
function importedPaths(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\bimportActual\s*(?:<[^>]*>)?\(\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;
  return [...text.matchAll(pattern)].map((match) => resolve(dirname(file), match[2]));
}

const viewFiles = VIEW_FOLDERS.flatMap((folder) => sourceFiles(resolve(ROOT, folder))).map((file) => ({ file, path: relative(ROOT, file) }));

describe('views and components reach the API only through composition roots', () => {
  it('finds the views (the scan reads real files)', () => {
    expect(viewFiles.length).toBeGreaterThan(100);
    expect(importedPaths(resolve(ROOT, 'src/app/corporate/corporateSession.ts')).some((path) => path.startsWith(API))).toBe(true);
  });

  it('no file under src/views or src/components imports src/api', () => {
    const offenders = viewFiles
      .flatMap(({ file, path }) => importedPaths(file).filter((target) => target === API || target.startsWith(`${API}/`)).map((target) => `${path} → ${relative(ROOT, target)}`));
    expect(offenders).toEqual([]);
  });

  it('no composition root (*Logic.ts) lives in a view folder', () => {
    const roots = viewFiles.filter(({ path }) => /Logic\.tsx?$/.test(path)).map(({ path }) => path);
    expect(roots).toEqual([]);
  });
});
