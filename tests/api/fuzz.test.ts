import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { hourlyForm } from '../helpers/forms.ts';
import { bodyOf, COLUMN_EDGES, expectEdgeRule, expectSafeAnswer, fuzzRuns, hostileLeaf, hostileString, leafPaths, replacedAt, valueAt, type Template } from '../helpers/fuzz.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/** Every /api/v1 call of spec §7 and ours. */
const CALLS: [method: 'GET' | 'POST' | 'PATCH', url: string][] = [
  // The staff calls that take no session (the console API's way in).
  ['POST', '/api/admin/session'],
  ['POST', '/api/admin/staff/set-password'],
  ['POST', '/api/driver/session'],
  ['POST', '/api/driver/set-password'],
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
  ['POST', '/api/v1/manage-booking'],
  ['POST', '/api/v1/manage-booking/cancel'],
  ['POST', '/api/v1/manage-booking/calendar'],
  ['POST', '/api/v1/manage-booking/receipt'],
  ['POST', '/api/v1/manage-booking/change/preview'],
  ['POST', '/api/v1/manage-booking/change'],
  ['POST', '/api/v1/manage-booking/change/authenticate'],
  // Random bodies only (never a real token): a valid one opens a stream that would not end.
  ['POST', '/api/v1/manage-booking/live'],
  ['GET', '/api/v1/passenger/statement'],
  ['POST', '/api/v1/quote-offer'],
];

const WRITE_TABLES = ['bookings', 'booking_stops', 'payments', 'passengers', 'quotes', 'quote_requests', 'contact_messages', 'mail_outbox', 'sandbox_intents', 'passenger_sessions', 'password_reset_codes', 'settings', 'booking_manage_links', 'refunds', 'staff', 'staff_sessions', 'staff_password_tokens', 'audit_log', 'receipt_invoices', 'receipt_invoice_counters', 'booking_changes', 'quote_offers', 'enquiry_replies', 'drivers', 'vehicles'];

const body = bodyOf(['pickup', 'dropoff', 'email', 'password', 'passengers', 'stops', 'pickup_date', 'pickup_hour', 'code', 'paymentIntentId', 'amount', 'booking', 'selectedVehicleData', 'registrationData', 'name', 'comments', 'queryReason']);

describe(`fuzzing every /api/v1 call on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let templates: Template[];
  beforeAll(async () => {
    provider = await startTestProvider();
    const { form, row } = await quoteFor(provider);
    const amount = Math.round(row.final_price * 100);
    templates = [
      { method: 'POST', url: '/api/v1/calculate-distance', body: { pickup: form.pickup, dropoff: form.dropoff, stops: [{ address: 'Paddington Station' }] } },
      { method: 'POST', url: '/api/v1/calculate-distance-price', body: { ...form, stops: [{ address: 'Paddington Station' }] } },
      { method: 'POST', url: '/api/v1/calculate-hourly-price', body: hourlyForm() },
      { method: 'POST', url: '/api/v1/calculate-selected-vehicle-price', body: { vehicle: { quote_id: row.quote_id, vehicle_id: 1, company_id: 1 }, meet_and_greet: 'yes' } },
      { method: 'POST', url: '/api/v1/booking', body: bookingPayload(form, row) },
      { method: 'POST', url: '/api/v1/create-payment-intent', body: { paymentMethodId: 'pm_card_visa', amount, booking: bookingPayload(form, row, { payment_method: 'card' }) } },
      { method: 'POST', url: '/api/v1/confirm-payment-intent', body: { paymentIntentId: 'pi_sandbox_unknown' } },
      {
        method: 'POST',
        url: '/api/v1/send-instant-email',
        body: { pickup_address: 'Heathrow', dropoff_address: 'Savoy', pickup_date: form.pickup_date, pickup_time: '2:30pm', passenger_email: 'fuzz@example.test', passenger_phone: '07700 900456', passenger_name: 'Jane' },
      },
      { method: 'POST', url: '/api/v1/contact-us', body: { firstName: 'Sam', email: 'sam@example.test', telephone: '020 7946 0999', queryReason: 'Invoice', comments: 'Hello' } },
      { method: 'POST', url: '/api/v1/check-passenger-login', body: { email: DEMO_CORPORATE.email, password: 'not the password' } },
      { method: 'PATCH', url: '/api/v1/update-passenger', body: { passenger_id: 1, name: 'Alex', email: DEMO_CORPORATE.email } },
    ];
    // A real manage link (from the confirmation mail of a booking made here): the templates' one string is the token.
    const manageEmail = 'fuzz.manage@example.test';
    await provider.fastify.inject({ method: 'POST', url: '/api/v1/booking', headers: KEY_HEADERS, payload: bookingPayload(form, row, { registrationData: { ...guestRegistration, email: manageEmail } }) });
    const confirmation = await provider.db.query<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address LIKE $1", [`%<${manageEmail}>`]);
    const token = /manage-booking\?token=([A-Za-z0-9_-]{43})/.exec(confirmation.rows[0].text_body)![1];
    for (const url of ['/api/v1/manage-booking', '/api/v1/manage-booking/cancel', '/api/v1/manage-booking/calendar', '/api/v1/manage-booking/receipt', '/api/v1/manage-booking/change/preview', '/api/v1/manage-booking/change', '/api/v1/manage-booking/change/authenticate']) templates.push({ method: 'POST', url, body: { token } });
    // Address changes (issue 18) where the owner allows them: the trip routed again from hostile addresses.
    await provider.db.query("INSERT INTO settings (site_id, setting_name, setting_value) SELECT id, 'MANAGE_ADDRESS_CHANGES', 'enable' FROM sites ON CONFLICT (site_id, setting_name) DO UPDATE SET setting_value = 'enable'");
    const moved = { pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', stops: [{ street_name: 'Baker Street', number: '221B', postcode: 'NW1 6XE' }], dropoff: 'Paddington Station, Praed Street, London W2 1HB' };
    templates.push({ method: 'POST', url: '/api/v1/manage-booking/change/preview', body: { token, changes: moved } });
    templates.push({ method: 'POST', url: '/api/v1/manage-booking/change', body: { token, revision: 0, changes: moved } });
    templates.push({ method: 'POST', url: '/api/v1/sandbox/authenticate', body: { paymentIntentId: 'pi_sandbox_x', outcome: 'complete' } });
  });
  afterAll(() => provider.dispose());

  // One statement for every table's count (twice per case, 1 500 cases: one round trip each, not one per table).
  const COUNTS_SQL = `SELECT ${WRITE_TABLES.map((table) => `(SELECT count(*) FROM ${table})::int AS ${table}`).join(', ')}`;
  const counts = async () => (await provider.db.query<Record<string, number>>(COUNTS_SQL)).rows[0];

  // Each case is its own client address, so the per-address limits never stand in for the handlers' answers.
  let visitor = 0;
  const nextAddress = () => {
    visitor += 1;
    return `10.77.${(visitor >> 8) & 255}.${visitor & 255}`;
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
          remoteAddress: nextAddress(),
        });
        expect(response.statusCode, `${method} ${url} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
        expect(() => response.json()).not.toThrow();
        if (response.statusCode >= 400) {
          expect(response.json().success === false || response.json().valid === false).toBe(true);
          expect(response.body).not.toMatch(/\bat [\w.<>]+ \(.*:\d+:\d+\)/);
          expect(await counts()).toEqual(before);
        }
      }),
      fuzzRuns(1500, 20261123),
    );
    console.log(`fuzz: ${cases} cases over ${CALLS.length} calls, zero 5xx`);

    // Valid bodies with one value made hostile (NUL and unpaired surrogates among the strings; numbers past a 4-byte
    // column, the smallest doubles): no 5xx, and unstorable text is the one 400 of the edge rule whatever the field.
    let refusedAtEdge = 0;
    let valued = 0;
    /** One case: `template` sent with `value` at `path`, and what any answer must be. */
    const check = async (template: Template, path: (string | number)[], value: unknown) => {
      const before = await counts();
      const response = await provider.fastify.inject({
        method: template.method,
        url: template.url,
        headers: { ...KEY_HEADERS, authorization: 'Bearer not-a-real-token' },
        payload: replacedAt(template.body, path, value) as object,
        remoteAddress: nextAddress(),
      });
      const where = `${template.url} ${path.join('.')}=${JSON.stringify(value)?.slice(0, 80)} → ${response.body.slice(0, 200)}`;
      expectSafeAnswer(response, where);
      if (expectEdgeRule(response, where, path, value)) {
        refusedAtEdge++;
        expect(await counts(), where).toEqual(before);
      }
    };
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), fc.oneof(hostileString, hostileLeaf), async (templateIndex, pathIndex, value) => {
        valued++;
        const template = templates[templateIndex % templates.length];
        const paths = leafPaths(template.body);
        await check(template, paths[pathIndex % paths.length], value);
      }),
      fuzzRuns(600, 20261124),
    );
    // Then every number of every template at each column edge, in turn (random cases reach a given one rarely).
    let swept = 0;
    for (const template of templates) {
      for (const path of leafPaths(template.body).filter((leaf) => typeof valueAt(template.body, leaf) === 'number')) {
        for (const edge of COLUMN_EDGES) {
          swept++;
          await check(template, path, edge);
        }
      }
    }
    console.log(`fuzz: ${valued} valid bodies with a hostile value, ${swept} with a number at a column's edge, ${refusedAtEdge} refused by the edge rule, zero 5xx`);
    const alive = await provider.fastify.inject({ method: 'GET', url: '/api/v1/ping', headers: KEY_HEADERS });
    expect(alive.statusCode).toBe(200);
  }, 240_000);
});
