import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nearestPlaceResponseSchema, priceListResponseSchema, selectedVehiclePriceResponseSchema } from '../../contract/booking.ts';
import { createGoogleMaps, type Fetch } from '../../server/domain/geo/googleMaps.ts';
import { londonDateTime } from '../../server/domain/pricing/londonTime.ts';
import { hourlyForm, londonDate, oneWayForm, weekdayAhead } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

describe(`quoting calls on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  const post = (url: string, payload: unknown) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: payload as object });

  it('calculate-distance answers via_miles and time_duration in seconds through the stops in order', async () => {
    const direct = await post('calculate-distance', { pickup: 'Paddington Station, Praed Street, London W2 1HB', dropoff: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' });
    expect(direct.statusCode).toBe(200);
    const body = direct.json();
    expect(body).toEqual({ via_miles: expect.any(Number), time_duration: expect.any(Number), estimated: true });
    expect(body.via_miles).toBeGreaterThan(12);
    expect(body.via_miles).toBeLessThan(25);
    const viaStop = (
      await post('calculate-distance', {
        pickup: 'Paddington Station, Praed Street, London W2 1HB',
        dropoff: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
        stops: [{ street_name: 'Euston Road', number: '', postcode: 'N1 9AL' }],
      })
    ).json();
    expect(viaStop.via_miles).toBeGreaterThan(body.via_miles);
  });

  it('calculate-distance-price prices every vehicle of every company, stores the quote and returns its id', async () => {
    const response = await post('calculate-distance-price', oneWayForm());
    expect(response.statusCode).toBe(200);
    const body = priceListResponseSchema.parse(response.json());
    expect(body.price_details.length).toBeGreaterThanOrEqual(12);
    const companies = new Set(body.price_details.map((row) => row.company_name));
    expect(companies).toEqual(new Set(['Westway Cars', 'Thames Executive Travel', 'Capital Airport Transfers']));
    const row = body.price_details.find((detail) => detail.company_id === 1 && detail.vehicle_id === 1)!;
    expect(row).toMatchObject({ vehicle_type: 'Saloon', max_seat: 4, luggage: 2, small_luggage: 2, company_name: 'Westway Cars', rating: 4.8, estimated: true });
    expect(row.final_price).toBe(row.breakdown.final_price);
    const linesPence = row.breakdown.lines.reduce((sum, line) => sum + line.amount_pence, 0);
    expect(linesPence).toBe(row.breakdown.final_price_pence);
    expect(row.breakdown.lines.map((line) => line.code)).toContain('airport_pickup');
    const { rows } = await provider.db.query<{ booking_type: string }>('SELECT booking_type FROM quotes WHERE id = $1', [row.quote_id]);
    expect(rows).toEqual([{ booking_type: 'milleage' }]);
    // What is stored is what was answered: every row with its price and breakdown.
    const site = (await provider.cache.sites()).find((candidate) => candidate.isDefault)!;
    const stored = await provider.quoting.loadQuote(site.id, row.quote_id);
    expect(stored.rows).toEqual(body.price_details);
  });

  it('a client that accepts gzip (every browser) gets the same price list compressed, also for a repeat', async () => {
    const form = oneWayForm({ pickup_min: '55', passengers: 1 });
    const plain = await post('calculate-distance-price', form);
    for (const encoding of ['gzip, deflate, br', 'br;q=1, gzip;q=0.5']) {
      const zipped = await provider.fastify.inject({ method: 'POST', url: '/api/v1/calculate-distance-price', headers: { ...KEY_HEADERS, 'accept-encoding': encoding }, payload: form });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    const refused = await provider.fastify.inject({ method: 'POST', url: '/api/v1/calculate-distance-price', headers: { ...KEY_HEADERS, 'accept-encoding': 'gzip;q=0' }, payload: form });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  it('a return trip with two stops prices both legs', async () => {
    const oneWay = priceListResponseSchema.parse((await post('calculate-distance-price', oneWayForm())).json());
    const response = await post(
      'calculate-distance-price',
      oneWayForm({
        select_option: 'return',
        return_date: londonDate(10),
        return_hour: '6pm',
        return_min: '00',
        stops: [
          { street_name: 'Euston Road', number: '', postcode: 'N1 9AL' },
          { street_name: 'Praed Street', number: '', postcode: 'W2 1HB' },
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    const body = priceListResponseSchema.parse(response.json());
    const saloon = body.price_details.find((detail) => detail.company_id === 1 && detail.vehicle_id === 1)!;
    const before = oneWay.price_details.find((detail) => detail.company_id === 1 && detail.vehicle_id === 1)!;
    expect(saloon.final_price).toBeGreaterThan(before.final_price * 1.5);
    expect(new Set(saloon.breakdown.lines.map((line) => line.leg))).toEqual(new Set(['outbound', 'return']));
    expect(saloon.breakdown.lines.find((line) => line.code === 'extra_stops')?.quantity).toBe(2);
  });

  it('calculate-hourly-price prices the hire for each vehicle', async () => {
    const response = await post('calculate-hourly-price', hourlyForm({ pickup_duration: '6hour' }));
    expect(response.statusCode).toBe(200);
    const body = priceListResponseSchema.parse(response.json());
    const saloon = body.price_details.find((detail) => detail.company_id === 1 && detail.vehicle_id === 1)!;
    expect(saloon.breakdown.hours).toBe(6);
    expect(saloon.price).toBe(180);
  });

  it('calculate-selected-vehicle-price re-prices a stored vehicle with options, never reading a price from the browser', async () => {
    const quote = priceListResponseSchema.parse((await post('calculate-distance-price', oneWayForm())).json());
    // The wheelchair-accessible category: the wheelchair option is refused on any other (tests/api/bookings.test.ts).
    const row = quote.price_details.find((detail) => detail.company_id === 1 && detail.vehicle_id === 6)!;
    const response = await post('calculate-selected-vehicle-price', {
      vehicle: { ...row, price: 1, final_price: 1 },
      meet_and_greet: 'yes',
      baby_seats: 1,
      booster_seats: 0,
      special_luggage: 0,
      wheel_chair: 'yes',
      waiting_min: 10,
    });
    expect(response.statusCode).toBe(200);
    const body = selectedVehiclePriceResponseSchema.parse(response.json());
    // Meet and greet £12, one baby seat £5, 10 minutes waiting = 2 × £2.50, wheelchair £0.
    expect(Math.round((body.final_price - row.final_price) * 100)).toBe(1200 + 500 + 500);
    expect(body.breakdown.lines.find((line) => line.code === 'wheel_chair')?.amount_pence ?? 0).toBe(0);
  });

  it('an unknown quote id is refused with a clear 4xx', async () => {
    const response = await post('calculate-selected-vehicle-price', { vehicle: { quote_id: 'q_nope', vehicle_id: 1, company_id: 1 } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'This quote has expired. Please search again for a fresh price.', code: 'unknown_quote' });
  });

  it("same pickup and drop-off: 'The calculated distance is zero miles…'", async () => {
    const response = await post('calculate-distance-price', oneWayForm({ dropoff: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('The calculated distance is zero miles. Please check your pickup and dropoff locations.');
  });

  it("a banned address: 'Address is banned'", async () => {
    const response = await post('calculate-distance-price', oneWayForm({ pickup: '12 Unpaid Fares Close, London W12 7FR' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Address is banned');
  });

  it("a pickup sooner than GRACE_TIME: 'Pickup time is within the grace period'", async () => {
    const soon = new Date(Date.now() + 30 * 60_000);
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', hour12: false }).formatToParts(soon).map((part) => [part.type, part.value]),
    );
    const hour = Number(parts.hour) % 24;
    const response = await post('calculate-distance-price', oneWayForm({ pickup_date: `${parts.year}-${parts.month}-${parts.day}`, pickup_hour: `${hour % 12 || 12}${hour < 12 ? 'am' : 'pm'}`, pickup_min: '00' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Pickup time is within the grace period');
  });

  it('a party too large for the biggest vehicle gets the capacity message', async () => {
    const response = await post('calculate-distance-price', oneWayForm({ passengers: 12, luggages: 9 }));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe("Sorry we don't have any vehicle with requested options, the following limits are exceeded: Passengers exceeded by 4, Luggage exceeded by 1.");
  });

  it('an unknown address gets a clear 400 message', async () => {
    const response = await post('calculate-distance-price', oneWayForm({ dropoff: 'Qwxzzy Nowhereville' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('We could not find "Qwxzzy Nowhereville". Please choose a suggested address or add a UK postcode.');
  });

  it.each([
    ['missing pickup', oneWayForm({ pickup: undefined })],
    ['passengers -1', oneWayForm({ passengers: -1 })],
    ['10 000 stops', oneWayForm({ stops: Array.from({ length: 10_000 }, () => ({ street_name: 'High Street', number: '1', postcode: 'W12 7FR' })) })],
    ['wrong types', oneWayForm({ passengers: { $gt: 1 }, stops: 'many' })],
    ['a date that does not exist', oneWayForm({ pickup_date: '2026-02-30' })],
    ['a body that is a list', [1, 2, 3]],
  ])('refuses %s with 400 and stores no quote', async (_label, payload) => {
    const before = (await provider.db.query<{ n: string }>('SELECT count(*)::text AS n FROM quotes')).rows[0].n;
    const response = await post('calculate-distance-price', payload);
    expect([400, 413]).toContain(response.statusCode);
    expect(response.json().success).toBe(false);
    expect((await provider.db.query<{ n: string }>('SELECT count(*)::text AS n FROM quotes')).rows[0].n).toBe(before);
  });

  it('a body nested too deep is refused with 400, not 500', async () => {
    const depth = 60_000;
    for (const [url, payload] of [
      ['calculate-distance-price', '['.repeat(depth) + ']'.repeat(depth)],
      ['calculate-distance-price', `{"pickup":${'['.repeat(depth)}${']'.repeat(depth)}}`],
      ['calculate-hourly-price', `{"pickup":${'['.repeat(depth)}${']'.repeat(depth)}}`],
    ]) {
      const response = await provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { ...KEY_HEADERS, 'content-type': 'application/json' }, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it('GET /api/v1/places suggests saved addresses and places', async () => {
    const response = await provider.fastify.inject({ method: 'GET', url: '/api/v1/places?q=heathrow%20terminal%205', headers: KEY_HEADERS });
    expect(response.statusCode).toBe(200);
    const places = response.json() as { address: string; kind: string }[];
    expect(places[0].address).toBe('Heathrow Airport Terminal 5, Hounslow TW6 2GA');
    const town = (await provider.fastify.inject({ method: 'GET', url: '/api/v1/places?q=Oxford', headers: KEY_HEADERS })).json() as { address: string }[];
    expect(town.some((place) => place.address.startsWith('Oxford'))).toBe(true);
    expect(weekdayAhead()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  const nearest = (query: string) => provider.fastify.inject({ method: 'GET', url: `/api/v1/places/nearest?${query}`, headers: KEY_HEADERS });

  it('GET /api/v1/places/nearest names the nearest address offline: a saved address within 150 m, else the nearest place, none abroad', async () => {
    const atTerminal = await nearest('lat=51.4726&lon=-0.4880');
    expect(atTerminal.statusCode).toBe(200);
    expect(nearestPlaceResponseSchema.parse(atTerminal.json())).toEqual({ place: { address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', lat: 51.4723, lon: -0.4877, kind: 'airport', estimated: false } });
    const inOxford = (await nearest('lat=51.7520&lon=-1.2577')).json();
    expect(inOxford).toEqual({ place: { address: 'Oxford, Oxfordshire', lat: expect.closeTo(51.75, 1), lon: expect.closeTo(-1.26, 1), kind: 'place', estimated: true } });
    // The answer is a pick-up the quote resolves back to the same place.
    expect((await post('calculate-distance', { pickup: inOxford.place.address, dropoff: 'Oxford' })).json().via_miles).toBeLessThanOrEqual(1);
    expect((await nearest('lat=48.8566&lon=2.3522')).json()).toEqual({ place: null });
  });

  it('GET /api/v1/places/nearest refuses a position that is not one: 400 with a message', async () => {
    for (const [query, message] of [
      ['lat=91&lon=0', 'lat must be between -90 and 90'],
      ['lat=51.5&lon=-180.5', 'lon must be between -180 and 180'],
      ['lat=NaN&lon=0', 'lat must be a number'],
      ['lat=51.5&lon=Infinity', 'lon must be a number'],
      ['lat=&lon=0', 'lat must be a number'],
      ['lon=0', 'lat must be a number'],
      ['lat=51.5&lat=52&lon=0', 'lat must be a number'],
      [`lat=${'5'.repeat(5000)}&lon=0`, 'lat must be a number'],
    ]) {
      const response = await nearest(query);
      expect(response.statusCode, query.slice(0, 40)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: expect.stringContaining(message) });
    }
  });
});

describe(`GET /api/v1/places/nearest with the Google adapter (a local fake of the Geocoding API) on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  const calls: string[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  // Google's documented reverse geocoding answer (developers.google.com/maps/documentation/geocoding/requests-reverse-geocoding), trimmed.
  const DOWNING_STREET = {
    plus_code: { compound_code: 'GV3H+9X London, UK', global_code: '9C3XGV3H+9X' },
    results: [
      {
        address_components: [{ long_name: '10', short_name: '10', types: ['street_number'] }],
        formatted_address: '10 Downing St, London SW1A 2AA, UK',
        geometry: { location: { lat: 51.5033635, lng: -0.1276248 }, location_type: 'ROOFTOP', viewport: {} },
        place_id: 'ChIJRxzRQcUEdkgRGVaKyzmkgvg',
        types: ['street_address'],
      },
      { formatted_address: 'Westminster, London SW1A 2AA, UK', geometry: { location: { lat: 51.5034, lng: -0.1277 } }, types: ['postal_code'] },
    ],
    status: 'OK',
  };
  const fakeGoogle: Fetch = async (url) => {
    calls.push(url);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  beforeAll(async () => {
    provider = await startTestProvider({ maps: createGoogleMaps({ apiKey: 'test-key', fetch: fakeGoogle }) });
  });
  afterAll(() => provider.dispose());
  const nearest = (query: string) => provider.fastify.inject({ method: 'GET', url: `/api/v1/places/nearest?${query}`, headers: KEY_HEADERS });

  it("asks Google's reverse geocoding for the position and answers its first address", async () => {
    answer = { status: 200, body: DOWNING_STREET };
    calls.length = 0;
    const response = await nearest('lat=51.50336&lon=-0.12763');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ place: { address: '10 Downing St, London SW1A 2AA, UK', lat: 51.5033635, lon: -0.1276248, kind: 'place', estimated: false } });
    expect(calls).toHaveLength(1);
    const asked = new URL(calls[0]);
    expect(asked.origin + asked.pathname).toBe('https://maps.googleapis.com/maps/api/geocode/json');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ latlng: '51.50336,-0.12763', language: 'en-GB', key: 'test-key' });
  });

  it("an operator's saved address within 150 m answers without asking Google; ZERO_RESULTS is no address; a failing Google gives the offline place", async () => {
    calls.length = 0;
    expect((await nearest('lat=51.4726&lon=-0.4880')).json().place.address).toBe('Heathrow Airport Terminal 5, Hounslow TW6 2GA');
    expect(calls).toHaveLength(0);
    answer = { status: 200, body: { results: [], status: 'ZERO_RESULTS' } };
    expect((await nearest('lat=50.0&lon=-20.0')).json()).toEqual({ place: null });
    answer = { status: 200, body: { error_message: 'The provided API key is invalid.', results: [], status: 'REQUEST_DENIED' } };
    expect((await nearest('lat=51.7520&lon=-1.2577')).json().place).toMatchObject({ address: 'Oxford, Oxfordshire', estimated: true });
    answer = { status: 500, body: {} };
    expect((await nearest('lat=51.7520&lon=-1.2577')).json().place).toMatchObject({ address: 'Oxford, Oxfordshire', estimated: true });
  });
});

describe(`the exact text of a search sent again (answered before validation, issue 36) on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  const form = oneWayForm();
  // The demo operator's GRACE_TIME is 120 minutes: the clock starts 121 minutes before the pickup.
  const pickupAt = londonDateTime(form.pickup_date, form.pickup_hour, form.pickup_min).getTime();
  let clock = pickupAt - 121 * 60_000;
  beforeAll(async () => {
    provider = await startTestProvider({ now: () => new Date(clock) });
  });
  afterAll(() => provider.dispose());
  const send = (text: string) =>
    provider.fastify.inject({ method: 'POST', url: '/api/v1/calculate-distance-price', headers: { ...KEY_HEADERS, 'content-type': 'application/json' }, payload: text });

  it('gets the remembered quote while fresh, and the grace period refusal once the clock reaches it, like any search', async () => {
    const text = JSON.stringify(form);
    const first = await send(text);
    expect(first.statusCode).toBe(200);
    expect((await send(text)).body).toBe(first.body);
    // Another text of the same search (spacing): validated, and the same remembered quote.
    expect((await send(text.replace(',', ', '))).body).toBe(first.body);
    expect(provider.quoting.repeatCache()).toMatchObject({ entries: 1, bodies: 2 });
    // The same text refused by a rule is refused, whatever was answered before: a NUL added to a field.
    const hostile = await send(text.replace('"one_way"', '"one_way\\u0000"'));
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().message).toBe('select_option: Text must not contain NUL characters or unpaired UTF-16 surrogates');
    clock += 90_000;
    const late = await send(text);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('Pickup time is within the grace period');
  });
});
