import type { FastifyInstance } from 'fastify';
import { QUOTE_OFFER_ROUTE } from '../../contract/consoleEnquiries.ts';
import { MANAGE_BOOKING_ROUTE } from '../../contract/manageBooking.ts';
import { PAY_LINK_ROUTE } from '../../contract/payLinks.ts';
import { routeKey } from '../../contract/routeKey.ts';
import { isConsolePath, isDriverPath, PUBLIC_ROUTES, type Flow, type PublicRoute } from '../../contract/routeManifest.ts';

/**
 * Security headers. Every response gets nosniff, a referrer policy, a permissions policy, COOP and a
 * Content-Security-Policy; API answers are never cached.
 *
 * The website's pages (server/web/page.ts) get a policy of their kind:
 * - booking pages (every route but the ones below): our own files, and on a site with a browser Maps key (setting
 *   GOOGLE_API_KEY) the Maps JavaScript API, which their address fields and route map load. Any site may frame them
 *   while EMBED_ORIGINS is unset (the operator's snippet, public/embed.js); only the operator's origins once it is set.
 * - account pages (sign-in, password reset, the corporate area) and the card page: never framed outside the
 *   operator's own origins (this origin and EMBED_ORIGINS; X-Frame-Options for browsers without frame-ancestors), and
 *   no Google. The card page loads Stripe.js when the card processor is Stripe.
 * - the manage page: framed as an account page; Stripe.js as the card page (a change's difference), and on a site
 *   with a browser Maps key the Maps JavaScript API as the booking pages (the passenger's live map, issue 33).
 * Anything else (API answers, files) gets a policy that lets it load and run nothing and be framed nowhere.
 *
 * The app is a single-page app and a document keeps its first policy: the page tells the browser, in
 * <meta name="cabflow-document"> (src/app/documentPolicy.ts), which routes need a document of their own (another
 * policy: the browser loads them anew) and which must not show inside another site's frame.
 *
 * Google: its allowlist policy for the Maps JavaScript API (developers.google.com/maps/documentation/javascript/
 * content-security-policy, and the hosts of developers.google.com/maps/domains) less what cabflow does not use (place
 * photos and Street View on *.googleusercontent.com and *.ggpht.com), with scripts only from maps.googleapis.com
 * (the API's loader and its modules) and never from *.google.com, *.gstatic.com or blob:, which serve other
 * content than the Maps API. Stripe: the directives of its integration security guide for Stripe.js and card
 * Elements (docs.stripe.com/security/guide), without the Address Element's Google hosts. Mantine sets inline style
 * attributes, hence 'unsafe-inline' for styles only; the one inline script (a server-rendered page's input recorder,
 * server/web/earlyInput.ts) is allowed by its hash.
 */

/** The pages a mailed link opens with its token in the address (the manage link's query, a quote offer's fragment). */
const TOKEN_LINK_ROUTES: ReadonlySet<string> = new Set([MANAGE_BOOKING_ROUTE, QUOTE_OFFER_ROUTE, routeKey(PAY_LINK_ROUTE)]);

/** The kinds of page, each with its own policy. */
export type PageKind = 'booking' | 'account' | 'card' | 'manage' | 'private';

/**
 * The routes (the route manifest's paths, as contract/routeKey.ts spells them) that are not booking pages. Every page
 * of the corporate area and of the password reset is an account page, read from the manifest so a new one cannot be
 * left with the booking pages' policy.
 */
const ACCOUNT_FLOWS: ReadonlySet<Flow> = new Set<Flow>(['corporate', 'forgotPassword']);
const PAGE_KINDS: Readonly<Record<string, PageKind>> = {
  ...Object.fromEntries((PUBLIC_ROUTES as readonly PublicRoute[]).filter((route) => ACCOUNT_FLOWS.has(route.flow)).map((route) => [route.path, 'account' as const])),
  // Its actions (cancel, change) must not be clickjacked, and it pays a change's difference by card (Stripe.js).
  [MANAGE_BOOKING_ROUTE]: 'manage',
  // A quote offer's link (issue 17): its fragment carries the offer's token until the page replaces it.
  [QUOTE_OFFER_ROUTE]: 'account',
  '/stripecheckout': 'card',
  // A phone booking's payment link (issue 34): a card page (Stripe.js when keyed, framed only by the operator's origins)
  // whose fragment carries the link's token until the page replaces it.
  [routeKey(PAY_LINK_ROUTE)]: 'card',
};

/** The route a path shows, decoded and spelt as the router matches it. */
function pageRoute(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Left as it is: no route has a percent sign.
  }
  return routeKey(decoded);
}

export function pageKind(pathname: string): PageKind {
  const route = pageRoute(pathname);
  // The operator console (every /admin path, issue 17): framed nowhere (frame-ancestors 'none', X-Frame-Options
  // DENY), no Referer ever (the set-password link carries its token in the fragment), never indexed.
  // The driver's app (every /driver path, issue 32) likewise: its set-password link carries its token in the fragment.
  if (isConsolePath(route) || isDriverPath(route)) return 'private';
  return PAGE_KINDS[route] ?? 'booking';
}

/** What a page's policy depends on besides its kind. */
export interface PagePolicySettings {
  /** EMBED_ORIGINS: the operator's sites allowed to frame the website. */
  embedOrigins: readonly string[];
  /** The site has a browser Maps key (setting GOOGLE_API_KEY): its booking pages may load Google Maps. */
  googleMaps: boolean;
  /** The card processor is Stripe: the card page loads Stripe.js. */
  stripe: boolean;
  /**
   * The origin of the owner's street map style (setting MAP_STYLE_URL), or null: the console's live map (issue 33)
   * loads the style, its tiles, fonts and icons from it.
   */
  streetMapOrigin?: string | null;
  /** The hash sources of the page's inline scripts (a server-rendered page's input recorder, server/web/earlyInput.ts). */
  inlineScriptHashes?: readonly string[];
}

type Directives = Record<string, string[]>;

const GOOGLE_MAPS: Directives = {
  'script-src': ['https://maps.googleapis.com'],
  'style-src': ['https://fonts.googleapis.com'],
  'img-src': ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'],
  'font-src': ['https://fonts.gstatic.com'],
  'connect-src': ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'],
  'frame-src': ['https://*.google.com'],
  'worker-src': ['blob:'],
};

const STRIPE: Directives = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
};

/** The console's live map of drivers (issue 33): Google's map with the browser key, or the owner's street map style's host. */
function consoleMapSources(settings: PagePolicySettings): Directives[] {
  const origin = settings.streetMapOrigin ?? null;
  return [settings.googleMaps ? GOOGLE_MAPS : null, origin ? { 'connect-src': [origin], 'img-src': [origin, 'blob:'] } : null].filter((entry): entry is Directives => entry !== null);
}

/** The policy of a page without its frame-ancestors: what it may load and run (`consoleMaps`: a console page, whose map may load). */
function pageSources(kind: PageKind, settings: PagePolicySettings, consoleMaps = false): Directives {
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  const extras = [
    // The manage page draws the passenger's live map with Google too (issue 33), loaded only when the map shows.
    (kind === 'booking' || kind === 'manage') && settings.googleMaps ? GOOGLE_MAPS : null,
    (kind === 'card' || kind === 'manage') && settings.stripe ? STRIPE : null,
    // Every page but the console's (never rendered on the server): one policy per kind whether or not the server rendered the page.
    kind !== 'private' && settings.inlineScriptHashes?.length ? { 'script-src': [...settings.inlineScriptHashes] } : null,
    ...(kind === 'private' && consoleMaps ? consoleMapSources(settings) : []),
  ];
  for (const extra of extras) for (const [name, values] of Object.entries(extra ?? {})) directives[name] = [...directives[name], ...values];
  return directives;
}

const serialise = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/** Who may frame a page: the operator's origins (this one and EMBED_ORIGINS); any site for a booking page while EMBED_ORIGINS is unset. */
function frameAncestors(kind: PageKind, embedOrigins: readonly string[]): string[] {
  if (kind === 'private') return ["'none'"];
  if (kind === 'booking' && embedOrigins.length === 0) return ['*'];
  return ["'self'", ...embedOrigins];
}

export function pagePolicy(kind: PageKind, settings: PagePolicySettings, consoleMaps = false): string {
  return serialise({ ...pageSources(kind, settings, consoleMaps), 'frame-ancestors': frameAncestors(kind, settings.embedOrigins) });
}

/** The headers of a page: its policy, and X-Frame-Options where browsers without frame-ancestors should refuse frames. */
export function pageHeaders(pathname: string, settings: PagePolicySettings): Record<string, string> {
  const kind = pageKind(pathname);
  const headers: Record<string, string> = { 'content-security-policy': pagePolicy(kind, settings, isConsolePath(pageRoute(pathname))) };
  if (kind !== 'booking') headers['x-frame-options'] = kind === 'private' ? 'DENY' : 'SAMEORIGIN';
  if (kind === 'private') {
    headers['referrer-policy'] = 'no-referrer';
    headers['x-robots-tag'] = 'noindex, nofollow';
  }
  // Their address carries a link's token until the page replaces it: no request may send it on as a Referer.
  if (TOKEN_LINK_ROUTES.has(pageRoute(pathname))) headers['referrer-policy'] = 'no-referrer';
  return headers;
}

/**
 * A settings preview (issue 19, server/web/settingsPreviews.ts): a booking page with the owner's unsaved settings, which
 * only the console on this origin may frame; its address carries the preview's token (no Referer sends it on), and it
 * is never indexed.
 */
export function previewPageHeaders(pathname: string, settings: PagePolicySettings): Record<string, string> {
  return {
    'content-security-policy': serialise({ ...pageSources(pageKind(pathname), settings), 'frame-ancestors': ["'self'"] }),
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex, nofollow',
  };
}

/**
 * What the browser needs to know about its document (read by src/app/documentPolicy.ts): the kind of each route that
 * is not a booking page (only booking pages show inside a frame that is not the operator's), and the kinds of page
 * this document's policy serves (a route of another kind is loaded as a new document).
 */
export interface DocumentFacts {
  kinds: Readonly<Record<string, PageKind>>;
  serves: PageKind[];
}

const PAGE_KIND_NAMES: readonly PageKind[] = ['booking', 'account', 'card', 'manage'];

/** The console is always a document of its own, and its document serves nothing else (its frame and referrer rules). */
export function documentFacts(pathname: string, settings: PagePolicySettings): DocumentFacts {
  const kind = pageKind(pathname);
  if (kind === 'private') return { kinds: PAGE_KINDS, serves: ['private'] };
  const own = serialise(pageSources(kind, settings));
  return { kinds: PAGE_KINDS, serves: PAGE_KIND_NAMES.filter((name) => serialise(pageSources(name, settings)) === own) };
}

/** The policy of everything that is not a page: it may load nothing, run nothing, and be framed nowhere. */
export const RESOURCE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The driver app's service worker (server/web/driverWorker.ts): a worker runs under the policy of its own script, and
 * this one fetches and keeps the app shell from this origin (connect-src); it loads no script and nothing else.
 */
export const DRIVER_WORKER_POLICY = "default-src 'none'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Headers of every response; a page's own policy is set by the page handler (pageHeaders). */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', RESOURCE_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', 'geolocation=(self), payment=(self), camera=(), microphone=()');
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    // Never cache API answers: they carry prices and personal data.
    if (reply.request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
