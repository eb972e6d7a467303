import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

describe(`security headers on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider({ env: { EMBED_ORIGINS: 'https://www.westwaycars.test' } });
  });
  afterAll(() => provider.dispose());

  it.each([
    ['an API answer', '/api/v1/setting', KEY_HEADERS],
    ['a refused API call', '/api/v1/setting', {}],
    ['an unknown API path', '/api/v1/nowhere', KEY_HEADERS],
    ['a page', '/quotationview', {}],
  ])('are on %s', async (_label, url, headers) => {
    const response = await provider.fastify.inject({ method: 'GET', url, headers });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://maps.googleapis.com");
    expect(csp).toContain("frame-ancestors 'self' https://www.westwaycars.test");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Google's allowlist policy for the Maps JavaScript API: its API hosts, tiles, blob: workers and frames.
    const directive = (name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `))?.split(' ').slice(1) ?? [];
    expect(directive('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://api.stripe.com', 'https://*.googleapis.com', 'https://*.gstatic.com']));
    expect(directive('worker-src')).toEqual(["'self'", 'blob:']);
    expect(directive('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com', 'https://*.google.com']);
    // Nothing broader than named hosts may run scripts.
    expect(directive('script-src').filter((source) => ['*', 'https:', 'http:', "'unsafe-eval'"].includes(source))).toEqual([]);
  });

  it('API answers are never cached', async () => {
    const response = await provider.fastify.inject({ method: 'GET', url: '/api/v1/fetch_vehicles', headers: KEY_HEADERS });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('a body over the limit is refused with 413 JSON and no stack trace', async () => {
    const response = await provider.fastify.inject({
      method: 'POST',
      url: '/api/v1/calculate-distance-price',
      headers: { ...KEY_HEADERS, 'content-type': 'application/json' },
      payload: JSON.stringify({ pickup: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: expect.any(String) });
    expect(response.body).not.toMatch(/at \w+ \(/);
  });
});
