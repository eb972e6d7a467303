import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICES_MESSAGES, type TariffInput } from '../../contract/consolePrices.ts';
import { STAFF_MESSAGES } from '../../contract/staff.ts';
import { consoleOf, TARIFF_FIGURES, type Signed } from '../helpers/console.ts';
import { londonDate, oneWayForm } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 19, Prices: the owner's tariffs, surcharges, fare zones and fixed fares and the live preview. Owners only, the
 * member's own site, every change audited and seen by the public quotation on the next request.
 */
describe(`admin prices API on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let owner: Signed;
  let dispatcher: Signed;
  let other: Awaited<ReturnType<ReturnType<typeof consoleOf>['otherSite']>>;
  beforeAll(async () => {
    provider = await startTestProvider();
    api = consoleOf(provider);
    owner = await api.owner();
    dispatcher = await api.dispatcher();
    other = await api.otherSite();
  });
  afterAll(() => provider.dispose());

  const nextMonth = `${londonDate(40).slice(0, 7)}-01`;
  const tariff = (changes: Partial<TariffInput> = {}): TariffInput => ({
    company_id: 1,
    vehicle_id: 1,
    valid_from: nextMonth,
    ...TARIFF_FIGURES,
    ...changes,
  });
  const audit = (entityType: string) =>
    api.sql<{ action: string; entity_id: string; before: unknown; after: unknown }>('SELECT action, entity_id, before, after FROM audit_log WHERE entity_type = $1 ORDER BY id', [entityType]);

  it('refuses without a session (401), a passenger or wrong bearer token (401), a dispatcher (403), no CSRF token (403), another origin (403)', async () => {
    const none = await api.raw('GET', 'prices', {});
    expect([none.statusCode, none.json().message]).toEqual([401, STAFF_MESSAGES.notSignedIn]);
    const passenger = await api.raw('GET', 'prices', { authorization: 'Bearer a-passenger-session-token' });
    expect([passenger.statusCode, passenger.json().message]).toEqual([401, STAFF_MESSAGES.adminTokenWrong]);
    for (const [method, url, body] of [
      ['GET', 'prices', undefined],
      ['POST', 'prices/tariffs', tariff()],
      ['POST', 'prices/preview', { pickup: 'Heathrow Terminal 5', dropoff: 'Windsor', date: nextMonth, time: '08:00' }],
      ['DELETE', 'prices/zones/1', undefined],
    ] as const) {
      const refused = await api.as(dispatcher, method, url, body);
      expect([refused.statusCode, refused.json().message], url).toEqual([403, STAFF_MESSAGES.ownerOnly]);
    }
    const noCsrf = await api.as(owner, 'POST', 'prices/tariffs', tariff(), { 'x-csrf-token': '' });
    expect([noCsrf.statusCode, noCsrf.json().message]).toEqual([403, STAFF_MESSAGES.csrfMissing]);
    const crossSite = await api.as(owner, 'POST', 'prices/tariffs', tariff(), { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect([crossSite.statusCode, crossSite.json().message]).toEqual([403, STAFF_MESSAGES.crossSite]);
    expect(await api.sql('SELECT 1 FROM tariffs WHERE valid_from = $1', [nextMonth])).toEqual([]);
  });

  it('a tariff from next month: created (201), listed, edited and deleted, each in the audit log; a second one for the same date is a 409', async () => {
    const created = await api.as(owner, 'POST', 'prices/tariffs', tariff());
    expect([created.statusCode, created.json()]).toEqual([201, { success: true, tariff: tariff() }]);
    const list = (await api.as(owner, 'GET', 'prices')).json();
    expect(list.tariffs.filter((row: TariffInput) => row.company_id === 1 && row.vehicle_id === 1).map((row: TariffInput) => [row.valid_from, row.base_fare_pence])).toEqual([
      ['2025-01-01', 450],
      [nextMonth, 600],
    ]);
    expect(list.companies[0]).toEqual({ id: 1, name: 'Westway Cars' });
    expect(list.sample_trips[0]).toEqual({ id: 'lhr-windsor', label: 'Heathrow T5 → Windsor', pickup: 'Heathrow Terminal 5', dropoff: 'Windsor' });
    const again = await api.as(owner, 'POST', 'prices/tariffs', tariff({ base_fare_pence: 700 }));
    expect([again.statusCode, again.json().message]).toEqual([409, PRICES_MESSAGES.tariffExists]);

    const { company_id: _c, vehicle_id: _v, valid_from: _f, ...figures } = tariff({ base_fare_pence: 650 });
    const edited = await api.as(owner, 'PUT', `prices/tariffs/1/1/${nextMonth}`, figures);
    expect([edited.statusCode, edited.json().tariff.base_fare_pence]).toEqual([200, 650]);
    expect((await api.as(owner, 'PUT', 'prices/tariffs/1/1/2031-02-03', figures)).statusCode).toBe(404);
    const deleted = await api.as(owner, 'DELETE', `prices/tariffs/1/1/${nextMonth}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { success: true }]);
    expect((await api.as(owner, 'DELETE', `prices/tariffs/1/1/${nextMonth}`)).statusCode).toBe(404);
    expect((await audit('tariff')).map((row) => [row.action, row.entity_id, (row.before as TariffInput | null)?.base_fare_pence ?? null, (row.after as TariffInput).base_fare_pence ?? 'deleted'])).toEqual([
      ['tariff.create', `1/1/${nextMonth}`, null, 600],
      ['tariff.update', `1/1/${nextMonth}`, 600, 650],
      ['tariff.delete', `1/1/${nextMonth}`, 650, 'deleted'],
    ]);
  });

  it('20 identical creates at once make one row: one 201, nineteen 409', async () => {
    const body = tariff({ valid_from: '2031-01-01' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.as(owner, 'POST', 'prices/tariffs', body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(await api.sql("SELECT count(*)::int AS n FROM tariffs WHERE valid_from = '2031-01-01'")).toEqual([{ n: 1 }]);
    expect((await audit('tariff')).filter((row) => row.entity_id === '1/1/2031-01-01')).toHaveLength(1);
    await api.as(owner, 'DELETE', 'prices/tariffs/1/1/2031-01-01');
  });

  it.each([
    ['tariffs', tariff({ base_fare_pence: -1 }), 'base_fare_pence: not below 0'],
    ['tariffs', tariff({ base_fare_pence: 1.5 }), 'base_fare_pence: an amount in whole pence'],
    ['tariffs', tariff({ mile_bands: [{ up_to_miles: 10, per_mile_pence: 200 }, { up_to_miles: 5, per_mile_pence: 100 }, { up_to_miles: null, per_mile_pence: 90 }] }), 'mile_bands.1.up_to_miles: bands must increase'],
    ['tariffs', tariff({ mile_bands: [{ up_to_miles: 10, per_mile_pence: 200 }] }), 'mile_bands.0.up_to_miles: the last band has no upper end'],
    ['tariffs', tariff({ valid_from: '2026-02-30' }), 'valid_from: a date YYYY-MM-DD'],
    ['tariffs', { ...tariff(), id: 4 }, 'Unrecognized key: "id"'],
    ['tariffs', tariff({ company_id: 99 }), PRICES_MESSAGES.unknownReference],
    ['surcharges', { code: 'night', kind: 'night', label: 'Night', valid_from: '2027-01-01', valid_to: '2026-01-01', company_ids: null, vehicle_ids: null, percent: 20, start_time: '22:00', end_time: '06:00' }, 'valid_to: after valid_from'],
    ['surcharges', { code: 'night', kind: 'night', label: 'Night', valid_from: '2027-01-01', valid_to: null, company_ids: null, vehicle_ids: null, percent: 20, start_time: '25:00', end_time: '06:00' }, 'start_time: a time HH:MM'],
    ['surcharges', { code: 'x', kind: 'airport_pickup', label: 'Pick-up', valid_from: '2027-01-01', valid_to: null, company_ids: null, vehicle_ids: null, airport: 'lhr', amount_pence: 500 }, 'airport: an IATA airport code (LHR)'],
    ['surcharges', { code: 'x', kind: 'ulez', label: 'Bad\u0007label', valid_from: '2027-01-01', valid_to: null, company_ids: null, vehicle_ids: null, amount_pence: 500 }, 'label: no control characters'],
    ['surcharges', { code: 'x', kind: 'ulez', label: 'N\u0000UL', valid_from: '2027-01-01', valid_to: null, company_ids: null, vehicle_ids: null, amount_pence: 500 }, 'label: Text must not contain NUL characters or unpaired UTF-16 surrogates'],
    ['zones', { name: 'Bow tie', priority: 0, area: { kind: 'polygon', points: [[51.4, -0.3], [51.5, -0.2], [51.5, -0.3], [51.4, -0.2]] } }, 'area.points: edges must not cross'],
    ['zones', { name: 'Line', priority: 0, area: { kind: 'polygon', points: [[51.4, -0.3], [51.45, -0.3], [51.5, -0.3]] } }, 'area.points: the corners enclose no area'],
    ['zones', { name: 'Paris', priority: 0, area: { kind: 'radius', lat: 48.85, lon: 2.35, radius_miles: 2 } }, 'area.lat: in the UK (latitude 49–61)'],
    ['zones', { name: 'Codes', priority: 0, area: { kind: 'postcodes', districts: ['TW6', 'Heathrow'] } }, 'area.districts.1: a postcode district such as TW6 or SW1A'],
    ['fixed-fares', { from_zone_id: 1, to_zone_id: 1, company_id: null, vehicle_id: 1, both_ways: true, amount_pence: 5000, valid_from: '2027-01-01', valid_to: null }, PRICES_MESSAGES.unknownReference],
  ])('POST %s refuses bad input with 400 and a message (%#)', async (url, body, message) => {
    const refused = await api.as(owner, 'POST', `prices/${url}`, body);
    expect([refused.statusCode, refused.json()]).toEqual([400, { success: false, message, code: 'invalid_input' }]);
  });

  it("another site's owner cannot touch this site's rows, nor use its companies or zones", async () => {
    const zone = (await api.as(owner, 'POST', 'prices/zones', { name: 'Reading', priority: 0, area: { kind: 'radius', lat: 51.4543, lon: -0.9781, radius_miles: 3 } })).json().zone;
    const theirs = await api.as(other.owner, 'PUT', `prices/zones/${zone.id}`, { name: 'Taken', priority: 0, area: zone.area }, other.headers);
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, PRICES_MESSAGES.notFound]);
    expect((await api.as(other.owner, 'DELETE', `prices/zones/${zone.id}`, undefined, other.headers)).statusCode).toBe(404);
    const borrowed = await api.as(other.owner, 'POST', 'prices/fixed-fares', { from_zone_id: zone.id, to_zone_id: zone.id, company_id: null, vehicle_id: 1, both_ways: true, amount_pence: 100, valid_from: '2027-01-01', valid_to: null }, other.headers);
    expect([borrowed.statusCode, borrowed.json().message]).toEqual([400, PRICES_MESSAGES.unknownReference]);
    expect((await api.as(other.owner, 'POST', 'prices/tariffs', tariff(), other.headers)).json().message).toBe(PRICES_MESSAGES.unknownReference);
    const list = (await api.as(other.owner, 'GET', 'prices', undefined, other.headers)).json();
    expect([list.tariffs, list.zones, list.fixed_fares, list.surcharges]).toEqual([[], [], [], []]);
    // Key pair headers naming the other site on this owner's session: refused.
    expect((await api.as(owner, 'GET', 'prices', undefined, other.headers)).json().message).toBe(STAFF_MESSAGES.otherSite);
    expect((await api.as(owner, 'DELETE', `prices/zones/${zone.id}`)).statusCode).toBe(200);
  });

  it('a surcharge from next year: created, a duplicate code and date refused, edited, its audit rows', async () => {
    const body = { code: 'lhr_pickup', kind: 'airport_pickup', label: 'Heathrow pick-up parking', valid_from: '2027-04-01', valid_to: null, company_ids: null, vehicle_ids: [1, 2], airport: 'LHR', amount_pence: 1200 };
    const created = await api.as(owner, 'POST', 'prices/surcharges', body);
    expect([created.statusCode, created.json().surcharge]).toEqual([201, { id: expect.any(Number), ...body }]);
    expect((await api.as(owner, 'POST', 'prices/surcharges', body)).json()).toEqual({ success: false, message: PRICES_MESSAGES.surchargeExists, code: 'conflict' });
    const { id } = created.json().surcharge;
    const edited = await api.as(owner, 'PUT', `prices/surcharges/${id}`, { ...body, amount_pence: 1300 });
    expect(edited.json().surcharge.amount_pence).toBe(1300);
    expect((await audit('surcharge')).map((row) => row.action)).toEqual(['surcharge.create', 'surcharge.update']);
  });

  it('a Heathrow zone fare: the public quotation prices the saloon Heathrow → WC2R as "Fixed fare" at once', async () => {
    const heathrow = (await api.as(owner, 'POST', 'prices/zones', { name: 'Heathrow', priority: 0, area: { kind: 'postcodes', districts: ['tw6'] } })).json().zone;
    expect(heathrow.area).toEqual({ kind: 'postcodes', districts: ['TW6'] });
    const strand = (await api.as(owner, 'POST', 'prices/zones', { name: 'Strand', priority: 0, area: { kind: 'polygon', points: [[51.505, -0.13], [51.515, -0.13], [51.515, -0.11], [51.505, -0.11]] } })).json().zone;
    const fare = await api.as(owner, 'POST', 'prices/fixed-fares', { from_zone_id: heathrow.id, to_zone_id: strand.id, company_id: null, vehicle_id: 1, both_ways: true, amount_pence: 6500, valid_from: '2025-01-01', valid_to: null });
    expect(fare.statusCode, fare.body).toBe(201);

    const quote = await provider.fastify.inject({ method: 'POST', url: '/api/v1/calculate-distance-price', headers: KEY_HEADERS, payload: oneWayForm() });
    expect(quote.statusCode, quote.body).toBe(200);
    const rows = quote.json().price_details as Array<{ company_id: number; vehicle_id: number; breakdown: { lines: Array<{ code: string; label: string; amount: number; group: string }> } }>;
    const saloon = rows.find((row) => row.company_id === 1 && row.vehicle_id === 1)!;
    expect(saloon.breakdown.lines.filter((line) => line.group === 'fare').map(({ code, label, amount }) => ({ code, label, amount }))).toEqual([{ code: 'fixed_fare', label: 'Fixed fare', amount: 65 }]);
    const estate = rows.find((row) => row.company_id === 1 && row.vehicle_id === 2)!;
    expect(estate.breakdown.lines.some((line) => line.code === 'fixed_fare')).toBe(false);
    expect((await audit('fixed_fare')).map((row) => row.action)).toEqual(['fixed_fare.create']);
  });

  it('the preview prices a sample trip with a draft tariff on two dates and saves nothing', async () => {
    const before = await api.sql('SELECT count(*)::int AS n FROM tariffs');
    const trip = { pickup: 'Heathrow Terminal 5', dropoff: 'Windsor', time: '08:00' };
    const draft = { tariff: tariff({ base_fare_pence: 10_000 }) };
    const today = await api.as(owner, 'POST', 'prices/preview', { ...trip, date: londonDate(1), draft });
    const later = await api.as(owner, 'POST', 'prices/preview', { ...trip, date: `${nextMonth.slice(0, 8)}10`, draft });
    expect([today.statusCode, later.statusCode], today.body).toEqual([200, 200]);
    const saloon = (answer: typeof today) => answer.json().rows.find((row: { company_id: number; vehicle_id: number }) => row.company_id === 1 && row.vehicle_id === 1);
    expect(saloon(today).lines[0]).toEqual({ code: 'base_fare', label: 'Base fare', leg: 'outbound', amount_pence: 450 });
    const pounds = (answer: typeof today) => saloon(answer).lines.map((line: { code: string; amount_pence: number }) => [line.code, line.amount_pence]);
    expect(pounds(today)).toEqual([['base_fare', 450], ['mileage', 1526], ['airport_pickup', 1000]]);
    expect(pounds(later)).toEqual([['base_fare', 10_000], ['mileage', 1590], ['airport_pickup', 1000]]);
    expect(saloon(later).final_price_pence).toBe(12_590);
    expect(today.json()).toMatchObject({ success: true, pickup: expect.stringContaining('Heathrow'), dropoff: expect.stringContaining('Windsor'), estimated: true });
    expect(today.json().rows).toHaveLength(18);
    expect(await api.sql('SELECT count(*)::int AS n FROM tariffs')).toEqual(before);
    // What the owner is still typing is answered (200) with the reason; a malformed trip is a 400.
    const unknown = await api.as(owner, 'POST', 'prices/preview', { ...trip, pickup: 'Nowhere-in-particular-xyz', date: nextMonth });
    expect([unknown.statusCode, unknown.json().success, typeof unknown.json().message]).toEqual([200, false, 'string']);
    const halfTyped = await api.as(owner, 'POST', 'prices/preview', { ...trip, date: nextMonth, draft: { tariff: { ...tariff(), base_fare_pence: null } } });
    expect([halfTyped.statusCode, halfTyped.json()]).toEqual([200, { success: false, message: 'tariff.base_fare_pence: an amount in whole pence' }]);
    const badTime = await api.as(owner, 'POST', 'prices/preview', { ...trip, date: nextMonth, time: '8 o\'clock' });
    expect([badTime.statusCode, badTime.json()]).toEqual([400, { success: false, message: 'time: a time HH:MM', code: 'invalid_input' }]);
  });
});
