/**
 * What the page's document allows, as the server said in <meta name="cabflow-document"> (server/plugins/
 * securityHeaders.ts, documentFacts), and where the app is running: at the top, in the operator's frame, or in another
 * site's frame.
 *
 * The server gives each kind of page its own Content-Security-Policy and frame-ancestors (booking pages, account
 * pages, the card page, the manage page), but a single-page app keeps its first document's headers when it moves to another route. So:
 * - a route whose kind this document's policy does not serve is loaded as a new document (the browser applies that
 *   page's own policy: Google's hosts on a keyed site's booking pages, Stripe's on the card page, neither elsewhere);
 * - a route that is not a booking page does not show inside a frame whose parent is not one of the operator's origins
 *   (this origin and EMBED_ORIGINS), which frame-ancestors cannot stop once a booking page is in the frame.
 */
import { routeKey } from '../../contract/routeKey.ts';
import { isConsolePath, isDriverPath } from '../../contract/routeManifest.ts';
import { isFramed } from './frameMessenger.ts';

/** `manage`: the manage-booking page, framed as an account page, loading Stripe.js as the card page does. */
export type PageKind = 'booking' | 'account' | 'card' | 'manage' | 'private';

export interface DocumentFacts {
  /** The kind of each route that is not a booking page (routes as contract/routeKey.ts spells them). */
  kinds: Record<string, PageKind>;
  /** The kinds of page this document's policy serves. */
  serves: PageKind[];
}

const KINDS: readonly string[] = ['booking', 'account', 'card', 'manage', 'private'];
const isKind = (value: unknown): value is PageKind => typeof value === 'string' && KINDS.includes(value);

/** The meta tag's facts, or null without one (the Vite dev server, a static host): then every route shows everywhere. */
export function readDocumentFacts(doc: Document | undefined = globalThis.document): DocumentFacts | null {
  const content = doc?.querySelector('meta[name="cabflow-document"]')?.getAttribute('content');
  if (!content) return null;
  try {
    const value = JSON.parse(content) as { kinds?: unknown; serves?: unknown };
    const kinds = value.kinds;
    if (typeof kinds !== 'object' || kinds === null || !Object.values(kinds).every(isKind)) return null;
    if (!Array.isArray(value.serves) || !value.serves.every(isKind)) return null;
    return { kinds: kinds as Record<string, PageKind>, serves: value.serves };
  } catch {
    return null;
  }
}

/** The kind of page a path shows: its route, decoded and spelt as the router and the server match it. */
export function pageKindOf(pathname: string, facts: DocumentFacts): PageKind {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // No route has a percent sign: left as it is.
  }
  const route = routeKey(decoded.split(/[?#]/, 1)[0]);
  // The operator console (every /admin path): a document of its own (server/plugins/securityHeaders.ts).
  // The driver's app (every /driver path) has the same policy: its set-password link carries a token too.
  if (isConsolePath(route) || isDriverPath(route)) return 'private';
  return facts.kinds[route] ?? 'booking';
}

/** Every origin above this window that we can read, or null when one is another origin's (we cannot read it). */
function readableAncestorOrigins(win: Window): string[] | null {
  const origins: string[] = [];
  let current: Window = win;
  try {
    while (current !== current.parent) {
      current = current.parent;
      origins.push(current.location.origin);
    }
    return origins;
  } catch {
    return null;
  }
}

/**
 * True when this window is in a frame and some window above it is not one of the operator's origins (this origin
 * and `embedOrigins`). `location.ancestorOrigins` names them where the browser has it (Chromium, Safari). Elsewhere:
 * with EMBED_ORIGINS set, the server's frame-ancestors has already kept every other site from framing any of our
 * pages; unset, only windows of our own origin (readable from here) are the operator's.
 */
export function framedByOutsider(embedOrigins: readonly string[], win: Window = window): boolean {
  if (!isFramed(win)) return false;
  const allowed = new Set([win.location.origin, ...embedOrigins.map((origin) => origin.replace(/\/+$/, ''))]);
  const ancestors = win.location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors) return Array.from(ancestors).some((origin) => !allowed.has(origin));
  if (embedOrigins.length > 0) return false;
  const readable = readableAncestorOrigins(win);
  return readable === null || readable.some((origin) => !allowed.has(origin));
}

/** The path this document was loaded at: a route of a kind it does not serve is never reloaded from here (no loop). */
export const DOCUMENT_PATH = typeof location === 'undefined' ? null : location.pathname;
