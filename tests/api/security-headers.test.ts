// The security headers (server/plugins/securityHeaders.ts): on every answer, and for each kind of page its own
// Content-Security-Policy and framing rule (issue 15: clickjacking, and Google's and Stripe's hosts only where they
// load). The pages need a build (npm run build, or DIST_DIR); those tests are skipped without one.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_POLICY } from '../../server/plugins/securityHeaders.ts';
import { EARLY_INPUT_SCRIPT_HASH } from '../../server/web/earlyInput.ts';
import { offlineStripe } from '../helpers/booking.ts';
import { PUBLIC_ROUTES, type PublicRoute } from '../../contract/routeManifest.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/** The policy's directives by name. */
const directives = (csp: string): Record<string, string[]> =>
  Object.fromEntries(csp.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));

/** The cabflow-document meta tag of a page. */
const documentFacts = (html: string) => {
  const content = /<meta name="cabflow-document" content="([^"]*)">/.exec(html)?.[1];
  return content ? (JSON.parse(content.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&')) as { kinds: Record<string, string>; serves: string[] }) : null;
};

const BOOKING_PAGES = ['/', '/home', '/booktripview', '/quotationview', '/personalDetailView', '/paymentview', '/checkout', '/paymentSuccessView', '/quoteView', '/ourfleet', '/contactus', '/no-such-page'];
const ACCOUNT_PAGES = ['/login', '/forgot_password', '/bookings', '/my-account', '/members', '/book-now', '/account-invitation', '/LOGIN/', '/%6Cogin', '/login?next=/bookings', '/My-Account/'];
const CARD_PAGES = ['/stripecheckout', '/stripecheckout?stripeKey=pk_test_x', '/StripeCheckout/', '/pay-booking'];
/** The manage-booking page: framed as an account page, paying a change's difference by card as the card page does. */
const MANAGE_PAGES = ['/manage-booking', '/Manage-Booking/'];

/** Every page but the console's allows the early-input recorder, the one inline script, by its hash (server/web/earlyInput.ts). */
const OWN_ONLY = {
  'default-src': ["'self'"],
  'script-src': ["'self'", EARLY_INPUT_SCRIPT_HASH],
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

/** Google's allowlist for the Maps JavaScript API, scripts from maps.googleapis.com only. */
const WITH_GOOGLE_MAPS = {
  ...OWN_ONLY,
  'script-src': ["'self'", 'https://maps.googleapis.com', EARLY_INPUT_SCRIPT_HASH],
  'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
  'img-src': ["'self'", 'data:', 'https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'],
  'font-src': ["'self'", 'https://fonts.gstatic.com'],
  'connect-src': ["'self'", 'https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'],
  'frame-src': ["'self'", 'https://*.google.com'],
  'worker-src': ["'self'", 'blob:'],
};

const WITH_STRIPE = {
  ...OWN_ONLY,
  'script-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', EARLY_INPUT_SCRIPT_HASH],
  'connect-src': ["'self'", 'https://api.stripe.com'],
  'frame-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
};

const isBuilt = (provider: TestProvider) => existsSync(path.join(provider.config.distDir, 'index.html'));

async function page(provider: TestProvider, url: string) {
  const response = await provider.fastify.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return { csp: directives(String(response.headers['content-security-policy'])), frameOptions: response.headers['x-frame-options'] ?? null, facts: documentFacts(response.body) };
}

async function putSettings(provider: TestProvider, changes: Record<string, string>) {
  const response = await provider.fastify.inject({ method: 'PUT', url: '/api/admin/settings', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: changes });
  expect(response.statusCode).toBe(200);
}

describe('the routes that are not booking pages', () => {
  it('include every corporate and password route of the route manifest (contract/routeManifest.ts), the card page and the payment link page', () => {
    const guarded = (PUBLIC_ROUTES as readonly PublicRoute[]).filter((route) => /^src\/views\/(corporate|forgotPassword|card|payBooking)\//.test(route.module)).map((route) => route.path);
    expect(guarded.sort()).toEqual(['/account-invitation', '/book-now', '/bookings', '/forgot_password', '/login', '/members', '/my-account', '/pay-booking', '/stripecheckout']);
    expect([...ACCOUNT_PAGES, ...CARD_PAGES].filter((url) => /^\/[a-z_-]+$/.test(url)).sort()).toEqual(guarded.sort());
  });
});

describe(`security headers on ${testDatabaseKind}, EMBED_ORIGINS unset`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  it.each([
    ['an API answer', '/api/v1/setting', KEY_HEADERS],
    ['a refused API call', '/api/v1/setting', {}],
    ['an unknown API path', '/api/v1/nowhere', KEY_HEADERS],
  ])('%s may load nothing, run nothing and be framed nowhere', async (_label, url, headers) => {
    const response = await provider.fastify.inject({ method: 'GET', url, headers });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['content-security-policy']).toBe(RESOURCE_POLICY);
    expect(RESOURCE_POLICY).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
  });

  it('any site may frame a booking page, as the snippet does: no X-Frame-Options', async () => {
    if (!isBuilt(provider)) return;
    for (const url of BOOKING_PAGES) {
      const { csp, frameOptions } = await page(provider, url);
      expect({ url, ancestors: csp['frame-ancestors'], frameOptions }).toEqual({ url, ancestors: ['*'], frameOptions: null });
    }
  });

  it('no other site may frame sign-in, password reset, the corporate area, the card page or the manage page, however the path is spelt', async () => {
    if (!isBuilt(provider)) return;
    for (const url of [...ACCOUNT_PAGES, ...CARD_PAGES, ...MANAGE_PAGES]) {
      const { csp, frameOptions } = await page(provider, url);
      expect({ url, ancestors: csp['frame-ancestors'], frameOptions }).toEqual({ url, ancestors: ["'self'"], frameOptions: 'SAMEORIGIN' });
    }
  });

  it('the manage-booking and quote-offer pages, whose address carries a link token until they replace it, send no Referer and are framed by no other site; other pages keep the site policy', async () => {
    if (!isBuilt(provider)) return;
    for (const url of [`/manage-booking?token=${'a'.repeat(43)}`, '/quote-offer', '/Quote-Offer/', '/pay-booking']) {
      const linked = await provider.fastify.inject({ method: 'GET', url });
      expect({ url, referrer: linked.headers['referrer-policy'], frame: linked.headers['x-frame-options'] }).toEqual({ url, referrer: 'no-referrer', frame: 'SAMEORIGIN' });
    }
    expect((await provider.fastify.inject({ method: 'GET', url: '/login' })).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('a site without a Maps key and the sandbox card processor: every page loads our own files only, and one document serves every route', async () => {
    if (!isBuilt(provider)) return;
    for (const url of [...BOOKING_PAGES, ...ACCOUNT_PAGES, ...CARD_PAGES, ...MANAGE_PAGES]) {
      const { csp, facts } = await page(provider, url);
      const { 'frame-ancestors': _ancestors, ...sources } = csp;
      expect({ url, sources }).toEqual({ url, sources: OWN_ONLY });
      expect({ url, serves: facts?.serves }).toEqual({ url, serves: ['booking', 'account', 'card', 'manage'] });
      expect(facts?.kinds).toEqual({ '/login': 'account', '/forgot_password': 'account', '/bookings': 'account', '/my-account': 'account', '/members': 'account', '/book-now': 'account', '/account-invitation': 'account', '/manage-booking': 'manage', '/quote-offer': 'account', '/stripecheckout': 'card', '/pay-booking': 'card' });
    }
  });

  describe('a site with a browser Maps key (setting GOOGLE_API_KEY)', () => {
    beforeAll(() => putSettings(provider, { GOOGLE_API_KEY: 'browser-key' }));
    afterAll(() => putSettings(provider, { GOOGLE_API_KEY: '' }));

    it("booking pages allow the Maps JavaScript API (scripts from maps.googleapis.com only) and are one kind of document with the manage page", async () => {
      if (!isBuilt(provider)) return;
      for (const url of BOOKING_PAGES) {
        const { csp, facts } = await page(provider, url);
        const { 'frame-ancestors': _ancestors, ...sources } = csp;
        expect({ url, sources }).toEqual({ url, sources: WITH_GOOGLE_MAPS });
        expect({ url, serves: facts?.serves }).toEqual({ url, serves: ['booking', 'manage'] });
      }
    });

    it('account pages and the card page allow no Google host, and serve each other but not the booking pages', async () => {
      if (!isBuilt(provider)) return;
      for (const url of [...ACCOUNT_PAGES, ...CARD_PAGES]) {
        const { csp, facts } = await page(provider, url);
        const { 'frame-ancestors': _ancestors, ...sources } = csp;
        expect({ url, sources }).toEqual({ url, sources: OWN_ONLY });
        expect({ url, serves: facts?.serves }).toEqual({ url, serves: ['account', 'card'] });
      }
    });

    it("the manage page allows the Maps JavaScript API for the passenger's live map (issue 33): the booking pages' sources, framed as an account page", async () => {
      if (!isBuilt(provider)) return;
      for (const url of MANAGE_PAGES) {
        const { csp, facts } = await page(provider, url);
        const { 'frame-ancestors': ancestors, ...sources } = csp;
        expect({ url, sources, ancestors }).toEqual({ url, sources: WITH_GOOGLE_MAPS, ancestors: ["'self'"] });
        expect({ url, serves: facts?.serves }).toEqual({ url, serves: ['booking', 'manage'] });
      }
    });
  });

  it('no page of any site lets scripts come from a wildcard host, blob:, data:, inline or eval', async () => {
    if (!isBuilt(provider)) return;
    await putSettings(provider, { GOOGLE_API_KEY: 'browser-key' });
    try {
      for (const url of [...BOOKING_PAGES, ...ACCOUNT_PAGES, ...CARD_PAGES, ...MANAGE_PAGES]) {
        const scripts = (await page(provider, url)).csp['script-src'];
        expect({ url, loose: scripts.filter((source) => source.includes('*') || ['blob:', 'data:', 'https:', "'unsafe-inline'", "'unsafe-eval'"].includes(source)) }).toEqual({ url, loose: [] });
      }
    } finally {
      await putSettings(provider, { GOOGLE_API_KEY: '' });
    }
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
    expect(response.json()).toEqual({ success: false, message: expect.any(String), code: 'payload_too_large' });
    expect(response.body).not.toMatch(/at \w+ \(/);
  });
});

describe(`security headers on ${testDatabaseKind}, EMBED_ORIGINS set`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider({ env: { EMBED_ORIGINS: 'https://www.westwaycars.test, https://book.westwaycars.test' } });
  });
  afterAll(() => provider.dispose());

  it('every page may be framed by this origin and the operator sites only; the others also refuse browsers without frame-ancestors', async () => {
    if (!isBuilt(provider)) return;
    const operator = ["'self'", 'https://www.westwaycars.test', 'https://book.westwaycars.test'];
    for (const url of BOOKING_PAGES) {
      const { csp, frameOptions } = await page(provider, url);
      expect({ url, ancestors: csp['frame-ancestors'], frameOptions }).toEqual({ url, ancestors: operator, frameOptions: null });
    }
    for (const url of [...ACCOUNT_PAGES, ...CARD_PAGES, ...MANAGE_PAGES]) {
      const { csp, frameOptions } = await page(provider, url);
      expect({ url, ancestors: csp['frame-ancestors'], frameOptions }).toEqual({ url, ancestors: operator, frameOptions: 'SAMEORIGIN' });
    }
  });
});

describe(`security headers on ${testDatabaseKind}, card payments by Stripe`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider({ payments: offlineStripe() });
  });
  afterAll(() => provider.dispose());

  it("only the card page and the manage page (a change's difference) allow Stripe's hosts, so moving to them or from them loads a new document", async () => {
    if (!isBuilt(provider)) return;
    for (const url of [...CARD_PAGES, ...MANAGE_PAGES]) {
      const { csp, facts } = await page(provider, url);
      const { 'frame-ancestors': _ancestors, ...sources } = csp;
      expect({ url, sources, serves: facts?.serves }).toEqual({ url, sources: WITH_STRIPE, serves: ['card', 'manage'] });
    }
    for (const url of [...BOOKING_PAGES, ...ACCOUNT_PAGES]) {
      const { csp, facts } = await page(provider, url);
      const { 'frame-ancestors': _ancestors, ...sources } = csp;
      expect({ url, sources, serves: facts?.serves }).toEqual({ url, sources: OWN_ONLY, serves: ['booking', 'account'] });
    }
  });
});
