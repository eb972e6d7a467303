import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { BOOTSTRAP_ELEMENT_ID } from '../../contract/plainChecks.ts';
import { routeKey } from '../../contract/routeKey.ts';
import { cookieValue, decodeTripCookie, renderedTripInput, TRIP_COOKIE, TRIP_ELEMENT_ID, type RenderedTripInput, type VehicleRef } from '../../contract/tripCookie.ts';
import type { SiteCache, SiteCatalog } from '../domain/sites/index.ts';
import { toAddressList, toCompanyList, toFleetList } from '../domain/sites/index.ts';
import { sendError } from '../http.ts';
import { EARLY_INPUT_SCRIPT_HASH, withEarlyInputRecorder } from '../web/earlyInput.ts';
import { PREVIEW_REFUSED, previewCatalog, previewTokenOf, type SettingsPreviews } from '../web/settingsPreviews.ts';
import { documentFacts, pageHeaders, pageKind, previewPageHeaders, type DocumentFacts } from './securityHeaders.ts';

/** What the browser build needs at run time; read by src/api/runtimeConfig.ts from <meta name="cabflow-config">. */
export interface RuntimeConfig {
  apiHost: string;
  publicKey: string;
  secretKey: string;
  embedOrigins: string[];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function injectRuntimeConfig(html: string, config: RuntimeConfig): string {
  const meta = `<meta name="cabflow-config" content="${escapeAttribute(JSON.stringify(config))}">`;
  return html.replace('</head>', `${meta}\n</head>`);
}

/** <meta name="cabflow-document">: the page's kinds of route and the kinds its policy serves (src/app/documentPolicy.ts). */
export function injectDocumentFacts(html: string, facts: DocumentFacts): string {
  return html.replace('</head>', `<meta name="cabflow-document" content="${escapeAttribute(JSON.stringify(facts))}">\n</head>`);
}

/** The site has a browser Maps key (setting GOOGLE_API_KEY, blank meaning none, as src/maps/mapsKey.ts reads it). */
export function hasBrowserMapsKey(catalog: SiteCatalog): boolean {
  return catalog.settings.some((setting) => setting.setting_name === 'GOOGLE_API_KEY' && Boolean(setting.setting_value?.trim()));
}

export { BOOTSTRAP_ELEMENT_ID };

/**
 * What the website fetches at start (machines/app), exactly as the catalogue calls answer it (server/routes/catalog.ts):
 * GET /api/v1/setting, /fetch_companies, /fetch_vehicles and /popular-locations.
 */
export interface PublicCatalog {
  settings: unknown;
  companies: unknown;
  fleet: unknown;
  popularLocations: unknown;
}

export function publicCatalog(catalog: SiteCatalog): PublicCatalog {
  return {
    settings: catalog.settings,
    companies: toCompanyList(catalog.companies),
    fleet: toFleetList(catalog.vehicles),
    popularLocations: toAddressList(catalog.addresses.filter((entry) => entry.popular)),
  };
}

/**
 * A JSON data block (the site's public catalogue at the end of <body>, so the start-up machine begins with it instead of
 * waiting for four calls; a booking step's trip). A data block is never executed (the CSP's script-src does not apply
 * to it); `<` is escaped so no value can close the element.
 */
function jsonBlock(id: string, json: string): string {
  const safe = json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${safe}</script>`;
}

/**
 * For each cached catalogue object (the site cache hands out a new one after an operator's change), built once from one
 * serialisation: its data block, and the catalogue as the browser reads it back (through JSON) for the server renderer.
 */
const embedded = new WeakMap<SiteCatalog, { block: string; asRead: unknown }>();
function embeddedCatalogue(catalog: SiteCatalog): { block: string; asRead: unknown } {
  let entry = embedded.get(catalog);
  if (!entry) {
    const json = JSON.stringify(publicCatalog(catalog));
    embedded.set(catalog, (entry = { block: jsonBlock(BOOTSTRAP_ELEMENT_ID, json), asRead: JSON.parse(json) }));
  }
  return entry;
}

/** The server renderer `vite build --ssr` makes from src/entry-server.tsx (dist/.ssr/entry-server.js). */
interface ServerRenderer {
  SERVER_RENDERED_ROUTES: readonly string[];
  TRIP_RENDERED_ROUTES: readonly string[];
  /** Null only for a trip that does not lead to `url`. */
  renderPage(url: string, catalogue: unknown, now: Date, trip?: RenderedTripInput | null): Promise<string | null>;
}

async function loadRenderer(distDir: string): Promise<ServerRenderer | null> {
  const file = path.join(distDir, '.ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerRenderer;
}

/**
 * How long a rendered page is reused. The home form's default pickup time is "now" rounded to 5 minutes, so a page is
 * rendered again after a minute (the browser hydrates with the time the page says it was rendered at).
 */
export const RENDERED_PAGE_TTL_MS = 60_000;

interface RenderedPage {
  at: number;
  html: Promise<string | null>;
}

/**
 * Server-rendered pages of each cached catalogue object (a change makes a new object, so a changed setting shows on
 * the next page load), one per route of the renderer's list: the map cannot grow beyond that list.
 */
function pageRenderer(renderer: ServerRenderer) {
  const pages = new WeakMap<SiteCatalog, Map<string, RenderedPage>>();
  return (catalog: SiteCatalog, route: string): RenderedPage => {
    let byRoute = pages.get(catalog);
    if (!byRoute) pages.set(catalog, (byRoute = new Map()));
    const now = Date.now();
    let page = byRoute.get(route);
    if (!page || now - page.at > RENDERED_PAGE_TTL_MS) {
      // Through JSON, as the browser reads the embedded block: the hydration starts from the same data.
      const rendering: RenderedPage = { at: now, html: renderer.renderPage(route, embeddedCatalogue(catalog).asRead, new Date(now)) };
      // A render that failed (or timed out on a busy machine) is not kept: the next request renders again.
      rendering.html.catch(() => {
        if (byRoute.get(route) === rendering) byRoute.delete(route);
      });
      byRoute.set(route, (page = rendering));
    }
    return page;
  };
}

/**
 * index.html with the rendered page in #root in place of the start-up overlay (between <!--app--> and <!--/app-->), or
 * null when the page has no such place.
 */
export function withRenderedPage(html: string, page: string, renderedAt: number): string | null {
  const start = html.indexOf('<div id="root"><!--app-->');
  const end = html.indexOf('<!--/app--></div>', start);
  if (start < 0 || end < 0) return null;
  return `${html.slice(0, start)}<div id="root" data-rendered-at="${renderedAt}">${page}</div>${html.slice(end + '<!--/app--></div>'.length)}`;
}

/** Vite's build manifest (build.manifest: true), the parts we read. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The lazy modules (Vite manifest keys) each route needs for its first screen; the paths are src/app/routes.tsx's
 * (lower-case), and tests/api/spa-startup.test.ts checks their links. The booking steps also need the booking
 * actor's code (src/app/booking/BookingContext.ts loads it lazily). Home is in the entry chunk.
 */
const BOOKING_LOGIC = 'src/app/booking/bookingLogic.ts';
const PREPARED_STEP = 'src/app/booking/preparedStep.ts';
const CONSOLE_APP = 'src/views/admin/ConsoleApp.tsx';
export const ROUTE_MODULES: Record<string, string[]> = {
  '/booktripview': ['src/views/bookTrip/BookTripView.tsx', BOOKING_LOGIC],
  // A reloaded step the server rendered from the trip cookie is hydrated with an actor prepared at start (preparedStep).
  '/quotationview': ['src/views/quotation/QuotationView.tsx', BOOKING_LOGIC, PREPARED_STEP],
  '/personaldetailview': ['src/views/personalDetails/PersonalDetailsView.tsx', BOOKING_LOGIC, PREPARED_STEP],
  '/paymentview': ['src/views/payment/PaymentView.tsx', BOOKING_LOGIC],
  '/checkout': ['src/views/payment/PaymentView.tsx', BOOKING_LOGIC],
  '/stripecheckout': ['src/views/card/CardPaymentView.tsx', BOOKING_LOGIC],
  '/paymentsuccessview': ['src/views/confirmation/ConfirmationView.tsx', BOOKING_LOGIC],
  '/quoteview': ['src/views/quoteRequest/QuoteRequestView.tsx'],
  '/ourfleet': ['src/views/fleet/OurFleetView.tsx'],
  '/contactus': ['src/views/contact/ContactUsView.tsx'],
  '/bookings': ['src/views/corporate/BookingsView.tsx'],
  '/my-account': ['src/views/corporate/MyAccountView.tsx'],
  '/login': ['src/views/corporate/LoginView.tsx'],
  '/book-now': ['src/views/corporate/BookNowView.tsx'],
  '/forgot_password': ['src/views/forgotPassword/ForgotPasswordView.tsx'],
  '/manage-booking': ['src/views/manageBooking/ManageBookingView.tsx'],
  '/quote-offer': ['src/views/quoteOffer/QuoteOfferView.tsx'],
  // The operator console's way in (issue 17); its pages load their own chunks once signed in.
  '/admin': [CONSOLE_APP],
  '/admin/sign-in': [CONSOLE_APP],
  '/admin/set-password': [CONSOLE_APP],
  '/admin/bookings': [CONSOLE_APP],
};

/**
 * Modules a page imports right after its first render: the address fields' autocomplete. Their scripts are linked with
 * the route's (on a server-rendered page boot.js adds them a few per task), so Vite's preload helper finds them
 * requested already instead of adding about fifteen links in one task when the field swaps in. Their CSS is left to the
 * helper: it is not needed for the first paint.
 */
const ADDRESS_AUTOCOMPLETE = 'src/views/home/AddressFieldFull.tsx';
export const SOON_MODULES: Record<string, string[]> = {
  '/': [ADDRESS_AUTOCOMPLETE],
  '/home': [ADDRESS_AUTOCOMPLETE],
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

/**
 * A server-rendered page loads its JavaScript after its first paint: the module script and its preload links move
 * from <head> into <template id="app-scripts">, and public/boot.js adds them to the page once the browser reports the
 * first contentful paint. The HTML and CSS paint without sharing the connection with about 130 kB of scripts, which
 * are only needed to hydrate.
 */
export function deferScripts(html: string): string {
  const moved: string[] = [];
  const rest = html.replace(/\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g, (tag: string) => {
    moved.push(tag.trim());
    return '';
  });
  return rest.replace('</body>', `<template id="app-scripts">${moved.join('')}</template>\n</body>`);
}

function readManifest(distDir: string): Manifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
  } catch {
    return null;
  }
}

/** Text files worth compressing, with the content type they are served with. */
const COMPRESSIBLE: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
};

/**
 * Cache lifetimes: Vite's content-hashed files under /assets/ never change (a year, immutable); the vehicle and
 * card images a day; anything else (embed.js, favicon, robots.txt) is revalidated on every use.
 */
export function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (pathname.startsWith('/storage/') || pathname.startsWith('/cards/')) return 'public, max-age=86400';
  return 'public, max-age=0, must-revalidate';
}

interface CompressedFile {
  type: string;
  raw: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Picks brotli or gzip from an Accept-Encoding header (q=0 refuses an encoding), or null for none. */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/**
 * The public build output: every file under the build directory, less dot-directories and dotfiles (the server
 * renderer in .ssr/, Vite's manifest in .vite/), keyed by its URL path. Listed once at start, as @fastify/static
 * lists the files it serves (wildcard: false).
 */
export function publicFiles(distDir: string): Map<string, string> {
  const root = path.resolve(distDir);
  const files = new Map<string, string>();
  const walk = (directory: string, prefix: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full, `${prefix}/${entry.name}`);
      else if (entry.isFile()) files.set(`${prefix}/${entry.name}`, full);
    }
  };
  walk(root, '');
  return files;
}

/**
 * The URL path of a request as a file path: percent-decoded once (as @fastify/static does) and with `.` and `..`
 * segments resolved; null when it does not decode or holds a backslash or a NUL (never part of a public file's path).
 */
export function decodedPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (/[\\\0]/.test(decoded)) return null;
  return path.posix.normalize(decoded);
}

/**
 * Compressed copies of the public build's text files, made on first request and kept in memory (the whole build is
 * about 1 MB; brotli at quality 5 takes tens of milliseconds for all of it), so the server needs no build step
 * of its own and never writes into dist/. Only a path that decodes to a public file is looked at.
 */
function compressedFiles(distDir: string) {
  const available = publicFiles(distDir);
  const files = new Map<string, CompressedFile>();
  return (pathname: string, encoding: 'br' | 'gzip'): { path: string; file: CompressedFile; body: Buffer } | null => {
    const key = decodedPath(pathname);
    const full = key === null ? undefined : available.get(key);
    if (key === null || !full) return null;
    const type = COMPRESSIBLE[path.posix.extname(key).toLowerCase()];
    if (!type) return null;
    let file = files.get(key);
    if (!file) {
      const raw = readFileSync(full);
      file = { type, raw, etag: `"${createHash('sha1').update(raw).digest('base64url')}` };
      files.set(key, file);
    }
    if (encoding === 'br')
      file.br ??= brotliCompressSync(file.raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: file.raw.length } });
    else file.gzip ??= gzipSync(file.raw, { level: 9 });
    return { path: key, file, body: encoding === 'br' ? file.br! : file.gzip! };
  };
}

/**
 * A visitor's booking step rendered from their trip cookie (contract/tripCookie.ts) and the quote it names, with the
 * trip as a data block (the browser hydrates only when its own saved trip is the same); null when there is no usable
 * cookie, the quote is unknown or expired, or the trip does not lead to this step. Never cached: it is the visitor's.
 */
async function tripPage(
  renderer: ServerRenderer,
  quoteRows: QuoteRows,
  input: { siteId: number; catalog: SiteCatalog; pathname: string; cookie: string | undefined; log: FastifyBaseLogger },
): Promise<{ page: string; block: string; at: number } | null> {
  const trip = decodeTripCookie(cookieValue(input.cookie, TRIP_COOKIE));
  if (!trip) return null;
  const rows = await quoteRows(input.siteId, trip.quoteId).catch((error: unknown) => {
    input.log.error({ err: error }, 'could not read the quote of a trip cookie');
    return null;
  });
  const tripInput = rows && renderedTripInput(trip, rows);
  if (!tripInput) return null;
  const at = Date.now();
  try {
    // Null when the machine's guards send this trip to another step (no vehicle chosen for /personalDetailView).
    const page = await renderer.renderPage(input.pathname, embeddedCatalogue(input.catalog).asRead, new Date(at), tripInput);
    return page === null ? null : { page, block: jsonBlock(TRIP_ELEMENT_ID, JSON.stringify(tripInput)), at };
  } catch (error) {
    input.log.error({ err: error }, `could not render ${input.pathname} on the server`);
    return null;
  }
}

/** The price rows of a site's unexpired quote, or null (server/domain/quotes). */
export type QuoteRows = (siteId: number, quoteId: string) => Promise<VehicleRef[] | null>;

/**
 * Serves the built SPA from dist/ (assets, /storage images, /embed.js) and, for any other GET that is
 * not an API path, index.html carrying the key pair of the site the Host belongs to (history fallback).
 */
export async function registerSpa(
  app: FastifyInstance,
  options: {
    distDir: string;
    cache: SiteCache;
    embedOrigins: string[];
    quoteRows?: QuoteRows;
    /** The card processor is Stripe: the card page's policy lets Stripe.js load (server/plugins/securityHeaders.ts). */
    stripe?: boolean;
    /** The owner's unsaved settings, applied to a booking page asked for with a live preview token (issue 19). */
    settingsPreviews?: SettingsPreviews;
  },
) {
  const indexFile = path.join(options.distDir, 'index.html');
  const built = existsSync(indexFile);
  const template = built ? readFileSync(indexFile, 'utf8') : null;
  const manifest = built ? readManifest(options.distDir) : null;
  const renderer = built ? await loadRenderer(options.distDir) : null;
  const renderedPage = renderer ? pageRenderer(renderer) : null;
  const serverRendered = new Set(renderer?.SERVER_RENDERED_ROUTES ?? []);
  const tripRendered = new Set(renderer?.TRIP_RENDERED_ROUTES ?? []);
  // The links of each route, worked out from the manifest once (the build does not change while the server runs).
  const preloadByRoute = new Map<string, string>();
  if (built) {
    const compressed = compressedFiles(options.distDir);
    // Text files of the public build go out brotli- or gzip-compressed when the client accepts it (Lighthouse: "enable
    // text compression"); any other path falls through to @fastify/static and the page handler.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const pathname = request.url.split('?')[0];
      if (pathname.startsWith('/api/')) return;
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return;
      const found = compressed(pathname, encoding);
      if (!found) return;
      const etag = `${found.file.etag}-${encoding}"`;
      reply.header('cache-control', cacheControlFor(found.path)).header('vary', 'Accept-Encoding').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(found.file.type).header('content-encoding', encoding).header('content-length', found.body.length).send(request.method === 'HEAD' ? undefined : found.body);
    });
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      setHeaders(reply, filePath: string) {
        const relative = `/${path.relative(options.distDir, filePath).split(path.sep).join('/')}`;
        reply.header('cache-control', cacheControlFor(relative));
        if (COMPRESSIBLE[path.extname(filePath).toLowerCase()]) reply.header('vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname === '/api') return sendError(reply, 404, `No such call: ${request.method} ${pathname}`);
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendError(reply, 404, 'Not found');
    if (path.extname(pathname) && !pathname.endsWith('.html')) return sendError(reply, 404, 'Not found');
    if (!template) return sendError(reply, 503, 'The website is not built yet: run `npm run build`');
    const site = await options.cache.siteForHost(request.headers.host);
    let html = injectRuntimeConfig(template, {
      apiHost: '',
      publicKey: site?.publicKey ?? '',
      secretKey: site?.secretKey ?? '',
      embedOrigins: options.embedOrigins,
    });
    const route = routeKey(pathname);
    const preloadLinks = (rendered: boolean) => {
      const key = `${rendered ? 'rendered ' : ''}${route}`;
      let links = preloadByRoute.get(key) ?? '';
      // Only the routes of the table are remembered, so a stream of made-up paths cannot grow the map.
      if (manifest && (ROUTE_MODULES[route] || SOON_MODULES[route]) && !preloadByRoute.has(key)) preloadByRoute.set(key, (links = routePreloadLinks(manifest, route, { rendered })));
      return links;
    };
    let rendered = false;
    let visitorsOwn = false;
    let preview = false;
    // The catalogue from the same cache the API answers from (dropped on every operator change, in every process), so a
    // changed setting shows on the next page load. Without it (no site, a database fault) the website fetches as before.
    let catalog: SiteCatalog | null = null;
    if (site) {
      catalog = await options.cache.catalog(site.id).catch((error: unknown) => {
        request.log.error({ err: error }, 'could not embed the site catalogue');
        return null;
      });
      // A settings preview (server/web/settingsPreviews.ts): the site's catalogue with the owner's draft, for a request
      // carrying a live token of this site only; rendered for this request alone, never cached, never a visitor's trip.
      const previewToken = options.settingsPreviews && pageKind(pathname) === 'booking' ? previewTokenOf(request.url) : null;
      if (catalog && previewToken !== null) {
        const changes = await options.settingsPreviews!.find(site.id, previewToken);
        if (!changes) return sendError(reply.header('cache-control', 'private, no-store'), 404, PREVIEW_REFUSED);
        catalog = previewCatalog(catalog, changes);
        preview = true;
      }
      if (catalog) {
        html = html.replace('</body>', `${embeddedCatalogue(catalog).block}\n</body>`);
        if (preview) {
          // The routes the server renders are rendered with the draft; the others render it in the browser.
          if (renderer && serverRendered.has(pathname)) {
            const at = Date.now();
            const pageHtml = await renderer.renderPage(pathname, embeddedCatalogue(catalog).asRead, new Date(at)).catch((error: unknown) => {
              request.log.error({ err: error }, `could not render the settings preview of ${pathname}`);
              return null;
            });
            const withPage = pageHtml === null ? null : withRenderedPage(html, pageHtml, at);
            if (withPage !== null) {
              html = withPage;
              rendered = true;
            }
          }
        }
        // The page itself for the routes that need no visitor data, when asked for exactly (no query, no other spelling).
        else if (renderedPage && serverRendered.has(pathname) && !request.url.includes('?')) {
          const page = renderedPage(catalog, pathname);
          const pageHtml = await page.html.catch((error: unknown) => {
            request.log.error({ err: error }, `could not render ${pathname} on the server`);
            return null;
          });
          const withPage = pageHtml === null ? null : withRenderedPage(html, pageHtml, page.at);
          if (withPage !== null) {
            html = withPage;
            rendered = true;
          }
        } else if (renderer && options.quoteRows && tripRendered.has(pathname) && !request.url.includes('?')) {
          const page = await tripPage(renderer, options.quoteRows, { siteId: site.id, catalog, pathname, cookie: request.headers.cookie, log: request.log });
          const withPage = page && withRenderedPage(html, page.page, page.at);
          if (page && withPage) {
            html = withPage.replace('</body>', `${page.block}\n</body>`);
            rendered = true;
            visitorsOwn = true;
          }
        }
      }
    }
    const links = preloadLinks(rendered);
    if (links) html = html.replace('</head>', `${links}\n</head>`);
    // A server-rendered page shows controls before its scripts run: what the visitor does to them is recorded until it
    // has hydrated, then replayed (server/web/earlyInput.ts).
    if (rendered) html = withEarlyInputRecorder(deferScripts(html));
    // The page's own policy (its kind, the site's Maps key, the card processor, its inline script), and what the browser must know of it.
    const policy = {
      embedOrigins: options.embedOrigins,
      googleMaps: catalog !== null && hasBrowserMapsKey(catalog),
      stripe: options.stripe ?? false,
      inlineScriptHashes: [EARLY_INPUT_SCRIPT_HASH],
    };
    html = injectDocumentFacts(html, documentFacts(pathname, policy));
    reply
      .headers(preview ? previewPageHeaders(pathname, policy) : pageHeaders(pathname, policy))
      .type('text/html; charset=utf-8')
      .header('cache-control', preview ? 'private, no-store' : visitorsOwn ? 'private, no-cache' : 'no-cache')
      .header('vary', visitorsOwn ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
    // Compressed per request (a server-rendered page is 60–70 kB of HTML, about 10 kB compressed; brotli at quality 4
    // takes about a millisecond for it).
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    const body = encoding === 'br' ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(html, { level: 6 });
    return reply.header('content-encoding', encoding).send(body);
  });
}
