import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/** Every /api/v1 call of spec §7 and ours. */
const CALLS: [method: 'GET' | 'POST' | 'PATCH', url: string][] = [
  ['GET', '/api/v1/setting'],
  ['GET', '/api/v1/fetch_vehicles'],
  ['GET', '/api/v1/fetch_companies'],
  ['GET', '/api/v1/ai-addresses'],
  ['GET', '/api/v1/places'],
  ['POST', '/api/v1/calculate-distance'],
  ['POST', '/api/v1/calculate-distance-price'],
  ['POST', '/api/v1/calculate-hourly-price'],
  ['POST', '/api/v1/calculate-selected-vehicle-price'],
  ['POST', '/api/v1/auth/forgot-password'],
  ['POST', '/api/v1/auth/verify-code'],
  ['POST', '/api/v1/auth/reset-password'],
  ['POST', '/api/v1/check-passenger-email'],
  ['POST', '/api/v1/booking'],
  ['GET', '/api/v1/secret_key'],
  ['POST', '/api/v1/create-payment-intent'],
  ['POST', '/api/v1/confirm-payment-intent'],
  ['POST', '/api/v1/sandbox/authenticate'],
  ['POST', '/api/v1/send-instant-email'],
  ['POST', '/api/v1/contact-us'],
  ['GET', '/api/v1/get_booking/1'],
  ['PATCH', '/api/v1/update-passenger'],
  ['POST', '/api/v1/check-passenger-login'],
  ['POST', '/api/v1/passenger/validate-token'],
  ['POST', '/api/v1/passenger/logout'],
];

const HOSTILE = [
  "' OR 1=1 --",
  "'; DROP TABLE bookings; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '\u0000\u0001\u0002',
  '😀🚕🇬🇧',
  'ǅ ß İ ﬁ',
  '%00%27',
  '${7*7}{{7*7}}',
  'x'.repeat(5000),
  '__proto__',
  'constructor',
];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 50 }));
const hugeNumber = fc.oneof(fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 53), fc.double());
const leaf = fc.oneof(hostileString, hugeNumber, fc.boolean(), fc.constant(null), fc.integer());
const deep = fc.integer({ min: 50, max: 400 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let index = 0; index < depth; index++) value = { a: value };
  return value;
});
const fieldNames = fc.constantFrom('pickup', 'dropoff', 'email', 'password', 'passengers', 'stops', 'pickup_date', 'pickup_hour', 'code', 'paymentIntentId', 'amount', 'booking', 'selectedVehicleData', 'registrationData', 'name', 'comments', 'queryReason', '__proto__', 'constructor');
const body = fc.oneof(
  fc.dictionary(fieldNames, fc.oneof(leaf, fc.array(leaf, { maxLength: 5 }), fc.dictionary(fc.string({ maxLength: 10 }), leaf, { maxKeys: 4 })), { maxKeys: 10 }),
  fc.anything({ maxDepth: 3 }),
  deep,
  fc.array(leaf, { maxLength: 20 }),
);

const WRITE_TABLES = ['bookings', 'booking_stops', 'payments', 'passengers', 'quotes', 'quote_requests', 'contact_messages', 'mail_outbox', 'sandbox_intents', 'passenger_sessions', 'password_reset_codes', 'settings'];

describe(`fuzzing every /api/v1 call on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  const counts = async () => {
    const result: Record<string, number> = {};
    for (const table of WRITE_TABLES) result[table] = Number((await provider.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0].n);
    return result;
  };

  it('malformed, oversized, wrong-typed and hostile bodies: no 5xx, JSON errors, nothing written when refused', async () => {
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CALLS), body, fc.boolean(), async ([method, url], payload, asText) => {
        cases++;
        const before = await counts();
        const query = method === 'GET' && url.endsWith('/places') ? `?q=${encodeURIComponent(String(JSON.stringify(payload)).slice(0, 300))}` : '';
        const response = await provider.fastify.inject({
          method,
          url: url + query,
          headers: { ...KEY_HEADERS, 'content-type': 'application/json', authorization: 'Bearer not-a-real-token' },
          payload: method === 'GET' ? undefined : asText ? String(JSON.stringify(payload) ?? 'null').slice(0, -1) : JSON.stringify(payload ?? null),
        });
        expect(response.statusCode, `${method} ${url} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
        expect(() => response.json()).not.toThrow();
        if (response.statusCode >= 400) {
          expect(response.json().success === false || response.json().valid === false).toBe(true);
          expect(response.body).not.toMatch(/\bat [\w.<>]+ \(.*:\d+:\d+\)/);
          expect(await counts()).toEqual(before);
        }
      }),
      { numRuns: 1500, seed: 20261123 },
    );
    console.log(`fuzz: ${cases} cases over ${CALLS.length} calls, zero 5xx`);
    const alive = await provider.fastify.inject({ method: 'GET', url: '/api/v1/ping', headers: KEY_HEADERS });
    expect(alive.statusCode).toBe(200);
  }, 240_000);
});
