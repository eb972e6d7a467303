// The page the server serves for each route (server/web/page.ts): the route's lazy chunk named for preloading (from
// Vite's manifest), the site's public catalogue embedded as a JSON data block equal to the catalogue calls' answers,
// following an operator's change on the next page load, and the first screen rendered on the server for the routes
// that need no visitor data (src/entry-server.tsx). Needs a build (npm run build, or DIST_DIR); skipped without one.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOTSTRAP_ELEMENT_ID } from '../../server/web/catalogueBlock.ts';
import { PRECOMPRESSED_DIR } from '../../server/web/precompressed.ts';
import { PUBLIC_ROUTES, type PublicRoute } from '../../contract/routeManifest.ts';
import { ROUTE_MODULES } from '../../server/web/routeAssets.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';

const embedded = (html: string): Record<string, unknown> => {
  const match = new RegExp(`<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  if (!match) throw new Error('no embedded catalogue in the page');
  return JSON.parse(match[1]) as Record<string, unknown>;
};

describe('the route table the server preloads from', () => {
  it('names the lazy module of every lazy route of the route manifest (contract/routeManifest.ts)', () => {
    const lazyRoutes = (PUBLIC_ROUTES as readonly PublicRoute[]).filter((route) => !route.eager);
    expect(lazyRoutes.length).toBeGreaterThan(10);
    for (const route of lazyRoutes) expect(ROUTE_MODULES[route.path.toLowerCase()], route.path).toContain(route.module);
  });
});

describe('the served page', () => {
  let provider: TestProvider;
  let built = false;
  let manifest: Record<string, { file: string; imports?: string[]; css?: string[] }> = {};
  beforeAll(async () => {
    provider = await startTestProvider();
    const manifestFile = path.join(provider.config.distDir, '.vite', 'manifest.json');
    built = existsSync(path.join(provider.config.distDir, 'index.html')) && existsSync(manifestFile);
    if (built) manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  });
  afterAll(() => provider.dispose());

  const page = async (url: string) => {
    const response = await provider.fastify.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const api = async (call: string) => (await provider.fastify.inject({ method: 'GET', url: `/api/v1/${call}`, headers: KEY_HEADERS })).json();

  it('names the route chunk, its imports and its CSS for /contactus, none for / (the address autocomplete loads on intent), the autocomplete\'s scripts for /quoteView', async ({ skip }) => {
    if (!built) return skip();
    const html = await page('/contactus');
    const contact = manifest['src/views/contact/ContactUsView.tsx'];
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${contact.file}">`);
    for (const imported of contact.imports ?? []) if (imported !== 'index.html') expect(html).toContain(`/${manifest[imported].file}"`);
    // Rendered on the server, so the view's CSS is a stylesheet (the page paints with it); a preload otherwise.
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/Input-[\w-]+\.css">/);
    // Same links for a different spelling of the path (routes match case-insensitively, as wouter's do).
    const otherSpelling = await page('/ContactUs/');
    expect(otherSpelling).toContain(contact.file);
    expect(otherSpelling).toMatch(/<link rel="preload" as="style" crossorigin href="\/assets\/Input-[\w-]+\.css">/);
    const home = await page('/');
    expect(home).not.toContain(contact.file);
    expect(home).not.toContain('rel="preload" as="style"');
    // Issue 37: the home page fetches its address autocomplete when the visitor reaches for a field, not while idle.
    // Its files are named only in an inert template (nothing in it is fetched), at the end of the body, which the page
    // adds a few per task at the visitor's first intent (src/boot/intentAssets.ts).
    const autocomplete = manifest['src/views/home/AddressFieldFull.tsx'];
    const intent = /<template id="intent-assets">(.*?)<\/template>\n<\/body>/.exec(home);
    expect(intent).not.toBeNull();
    const live = home.replace(intent![0], '</body>');
    expect(live).not.toContain(autocomplete.file);
    expect(live).not.toMatch(/\/assets\/Input-[\w-]+\.css/);
    const named = intent![1].match(/<link [^>]*>/g) ?? [];
    expect(named[0]).toBe(`<link rel="modulepreload" crossorigin href="/${autocomplete.file}">`);
    for (const imported of autocomplete.imports ?? []) if (imported !== 'index.html') expect(named).toContain(`<link rel="modulepreload" crossorigin href="/${manifest[imported].file}">`);
    expect(named).toContainEqual(expect.stringMatching(/^<link rel="stylesheet" crossorigin href="\/assets\/Combobox-[\w-]+\.css">$/));
    // Nothing the entry loads already, and only on the home page.
    expect(named.join('')).not.toMatch(/\/assets\/index-/);
    expect(await page('/contactus')).not.toContain('intent-assets');
    // The quote request page's fields: its chunk and imports are requested with the page's scripts.
    const quoteView = await page('/quoteView');
    expect(quoteView).toContain(`<link rel="modulepreload" crossorigin href="/${autocomplete.file}">`);
    for (const imported of autocomplete.imports ?? []) expect(quoteView).toContain(`/${manifest[imported].file}"`);
    // The booking steps also preload the booking actor's code.
    expect(await page('/quotationview')).toContain(`/${manifest['src/app/booking/bookingLogic.ts'].file}"`);
  });

  it('serves boot.js without its comment lines (every page loads it), with the adder the home page lends its intent files', async ({ skip }) => {
    if (!built) return skip();
    const boot = await page('/boot.js');
    expect(boot.split('\n').filter((line) => /^\s*\/\//.test(line))).toEqual([]);
    expect(boot).toContain('globalThis.__cabflowAddTags = addTagsInTasks;');
    expect(boot).toContain("document.getElementById('app-scripts')");
  });

  it('embeds the exact answers of the four start-up calls', async ({ skip }) => {
    if (!built) return skip();
    const data = embedded(await page('/contactus'));
    expect(data.settings).toEqual(await api('setting'));
    expect(data.companies).toEqual(await api('fetch_companies'));
    expect(data.fleet).toEqual(await api('fetch_vehicles'));
    expect(data.popularLocations).toEqual(await api('popular-locations'));
  });

  it('shows a changed setting in the next served page, and escapes markup in values', async ({ skip }) => {
    if (!built) return skip();
    const value = 'Cabs </script><script>alert(1)</script> & Co';
    const put = await provider.fastify.inject({ method: 'PUT', url: '/api/admin/settings', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { Company_Name: value } });
    expect(put.statusCode).toBe(200);
    const html = await page('/');
    expect(html).not.toContain('</script><script>alert(1)');
    const rows = embedded(html).settings as { setting_name: string; setting_value: string | null }[];
    expect(rows.find((row) => row.setting_name === 'Company_Name')?.setting_value).toBe(value);
    expect(embedded(html).settings).toEqual(await api('setting'));
  });

  it('does not serve the build manifest, nor the precompressed copies as files of their own', async ({ skip }) => {
    if (!built) return skip();
    expect(existsSync(path.join(provider.config.distDir, '.precompressed', 'manifest.json'))).toBe(true);
    for (const url of ['/.vite/manifest.json', '/.precompressed/manifest.json', '/.precompressed/boot.js.br', '/%2Eprecompressed/manifest.json', '/assets/../.precompressed/manifest.json']) {
      for (const encoding of ['br', 'identity']) {
        const response = await provider.fastify.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode, url).toBe(404);
      }
    }
  });
});

describe('the server-rendered first screen', () => {
  let provider: TestProvider;
  let built = false;
  beforeAll(async () => {
    provider = await startTestProvider();
    built = existsSync(path.join(provider.config.distDir, '.ssr', 'entry-server.js'));
  });
  afterAll(() => provider.dispose());

  const get = (url: string, headers: Record<string, string> = {}) => provider.fastify.inject({ method: 'GET', url, headers });
  const OVERLAY = 'Please wait while loading content';
  const rootOf = (html: string) => /<div id="root"( data-rendered-at="(\d+)")?>/.exec(html);
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

  it('renders the page itself for /, /home, /ourfleet, /contactus, /login and /forgot_password, with its scripts loaded after the paint', async ({ skip }) => {
    if (!built) return skip();
    const expected: Record<string, string> = {
      '/': '>Book your taxi</h1>',
      '/home': '>Book your taxi</h1>',
      '/ourfleet': 'Saloon',
      '/contactus': 'Query reason',
      '/login': 'Password',
      '/forgot_password': 'Forgot',
    };
    for (const [url, text] of Object.entries(expected)) {
      const html = (await get(url)).body;
      expect(rootOf(html)?.[2], url).toMatch(/^\d{13}$/);
      expect(html, url).toContain(text);
      expect(html, url).not.toContain(OVERLAY);
      // The module script and its preloads sit in the inert template that public/boot.js reads after the first paint.
      expect(headOf(html), url).not.toMatch(/<script type="module"|rel="modulepreload"/);
      expect(html, url).toMatch(/<template id="app-scripts"><script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      // One inline script, the early-input recorder (server/web/earlyInput.ts) the CSP allows by its hash; no other (React's streaming helpers would need some).
      for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag, url).toMatch(/ src="|type="application\/json"|^<script data-early-input>$/);
    }
  });

  it('serves the start-up overlay, not a rendered page, where the first screen needs the visitor data or the URL differs', async ({ skip }) => {
    if (!built) return skip();
    for (const url of ['/quotationview', '/personalDetailView', '/paymentview', '/bookings', '/contactus?from=mail', '/ContactUs', '/nowhere']) {
      const html = (await get(url)).body;
      expect(rootOf(html)?.[1], url).toBeUndefined();
      expect(html, url).toContain(OVERLAY);
      expect(headOf(html), url).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      expect(html, url).not.toContain('<template id="app-scripts">');
    }
  });

  it('reuses a rendered page within a minute, and renders again after an operator change', async ({ skip }) => {
    if (!built) return skip();
    const first = (await get('/')).body;
    const again = (await get('/')).body;
    expect(rootOf(again)?.[2]).toBe(rootOf(first)?.[2]);
    expect(first).toContain('with Westway Cars');
    const put = await provider.fastify.inject({ method: 'PUT', url: '/api/admin/settings', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { Company_Name: 'Northway <Cabs>' } });
    expect(put.statusCode).toBe(200);
    const changed = (await get('/')).body;
    expect(changed).toContain('with Northway &lt;Cabs&gt;');
    expect(changed).not.toContain('Northway <Cabs>');
  });

  it('sends the page compressed when the browser accepts it', async ({ skip }) => {
    if (!built) return skip();
    const plain = await get('/contactus');
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await get('/contactus', { 'accept-encoding': encoding });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('Accept-Encoding');
      const body = encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
      expect(body.toString('utf8')).toBe(plain.body);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
  });

  it('sends the entry script as the build compressed it with brotli 11 (smaller than on the fly), the same script once decoded', async ({ skip }) => {
    if (!built) return skip();
    const entry = /<script type="module"[^>]* src="(\/assets\/index-[^"]+\.js)"/.exec((await get('/contactus')).body)?.[1];
    expect(entry).toBeTruthy();
    const plain = await get(entry!, { 'accept-encoding': 'identity' });
    const br = await get(entry!, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const precompressed = readFileSync(path.join(provider.config.distDir, PRECOMPRESSED_DIR, `${entry}.br`));
    expect(br.rawPayload.equals(precompressed)).toBe(true);
    const quality5 = brotliCompressSync(plain.rawPayload, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
    expect(br.rawPayload.length).toBeLessThan(quality5.length * 0.95);
  });

  it('does not serve the server renderer', async ({ skip }) => {
    if (!built) return skip();
    for (const encoding of ['br', 'identity']) expect((await get('/.ssr/entry-server.js', { 'accept-encoding': encoding })).statusCode).toBe(404);
  });
});
