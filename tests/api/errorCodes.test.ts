import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_MESSAGES } from '../../contract/booking.ts';
import { ERROR_CODES, ERROR_KINDS, kindOf, type ErrorCode } from '../../contract/errorCodes.ts';
import { MANAGE_MESSAGES, MANAGE_REFUSAL_CODES } from '../../contract/manageBooking.ts';
import { PROMO_MESSAGES } from '../../contract/promoCodes.ts';
import { STAFF_MESSAGES } from '../../contract/staff.ts';
import { ERROR_STATUS } from '../../server/http.ts';
import { consoleOf } from '../helpers/console.ts';
import { oneWayForm } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/** A London date and 12-hour pickup time about half an hour from now: inside every grace time the demo sites use. */
function pickupSoon() {
  const soon = new Date(Date.now() + 30 * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', hour12: false }).formatToParts(soon).map((part) => [part.type, part.value]),
  );
  const hour = Number(parts.hour) % 24;
  return { pickup_date: `${parts.year}-${parts.month}-${parts.day}`, pickup_hour: `${hour % 12 || 12}${hour < 12 ? 'am' : 'pm'}`, pickup_min: '00' };
}

describe(`error codes through the real server on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  const post = (url: string, payload: unknown, headers: Record<string, string> = KEY_HEADERS) =>
    provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers, payload: payload as object });
  const refusal = (response: { statusCode: number; json: () => unknown }) => ({ status: response.statusCode, body: response.json() });
  const quoted = async (form = oneWayForm()) => (await post('calculate-distance-price', form)).json().price_details[0] as { quote_id: string; vehicle_id: number; company_id: number };

  it('the browser\'s three popups: zero_distance, banned_address and grace_period, each a 422 with the spec\'s text', async () => {
    expect(refusal(await post('calculate-distance-price', oneWayForm({ dropoff: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' })))).toEqual({
      status: 422,
      body: { success: false, message: QUOTE_MESSAGES.zeroDistance, code: 'zero_distance' },
    });
    expect(refusal(await post('calculate-distance-price', oneWayForm({ pickup: '12 Unpaid Fares Close, London W12 7FR' })))).toEqual({
      status: 422,
      body: { success: false, message: QUOTE_MESSAGES.bannedAddress, code: 'banned_address' },
    });
    expect(refusal(await post('calculate-distance-price', oneWayForm(pickupSoon())))).toEqual({
      status: 422,
      body: { success: false, message: QUOTE_MESSAGES.gracePeriod, code: 'grace_period' },
    });
  });

  it('the other quote refusals: capacity (422), unknown_place (400), unknown_quote (404), quote_expired (410)', async () => {
    expect(refusal(await post('calculate-distance-price', oneWayForm({ passengers: 12, luggages: 9 })))).toEqual({
      status: 422,
      body: { success: false, message: `${QUOTE_MESSAGES.capacityPrefix}Passengers exceeded by 4, Luggage exceeded by 1.`, code: 'capacity' },
    });
    expect(refusal(await post('calculate-distance-price', oneWayForm({ dropoff: 'Qwxzzy Nowhereville' })))).toEqual({
      status: 400,
      body: { success: false, message: QUOTE_MESSAGES.unknownPlace('Qwxzzy Nowhereville'), code: 'unknown_place' },
    });
    expect(refusal(await post('calculate-selected-vehicle-price', { vehicle: { quote_id: 'q_nope', vehicle_id: 1, company_id: 1 } }))).toEqual({
      status: 404,
      body: { success: false, message: QUOTE_MESSAGES.quoteExpired, code: 'unknown_quote' },
    });
    // A search of its own: a repeated search answers the same stored quote, which the other tests still use.
    const row = await quoted(oneWayForm({ pickup_min: '55', passengers: 1 }));
    await provider.db.query("UPDATE quotes SET expires_at = now() - interval '1 minute' WHERE id = $1", [row.quote_id]);
    expect(refusal(await post('calculate-selected-vehicle-price', { vehicle: { quote_id: row.quote_id, vehicle_id: row.vehicle_id, company_id: row.company_id } }))).toEqual({
      status: 410,
      body: { success: false, message: QUOTE_MESSAGES.quoteExpired, code: 'quote_expired' },
    });
  });

  it('a promo code the site does not have: promo (422)', async () => {
    const row = await quoted();
    const answer = await post('calculate-selected-vehicle-price', { vehicle: { quote_id: row.quote_id, vehicle_id: row.vehicle_id, company_id: row.company_id }, promo_code: 'NOSUCHCODE' });
    expect(refusal(answer)).toEqual({ status: 422, body: { success: false, message: PROMO_MESSAGES.invalid, code: 'promo' } });
  });

  it('a manage link nobody issued: link_invalid (401) with the operator phone, as the manage page reads it', async () => {
    const answer = refusal(await post('manage-booking', { token: 'A'.repeat(43) }));
    expect(answer).toEqual({ status: 401, body: { success: false, message: MANAGE_MESSAGES.linkInvalid, code: 'link_invalid', operator_phone: expect.any(String) } });
  });

  it('a staff set-password link nobody issued: invalid (400)', async () => {
    const answer = await consoleOf(provider).raw('POST', 'staff/set-password', {}, { token: 'A'.repeat(43), password: 'Kestrel-Harbour-41' });
    expect(refusal(answer)).toEqual({ status: 400, body: { success: false, message: STAFF_MESSAGES.linkInvalid, code: 'invalid' } });
  });

  it('generic codes: invalid_input, unauthenticated, forbidden, not_found, conflict, payload_too_large', async () => {
    const malformed = await provider.fastify.inject({ method: 'POST', url: '/api/v1/calculate-distance-price', headers: { ...KEY_HEADERS, 'content-type': 'application/json' }, payload: '{"pickup": ' });
    expect(refusal(malformed)).toEqual({ status: 400, body: { success: false, message: 'Malformed JSON body', code: 'invalid_input' } });
    expect(refusal(await post('calculate-distance-price', oneWayForm(), {}))).toEqual({
      status: 401,
      body: { success: false, message: 'Missing API-PUBLIC-KEY or API-SECRET-KEY header', code: 'unauthenticated' },
    });
    expect(refusal(await post('nowhere', {}))).toEqual({ status: 404, body: { success: false, message: 'No such call: POST /api/v1/nowhere', code: 'not_found' } });

    const console = consoleOf(provider);
    const dispatcher = await console.dispatcher();
    expect(refusal(await console.as(dispatcher, 'GET', 'audit?entity=settings'))).toEqual({ status: 403, body: { success: false, message: STAFF_MESSAGES.ownerOnly, code: 'forbidden' } });
    const owner = await console.owner();
    const promo = { code: 'ERRCODES10', kind: 'percent', percent: 10, categories: [] };
    expect((await console.as(owner, 'POST', 'promos', promo)).statusCode).toBe(201);
    expect(refusal(await console.as(owner, 'POST', 'promos', promo))).toEqual({ status: 409, body: { success: false, message: PROMO_MESSAGES.codeTaken, code: 'conflict' } });

    const huge = await post('calculate-distance-price', { ...oneWayForm(), pickup: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ success: false, message: expect.any(String), code: 'payload_too_large' });
  });
});

describe('the contract of codes', () => {
  const sourcesUnder = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourcesUnder(file);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
    });
  // Lines that make a value, not the type declarations that merely name a code.
  const serverLines = sourcesUnder('server')
    .flatMap((file) => readFileSync(file, 'utf8').split('\n'))
    .filter((line) => !/^\s*(export )?type |Extract</.test(line));

  /** Codes in the contract that no server path sends today, each with the reason it is kept. */
  const RESERVED: Partial<Record<ErrorCode, string>> = {};

  const produced = (code: ErrorCode) => {
    const literal = `'${code}'`;
    if (serverLines.some((line) => line.includes(literal))) return true;
    // A generic code also comes from an HttpError or sendError of its kind's status.
    if ((ERROR_KINDS as readonly string[]).includes(code)) {
      const status = ERROR_STATUS[kindOf(code)];
      return serverLines.some((line) => new RegExp(`(new HttpError\\(|sendError\\([^,]+, )${status}\\b`).test(line));
    }
    return false;
  };

  it.each(Object.keys(ERROR_CODES) as ErrorCode[])('%s is sent by the server, or reserved with a reason', (code) => {
    if (RESERVED[code]) expect(produced(code), `${code} is reserved but the server sends it: take it off RESERVED`).toBe(false);
    else expect(produced(code), `no server line makes '${code}': use it or reserve it`).toBe(true);
  });

  it('every kind has a status, and every manage refusal code is in the contract', () => {
    for (const kind of ERROR_KINDS) expect(ERROR_STATUS[kind], kind).toBeGreaterThanOrEqual(400);
    for (const code of MANAGE_REFUSAL_CODES) expect(Object.keys(ERROR_CODES)).toContain(code);
  });
});
