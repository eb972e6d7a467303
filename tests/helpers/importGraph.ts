/** The source's import graph, read from the files, for the tests that keep the layers apart. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** The .ts/.tsx files under a folder (relative to the repository), test files included unless `tests` is false. */
export function sourceFiles(folder: string, { tests = true }: { tests?: boolean } = {}): string[] {
  return readdirSync(resolve(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && (tests || !/\.test\.tsx?$/.test(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name));
}

const SPECIFIER = /(?:^[ \t]*(?:import|export)\b[^;'"]*?\bfrom\s*|^[ \t]*import\s*|\bimport\s*\(\s*|\bvi\.mock\(\s*|\bimportActual\s*(?:<[^>]*>)?\(\s*)(['"])([^'"]+)\1/gm;

/**
 * Every module a file names: static and dynamic imports, re-exports, type-only imports and vi.mock targets. Relative
 * ones come back as absolute paths, packages by their name ('xstate', 'node:fs').
 */
export function importedModules(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(SPECIFIER)].map((match) => (match[2].startsWith('.') ? resolve(dirname(file), match[2]) : match[2]));
}

/** The relative modules a file names, as absolute paths. */
export const importedPaths = (file: string) => importedModules(file).filter((target) => target.startsWith('/'));
