// Fails (exit 1) when the built site exceeds bench/budget.json: run by `npm test` after the build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureBundle, printBundle } from '../bench/lib/bundle.ts';

const root = path.resolve(import.meta.dirname, '..');
const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, 'dist');
const budgetFile = path.join(root, 'bench', 'budget.json');
const report = measureBundle(distDir, budgetFile);
printBundle(report);

/**
 * The operator console (/admin, src/views/admin/ConsoleApp.tsx) is lazy: the home route never loads it. Its own cost
 * is measured from Vite's manifest: what its first screen (sign-in) loads beyond the home page's files, and what each
 * of its pages loads beyond that.
 */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
const CONSOLE_ENTRY = 'src/views/admin/ConsoleApp.tsx';
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const budget = JSON.parse(readFileSync(budgetFile, 'utf8')) as { consoleInitialJsGzipKB: number; consolePageJsGzipKB: number };
const gzipKB = (files: Iterable<string>) => Math.round([...files].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length, 0) / 10.24) / 100;

/** A chunk's file and every file it imports statically, less `loaded`. */
function closure(key: string, loaded: Set<string>): Set<string> {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || !chunk.file.endsWith('.js') || files.has(chunk.file) || loaded.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

const overBudget = [...report.overBudget];
if (manifest[CONSOLE_ENTRY]) {
  const home = new Set(report.homeInitial.files);
  const first = closure(CONSOLE_ENTRY, home);
  const firstKB = gzipKB(first);
  const loaded = new Set([...home, ...first]);
  const pages = (manifest[CONSOLE_ENTRY].dynamicImports ?? []).map((page) => ({ page: path.basename(page), kB: gzipKB(closure(page, loaded)) }));
  console.log(`console first load (sign-in) beyond home: JS ${firstKB} kB gzip (budget ${budget.consoleInitialJsGzipKB})`);
  console.table(pages.map(({ page, kB }) => ({ 'console page': page, 'kB gzip beyond first load': kB })));
  if (firstKB > budget.consoleInitialJsGzipKB) overBudget.push(`console first load ${firstKB} kB > ${budget.consoleInitialJsGzipKB} kB`);
  for (const { page, kB } of pages) if (kB > budget.consolePageJsGzipKB) overBudget.push(`console page ${page} ${kB} kB > ${budget.consolePageJsGzipKB} kB`);
} else {
  overBudget.push(`no ${CONSOLE_ENTRY} in the build's manifest`);
}
if (overBudget.length > report.overBudget.length) console.log(`OVER BUDGET:\n  ${overBudget.slice(report.overBudget.length).join('\n  ')}`);
process.exit(overBudget.length ? 1 : 0);
