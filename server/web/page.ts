/**
 * The page served for every website route (the history fallback): index.html with the site's key pair, its public
 * catalogue, the route's preload links, its first screen rendered on the server when it can be, the early-input
 * recorder on such a page, and the page's security policy; compressed per request.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { routeKey } from '../../contract/routeKey.ts';
import { styleUrlOrigin } from '../../contract/settingsCatalogue.ts';
import type { SiteCache, SiteCatalog } from '../domain/sites/index.ts';
import { sendError } from '../http.ts';
import { documentFacts, pageHeaders, pageKind, previewPageHeaders } from '../plugins/securityHeaders.ts';
import { embeddedCatalogue, hasBrowserMapsKey } from './catalogueBlock.ts';
import { deferScripts } from './deferScripts.ts';
import { EARLY_INPUT_SCRIPT_HASH, withEarlyInputRecorder } from './earlyInput.ts';
import { beforeBodyEnd, beforeHeadEnd, injectDocumentFacts, injectRuntimeConfig, withRenderedPage } from './html.ts';
import { renderCache, type ServerRenderer } from './renderer.ts';
import { pickEncoding } from './staticFiles.ts';
import { PREVIEW_REFUSED, previewCatalog, previewTokenOf, type SettingsPreviews } from './settingsPreviews.ts';
import { tripPage, type QuoteRows } from './tripPage.ts';

export interface PageOptions {
  cache: SiteCache;
  embedOrigins: string[];
  quoteRows?: QuoteRows;
  /** The card processor is Stripe: the card page's policy lets Stripe.js load (server/plugins/securityHeaders.ts). */
  stripe?: boolean;
  /** The owner's unsaved settings, applied to a booking page asked for with a live preview token (issue 19). */
  settingsPreviews?: SettingsPreviews;
}

/**
 * What the build gives the page: index.html, the server renderer (if built), the route's preload links and the inert
 * template of what a server-rendered page loads at the visitor's first intent (server/web/routeAssets.ts).
 */
export interface Build {
  template: string;
  renderer: ServerRenderer | null;
  preloadLinks: (route: string, rendered: boolean) => string;
  intentAssets: (route: string) => string;
}

export function pageServer(options: PageOptions, build: Build) {
  const { template, renderer } = build;
  const renderedPage = renderer ? renderCache(renderer) : null;
  const serverRendered = new Set(renderer?.SERVER_RENDERED_ROUTES ?? []);
  const tripRendered = new Set(renderer?.TRIP_RENDERED_ROUTES ?? []);

  return async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const site = await options.cache.siteForHost(request.headers.host);
    let html = injectRuntimeConfig(template, {
      apiHost: '',
      publicKey: site?.publicKey ?? '',
      secretKey: site?.secretKey ?? '',
      embedOrigins: options.embedOrigins,
    });
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
        html = beforeBodyEnd(html, embeddedCatalogue(catalog).block);
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
            html = beforeBodyEnd(withPage, page.block);
            rendered = true;
            visitorsOwn = true;
          }
        }
      }
    }
    const links = build.preloadLinks(routeKey(pathname), rendered);
    if (links) html = beforeHeadEnd(html, links);
    // A server-rendered page shows controls before its scripts run: what the visitor does to them is recorded until it
    // has hydrated, then replayed (server/web/earlyInput.ts).
    if (rendered) {
      html = withEarlyInputRecorder(deferScripts(html));
      const intent = build.intentAssets(routeKey(pathname));
      if (intent) html = beforeBodyEnd(html, intent);
    }
    // The page's own policy (its kind, the site's Maps key, the card processor, its inline script), and what the browser must know of it.
    const policy = {
      embedOrigins: options.embedOrigins,
      googleMaps: catalog !== null && hasBrowserMapsKey(catalog),
      streetMapOrigin: catalog === null ? null : styleUrlOrigin(catalog.settings.find((setting) => setting.setting_name === 'MAP_STYLE_URL')?.setting_value),
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
  };
}
