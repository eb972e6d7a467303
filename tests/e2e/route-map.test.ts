import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeoPoint } from '../../server/domain/geo/types.ts';
import { createOfflineMaps, type MapsPort } from '../../server/domain/geo/mapsPort.ts';
import { appReady, launchBrowser, saveScreenshot, WIDTHS } from '../helpers/browser.ts';
import { axeAnalyze } from '../helpers/axe.ts';
import { weekdayAhead } from '../helpers/forms.ts';
import { ADMIN_TOKEN, startTestProvider, type TestProvider } from '../helpers/provider.ts';

// The public route map (issue 16) drawn by @react-google-maps/api: with the operator's browser key and Google stubbed
// in the page (every request to maps.googleapis.com answered by FAKE_MAPS_SCRIPT: no network), the quote's
// route_polyline is drawn as the road route; without a key the offline schematic. The server's maps port is the
// offline gazetteer plus a routing answer that carries an encoded polyline, as Google's Routes API does.

const PICKUP = 'Paddington Station, Praed Street, London W2 1HB';
const DROPOFF = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA';
/** Paddington → Heathrow in Google's encoded polyline format (precision 5). */
const ROUTE_POLYLINE = '{boyHfmc@f}BfnQbgDjeR~dAz~S';
const ROUTE_POINTS = [
  { lat: 51.5283, lng: -0.1866 },
  { lat: 51.5081, lng: -0.2812 },
  { lat: 51.4812, lng: -0.3795 },
  { lat: 51.47, lng: -0.487 },
];

/** A stand-in for the Maps JavaScript API: importLibrary, and the classes and events @react-google-maps/api uses. */
const FAKE_MAPS_SCRIPT = String.raw`(() => {
  const script = document.currentScript;
  const record = (window.__fakeGoogle = { overlays: [] });
  const overlay = (kind, options) => {
    const state = { kind, options: { ...options }, listeners: {} };
    record.overlays.push(state);
    const redraw = () => state.options.map && state.options.map.redraw && state.options.map.redraw();
    return new Proxy(state, {
      get(target, property) {
        if (property === 'setOptions') return (next) => { Object.assign(target.options, next); redraw(); };
        if (typeof property === 'string' && /^set[A-Z]/.test(property)) return (value) => { target.options[property[3].toLowerCase() + property.slice(4)] = value; redraw(); };
        if (typeof property === 'string' && /^get[A-Z]/.test(property)) return () => target.options[property[3].toLowerCase() + property.slice(4)];
        return target[property];
      },
    });
  };
  class Map {
    constructor(element, options) {
      const self = overlay('Map', options);
      self.map = true;
      element.dataset.fakeGoogleMap = 'true';
      element.style.background = 'linear-gradient(135deg, #e5efe3, #dfe8f1)';
      element.style.position = 'relative';
      self.fitBounds = () => {};
      self.getDiv = () => element;
      self.redraw = () => queueMicrotask(() => {
        const items = record.overlays.filter((item) => item.options.map === self);
        const points = items.flatMap((item) => item.options.path || (item.options.position ? [item.options.position] : []));
        if (points.length === 0) return;
        const lats = points.map((p) => p.lat), lngs = points.map((p) => p.lng);
        const [n, s, e, w] = [Math.max(...lats), Math.min(...lats), Math.max(...lngs), Math.min(...lngs)];
        const x = (lng) => 10 + (e === w ? 40 : ((lng - w) / (e - w)) * 80);
        const y = (lat) => 12 + (n === s ? 38 : ((n - lat) / (n - s)) * 76);
        const svg = items.map((item) => item.options.path
          ? '<polyline fill="none" stroke="' + item.options.strokeColor + '" stroke-width="1.2" points="' + item.options.path.map((p) => x(p.lng) + ',' + y(p.lat)).join(' ') + '"/>'
          : '<circle cx="' + x(item.options.position.lng) + '" cy="' + y(item.options.position.lat) + '" r="3.4" fill="#d93025"/><text x="' + x(item.options.position.lng) + '" y="' + (y(item.options.position.lat) + 1.3) + '" font-size="3.6" text-anchor="middle" fill="#fff" font-family="sans-serif" font-weight="700">' + item.options.label.text + '</text>').join('');
        element.innerHTML = '<svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true" style="position:absolute;inset:0;width:100%;height:100%">' + svg + '</svg><span style="position:absolute;left:8px;bottom:6px;font:12px sans-serif;color:#444">Fake Google map (test)</span>';
      });
      return self;
    }
  }
  const overlayClass = (kind) => class { constructor(options) { return overlay(kind, options || {}); } };
  const event = {
    addListener: (target, name, listener) => { (target.listeners[name] = target.listeners[name] || []).push(listener); return { target, name, listener }; },
    removeListener: (handle) => { if (handle) handle.target.listeners[handle.name] = (handle.target.listeners[handle.name] || []).filter((l) => l !== handle.listener); },
    clearInstanceListeners: (target) => { target.listeners = {}; },
  };
  const maps = { Map, Marker: overlayClass('Marker'), Polyline: overlayClass('Polyline'), Polygon: overlayClass('Polygon'), Circle: overlayClass('Circle'), event };
  // Places (New) for the address fields, which load Google first: no suggestions.
  const places = { AutocompleteSessionToken: class {}, AutocompleteSuggestion: { fetchAutocompleteSuggestions: async () => ({ suggestions: [] }) } };
  // Like Google's script: fills in the google.maps its loader made, then calls the callback its URL names (a path).
  const namespace = ((window.google = window.google || {}).maps = window.google.maps || {});
  namespace.importLibrary = async (name) => (name === 'places' ? places : Object.assign(namespace, maps));
  const callback = new URL(script.src).searchParams.get('callback').split('.');
  callback.slice(0, -1).reduce((owner, key) => owner[key], window)[callback.at(-1)]();
})();`;

interface Drawn {
  markers: { label: string; title: string; position: { lat: number; lng: number } }[];
  polylines: { lat: number; lng: number }[][];
}

/** What the fake map shows: the markers and lines still on a map. */
const drawn = (page: Page): Promise<Drawn> =>
  page.evaluate(() => {
    type Item = { kind: string; options: { map?: unknown; path?: { lat: number; lng: number }[]; position?: { lat: number; lng: number }; label?: { text: string }; title?: string } };
    const items = (window as unknown as { __fakeGoogle: { overlays: Item[] } }).__fakeGoogle.overlays.filter((item) => item.options.map);
    return {
      markers: items.filter((item) => item.kind === 'Marker').map(({ options }) => ({ label: options.label!.text, title: options.title!, position: options.position! })),
      polylines: items.filter((item) => item.kind === 'Polyline').map(({ options }) => options.path!),
    };
  });

/** The offline gazetteer, with the routing answer carrying an encoded road route as Google's would. */
function mapsWithRoadRoute(): MapsPort {
  const offline = createOfflineMaps();
  return {
    kind: offline.kind,
    resolve: (text, context) => offline.resolve(text, context),
    suggest: (query, context) => offline.suggest(query, context),
    nearest: (point, context) => offline.nearest(point, context),
    route: async (points: readonly GeoPoint[]) => ({ ...(await offline.route(points)), polyline: ROUTE_POLYLINE }),
  };
}

let provider: TestProvider;
let browser: Browser;

beforeAll(async () => {
  [provider, browser] = await Promise.all([startTestProvider({ listen: true, maps: mapsWithRoadRoute() }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await provider?.dispose();
});

async function putBrowserKey(key: string) {
  const response = await fetch(`${provider.url}/api/admin/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ GOOGLE_API_KEY: key }),
  });
  expect(response.status).toBe(200);
}

/** Home → GET A QUOTE → the quotation for PICKUP → DROPOFF, with maps.googleapis.com answered by the fake. */
async function quoteWithFakeGoogle(width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, locale: 'en-GB', timezoneId: 'Europe/London' });
  const googleRequests: string[] = [];
  await context.route('https://maps.googleapis.com/**', (route) => {
    googleRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_MAPS_SCRIPT });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${provider.url}/`);
  await appReady(page);
  await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
  for (const [testId, text] of [
    ['quote-pickup', PICKUP],
    ['quote-dropoff', DROPOFF],
  ] as const) {
    const field = page.getByTestId(testId);
    await field.fill(text);
    await field.press('Escape');
  }
  await page.getByLabel('Pickup date').fill(weekdayAhead(4));
  await page.getByRole('combobox', { name: 'Hour', exact: true }).selectOption('2pm');
  await page.getByRole('combobox', { name: 'Min', exact: true }).selectOption('30');
  await page.getByTestId('quote-search').click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/quotationview');
  await page.getByTestId('vehicle-card').first().waitFor();
  return { context, page, errors, googleRequests };
}

describe('the route map on the quotation', () => {
  it('without a key: the offline schematic, and nothing asked of Google', async () => {
    await putBrowserKey('');
    const { context, page, errors, googleRequests } = await quoteWithFakeGoogle(WIDTHS.desktop);
    try {
      const map = page.getByTestId('route-map');
      expect(await map.getAttribute('data-map')).toBeNull();
      expect(await map.getByRole('list', { name: 'Route' }).locator('li').allTextContents()).toEqual([`APick-Up${PICKUP}`, `BDrop-Off${DROPOFF}`]);
      expect(googleRequests).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("with a key: Google's map (stubbed) with A and B and the quote's road route, decoded point for point", async () => {
    await putBrowserKey('test-browser-key');
    const { context, page, errors, googleRequests } = await quoteWithFakeGoogle(WIDTHS.desktop);
    try {
      const canvas = page.getByRole('region', { name: `Map of the route from ${PICKUP} to ${DROPOFF}` });
      await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 10_000 }).toBe('ready');
      expect(await canvas.getAttribute('data-road-route')).toBe('true');
      await expect.poll(async () => (await drawn(page)).polylines).toEqual([ROUTE_POINTS]);
      expect((await drawn(page)).markers.map(({ label, title }) => [label, title])).toEqual([
        ['A', `Pick-Up: ${PICKUP}`],
        ['B', `Drop-Off: ${DROPOFF}`],
      ]);
      expect(await canvas.locator('[data-fake-google-map="true"]').count()).toBe(1);
      expect(googleRequests.length).toBeGreaterThan(0);
      expect(googleRequests.every((url) => url.startsWith('https://maps.googleapis.com/maps/api/js?') && new URL(url).searchParams.get('key') === 'test-browser-key')).toBe(true);
      const axe = await axeAnalyze(page, { include: '[data-testid="booking-summary"]' });
      expect(axe.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
      for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
        await page.setViewportSize({ width, height: 900 });
        await saveScreenshot(page, 'route-map-google');
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await putBrowserKey('');
    }
  });
});
