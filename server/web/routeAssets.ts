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
 * Modules a server-rendered page loads at the visitor's first sign of intent: the home page's address autocomplete
 * (src/views/home/AddressField.tsx; issue 37: nothing of it is fetched while nobody touches the page). Their files are
 * named in an inert `<template id="intent-assets">` (intentTemplate), which the page's code adds a few per task
 * (public/boot.js) before it imports them: Vite's preload helper then finds them all requested, instead of adding about
 * 25 links in one task (100–135 ms at CPU 4×, the longest task after a tab tap).
 */
const HOME_ROUTES = (PUBLIC_ROUTES as readonly PublicRoute[]).filter((route) => route.module === 'src/views/home/HomeView.tsx').map((route) => route.path.toLowerCase());
export const INTENT_MODULES: Record<string, string[]> = Object.fromEntries(HOME_ROUTES.map((route) => [route, [ADDRESS_AUTOCOMPLETE]]));

/** `key` and the chunks it imports, into `into`. */
function collect(manifest: Manifest, key: string, into: Set<string>) {
  if (into.has(key) || !manifest[key]) return;
  into.add(key);
  for (const next of manifest[key].imports ?? []) collect(manifest, next, into);
}

/** The chunks the entry loads, with it. */
function entryChunks(manifest: Manifest): Set<string> {
  const inEntry = new Set<string>();
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (entryKey) collect(manifest, entryKey, inEntry);
  return inEntry;
}

/** The files of `modules` and of the chunks they import, less the entry's: their scripts, and their CSS. */
function filesOf(manifest: Manifest, modules: string[], inEntry: Set<string>): { scripts: string[]; styles: string[] } {
  const wanted = new Set<string>();
  for (const key of modules) collect(manifest, key, wanted);
  const entryCss = new Set([...inEntry].flatMap((key) => manifest[key].css ?? []));
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const key of wanted) {
    if (inEntry.has(key)) continue;
    scripts.push(`/${manifest[key].file}`);
    for (const css of manifest[key].css ?? []) if (!entryCss.has(css) && !styles.includes(`/${css}`)) styles.push(`/${css}`);
  }
  return { scripts, styles };
}

/**
 * A route's lazy chunks (with their imports) and their CSS files, then the scripts of its SOON_MODULES, less what the
 * entry already loads.
 */
export function routeAssets(manifest: Manifest, pathname: string): { scripts: string[]; styles: string[] } {
  const inEntry = entryChunks(manifest);
  const { scripts, styles } = filesOf(manifest, ROUTE_MODULES[routeKey(pathname)] ?? [], inEntry);
  for (const file of filesOf(manifest, SOON_MODULES[routeKey(pathname)] ?? [], inEntry).scripts) if (!scripts.includes(file)) scripts.push(file);
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

/**
 * The inert template naming a route's INTENT_MODULES (their scripts and CSS, less what the entry loads), or '' when it
 * has none. Nothing in a template is fetched until copied into the page.
 */
export function intentTemplate(manifest: Manifest, pathname: string): string {
  const { scripts, styles } = filesOf(manifest, INTENT_MODULES[routeKey(pathname)] ?? [], entryChunks(manifest));
  const tags = [...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`), ...styles.map((file) => `<link rel="stylesheet" crossorigin href="${file}">`)];
  return tags.length ? `<template id="intent-assets">${tags.join('')}</template>` : '';
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

/** Each route's intentTemplate, worked out once (only the routes of INTENT_MODULES are remembered). */
export function intentTable(manifest: Manifest | null) {
  const byRoute = new Map<string, string>();
  return (route: string): string => {
    if (!manifest || !INTENT_MODULES[route]) return '';
    let template = byRoute.get(route);
    if (template === undefined) byRoute.set(route, (template = intentTemplate(manifest, route)));
    return template;
  };
}
