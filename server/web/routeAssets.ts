/**
 * The preload table: which built files each route needs for its first screen, read from Vite's build manifest
 * (build.manifest: true; the manifest itself is not served), and the <link> tags that name them in the served page.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { routeKey } from '../../contract/routeKey.ts';
import { CONSOLE_AREA, DRIVER_AREA, PUBLIC_ROUTES, routeModules, type PublicRoute } from '../../contract/routeManifest.ts';

/** Vite's build manifest (build.manifest: true), the parts we read. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The lazy modules (Vite manifest keys) each route needs for its first screen, by lower-case path: the route
 * manifest's (contract/routeManifest.ts: each screen's module and its `preload`, e.g. the booking actor's code), and
 * the operator console's way in. Home is in the entry chunk.
 */
export const ROUTE_MODULES: Record<string, string[]> = {
  ...Object.fromEntries((PUBLIC_ROUTES as readonly PublicRoute[]).filter((route) => !route.eager).map((route) => [route.path.toLowerCase(), routeModules(route.path)])),
  // The operator console's way in (issue 17); its pages load their own chunks once signed in.
  ...Object.fromEntries(CONSOLE_AREA.entries.map((entry) => [entry, routeModules(entry)])),
  ...Object.fromEntries(DRIVER_AREA.entries.map((entry) => [entry, routeModules(entry)])),
};

/**
 * Modules a page is likely to import soon: the address fields' autocomplete on the quote request page. Their scripts
 * are linked with the route's (on a server-rendered page boot.js adds them a few per task), so Vite's preload helper
 * finds them requested already instead of adding about fifteen links in one task when the field swaps in. Their CSS is
 * left to the helper: it is not needed for the first paint. Not on the home page (issue 37: it fetches no more
 * JavaScript than it shows while nobody touches it; src/views/home/AddressField.tsx loads the autocomplete on intent).
 */
const ADDRESS_AUTOCOMPLETE = 'src/views/home/AddressFieldFull.tsx';
export const SOON_MODULES: Record<string, string[]> = {
  '/quoteview': [ADDRESS_AUTOCOMPLETE],
};

/**
 * A route's lazy chunks (with their imports) and their CSS files, then the scripts of its SOON_MODULES, less what the
 * entry already loads.
 */
export function routeAssets(manifest: Manifest, pathname: string): { scripts: string[]; styles: string[] } {
  const modules = ROUTE_MODULES[routeKey(pathname)] ?? [];
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const inEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) collect(next, into);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry);
  if (entryKey) collect(entryKey, inEntry);
  const wanted = new Set<string>();
  for (const key of modules) collect(key, wanted);
  const scripts: string[] = [];
  const styles: string[] = [];
  const entryCss = new Set([...inEntry].flatMap((key) => manifest[key].css ?? []));
  for (const key of wanted) {
    if (inEntry.has(key)) continue;
    scripts.push(`/${manifest[key].file}`);
    for (const css of manifest[key].css ?? []) if (!entryCss.has(css) && !styles.includes(`/${css}`)) styles.push(`/${css}`);
  }
  const soon = new Set<string>();
  for (const key of SOON_MODULES[routeKey(pathname)] ?? []) collect(key, soon);
  for (const key of soon) if (!inEntry.has(key) && !wanted.has(key)) scripts.push(`/${manifest[key].file}`);
  return { scripts, styles };
}

/**
 * The <link> tags that let the browser fetch a route's lazy chunk, its imports and its CSS together with the entry,
 * instead of after the entry has run and rendered (one round trip and a download saved before the view can paint).
 * Chunks the entry already loads (index.html's own modulepreload links) are left out. A server-rendered page needs
 * the route's CSS to paint: there it is a stylesheet.
 */
export function routePreloadLinks(manifest: Manifest, pathname: string, { rendered = false } = {}): string {
  const { scripts, styles } = routeAssets(manifest, pathname);
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
    ...styles.map((file) => (rendered ? `<link rel="stylesheet" crossorigin href="${file}">` : `<link rel="preload" as="style" crossorigin href="${file}">`)),
  ].join('\n');
}

export function readManifest(distDir: string): Manifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
  } catch {
    return null;
  }
}

/**
 * The links of each route (as a server-rendered page or not), worked out from the manifest once: the build does not
 * change while the server runs. Only the routes of the tables are remembered, so a stream of made-up paths cannot
 * grow the map.
 */
export function preloadTable(manifest: Manifest | null) {
  const byRoute = new Map<string, string>();
  return (route: string, rendered: boolean): string => {
    const key = `${rendered ? 'rendered ' : ''}${route}`;
    let links = byRoute.get(key) ?? '';
    if (manifest && (ROUTE_MODULES[route] || SOON_MODULES[route]) && !byRoute.has(key)) byRoute.set(key, (links = routePreloadLinks(manifest, route, { rendered })));
    return links;
  };
}
