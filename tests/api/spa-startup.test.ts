// The page the server serves for each route (server/plugins/spa.ts): the route's lazy chunk named for preloading (from
// Vite's manifest), and the site's public catalogue embedded as a JSON data block equal to the catalogue calls' answers,
// following an operator's change on the next page load. Needs a build (DIST_DIR or dist/); skipped without one.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOTSTRAP_ELEMENT_ID, ROUTE_MODULES } from '../../server/plugins/spa.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';

const root = path.resolve(import.meta.dirname, '../..');

const embedded = (html: string): Record<string, unknown> => {
  const match = new RegExp(`<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  if (!match) throw new Error('no embedded catalogue in the page');
  return JSON.parse(match[1]) as Record<string, unknown>;
};

describe('the route table the server preloads from', () => {
  it('names the lazy module of every lazy route in src/app/routes.tsx', () => {
    const source = readFileSync(path.join(root, 'src/app/routes.tsx'), 'utf8');
    const named = new Map([...source.matchAll(/const (\w+) = lazyView\(\(\) => import\('\.\.\/(views\/[^']+)'\)/g)].map((match) => [match[1], `src/${match[2]}`]));
    const routes = [...source.matchAll(/\{ path: '([^']+)', title: '[^']*', component: (?:lazyView\(\(\) => import\('\.\.\/(views\/[^']+)'\)|(\w+))/g)];
    expect(routes.length).toBeGreaterThan(10);
    for (const [, routePath, inline, name] of routes) {
      const module = inline ? `src/${inline}` : named.get(name);
      if (!module) continue; // HomeView: in the entry chunk
      expect(ROUTE_MODULES[routePath.toLowerCase()], routePath).toContain(module);
    }
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

  it('names the route chunk, its imports and its CSS for /contactus, and no route chunk for /', async ({ skip }) => {
    if (!built) return skip();
    const html = await page('/contactus');
    const contact = manifest['src/views/contact/ContactUsView.tsx'];
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${contact.file}">`);
    for (const imported of contact.imports ?? []) if (imported !== 'index.html') expect(html).toContain(`/${manifest[imported].file}"`);
    expect(html).toMatch(/<link rel="preload" as="style" crossorigin href="\/assets\/Input-[\w-]+\.css">/);
    // Same links for a different spelling of the path (routes match case-insensitively, as wouter's do).
    expect(await page('/ContactUs/')).toContain(contact.file);
    const home = await page('/');
    expect(home).not.toContain(contact.file);
    expect(home).not.toContain('rel="preload" as="style"');
    // The booking steps also preload the booking actor's code.
    expect(await page('/quotationview')).toContain(`/${manifest['src/app/booking/bookingLogic.ts'].file}"`);
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

  it('does not serve the build manifest', async ({ skip }) => {
    if (!built) return skip();
    for (const encoding of ['br', 'identity']) {
      const response = await provider.fastify.inject({ method: 'GET', url: '/.vite/manifest.json', headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(404);
    }
  });
});
