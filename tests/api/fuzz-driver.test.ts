import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleOf } from '../helpers/console.ts';
import { driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { bodyOf, COLUMN_EDGES, expectEdgeRule, expectSafeAnswer, fuzzRuns, hostileLeaf, hostileString, leafPaths, replacedAt, tableCounts, valueAt } from '../helpers/fuzz.ts';
import { startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Every call of the driver's app (/api/driver), signed in as a driver on duty with an offer open and a job of their
 * own: random bodies, parameters and query strings never get a 5xx, a refusal is JSON with a message, and a refused
 * call writes nothing to any table. The calls are read from the server's own route list, so a new driver call is
 * fuzzed without being listed here. (The two calls that take no session, sign-in and set-password, are fuzzed with
 * the public ones in fuzz.test.ts.)
 */

/** Not fuzzed here: the event stream stays open by design (driver-jobs.test.ts covers it); no-session calls above. */
const SKIPPED = new Set(['GET /api/driver/events', 'POST /api/driver/session', 'POST /api/driver/set-password']);
/** The calls that end the session when they succeed: the driver signs in again after one. */
const SIGNING_OUT = new Set(['DELETE /api/driver/session', 'POST /api/driver/session/sign-out-everywhere']);
/** Tables a refused call may still write: the per-address limits count refusals. */
const COUNTED_ON_REFUSAL = new Set(['rate_limit_hits', 'staff_known_addresses', 'passenger_known_addresses', 'driver_known_addresses']);

const body = bodyOf(['vehicle_id', 'idempotency_key', 'step', 'lat', 'lon', 'accuracy_m', 'heading', 'speed', 'recorded_at', 'positions', 'reason', 'note', 'collected_pence', 'waiting_minutes', 'extras']);

describe(`fuzzing every signed-in /api/driver call on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let app: ReturnType<typeof driverAppOf>;
  let driver: SignedDriver;
  let calls: { method: string; url: string }[];
  let jobNumber: string;
  let offerId: number;
  let vehicleId: number;
  let tables: Awaited<ReturnType<typeof tableCounts>>;

  beforeAll(async () => {
    provider = await startTestProvider();
    const api = consoleOf(provider);
    app = driverAppOf(provider, api);
    const dispatcher = await api.dispatcher();
    driver = await app.newDriver(dispatcher);
    vehicleId = await app.newVehicle(dispatcher);
    expect((await app.as(driver, 'POST', 'shift', { vehicle_id: vehicleId })).statusCode).toBe(200);
    // One job accepted by the driver, and one offer still open to them.
    const template = await api.bookInCar('driver.fuzz@example.test');
    const offered: number[] = [];
    for (const number of ['CF-FZD0001', 'CF-FZD0002']) {
      await api.copyBooking(template, { number, pickupAt: new Date(Date.now() + 2 * 3_600_000) });
      expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
      const offer = await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId });
      expect(offer.statusCode, offer.body).toBe(201);
      offered.push(offer.json().offer.id);
    }
    expect((await app.as(driver, 'POST', `offers/${offered[0]}/accept`, app.tapBody())).statusCode).toBe(200);
    jobNumber = 'CF-FZD0001';
    offerId = offered[1]!;
    calls = provider.routes.filter((route) => route.url.startsWith('/api/driver') && !SKIPPED.has(`${route.method} ${route.url}`));
    tables = await tableCounts(provider, COUNTED_ON_REFUSAL);
  });
  afterAll(() => provider?.dispose());

  const counts = () => tables.counts();

  /** A route's parameters: the driver's own job, offer and a real week, ids of nothing, or hostile text. */
  const param = fc.oneof(
    fc.constantFrom('REAL', '1', '999999', '0', '-1', '1e3', '2147483648', '-2147483649', '1000000000000000', '5e-324', '2026-W49', '2026-W00', '2026-W54', '9999-W01', 'CF-000001', '%00', '%ED%A0%80', '%E0%A4%A', '..%2F..'),
    hostileString.map((text) => {
      try {
        return encodeURIComponent(text.slice(0, 60));
      } catch {
        return '%ED%A0%80'; // a lone surrogate, as the bytes a client could still send
      }
    }),
  );
  const filled = (url: string, value: string) =>
    url
      .replace(/:booking_number/g, value === 'REAL' ? jobNumber : value)
      .replace(/:id/g, value === 'REAL' ? String(offerId) : value)
      .replace(/:week/g, value === 'REAL' ? '2026-W49' : value);

  it('random bodies, parameters and queries: no 5xx, JSON refusals, nothing written when refused', async () => {
    expect(calls.length).toBeGreaterThanOrEqual(15);
    let cases = 0;
    let signIns = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(), param, body, fc.boolean(), async (callIndex, value, payload, asText) => {
        cases++;
        const call = calls[callIndex % calls.length]!;
        const before = await counts();
        const url = filled(call.url, value).replace('/api/driver/', '');
        const withBody = call.method !== 'GET' && call.method !== 'DELETE';
        const query = call.method === 'GET' ? `?${new URLSearchParams(Object.entries(typeof payload === 'object' && payload && !Array.isArray(payload) ? payload : { q: String(payload) }).map(([key, item]) => [key, String(JSON.stringify(item) ?? '').slice(0, 200)]))}` : '';
        const response = await app.as(
          driver,
          call.method as 'GET',
          url + query,
          withBody ? (asText ? String(JSON.stringify(payload) ?? 'null').slice(0, -1) : JSON.stringify(payload ?? null)) : undefined,
          withBody ? { 'content-type': 'application/json' } : {},
        );
        const where = `${call.method} ${url}${query.slice(0, 120)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expectSafeAnswer(response, where);
        if (response.statusCode >= 400) expect(await counts(), where).toEqual(before);
        if (SIGNING_OUT.has(`${call.method} ${call.url}`) && response.statusCode < 300) {
          signIns++;
          Object.assign(driver, await app.signIn(driver.email));
        }
      }),
      fuzzRuns(500, 20261204),
    );
    // The session was still the driver's at the end: the cases ran signed in, not against a 401.
    expect((await app.as(driver, 'GET', 'session')).statusCode).toBe(200);
    console.log(`fuzz: ${cases} cases over ${calls.length} driver calls, zero 5xx (${signIns} sign-ins again after a sign-out)`);
  }, 240_000);

  it('valid bodies with one value made hostile, then each number at a column\'s edge, reach the handlers: no 5xx, JSON refusals, unstorable text refused by the edge rule, nothing written when refused', async () => {
    const soon = () => new Date(Date.now() - 60_000).toISOString();
    /** What the app sends, each a body the server takes as it is, with a fresh key per case (the job's steps in turn, so some cases move it on). */
    const templates: (() => { url: string; body: Record<string, unknown> })[] = [
      () => ({ url: 'shift', body: { vehicle_id: vehicleId } }),
      () => ({ url: 'positions', body: { lat: 51.47, lng: -0.4543, accuracy_m: 12, recorded_at: soon() } }),
      () => ({ url: `offers/${offerId}/decline`, body: app.tapBody() }),
      () => ({ url: `offers/${offerId}/accept`, body: app.tapBody() }),
      () => ({ url: `jobs/${jobNumber}/steps`, body: { step: 'on_the_way', idempotency_key: crypto.randomUUID(), tapped_at: soon() } }),
      () => ({ url: `jobs/${jobNumber}/steps`, body: { step: 'complete', idempotency_key: crypto.randomUUID(), extras: { waiting_min: 5, parking_pence: 350, tolls_pence: 0 }, paid_in_car: 'cash' } }),
    ];
    /** A case that sends the template as it is (a quarter of them): the handlers' own answers, not only the schema's. */
    const AS_IS = Symbol('as is');
    // The first property may have ended the shift (DELETE /shift is one of its calls): on duty again.
    expect((await app.as(driver, 'POST', 'shift', { vehicle_id: vehicleId })).statusCode).toBeLessThan(500);
    const statuses = new Map<string, number>();
    let refusedAtEdge = 0;
    let valued = 0;
    type Case = { url: string; body: Record<string, unknown> };
    /** One case: `template` sent with `value` at `path` (or as it is), and what any answer must be. */
    const check = async (template: Case, path: (string | number)[], value: unknown) => {
      const before = await counts();
      const sent = value === AS_IS ? template.body : (replacedAt(template.body, path, value) as Record<string, unknown>);
      const response = await app.as(driver, 'POST', template.url, sent);
      const where = `POST ${template.url} ${path.join('.')}=${(value === AS_IS ? 'as is' : JSON.stringify(value))?.slice(0, 80)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      statuses.set(`${template.url.split('/')[0]} ${response.statusCode}`, (statuses.get(`${template.url.split('/')[0]} ${response.statusCode}`) ?? 0) + 1);
      expectSafeAnswer(response, where);
      if (expectEdgeRule(response, where, path, value)) refusedAtEdge++;
      if (response.statusCode >= 400) {
        const after = await counts();
        const written = Object.keys(after).filter((table) => after[table] !== before[table]);
        // A tap refused by its handler keeps that refusal as the key's answer (server/domain/drivers/taps.ts), so a
        // replay is refused alike: that one row, holding this very answer, is the only write a refusal may leave.
        if (written.length === 1 && written[0] === 'driver_taps' && after.driver_taps === before.driver_taps! + 1) {
          const kept = await provider.db.query<{ status_code: number; answer: unknown }>('SELECT status_code, answer FROM driver_taps WHERE driver_id = $1 AND idempotency_key::text = $2', [driver.driverId, String(sent.idempotency_key)]);
          expect(kept.rows, where).toEqual([{ status_code: response.statusCode, answer: response.json() }]);
        } else {
          expect(tables.changed(before, after), where).toEqual([]);
        }
      }
    };
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), fc.oneof({ arbitrary: hostileLeaf, weight: 3 }, { arbitrary: fc.constant(AS_IS), weight: 1 }), async (templateIndex, pathIndex, value) => {
        valued++;
        const template = templates[templateIndex % templates.length]!();
        const paths = leafPaths(template.body);
        await check(template, paths[pathIndex % paths.length]!, value);
      }),
      fuzzRuns(600, 20261205),
    );
    // Then every number of every template at each column edge, in turn (how accuracy_m's 5e-324 is found every run).
    let swept = 0;
    for (const make of templates) {
      const shape = make().body;
      for (const path of leafPaths(shape).filter((leaf) => typeof valueAt(shape, leaf) === 'number')) {
        for (const edge of COLUMN_EDGES) {
          swept++;
          await check(make(), path, edge);
        }
      }
    }
    // The cases reached the handlers: some were taken, some refused past the schema (a 404 or 409 of the handler).
    const answers = [...statuses.keys()].map((key) => Number(key.split(' ')[1]));
    expect(answers.some((status) => status < 300), JSON.stringify([...statuses])).toBe(true);
    expect(answers.some((status) => status === 404 || status === 409), JSON.stringify([...statuses])).toBe(true);
    console.log(`fuzz: ${valued} valid driver bodies with a hostile value, ${swept} with a number at a column's edge, ${refusedAtEdge} refused by the edge rule, zero 5xx: ${JSON.stringify([...statuses])}`);
  }, 240_000);
});
