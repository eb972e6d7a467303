import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, quoteFor } from '../helpers/booking.ts';
import { bodyOf, fuzzRuns, hostileString } from '../helpers/fuzz.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Every operator call (/api/admin, as the owner through the admin token): random bodies and query strings never
 * get a 5xx, a refusal is JSON with a message, and a refused call writes nothing to any table. The calls are read
 * from the server's own route list, so a new admin call is fuzzed without being listed here.
 */

/** Not fuzzed: the event stream (it stays open by design; tests/api/console-bookings.test.ts covers it). */
const SKIPPED = new Set(['GET /api/admin/events']);
/** Tables a refused call may still write: the per-address limits count refusals. */
const COUNTED_ON_REFUSAL = new Set(['rate_limit_hits', 'staff_known_addresses', 'passenger_known_addresses']);

const body = bodyOf([
  'status', 'reason', 'driver_id', 'vehicle_id', 'company_id', 'category_id', 'revision', 'name', 'email', 'role', 'text', 'subject', 'price',
  'amount_pence', 'percent', 'valid_from', 'valid_to', 'code', 'kind', 'label', 'lat', 'lon', 'radius_m', 'points', 'postcodes', 'pattern',
  'address', 'popular', 'active', 'rating', 'seats', 'luggage', 'image', 'settings', 'licence_number', 'licence_expiry', 'registration',
  'base_fare_pence', 'mile_bands', 'from', 'to', 'cursor', 'q', 'date',
]);

describe(`fuzzing every /api/admin call on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let calls: { method: string; url: string }[];
  let bookingNumber: string;
  let countsSql: string;

  beforeAll(async () => {
    provider = await startTestProvider();
    const { form, row } = await quoteFor(provider);
    const booked = await provider.fastify.inject({ method: 'POST', url: '/api/v1/booking', headers: KEY_HEADERS, payload: bookingPayload(form, row) as object });
    bookingNumber = booked.json().data.booking.booking_number;
    calls = provider.routes.filter((route) => route.url.startsWith('/api/admin') && !SKIPPED.has(`${route.method} ${route.url}`));
    const { rows } = await provider.db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY 1",
    );
    const tables = rows.map((row) => row.table_name).filter((table) => !COUNTED_ON_REFUSAL.has(table));
    countsSql = `SELECT ${tables.map((table) => `(SELECT count(*) FROM ${table})::int AS ${table}`).join(', ')}`;
  });
  afterAll(() => provider.dispose());

  const counts = async () => (await provider.db.query<Record<string, number>>(countsSql)).rows[0];

  /** A route's parameters filled in: the real booking, ids that exist and ones that do not, or hostile text. */
  const param = fc.oneof(
    fc.constantFrom('1', '2', '999999', '0', '-1', '1e3', 'quote', 'contact', 'x', '%00', '%ED%A0%80', '%E0%A4%A', '..%2F..'),
    hostileString.map((text) => {
      try {
        return encodeURIComponent(text.slice(0, 60));
      } catch {
        return '%ED%A0%80'; // a lone surrogate, as the bytes a client could still send
      }
    }),
  );
  const filled = (url: string, value: string) => url.replace(/:booking_number/g, bookingNumber).replace(/:[A-Za-z_]+/g, value);

  it('random bodies, parameters and queries: no 5xx, JSON refusals, nothing written when refused', async () => {
    expect(calls.length).toBeGreaterThan(30);
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(), param, body, fc.boolean(), async (callIndex, value, payload, asText) => {
        cases++;
        const call = calls[callIndex % calls.length];
        const before = await counts();
        const url = filled(call.url, value);
        const query = call.method === 'GET' ? `?${new URLSearchParams(Object.entries(typeof payload === 'object' && payload && !Array.isArray(payload) ? payload : { q: String(payload) }).map(([key, item]) => [key, String(JSON.stringify(item) ?? '').slice(0, 200)]))}` : '';
        const response = await provider.fastify.inject({
          method: call.method as 'GET',
          url: url + query,
          headers: { ...KEY_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}`, ...(call.method === 'GET' || call.method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
          payload: call.method === 'GET' || call.method === 'DELETE' ? undefined : asText ? String(JSON.stringify(payload) ?? 'null').slice(0, -1) : JSON.stringify(payload ?? null),
        });
        const where = `${call.method} ${url}${query.slice(0, 120)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(() => response.json(), where).not.toThrow();
          expect(typeof response.json().message, where).toBe('string');
          expect(response.body, where).not.toMatch(/\bat [\w.<>]+ \(.*:\d+:\d+\)/);
          expect(await counts(), where).toEqual(before);
        }
      }),
      fuzzRuns(900, 20261126),
    );
    console.log(`fuzz: ${cases} cases over ${calls.length} admin calls, zero 5xx`);
  }, 240_000);
});
