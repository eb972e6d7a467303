import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleReport {
  homeInitial: { js: number; css: number; files: string[] };
  chunks: { file: string; gzipKB: number }[];
  budget: { homeInitialJsGzipKB: number; homeInitialCssGzipKB: number; lazyChunkJsGzipKB: number };
  overBudget: string[];
}

/** The reports page's charts (@mantine/charts over recharts, issue 35): a lazy chunk with a budget of its own (scripts/check-bundle.ts). */
export const REPORT_CHARTS_ENTRY = 'src/views/console/reports/ReportChart.tsx';

/** The dispatcher's street map (MapLibre GL JS, issue 33): a lazy chunk with a budget of its own, loaded only with a style URL. */
export const STREET_MAP_ENTRY = 'src/maps/StreetDispatchMap.tsx';

/** The file names (under assets/) of the chunks budgeted on their own: the reports' charts, the street map. */
export function ownBudgetChunks(distDir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  return [REPORT_CHARTS_ENTRY, STREET_MAP_ENTRY].flatMap((entry) => (manifest[entry] ? [path.basename(manifest[entry].file)] : []));
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * Measures the built site in dist/: the home route's initial load is index.html's entry script, its modulepreloads and
 * stylesheets (what the browser fetches before the page can render); every other JS file is a lazy chunk.
 */
export function measureBundle(distDir: string, budgetFile: string, ownBudgets: readonly string[] = []): BundleReport {
  const budget = JSON.parse(readFileSync(budgetFile, 'utf8')) as BundleReport['budget'];
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  const js = initial.filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gz(path.join(distDir, file)), 0);
  const css = initial.filter((file) => file.endsWith('.css')).reduce((sum, file) => sum + gz(path.join(distDir, file)), 0);
  const assets = path.join(distDir, 'assets');
  const chunks = readdirSync(assets)
    .filter((file) => file.endsWith('.js') && !initial.includes(`assets/${file}`) && statSync(path.join(assets, file)).isFile())
    .map((file) => ({ file, gzipKB: kb(gz(path.join(assets, file))) }))
    .sort((a, b) => b.gzipKB - a.gzipKB);
  const report: BundleReport = { homeInitial: { js: kb(js), css: kb(css), files: initial }, chunks, budget, overBudget: [] };
  if (report.homeInitial.js > budget.homeInitialJsGzipKB) report.overBudget.push(`home initial JS ${report.homeInitial.js} kB > ${budget.homeInitialJsGzipKB} kB`);
  if (report.homeInitial.css > budget.homeInitialCssGzipKB) report.overBudget.push(`home initial CSS ${report.homeInitial.css} kB > ${budget.homeInitialCssGzipKB} kB`);
  // A chunk with a budget of its own (`ownBudgets`, file names under assets/: the reports' charts) is checked by its caller.
  for (const chunk of chunks) if (!ownBudgets.includes(chunk.file) && chunk.gzipKB > budget.lazyChunkJsGzipKB) report.overBudget.push(`lazy chunk ${chunk.file} ${chunk.gzipKB} kB > ${budget.lazyChunkJsGzipKB} kB`);
  return report;
}

export function printBundle(report: BundleReport) {
  console.log(`home initial load: JS ${report.homeInitial.js} kB gzip (budget ${report.budget.homeInitialJsGzipKB}), CSS ${report.homeInitial.css} kB gzip (budget ${report.budget.homeInitialCssGzipKB})`);
  console.table(report.chunks.slice(0, 15).map((chunk) => ({ 'lazy chunk': chunk.file, 'kB gzip': chunk.gzipKB })));
  if (report.overBudget.length) console.log(`OVER BUDGET:\n  ${report.overBudget.join('\n  ')}`);
}
