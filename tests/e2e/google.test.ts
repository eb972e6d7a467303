import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, launchBrowser, WIDTHS } from '../helpers/browser.ts';
import { axeAnalyze } from '../helpers/axe.ts';
import { weekdayAhead } from '../helpers/forms.ts';
import { ADMIN_TOKEN, startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Google Maps in the browser, without the network: the operator's browser key (setting GOOGLE_API_KEY) is a fake one,
// and every request to maps.googleapis.com is answered by FAKE_MAPS_SCRIPT below, which implements only what cabflow
// calls (importLibrary; places.AutocompleteSuggestion, AutocompleteSessionToken and Place.fetchFields; Map, Marker,
// Polyline) and calls back @googlemaps/js-api-loader's bootstrap as Google's script does. The server keeps its offline maps (GOOGLE_API_KEY is not in its environment). Needs a build first:
// `npm run build` (or DIST_DIR=… for another directory). GOOGLE_SHOTS_DIR=… also saves screenshots there.

const BROWSER_KEY = 'test-browser-key';
const HEATHROW = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA';
const SAVED_PADDINGTON = 'Paddington Station, Praed Street, London W2 1HB';
const GOOGLE_PADDINGTON = ['Paddington Recreation Ground, Randolph Avenue, London, UK', 'Paddington, London, UK'];
const PICKED = 'Paddington Recreation Ground, Randolph Avenue, London W9 1PD, UK';
const SHOTS_DIR = process.env.GOOGLE_SHOTS_DIR;

/** A stand-in for https://maps.googleapis.com/maps/api/js: records every call on window.__fakeGoogle. */
const FAKE_MAPS_SCRIPT = String.raw`(() => {
  const script = document.currentScript;
  const record = (window.__fakeGoogle = { scriptUrl: script.src, autocomplete: [], tokens: 0, fetchFields: [], maps: 0, markers: [], polylines: [] });
  const PLACES = [
    { id: 'rec', text: 'Paddington Recreation Ground, Randolph Avenue, London, UK', types: ['park'], formattedAddress: 'Randolph Ave, London W9 1PD, UK', lat: 51.5283, lng: -0.1866, postcode: 'W9 1PD' },
    { id: 'padd', text: 'Paddington, London, UK', types: ['sublocality', 'political'], formattedAddress: 'Paddington, London, UK', lat: 51.5154, lng: -0.1755, postcode: null },
  ];
  class AutocompleteSessionToken { constructor() { this.id = ++record.tokens; } }
  const toPlace = (fake) => {
    const place = {
      async fetchFields({ fields }) {
        record.fetchFields.push({ id: fake.id, fields });
        place.formattedAddress = fake.formattedAddress;
        place.location = { lat: () => fake.lat, lng: () => fake.lng };
        place.addressComponents = fake.postcode ? [{ longText: fake.postcode, shortText: fake.postcode, types: ['postal_code'] }] : [];
        return { place };
      },
    };
    return place;
  };
  const AutocompleteSuggestion = {
    async fetchAutocompleteSuggestions(request) {
      record.autocomplete.push({ ...request, sessionToken: request.sessionToken && request.sessionToken.id });
      const needle = request.input.toLowerCase();
      return { suggestions: PLACES.filter((p) => p.text.toLowerCase().includes(needle)).map((p) => ({ placePrediction: { placeId: p.id, text: { text: p.text }, types: p.types, toPlace: () => toPlace(p) } })) };
    },
  };
  // @react-google-maps/api calls the setter of each option it is given (setAnimation, setClickable, setIcon, …): the
  // fakes take any setX and answer any getX with undefined.
  const anySetter = (object) => new Proxy(object, {
    get: (target, key) => key in target || typeof key !== 'string' ? target[key] : key.startsWith('set') ? () => {} : key.startsWith('get') ? () => undefined : undefined,
  });
  class Map {
    constructor(element, options) {
      record.maps += 1;
      this.element = element;
      this.items = [];
      element.dataset.fakeGoogleMap = 'true';
      element.style.background = 'linear-gradient(135deg, #e5efe3, #dfe8f1)';
      element.style.position = 'relative';
      queueMicrotask(() => this.render());
      return anySetter(this);
    }
    fitBounds() {}
    setCenter() {}
    setZoom() {}
    setOptions() {}
    render() {
      const points = this.items.flatMap((item) => item.path || [item.position]);
      const lats = points.map((p) => p.lat), lngs = points.map((p) => p.lng);
      const [n, s, e, w] = [Math.max(...lats), Math.min(...lats), Math.max(...lngs), Math.min(...lngs)];
      const x = (lng) => 10 + (e === w ? 40 : ((lng - w) / (e - w)) * 80);
      const y = (lat) => 12 + (n === s ? 38 : ((n - lat) / (n - s)) * 76);
      const svg = this.items.map((item) => item.path
        ? '<polyline fill="none" stroke="' + item.colour + '" stroke-width="1.2" points="' + item.path.map((p) => x(p.lng) + ',' + y(p.lat)).join(' ') + '"/>'
        : '<circle cx="' + x(item.position.lng) + '" cy="' + y(item.position.lat) + '" r="3.4" fill="#d93025"/><text x="' + x(item.position.lng) + '" y="' + (y(item.position.lat) + 1.3) + '" font-size="3.6" text-anchor="middle" fill="#fff" font-family="sans-serif" font-weight="700">' + item.label + '</text>').join('');
      this.element.innerHTML = '<svg viewBox="0 0 100 100" preserveAspectRatio="none" style="position:absolute;inset:0;width:100%;height:100%">' + svg + '</svg><span style="position:absolute;left:8px;bottom:6px;font:12px sans-serif;color:#555">Fake Google map (test)</span>';
    }
  }
  class Marker {
    constructor(options) {
      record.markers.push({ label: options.label && options.label.text, title: options.title, position: options.position });
      options.map.items.push({ position: options.position, label: options.label && options.label.text });
      return anySetter(this);
    }
    setMap() {}
    setPosition() {}
    setOptions() {}
  }
  class Polyline {
    constructor(options) {
      record.polylines.push(options.path);
      options.map.items.unshift({ path: options.path, colour: options.strokeColor || '#255c9b' });
      return anySetter(this);
    }
    setMap() {}
    setOptions() {}
  }
  const libraries = { places: { AutocompleteSuggestion, AutocompleteSessionToken }, maps: { Map, Polyline }, marker: { Marker } };
  // Like Google's, the script fills in the google.maps its loader made (importLibrary also puts the classes there,
  // where @react-google-maps/api finds them), then calls the callback its URL names (a path: google.maps.__ib__).
  const event = { addListener: () => ({}), removeListener: () => {}, clearInstanceListeners: () => {} };
  const maps = ((window.google = window.google || {}).maps = window.google.maps || {});
  Object.assign(maps, { event, importLibrary: async (name) => Object.assign(maps, libraries[name]) });
  const callback = new URL(script.src).searchParams.get('callback').split('.');
  callback.slice(0, -1).reduce((owner, key) => owner[key], window)[callback.at(-1)]();
})();`;

interface FakeRecord {
  scriptUrl: string;
  autocomplete: { input: string; includedRegionCodes: string[]; locationBias: { center: { lat: number; lng: number }; radius: number }; sessionToken: number }[];
  tokens: number;
  fetchFields: { id: string; fields: string[] }[];
  maps: number;
  markers: { label: string; title: string }[];
  polylines: { lat: number; lng: number }[][];
}

let provider: TestProvider;
let browser: Browser;

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await provider?.dispose();
});

async function putSettings(changes: Record<string, string | null>) {
  const response = await fetch(`${provider.url}/api/admin/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(changes),
  });
  expect(response.status).toBe(200);
}

interface GooglePage {
  context: BrowserContext;
  page: Page;
  /** Every request the page made to maps.googleapis.com. */
  googleRequests: string[];
  errors: string[];
  close(): Promise<void>;
}

/** Opens the home page with maps.googleapis.com answered by the fake script, and every request to it recorded. */
async function openWithFakeGoogle(width: number = WIDTHS.desktop): Promise<GooglePage> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, locale: 'en-GB', timezoneId: 'Europe/London' });
  await context.route('https://maps.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_MAPS_SCRIPT }));
  const page = await context.newPage();
  const googleRequests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).hostname.endsWith('googleapis.com')) googleRequests.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${provider.url}/`);
  await appReady(page);
  return { context, page, googleRequests, errors, close: () => context.close() };
}

const pathname = (page: Page) => new URL(page.url()).pathname;
const fakeRecord = (page: Page) => page.evaluate(() => (window as unknown as { __fakeGoogle: FakeRecord }).__fakeGoogle);
const optionTexts = (page: Page) => page.getByTestId('address-suggestion').evaluateAll((options) => options.map((option) => option.querySelector('p, div')?.textContent ?? option.textContent));

/** With GOOGLE_SHOTS_DIR: the viewport, or one element, as <name>-<width>.png. */
async function screenshot(page: Page, name: string, testId?: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const file = path.join(SHOTS_DIR, `${name}-${page.viewportSize()?.width}.png`);
  if (testId) await page.getByTestId(testId).screenshot({ path: file, animations: 'disabled' });
  else await page.screenshot({ path: file, animations: 'disabled' });
}

async function fillTheRest(page: Page) {
  const dropoff = page.getByTestId('quote-dropoff');
  await dropoff.fill(HEATHROW);
  await dropoff.press('Escape');
  await page.getByLabel('Pickup date').fill(weekdayAhead(4));
  await page.getByRole('combobox', { name: 'Hour', exact: true }).selectOption('2pm');
  await page.getByRole('combobox', { name: 'Min', exact: true }).selectOption('30');
}

async function searchToQuotation(page: Page) {
  await page.getByTestId('quote-search').click();
  await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/quotationview');
  await page.getByTestId('vehicle-card').first().waitFor();
}

describe('without a Google key', () => {
  it('never asks Google for anything: our place search and the schematic', async () => {
    const { page, googleRequests, errors, close } = await openWithFakeGoogle();
    try {
      await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
      const pickup = page.getByTestId('quote-pickup');
      await pickup.click();
      await pickup.pressSequentially('paddington');
      await expect.poll(() => optionTexts(page), { timeout: 10_000 }).toContain(SAVED_PADDINGTON);
      expect(await page.getByTestId('google-attribution').count()).toBe(0);
      await pickup.press('Escape');
      await fillTheRest(page);
      await searchToQuotation(page);
      const map = page.getByTestId('route-map');
      expect(await map.getAttribute('data-map')).toBeNull();
      expect(await map.getByRole('list', { name: 'Route' }).count()).toBe(1);
      expect(googleRequests).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('with a Google browser key (fake Maps JavaScript API)', () => {
  beforeAll(() => putSettings({ GOOGLE_API_KEY: BROWSER_KEY }));
  afterAll(() => putSettings({ GOOGLE_API_KEY: '' }));

  it('loads nothing from Google until an address field gets focus, then the API with the key', async () => {
    const { page, googleRequests, errors, close } = await openWithFakeGoogle();
    try {
      await page.waitForLoadState('networkidle');
      await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
      await page.waitForTimeout(500);
      expect(googleRequests).toEqual([]);
      await page.getByTestId('quote-pickup').focus();
      await expect.poll(() => googleRequests.length, { timeout: 10_000 }).toBe(1);
      const url = new URL(googleRequests[0]);
      expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
      // One request: the bootstrap of @googlemaps/js-api-loader, with the options and the libraries asked first.
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ key: BROWSER_KEY, v: 'weekly', language: 'en-GB', region: 'GB', libraries: 'core,places' });
      await expect.poll(() => page.evaluate(() => typeof (window as unknown as { google?: { maps?: { importLibrary?: unknown } } }).google?.maps?.importLibrary)).toBe('function');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    it(`at ${width} px: Google suggestions under the saved addresses, the postcode on the pick, prices and the Google route map`, async () => {
      const { page, googleRequests, errors, close } = await openWithFakeGoogle(width);
      try {
        await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
        const pickup = page.getByTestId('quote-pickup');
        await pickup.click();
        await pickup.pressSequentially('paddington');
        await expect.poll(() => optionTexts(page), { timeout: 10_000 }).toEqual([SAVED_PADDINGTON, ...GOOGLE_PADDINGTON]);
        expect(await page.getByRole('group', { name: 'Saved addresses' }).count()).toBe(1);
        expect(await page.getByTestId('google-attribution').textContent()).toBe('Powered by Google');
        await screenshot(page, 'google-suggestions');

        const record = await fakeRecord(page);
        const last = record.autocomplete.at(-1)!;
        expect(last.input).toBe('paddington');
        expect(last.includedRegionCodes).toEqual(['gb']);
        expect(last.locationBias).toEqual({ center: { lat: 51.5074, lng: -0.1278 }, radius: 50_000 });
        // One session for the whole word typed.
        expect(new Set(record.autocomplete.map((request) => request.sessionToken))).toEqual(new Set([1]));

        await page.getByRole('option', { name: GOOGLE_PADDINGTON[0] }).click();
        await expect.poll(() => pickup.inputValue()).toBe(PICKED);
        expect((await fakeRecord(page)).fetchFields).toEqual([{ id: 'rec', fields: ['formattedAddress', 'location', 'addressComponents'] }]);

        await fillTheRest(page);
        await searchToQuotation(page);
        expect(await page.getByTestId('vehicle-card').count()).toBeGreaterThan(0);
        expect(await page.getByTestId('booking-summary').getByText(PICKED).count()).toBeGreaterThan(0);

        const map = page.getByTestId('route-map');
        expect(await map.getAttribute('data-map')).toBe('google');
        const canvas = page.getByRole('region', { name: `Map of the route from ${PICKED} to ${HEATHROW}` });
        await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 10_000 }).toBe('ready');
        expect(await canvas.locator('[data-fake-google-map="true"]').count()).toBe(1);
        const box = await canvas.boundingBox();
        expect(box?.height).toBe(width >= 768 ? 260 : 240);
        const drawn = await fakeRecord(page);
        expect(drawn.markers.map(({ label, title }) => [label, title])).toEqual([
          ['A', `Pick-Up: ${PICKED}`],
          ['B', `Drop-Off: ${HEATHROW}`],
        ]);
        // No polyline in the quote answer yet: a straight segment from the picked place to the saved address.
        expect(drawn.polylines).toEqual([
          [
            { lat: 51.5283, lng: -0.1866 },
            { lat: 51.4723, lng: -0.4877 },
          ],
        ]);
        // WCAG 2.1 AA for the panel with the map in it (the rest of the page is covered by screenshots.test.ts).
        const axe = await axeAnalyze(page, { include: '[data-testid="booking-summary"]' });
        expect(axe.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
        await screenshot(page, 'google-route-map');
        await screenshot(page, 'google-route-map-panel', 'booking-summary');
        expect(googleRequests.every((url) => url.startsWith('https://maps.googleapis.com/maps/api/js?'))).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('falls back to our place search and the schematic when Google cannot load, logging once', async () => {
    const context = await browser.newContext({ viewport: { width: WIDTHS.desktop, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/London' });
    await context.route('https://maps.googleapis.com/**', (route) => route.abort('connectionrefused'));
    const page = await context.newPage();
    const errors: string[] = [];
    const placeSearches: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/places') placeSearches.push(request.url());
    });
    try {
      await page.goto(`${provider.url}/`);
      await appReady(page);
      await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
      const pickup = page.getByTestId('quote-pickup');
      await pickup.click();
      await pickup.pressSequentially('paddington');
      await expect.poll(() => optionTexts(page), { timeout: 10_000 }).toContain(SAVED_PADDINGTON);
      // Our own place search answered instead of Google.
      await expect.poll(() => placeSearches.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await page.getByTestId('google-attribution').count()).toBe(0);
      await pickup.press('Escape');
      await fillTheRest(page);
      await searchToQuotation(page);
      await expect.poll(() => page.getByTestId('route-map').getByRole('list', { name: 'Route' }).count()).toBe(1);
      const googleErrors = errors.filter((line) => line.includes('Google Maps is unavailable'));
      expect(googleErrors).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
