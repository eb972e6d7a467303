/**
 * The server renderer `vite build --ssr` makes from src/entry-server.tsx (dist/.ssr/entry-server.js), and the cache of
 * the pages it renders from the catalogue alone.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedTripInput } from '../../contract/tripCookie.ts';
import type { SiteCatalog } from '../domain/sites/index.ts';
import { embeddedCatalogue } from './catalogueBlock.ts';

export interface ServerRenderer {
  SERVER_RENDERED_ROUTES: readonly string[];
  TRIP_RENDERED_ROUTES: readonly string[];
  /** Null only for a trip that does not lead to `url`. */
  renderPage(url: string, catalogue: unknown, now: Date, trip?: RenderedTripInput | null): Promise<string | null>;
}

/** The built renderer, its renders bounded by `timeoutMs` (over it a page is served with the start-up overlay). */
export async function loadRenderer(distDir: string, timeoutMs: number): Promise<ServerRenderer | null> {
  const file = path.join(distDir, '.ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  const built = (await import(pathToFileURL(file).href)) as ServerRenderer & { renderPage(url: string, catalogue: unknown, now: Date, trip: RenderedTripInput | null, timeoutMs: number): Promise<string | null> };
  return {
    SERVER_RENDERED_ROUTES: built.SERVER_RENDERED_ROUTES,
    TRIP_RENDERED_ROUTES: built.TRIP_RENDERED_ROUTES,
    renderPage: (url, catalogue, now, trip = null) => built.renderPage(url, catalogue, now, trip, timeoutMs),
  };
}

/**
 * How long a rendered page is reused. The home form's default pickup time is "now" rounded to 5 minutes, so a page is
 * rendered again after a minute (the browser hydrates with the time the page says it was rendered at).
 */
export const RENDERED_PAGE_TTL_MS = 60_000;

export interface RenderedPage {
  at: number;
  html: Promise<string | null>;
}

/**
 * Server-rendered pages of each cached catalogue object (a change makes a new object, so a changed setting shows on
 * the next page load), one per route of the renderer's list: the map cannot grow beyond that list.
 */
export function renderCache(renderer: ServerRenderer) {
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
