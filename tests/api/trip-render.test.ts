// A reloaded booking step rendered on the server from the visitor's trip cookie (contract/tripCookie.ts,
// server/web/tripPage.ts): /quotationview and /personalDetailView render from the cookie and the quote the server stored,
// carry the trip as a data block, and are never shared (private); anything the server cannot reproduce (no cookie, a
// forged or malformed one, an unknown quote, a vehicle not in the quote, a trip the machine sends elsewhere) gets the
// start-up overlay as before. Needs a build (npm run build, or DIST_DIR); skipped without one.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeTripCookie, renderedTripInput, TRIP_COOKIE, TRIP_ELEMENT_ID, type TripCookie } from '../../contract/tripCookie.ts';
import { formatMoney } from '../../src/views/confirmation/format.ts';
import { oneWayForm } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';
import { encoded, tripCookieOf } from '../helpers/storage.ts';

interface Row {
  vehicle_id: number;
  company_id: number;
  vehicle_type: string;
  company_name: string;
  price: number;
  final_price: number;
  quote_id: string;
}

const OVERLAY = 'Please wait while loading content';
const rootOf = (html: string) => /<div id="root"( data-rendered-at="(\d+)")?>/.exec(html);
const tripBlock = (html: string): unknown => {
  const match = new RegExp(`<script type="application/json" id="${TRIP_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1]) : null;
};

/** The cookie the website writes for this localStorage (src/app/booking/bookingStorage.ts). */
function cookieFor(storage: Record<string, string>): TripCookie {
  const trip = tripCookieOf(storage);
  if (!trip) throw new Error('no trip cookie for this storage');
  return trip;
}

describe('a booking step rendered from the trip cookie', () => {
  let provider: TestProvider;
  let built = false;
  let rows: Row[] = [];
  let quoted: Record<string, string> = {};
  let chosen: Row;
  beforeAll(async () => {
    provider = await startTestProvider();
    built = existsSync(path.join(provider.config.distDir, '.ssr', 'entry-server.js'));
    const form = oneWayForm();
    const answer = await provider.fastify.inject({ method: 'POST', url: '/api/v1/calculate-distance-price', headers: KEY_HEADERS, payload: form });
    expect(answer.statusCode).toBe(200);
    rows = (answer.json() as { price_details: Row[] }).price_details;
    chosen = rows.filter((row) => row.price > 0).sort((a, b) => a.final_price - b.final_price)[0];
    quoted = { BookingType: encoded('milleage'), BookingForm: JSON.stringify(form), PriceDetails: encoded(rows) };
  });
  afterAll(() => provider.dispose());

  const get = (url: string, trip?: TripCookie | string) =>
    provider.fastify.inject({ method: 'GET', url, headers: trip === undefined ? {} : { cookie: `theme=x; ${TRIP_COOKIE}=${typeof trip === 'string' ? trip : encodeTripCookie(trip)}` } });
  const withChoice = () => ({
    ...quoted,
    selectedVehicleData: encoded(chosen),
    SelectedVehicle: JSON.stringify({ vehicle_id: chosen.vehicle_id }),
    selectionKind: JSON.stringify('selection'),
  });

  it('renders the quotation with every priced vehicle, privately, with the trip it rendered from', async ({ skip }) => {
    if (!built) return skip();
    const trip = cookieFor(quoted);
    expect(trip.quoteId).toBe(rows[0].quote_id);
    const response = await get('/quotationview', trip);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(rootOf(html)?.[2]).toMatch(/^\d{13}$/);
    expect(html).not.toContain(OVERLAY);
    expect(html).toContain('>Quotation</h1>');
    expect(html).toContain(`${rows.length} vehicles for your trip. Choose one to book.`);
    for (const row of rows) expect(html).toContain(`aria-label="${row.vehicle_type}, ${row.company_name}"`);
    expect(html).toContain(formatMoney(chosen.final_price, '£'));
    expect(html).toContain('Heathrow Airport Terminal 5');
    // The trip the browser compares with its own before hydrating: exactly the server's quote rows and the cookie's parts.
    expect(tripBlock(html)).toEqual(JSON.parse(JSON.stringify(renderedTripInput(trip, rows))));
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toContain('Cookie');
    expect(html).toMatch(/<template id="app-scripts"><script type="module"/);
    for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/ src="|type="application\/json"|^<script data-early-input>$/);
  });

  it('renders the personal details with the chosen vehicle', async ({ skip }) => {
    if (!built) return skip();
    const html = (await get('/personalDetailView', cookieFor(withChoice()))).body;
    expect(rootOf(html)?.[2]).toMatch(/^\d{13}$/);
    expect(html).toContain('Registration Details');
    expect(html).toContain(chosen.vehicle_type);
    expect(html).toContain(formatMoney(chosen.final_price, '£'));
    expect((tripBlock(html) as { selectedVehicle: Row }).selectedVehicle).toEqual(chosen);
  });

  it('serves the overlay without a usable cookie, for an unknown quote or vehicle, a query, or a step the trip does not reach', async ({ skip }) => {
    if (!built) return skip();
    const trip = cookieFor(quoted);
    const cases: [string, TripCookie | string | undefined][] = [
      ['/quotationview', undefined],
      ['/quotationview', 'not-base64!'],
      ['/quotationview', Buffer.from('{"bookingType":"milleage"}').toString('base64url')],
      ['/quotationview', encodeTripCookie({ ...trip, bookingType: 'daily' as never })],
      ['/quotationview', encodeTripCookie({ ...trip, bookingForm: { pickup: 5 } as never })],
      ['/quotationview', 'A'.repeat(5000)],
      ['/quotationview', { ...trip, quoteId: 'no-such-quote' }],
      ['/quotationview?from=mail', trip],
      ['/QuotationView', trip],
      // No vehicle chosen: the machine sends /personalDetailView back to the quotation.
      ['/personalDetailView', trip],
      ['/personalDetailView', { ...cookieFor(withChoice()), selected: { vehicle_id: 999_999, company_id: chosen.company_id } }],
      // Other steps are not rendered from the cookie.
      ['/paymentview', cookieFor(withChoice())],
    ];
    for (const [url, cookie] of cases) {
      const response = await get(url, cookie);
      expect(response.statusCode, url).toBe(200);
      expect(rootOf(response.body)?.[1], `${url} ${String(cookie).slice(0, 40)}`).toBeUndefined();
      expect(response.body, url).toContain(OVERLAY);
      expect(tripBlock(response.body), url).toBeNull();
    }
  });

  it('writes no cookie the server could not reproduce: typed personal details, a re-priced choice, a confirmed booking', () => {
    expect(() => cookieFor({ ...withChoice(), registrationData: encoded({ firstName: 'Ada' }) })).toThrow();
    expect(() => cookieFor({ ...withChoice(), selectedVehicleData: encoded({ ...chosen, final_price: chosen.final_price + 5 }) })).toThrow();
    expect(() => cookieFor({ ...quoted, PriceDetails: encoded([]) })).toThrow();
    expect(() => cookieFor({ ...quoted, PriceDetails: encoded([rows[0], { ...rows[1], quote_id: 'another' }]) })).toThrow();
  });
});
