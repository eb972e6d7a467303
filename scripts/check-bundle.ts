// Fails (exit 1) when the built site exceeds its budgets: bench/budget.json's, and the start-up budgets below that each
// defend a kept start-up piece (docs/architecture.md, "The start-up seam"). Run by `npm test` after the build; prints
// the sizes the README's table shows (home initial JS and CSS, each lazy route beyond home, the console, the driver's app).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureBundle, ownBudgetChunks, printBundle, REPORT_CHARTS_ENTRY, STREET_MAP_ENTRY } from '../bench/lib/bundle.ts';
import { isConsolePath, isDriverPath } from '../contract/routeManifest.ts';
import { ROUTE_MODULES } from '../server/web/routeAssets.ts';

const root = path.resolve(import.meta.dirname, '..');
const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, 'dist');
const budgetFile = path.join(root, 'bench', 'budget.json');
// The reports page's charts are a lazy chunk with a budget of their own (below), not the lazy chunks' one.
const report = measureBundle(distDir, budgetFile, ownBudgetChunks(distDir));
printBundle(report);

/**
 * A start-up piece is kept only while a budget defends what it saves: each budget here lies below what the home page
 * measured without the piece (26 November 2026, gzip level 9), so putting the piece's dependency back fails the build.
 */
const STARTUP_BUDGETS = [
  {
    piece: 'contract/plainChecks.ts checks the embedded catalogue (src/app/bootstrap.ts) and the API calls load at first use',
    measure: 'home initial JS',
    // 132.06 kB measured on 26 November with the entry's static graph in one chunk (vite.config.ts); 143.0 kB before,
    // when rolldown split it into 35 files. The same day's budget run caught zod leaking into home through
    // contract/bookings.ts (166.5 kB).
    budgetKB: 140,
    /** Home initial JS with the catalogue checked by zod/mini schemas instead: 148.22 kB (zod: 158.18 kB), measured at 134.3. */
    withoutKB: 148.22,
  },
  {
    piece: 'the home page draws with src/components/plain/ and Mantine loads with the lazy parts (src/app/lazyThemed.tsx, src/themeVariables.css)',
    measure: 'home initial JS',
    // 117.99 kB measured on 5 December (issue 37's goal is 120).
    budgetKB: 120,
    /** Home initial JS with Mantine's provider and components in the first script: 135.4 kB, measured the same day. */
    withoutKB: 135.4,
  },
] as const;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const budget = JSON.parse(readFileSync(budgetFile, 'utf8')) as { consoleFirstLoadTotalJsGzipKB: number; consolePageTotalJsGzipKB: number; driverFirstLoadTotalJsGzipKB: number; reportChartsJsGzipKB: number; streetMapJsGzipKB: number };
const gzipKB = (files: Iterable<string>) => Math.round([...files].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length, 0) / 10.24) / 100;

/** A chunk's file and every file it imports statically, less `loaded`. */
function closure(keys: readonly string[], loaded: Set<string>): Set<string> {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || !chunk.file.endsWith('.js') || files.has(chunk.file) || loaded.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

const overBudget = [...report.overBudget];
/** Whether any of `files` (dist-relative) holds `text`. */
const holds = (files: Iterable<string>, text: string) => [...files].some((file) => readFileSync(path.join(distDir, file), 'utf8').includes(text));

const home = new Set(report.homeInitial.files);
for (const { piece, measure, budgetKB } of STARTUP_BUDGETS) {
  const kB = measure === 'home initial JS' ? report.homeInitial.js : report.homeInitial.css;
  console.log(`start-up budget: ${measure} ${kB} kB gzip (budget ${budgetKB}, defends: ${piece})`);
  if (kB > budgetKB) overBudget.push(`${measure} ${kB} kB > ${budgetKB} kB (the start-up budget of: ${piece})`);
}
// Any Mantine component or hook carries its provider lookup, whose error names the provider: none may reach the home
// page's first script (src/app/lazyThemed.tsx), where nothing provides it.
if (holds([...home].filter((file) => file.endsWith('.js')), 'MantineProvider was not found')) overBudget.push("the home page's initial scripts hold Mantine: draw the first script with src/components/plain/");

// Each lazy route's first screen: what it loads beyond the home page's initial files (its chunk and their imports).
console.table(
  Object.entries(ROUTE_MODULES)
    .filter(([route]) => !isConsolePath(route) && !isDriverPath(route))
    .map(([route, modules]) => ({ route, 'JS kB gzip beyond home': gzipKB(closure(modules, home)) })),
);

/**
 * The operator console (/admin, src/views/console/ConsoleApp.tsx) is lazy: the home route never loads it. Its cost
 * is measured from Vite's manifest: what its first screen (sign-in) loads beyond the home page's files, and what each
 * of its pages loads beyond that. Its budgets are totals with the home page's first script, which every page loads
 * first: since Mantine left that script (issue 37), what the console shares with the lazy pages is counted here.
 */
const CONSOLE_ENTRY = 'src/views/console/ConsoleApp.tsx';
const homeKB = report.homeInitial.js;
const total = (...kBs: number[]) => Math.round(kBs.reduce((sum, kB) => sum + kB, 0) * 100) / 100;
if (manifest[CONSOLE_ENTRY]) {
  const first = closure([CONSOLE_ENTRY], home);
  const firstKB = gzipKB(first);
  const loaded = new Set([...home, ...first]);
  const pages = (manifest[CONSOLE_ENTRY].dynamicImports ?? []).map((page) => ({ page: path.basename(page), kB: gzipKB(closure([page], loaded)) }));
  console.log(`console first load (sign-in): JS ${firstKB} kB gzip beyond home, ${total(homeKB, firstKB)} kB in all (budget ${budget.consoleFirstLoadTotalJsGzipKB})`);
  console.table(pages.map(({ page, kB }) => ({ 'console page': page, 'kB gzip beyond first load': kB, 'kB gzip in all': total(homeKB, firstKB, kB) })));
  if (total(homeKB, firstKB) > budget.consoleFirstLoadTotalJsGzipKB) overBudget.push(`console first load ${total(homeKB, firstKB)} kB in all > ${budget.consoleFirstLoadTotalJsGzipKB} kB`);
  for (const { page, kB } of pages) if (total(homeKB, firstKB, kB) > budget.consolePageTotalJsGzipKB) overBudget.push(`console page ${page} ${total(homeKB, firstKB, kB)} kB in all > ${budget.consolePageTotalJsGzipKB} kB`);
  /**
   * The reports page's charts load after its page (a dynamic import of ReportsPage.tsx, so not in the page's figure
   * above): what they load beyond the console's first load and the reports page, against their own budget.
   */
  const reportsPage = (manifest[CONSOLE_ENTRY].dynamicImports ?? []).find((page) => page.endsWith('/ReportsPage.tsx'));
  if (manifest[REPORT_CHARTS_ENTRY] && reportsPage) {
    const chartsKB = gzipKB(closure([REPORT_CHARTS_ENTRY], new Set([...loaded, ...closure([reportsPage], loaded)])));
    console.log(`reports charts beyond the reports page: JS ${chartsKB} kB gzip (budget ${budget.reportChartsJsGzipKB})`);
    if (chartsKB > budget.reportChartsJsGzipKB) overBudget.push(`reports charts ${chartsKB} kB > ${budget.reportChartsJsGzipKB} kB`);
  } else {
    overBudget.push(`no ${REPORT_CHARTS_ENTRY} (or ReportsPage.tsx) in the build's manifest`);
  }
  // The live map's street map (MapLibre GL JS) loads after the map page, only on a site with a style URL.
  const mapPage = (manifest[CONSOLE_ENTRY].dynamicImports ?? []).find((page) => page.endsWith('/MapPage.tsx'));
  if (manifest[STREET_MAP_ENTRY] && mapPage) {
    const streetKB = gzipKB(closure([STREET_MAP_ENTRY], new Set([...loaded, ...closure([mapPage], loaded)])));
    console.log(`street map beyond the live map page: JS ${streetKB} kB gzip (budget ${budget.streetMapJsGzipKB})`);
    if (streetKB > budget.streetMapJsGzipKB) overBudget.push(`street map ${streetKB} kB > ${budget.streetMapJsGzipKB} kB`);
  } else {
    overBudget.push(`no ${STREET_MAP_ENTRY} (or MapPage.tsx) in the build's manifest`);
  }
} else {
  overBudget.push(`no ${CONSOLE_ENTRY} in the build's manifest`);
}

/**
 * The driver's app (/driver, src/views/driver/DriverApp.tsx, issue 32) is lazy too: neither the home route nor the
 * console loads it. Its cost: what its first screen loads beyond the home page's files (the whole app, one chunk), its
 * budget a total with them.
 */
const DRIVER_ENTRY = 'src/views/driver/DriverApp.tsx';
if (manifest[DRIVER_ENTRY]) {
  const driverFiles = closure([DRIVER_ENTRY], home);
  const driverKB = gzipKB(driverFiles);
  console.log(`driver app first load: JS ${driverKB} kB gzip beyond home, ${total(homeKB, driverKB)} kB in all (budget ${budget.driverFirstLoadTotalJsGzipKB})`);
  if (total(homeKB, driverKB) > budget.driverFirstLoadTotalJsGzipKB) overBudget.push(`driver app first load ${total(homeKB, driverKB)} kB in all > ${budget.driverFirstLoadTotalJsGzipKB} kB`);
  // Its service worker (working without signal) is registered by the driver app alone: the website's and the
  // console's scripts never register it nor carry the code that does.
  const consoleFiles = manifest[CONSOLE_ENTRY] ? [...closure([CONSOLE_ENTRY], home), ...(manifest[CONSOLE_ENTRY].dynamicImports ?? []).flatMap((page) => [...closure([page], home)])] : [];
  const register = 'serviceWorker.register';
  if (!holds(driverFiles, register)) overBudget.push(`the driver app does not register its service worker (no ${register} in its chunks)`);
  if (holds(home, register)) overBudget.push(`the home page's initial scripts hold ${register}: only the driver app registers a service worker`);
  if (holds(consoleFiles, register)) overBudget.push(`the console's scripts hold ${register}: only the driver app registers a service worker`);
  console.log(`driver service worker registered by the driver app only: ${!holds(home, register) && !holds(consoleFiles, register) && holds(driverFiles, register)}`);
} else {
  overBudget.push(`no ${DRIVER_ENTRY} in the build's manifest`);
}
if (overBudget.length > report.overBudget.length) console.log(`OVER BUDGET:\n  ${overBudget.slice(report.overBudget.length).join('\n  ')}`);
process.exit(overBudget.length ? 1 : 0);
