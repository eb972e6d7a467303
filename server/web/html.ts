/**
 * Assembling the page the server sends: index.html (the build's) with what each request adds. Plain string edits of
 * the template's known places (</head>, </body>, the #root placeholder between <!--app--> and <!--/app-->), by slicing:
 * what goes in (operator text among it) is never read as a replacement pattern.
 */
import type { DocumentFacts } from '../plugins/securityHeaders.ts';

/** What the browser build needs at run time; read by src/api/runtimeConfig.ts from <meta name="cabflow-config">. */
export interface RuntimeConfig {
  apiHost: string;
  publicKey: string;
  secretKey: string;
  embedOrigins: string[];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `html` with `text` put in before the first `marker`, literally: never through String.prototype.replace with a string,
 * which reads `$&`, `` $` ``, `$'` and `$1` in the replacement as patterns (issue 30: a company name with `$&` made the
 * home page two documents).
 */
export function insertBefore(html: string, marker: string, text: string): string {
  const at = html.indexOf(marker);
  return at < 0 ? html : `${html.slice(0, at)}${text}${html.slice(at)}`;
}

export const beforeHeadEnd = (html: string, tags: string) => insertBefore(html, '</head>', `${tags}\n`);
export const beforeBodyEnd = (html: string, tags: string) => insertBefore(html, '</body>', `${tags}\n`);

export function injectRuntimeConfig(html: string, config: RuntimeConfig): string {
  return beforeHeadEnd(html, `<meta name="cabflow-config" content="${escapeAttribute(JSON.stringify(config))}">`);
}

/** <meta name="cabflow-document">: the page's kinds of route and the kinds its policy serves (src/app/documentPolicy.ts). */
export function injectDocumentFacts(html: string, facts: DocumentFacts): string {
  return beforeHeadEnd(html, `<meta name="cabflow-document" content="${escapeAttribute(JSON.stringify(facts))}">`);
}

/**
 * A JSON data block (the site's public catalogue at the end of <body>, so the start-up machine begins with it instead of
 * waiting for four calls; a booking step's trip). A data block is never executed (the CSP's script-src does not apply
 * to it); `<` is escaped so no value can close the element.
 */
export function jsonBlock(id: string, json: string): string {
  const safe = json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${safe}</script>`;
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
