import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACES_MESSAGES } from '../../contract/consolePlaces.ts';
import { STAFF_MESSAGES } from '../../contract/staff.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '../../server/plugins/inputRules.ts';
import { DEMO_ADDRESSES, DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { consoleOf, CONSOLE_ORIGIN, type Signed } from '../helpers/console.ts';
import { oneWayForm } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 19, places: saved addresses and popular locations (placed by the maps port or by the owner's coordinates) and
 * banned address patterns (checked against a sample search by the quote's own matcher). Owners only, per site,
 * audited, on the public site from the next request on.
 */

describe(`saved addresses, popular locations and banned addresses on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let owner: Signed;
  let dispatcher: Signed;
  let other: Awaited<ReturnType<ReturnType<typeof consoleOf>['otherSite']>>;
  beforeAll(async () => {
    provider = await startTestProvider();
    api = consoleOf(provider);
    [owner, dispatcher, other] = await Promise.all([api.owner(), api.dispatcher(), api.otherSite()]);
  });
  afterAll(() => provider.dispose());

  const publicGet = (url: string) => provider.fastify.inject({ method: 'GET', url, headers: KEY_HEADERS });
  const quote = (form: Record<string, unknown>) => provider.fastify.inject({ method: 'POST', url: '/api/v1/calculate-distance-price', headers: KEY_HEADERS, payload: oneWayForm(form) });
  const auditOf = (entity: string, id: number) =>
    api.sql<{ action: string; actor_kind: string; before: unknown; after: unknown }>('SELECT action, actor_kind, before, after FROM audit_log WHERE entity_type = $1 AND entity_id = $2 ORDER BY id', [entity, String(id)]);

  it('lists the saved addresses with coordinates, the banned patterns and which maps service places addresses', async () => {
    const response = await api.as(owner, 'GET', 'places');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.maps).toBe('offline');
    expect(body.addresses).toHaveLength(DEMO_ADDRESSES.length);
    expect(body.addresses[3]).toEqual({ id: 4, address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', lat: 51.4723, lon: -0.4877, kind: 'airport', popular: true });
    expect(body.banned).toEqual([{ id: expect.any(Number), pattern: 'Unpaid Fares Close', reason: 'Demo: repeated unpaid fares', created_at: expect.any(String) }]);
  });

  it('an owner adds a popular location by coordinates; the public popular locations, saved list and suggestions show it; edits and removal too, each audited', async () => {
    const created = await api.as(owner, 'POST', 'places/addresses', { address: '  Wembley Stadium, London HA9 0WS ', lat: 51.556, lon: -0.2796, kind: 'place', popular: true });
    expect(created.statusCode, created.body).toBe(201);
    const place = created.json().address;
    expect(place).toEqual({ id: DEMO_ADDRESSES.length + 1, address: 'Wembley Stadium, London HA9 0WS', lat: 51.556, lon: -0.2796, kind: 'place', popular: true });
    expect((await publicGet('/api/v1/popular-locations')).json()).toContainEqual({ id: place.id, address: place.address });
    expect((await publicGet('/api/v1/ai-addresses')).json()).toContainEqual({ id: place.id, address: place.address });
    const suggestions = (await publicGet('/api/v1/places?q=wembley%20stadium')).json();
    expect(suggestions[0]).toMatchObject({ address: 'Wembley Stadium, London HA9 0WS', lat: 51.556, lon: -0.2796 });

    const edited = await api.as(owner, 'PATCH', `places/addresses/${place.id}`, { popular: false, kind: 'hotel', lat: 51.556, lon: -0.2796 });
    expect(edited.json()).toEqual({ success: true, address: { ...place, popular: false, kind: 'hotel' } });
    expect((await publicGet('/api/v1/popular-locations')).json().map((entry: { id: number }) => entry.id)).not.toContain(place.id);
    expect((await api.as(owner, 'PATCH', `places/addresses/${place.id}`, { popular: false })).statusCode).toBe(200); // nothing changes, nothing audited

    const removed = await api.as(owner, 'DELETE', `places/addresses/${place.id}`);
    expect(removed.json()).toEqual({ success: true });
    expect((await publicGet('/api/v1/ai-addresses')).json().map((entry: { id: number }) => entry.id)).not.toContain(place.id);
    const again = await api.as(owner, 'DELETE', `places/addresses/${place.id}`);
    expect([again.statusCode, again.json()]).toEqual([404, { success: false, message: PLACES_MESSAGES.addressNotFound, code: 'not_found' }]);

    expect(await auditOf('place', place.id)).toEqual([
      { action: 'place.create', actor_kind: 'staff', before: null, after: place },
      { action: 'place.update', actor_kind: 'staff', before: { kind: 'place', popular: true }, after: { kind: 'hotel', popular: false } },
      { action: 'place.delete', actor_kind: 'staff', before: { ...place, popular: false, kind: 'hotel' }, after: null },
    ]);
  });

  it('places a typed address with the maps port (the gazetteer offline), and says so when it finds nothing', async () => {
    const located = await api.as(owner, 'POST', 'places/locate', { address: 'Windsor' });
    expect(located.json()).toEqual({ success: true, place: { label: 'Windsor, Royal Borough of Windsor and Maidenhead', lat: 51.48333, lon: -0.6, estimated: true, source: 'gazetteer' } });
    const created = await api.as(owner, 'POST', 'places/addresses', { address: 'Windsor town centre, Windsor' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().address).toMatchObject({ address: 'Windsor town centre, Windsor', lat: 51.48333, lon: -0.6, kind: 'place', popular: false });

    for (const call of [api.as(owner, 'POST', 'places/locate', { address: 'zzqx nowhere' }), api.as(owner, 'POST', 'places/addresses', { address: 'zzqx nowhere' })]) {
      const refused = await call;
      expect([refused.statusCode, refused.json()]).toEqual([422, { success: false, message: PLACES_MESSAGES.notLocated, code: 'unprocessable' }]);
    }
    expect(await api.sql("SELECT 1 FROM addresses WHERE address = 'zzqx nowhere'")).toEqual([]);
  });

  it("a sample search is checked before saving; the saved pattern makes the public quote refuse with 'Address is banned'; removed, it quotes again", async () => {
    const sample = 'Windsor Castle, Windsor SL4 1NJ';
    expect((await quote({ dropoff: sample })).statusCode).toBe(200);

    const before = await api.as(owner, 'POST', 'places/check', { sample, pattern: 'windsor castle' });
    expect(before.json()).toEqual({ success: true, check: { refused: true, matched: 'windsor castle', by_new_pattern: true, resolved: 'Windsor, Royal Borough of Windsor and Maidenhead' } });
    const unrelated = await api.as(owner, 'POST', 'places/check', { sample: 'The Savoy, Strand, London WC2R 0EZ', pattern: 'windsor castle' });
    expect(unrelated.json().check).toEqual({ refused: false, matched: null, by_new_pattern: false, resolved: expect.any(String) });
    // Whole words only, as the quote matches: 'castle' is not 'castles'.
    expect((await api.as(owner, 'POST', 'places/check', { sample: 'Windsor Castles Lane', pattern: 'windsor castle' })).json().check.refused).toBe(false);

    const created = await api.as(owner, 'POST', 'places/banned', { pattern: 'Windsor Castle', reason: 'Unpaid fares' });
    expect(created.statusCode, created.body).toBe(201);
    const ban = created.json().banned;
    expect(ban).toEqual({ id: expect.any(Number), pattern: 'Windsor Castle', reason: 'Unpaid fares', created_at: expect.any(String) });
    const refused = await quote({ dropoff: sample });
    expect([refused.statusCode, refused.json().message]).toEqual([422, 'Address is banned']);
    expect((await api.as(owner, 'POST', 'places/check', { sample })).json().check).toEqual({ refused: true, matched: 'Windsor Castle', by_new_pattern: false, resolved: expect.any(String) });

    const duplicate = await api.as(owner, 'POST', 'places/banned', { pattern: "WINDSOR  castle!" });
    expect([duplicate.statusCode, duplicate.json()]).toEqual([409, { success: false, message: PLACES_MESSAGES.banTaken, code: 'conflict' }]);

    expect((await api.as(owner, 'DELETE', `places/banned/${ban.id}`)).json()).toEqual({ success: true });
    expect((await quote({ dropoff: sample })).statusCode).toBe(200);
    expect(await auditOf('banned_address', ban.id)).toEqual([
      { action: 'banned_address.create', actor_kind: 'staff', before: null, after: ban },
      { action: 'banned_address.delete', actor_kind: 'staff', before: ban, after: null },
    ]);
  });

  it("a sample is refused by what the maps port resolves it to, as the quote does ('Heathrow Terminal 5' is the saved Heathrow Airport Terminal 5)", async () => {
    const check = await api.as(owner, 'POST', 'places/check', { sample: 'Heathrow Terminal 5', pattern: 'Heathrow Airport Terminal 5' });
    expect(check.json().check).toEqual({ refused: true, matched: 'Heathrow Airport Terminal 5', by_new_pattern: true, resolved: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' });
    const saved = await api.as(owner, 'POST', 'places/check', { sample: '7 Unpaid Fares Close, London W12 0AA' });
    expect(saved.json().check).toMatchObject({ refused: true, matched: 'Unpaid Fares Close', by_new_pattern: false });
  });

  it('20 identical adds at once make one row; the others are told it exists', async () => {
    const adds = await Promise.all(Array.from({ length: 20 }, () => api.as(owner, 'POST', 'places/addresses', { address: 'Twickenham Stadium, TW2 7BA', lat: 51.4559, lon: -0.3415 })));
    expect(adds.map((response) => response.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(adds.find((response) => response.statusCode === 409)!.json()).toEqual({ success: false, message: PLACES_MESSAGES.addressTaken, code: 'conflict' });
    expect(await api.sql("SELECT id FROM addresses WHERE address = 'Twickenham Stadium, TW2 7BA'")).toHaveLength(1);

    const bans = await Promise.all(Array.from({ length: 20 }, () => api.as(owner, 'POST', 'places/banned', { pattern: 'Nowhere Mews' })));
    expect(bans.map((response) => response.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(await api.sql("SELECT id FROM banned_addresses WHERE pattern = 'Nowhere Mews'")).toHaveLength(1);
    expect(await api.sql("SELECT 1 FROM audit_log WHERE action = 'banned_address.create' AND after->>'pattern' = 'Nowhere Mews'")).toHaveLength(1);
  });

  it('refuses bad input with a 400 JSON message naming the field: NUL bytes, half coordinates, outside Great Britain, unknown fields, empty patterns', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', 'places/addresses', {}, 'address: Address is required'],
      ['POST', 'places/addresses', { address: 'Bad\u0000Road, London' }, `address: ${UNSTORABLE_TEXT_MESSAGE}`],
      ['POST', 'places/addresses', { address: 'Bad\tRoad, London' }, 'address: Address must not contain control characters'],
      ['POST', 'places/addresses', { address: 'Half Point', lat: 51.5 }, PLACES_MESSAGES.coordinatesTogether],
      ['POST', 'places/addresses', { address: 'Swapped', lat: -0.45, lon: 51.47 }, `lat: ${PLACES_MESSAGES.latitude}`],
      ['POST', 'places/addresses', { address: 'Text lat', lat: '51.5', lon: -0.1 }, `lat: ${PLACES_MESSAGES.latitude}`],
      ['POST', 'places/addresses', { address: 'Kind', kind: 'castle' }, 'kind: Kind must be one of airport, station, hotel, place'],
      ['POST', 'places/addresses', { address: 'Extra', site_id: 2 }, 'Unrecognized key: "site_id"'],
      ['PATCH', 'places/addresses/4', {}, PLACES_MESSAGES.nothingToChange],
      ['PATCH', 'places/addresses/abc', { popular: true }, 'id: Unknown id'],
      ['POST', 'places/locate', { address: 'x\u0000y z' }, `address: ${UNSTORABLE_TEXT_MESSAGE}`],
      ['POST', 'places/banned', { pattern: 'ab' }, 'pattern: Pattern must be at least 3 characters'],
      ['POST', 'places/banned', { pattern: '!!!---' }, `pattern: ${PLACES_MESSAGES.patternWords}`],
      ['POST', 'places/banned', { pattern: '\ufb00\ufb00\ufb00' }, `pattern: ${PLACES_MESSAGES.patternWords}`],
      ['POST', 'places/banned', { pattern: 'Unpaid\u0000Close' }, `pattern: ${UNSTORABLE_TEXT_MESSAGE}`],
      ['POST', 'places/banned', { pattern: 'x'.repeat(301) }, 'pattern: Pattern must be at most 300 characters'],
      ['POST', 'places/check', { pattern: 'Some Road' }, 'sample: Sample search is required'],
    ];
    for (const [method, url, body, message] of cases) {
      const response = await api.as(owner, method as 'POST', url, body);
      expect([response.statusCode, response.json()], `${method} ${url} ${JSON.stringify(body)}`).toEqual([400, { success: false, message, code: 'invalid_input' }]);
    }
    const tooLarge = await api.as(owner, 'POST', 'places/banned', { pattern: 'x'.repeat(300 * 1024) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ success: false, message: expect.any(String) });
    const hugeId = await api.as(owner, 'DELETE', 'places/banned/99999999999');
    expect(hugeId.statusCode).toBe(400);
    expect(await api.sql("SELECT 1 FROM addresses WHERE address LIKE 'Bad%' OR address IN ('Half Point', 'Swapped', 'Kind', 'Extra')")).toEqual([]);
  });

  it('is for owners of this site only: dispatcher 403, another site cannot touch these ids, a passenger token 401, no CSRF token 403', async () => {
    for (const [method, url, body] of [['GET', 'places', undefined], ['POST', 'places/banned', { pattern: 'Dispatcher Road' }], ['DELETE', 'places/addresses/1', undefined]] as const) {
      const refused = await api.as(dispatcher, method, url, body);
      expect([refused.statusCode, refused.json()], `${method} ${url}`).toEqual([403, { success: false, message: STAFF_MESSAGES.ownerOnly, code: 'forbidden' }]);
    }

    const theirs = await api.as(other.owner, 'GET', 'places', undefined, other.headers);
    expect(theirs.json()).toEqual({ success: true, maps: 'offline', addresses: [], banned: [] });
    const ourBan = (await api.as(owner, 'GET', 'places')).json().banned[0].id;
    for (const [method, url] of [['PATCH', 'places/addresses/1'], ['DELETE', 'places/addresses/1'], ['DELETE', `places/banned/${ourBan}`]] as const) {
      const refused = await api.as(other.owner, method, url, method === 'PATCH' ? { popular: false } : undefined, other.headers);
      expect(refused.statusCode, `${method} ${url}`).toBe(404);
    }
    // Our cookie naming the other site by its key pair: refused before anything is read.
    const named = await api.as(owner, 'DELETE', 'places/addresses/1', undefined, other.headers);
    expect([named.statusCode, named.json()]).toEqual([403, { success: false, message: STAFF_MESSAGES.otherSite, code: 'forbidden' }]);
    expect(await api.sql('SELECT address FROM addresses WHERE id = 1 ORDER BY site_id')).toEqual([{ address: DEMO_ADDRESSES[0].address }]);
    expect((await api.sql('SELECT 1 FROM banned_addresses WHERE id = $1', [ourBan])).length).toBe(1);

    const login = await provider.fastify.inject({ method: 'POST', url: '/api/v1/check-passenger-login', headers: KEY_HEADERS, payload: { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password } });
    const passenger = await api.raw('POST', 'places/banned', { authorization: `Bearer ${login.json().access_token}` }, { pattern: 'Passenger Road' });
    expect([passenger.statusCode, passenger.json()]).toEqual([401, { success: false, message: STAFF_MESSAGES.adminTokenWrong, code: 'unauthenticated' }]);

    const noCsrf = await api.raw('POST', 'places/banned', { cookie: owner.cookie, origin: CONSOLE_ORIGIN }, { pattern: 'Forged Road' });
    expect([noCsrf.statusCode, noCsrf.json()]).toEqual([403, { success: false, message: STAFF_MESSAGES.csrfMissing, code: 'forbidden' }]);
    const crossSite = await api.as(owner, 'POST', 'places/banned', { pattern: 'Forged Road' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(await api.sql("SELECT 1 FROM banned_addresses WHERE pattern IN ('Dispatcher Road', 'Passenger Road', 'Forged Road')")).toEqual([]);

    // The admin token acts as the owner (automation, the CLI).
    expect((await api.asAdmin('GET', 'places')).json().addresses.length).toBeGreaterThan(0);
  });
});
