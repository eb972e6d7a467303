import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FLIGHT_MESSAGES } from '../../contract/flights.ts';
import { createAeroApi } from '../../server/adapters/flights/aeroapi.ts';
import { toDriverJob } from '../../server/domain/drivers/jobs.ts';
import { createDriversRepository } from '../../server/domain/drivers/repository.ts';
import { flightNeedsAction, flightRulesOf, storedFlightOf } from '../../server/domain/flights/rules.ts';
import { driverTimingOf } from '../../contract/dispatch.ts';
import { londonWallClock } from '../../server/domain/pricing/londonTime.ts';
import { AIRPORTS, startFakeAeroApi, type AeroFlight, type FakeAeroApi } from '../helpers/aeroapi.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { weekdayAhead } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 33, flight arrivals through a local fake of FlightAware AeroAPI v4 (path, x-apikey, its field names): a flight
 * answered 40 minutes late moves the driver's due time on the console's booking and board, the driver's job and the
 * passenger's page; the owner's budget holds against 20 concurrent opens and concurrent sweeps; 500, 429, a timeout
 * and a refused key leave the booking as it was; cancelled and diverted flights need action; a dispatcher's typed
 * arrival has the same effect (with or without a key), and only staff of the booking's site may type it.
 */
describe(`flight arrivals on ${testDatabaseKind}`, () => {
  const KEY = 'aeroapi-test-key-0001';
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const day = weekdayAhead();
  const later = weekdayAhead(7);
  // The day before the trip: the same flight number's earlier, already-arrived flight (weekdayAhead(2) can be the trip's day).
  const dayBefore = new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const at = (date: string, time: string) => londonWallClock(date, Number(time.slice(0, 2)), Number(time.slice(3, 5)));
  const iso = (date: string, time: string) => at(date, time).toISOString();
  // The booking form's pick-up: Heathrow Terminal 5 at 14:30 (tests/helpers/forms.ts).
  const pickupAt = at(day, '14:30').getTime();
  let clock = pickupAt - 26 * HOUR;
  let fake: FakeAeroApi;
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let dispatcher: Signed;
  let owner: Signed;

  const flight = (ident: string, date: string, scheduled: string, extra: Partial<AeroFlight> = {}): AeroFlight => ({
    ident: `BAW${ident.slice(2)}`,
    ident_iata: ident,
    fa_flight_id: `BAW${ident.slice(2)}-${date}`,
    scheduled_out: null,
    scheduled_on: iso(date, scheduled),
    scheduled_in: iso(date, scheduled),
    estimated_on: null,
    estimated_in: null,
    actual_in: null,
    status: 'Scheduled',
    cancelled: false,
    diverted: false,
    origin: AIRPORTS.JFK,
    destination: AIRPORTS.LHR,
    ...extra,
  } as AeroFlight);

  beforeAll(async () => {
    fake = await startFakeAeroApi(KEY);
    provider = await startTestProvider({ env: { AEROAPI_KEY: KEY, AEROAPI_URL: fake.url, AEROAPI_TIMEOUT_MS: '400' }, now: () => new Date(clock) });
    api = consoleOf(provider);
    dispatcher = await api.dispatcher();
    owner = await api.owner();
  });
  // Each test starts a day and two hours before the first pick-up (within AeroAPI's two days).
  beforeEach(() => {
    clock = pickupAt - 26 * HOUR;
  });
  afterAll(async () => {
    await provider.dispose();
    await fake.close();
  });

  const book = async (flightNumber: string, form: Record<string, unknown> = {}, email = `${flightNumber.replace(/\W/g, '').toLowerCase()}@example.test`) => {
    const number = await api.bookInCar(email, { pickup_fight_number: flightNumber, ...form });
    await provider.flights.settled();
    return number;
  };
  const detail = async (number: string) => {
    const response = await api.as(dispatcher, 'GET', `bookings/${number}`);
    expect(response.statusCode, response.body).toBe(200);
    await provider.flights.settled();
    return response.json().booking;
  };
  const flightRow = async (number: string) =>
    (await api.sql<Record<string, unknown>>('SELECT f.* FROM booking_flights f JOIN bookings b ON b.site_id = f.site_id AND b.id = f.booking_id WHERE b.booking_number = $1', [number]))[0];
  const manageToken = async (email: string) => {
    const [mail] = await api.sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address LIKE $1", [`%<${email}>`]);
    return /manage-booking\?token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1];
  };
  const managePage = async (email: string) => {
    const response = await provider.fastify.inject({ method: 'POST', url: '/api/v1/manage-booking', headers: KEY_HEADERS, payload: { token: await manageToken(email) } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('a flight answered 40 minutes late moves the due time on the console, the board, the driver\'s job and the passenger\'s page', async () => {
    fake.answer('BA117', {
      flights: [
        flight('BA117', dayBefore, '13:55', { status: 'Arrived / Gate Arrival', actual_in: iso(dayBefore, '13:50') }),
        flight('BA117', day, '13:55', { estimated_on: iso(day, '14:25'), estimated_in: iso(day, '14:35'), status: 'En Route / Delayed' }),
        flight('BA117', day, '13:40', { destination: AIRPORTS.MAN }),
      ],
    });
    const number = await book('ba 117', {}, 'late.flight@example.test');
    // One call at booking (the flight is within AeroAPI's two days), to the documented path with the key.
    expect(fake.calls.filter((call) => call.path === '/aeroapi/flights/BA117')).toEqual([{ path: '/aeroapi/flights/BA117', apiKey: KEY }]);

    const booking = await detail(number);
    expect(booking.flight).toMatchObject({
      number: 'BA117',
      airport: 'LHR',
      status: 'En Route / Delayed',
      scheduled_arrival: iso(day, '13:55'),
      estimated_arrival: iso(day, '14:35'),
      expected_arrival: iso(day, '14:35'),
      arrival_source: 'provider',
      domestic: false,
      origin: 'New York',
      wait_minutes: 30,
      driver_due_at: iso(day, '15:05'),
      needs_action: null,
      last_result: 'found',
      lookups_used: 1,
      lookup_budget: 8,
    });
    // Opening the booking within 5 minutes of the last look-up asks nothing more.
    expect(fake.callsFor('BA117')).toBe(1);
    // The booked pick-up time is the passenger's and stays as booked.
    expect(booking.pickup_at).toBe(iso(day, '14:30'));

    const board = await api.as(dispatcher, 'GET', `bookings?from=${day}&to=${day}&q=${number}`);
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json().bookings.find((row: { booking_number: string }) => row.booking_number === number).flight.driver_due_at).toBe(iso(day, '15:05'));

    const row = await createDriversRepository(provider.db).job(1, number);
    const job = toDriverJob(row!, [], { ...driverTimingOf({}), flightRules: flightRulesOf({}) });
    expect(job.due_at).toBe(iso(day, '15:05'));
    expect(job.flight).toEqual({ number: 'BA117', status: 'En Route / Delayed', expected_arrival: iso(day, '14:35'), cancelled: false, diverted: false });

    const page = await managePage('late.flight@example.test');
    expect(page.flight).toEqual({
      number: 'BA117',
      expected_at: iso(day, '14:35'),
      driver_due_at: iso(day, '15:05'),
      cancelled: false,
      diverted: false,
      message: 'Your flight BA117 is expected at 14:35; your driver will meet you at 15:05',
    });

    // Six minutes on, a dispatcher opening the booking looks again; the later estimate moves the due time again.
    fake.answer('BA117', { flights: [flight('BA117', day, '13:55', { estimated_in: iso(day, '14:50'), status: 'En Route / Delayed' })] });
    clock += 6 * MINUTE;
    await detail(number);
    expect(fake.callsFor('BA117')).toBe(2);
    const again = await detail(number);
    expect(again.flight.driver_due_at).toBe(iso(day, '15:20'));
    expect((await managePage('late.flight@example.test')).flight.message).toBe('Your flight BA117 is expected at 14:50; your driver will meet you at 15:20');
    clock -= 6 * MINUTE;
  });

  it('a domestic flight (from a UK airport) gets the domestic wait, and the owner sets both waits', async () => {
    fake.answer('BA1433', { flights: [flight('BA1433', day, '14:00', { estimated_in: iso(day, '14:20'), origin: AIRPORTS.EDI })] });
    const number = await book('BA1433');
    expect((await detail(number)).flight).toMatchObject({ domestic: true, wait_minutes: 15, driver_due_at: iso(day, '14:35'), origin: 'Edinburgh' });
    const saved = await api.as(owner, 'PUT', 'settings', { AIRPORT_WAIT_DOMESTIC_MINUTES: '20' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await detail(number)).flight).toMatchObject({ wait_minutes: 20, driver_due_at: iso(day, '14:40') });
    expect((await api.as(owner, 'PUT', 'settings', { AIRPORT_WAIT_DOMESTIC_MINUTES: '15' })).statusCode).toBe(200);
    // The owner cannot switch the home page's promise: the server says whether look-ups are configured.
    expect((await api.as(owner, 'PUT', 'settings', { FLIGHT_TRACKING: 'enable' })).statusCode).toBe(400);
  });

  it("never spends more than the owner's budget: 20 concurrent opens make one call, and the budget stops the rest", async () => {
    expect((await api.as(owner, 'PUT', 'settings', { FLIGHT_LOOKUP_BUDGET: '2' })).statusCode).toBe(200);
    fake.answer('BA118', { flights: [flight('BA118', day, '14:10', { estimated_in: iso(day, '14:15') })] });
    const number = await book('BA118');
    expect(fake.callsFor('BA118')).toBe(1);
    clock += 6 * MINUTE;
    const opens = await Promise.all(Array.from({ length: 20 }, () => api.as(dispatcher, 'GET', `bookings/${number}`)));
    expect(opens.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    await provider.flights.settled();
    expect(fake.callsFor('BA118')).toBe(2);
    clock += 6 * MINUTE;
    await detail(number);
    // The sweep, at any time from here on, asks nothing either.
    clock = at(day, '14:00').getTime();
    await Promise.all([provider.flights.sweep(), provider.flights.sweep(), provider.flights.sweep()]);
    expect(fake.callsFor('BA118')).toBe(2);
    expect(await flightRow(number)).toMatchObject({ lookups_used: 2, next_check_at: null });
    expect((await detail(number)).flight).toMatchObject({ lookups_used: 2, lookup_budget: 2, driver_due_at: iso(day, '14:45') });
    clock = pickupAt - 26 * HOUR;
    expect((await api.as(owner, 'PUT', 'settings', { FLIGHT_LOOKUP_BUDGET: '8' })).statusCode).toBe(200);
  });

  it('the sweep follows a flight from 3 hours before its arrival, once across concurrent sweeps, more often as it nears', async () => {
    fake.answer('BA119', { flights: [flight('BA119', later, '14:30', { estimated_in: iso(later, '14:45') })] });
    const number = await book('BA119', { pickup_date: later });
    // Beyond AeroAPI's two days: nothing asked at booking; the sweep's first look is set 3 hours before.
    expect(fake.callsFor('BA119')).toBe(0);
    expect(new Date((await flightRow(number)).next_check_at as string).toISOString()).toBe(iso(later, '11:30'));
    clock = at(later, '11:31').getTime();
    const sweeps = await Promise.all(Array.from({ length: 5 }, () => provider.flights.sweep()));
    expect(sweeps.reduce((sum, sweep) => sum + sweep.looked, 0)).toBe(1);
    expect(fake.callsFor('BA119')).toBe(1);
    // Estimated 14:45 now: the follow-up starts 3 hours before that, then hourly, every 30 and every 15 minutes.
    const nextCheck = async () => new Date((await flightRow(number)).next_check_at as string).toISOString();
    expect(await nextCheck()).toBe(iso(later, '11:45'));
    clock = at(later, '11:40').getTime();
    await provider.flights.sweep();
    expect(fake.callsFor('BA119')).toBe(1);
    clock = at(later, '11:46').getTime();
    await provider.flights.sweep();
    expect(fake.callsFor('BA119')).toBe(2);
    expect(await nextCheck()).toBe(iso(later, '12:46'));
    clock = at(later, '13:50').getTime();
    await provider.flights.sweep();
    expect(fake.callsFor('BA119')).toBe(3);
    expect(await nextCheck()).toBe(iso(later, '14:20'));
    // Landed: no more looks.
    fake.answer('BA119', { flights: [flight('BA119', later, '14:30', { actual_in: iso(later, '14:40'), status: 'Arrived / Gate Arrival' })] });
    clock = at(later, '14:41').getTime();
    await provider.flights.sweep();
    expect(fake.callsFor('BA119')).toBe(4);
    expect(await flightRow(number)).toMatchObject({ next_check_at: null, status: 'Arrived / Gate Arrival' });
    clock = pickupAt - 26 * HOUR;
  });

  it('a provider answering 500, 429 or nothing in time, or refusing the key, leaves the booking intact', async () => {
    fake.answer('BA500', { status: 500 });
    fake.answer('BA429', { status: 429, retryAfter: 120 });
    fake.answer('BA999', { hang: 2_000 });
    for (const [flightNumber, result] of [
      ['BA500', 'failed'],
      ['BA429', 'rate_limited'],
      ['BA999', 'failed'],
    ] as const) {
      const number = await book(flightNumber);
      expect(fake.callsFor(flightNumber)).toBe(1);
      const [booking] = await api.sql<{ status: string; flight_no: string; pick_up_at: Date }>('SELECT status, flight_no, pick_up_at FROM bookings WHERE booking_number = $1', [number]);
      expect(booking).toMatchObject({ status: 'confirmed', flight_no: flightNumber });
      const shown = await detail(number);
      expect(shown.flight).toMatchObject({ status: '', expected_arrival: null, driver_due_at: null, last_result: result, lookups_used: 1 });
      // The sweep waits before asking again (the Retry-After's 2 minutes, else 15 minutes).
      const next = new Date((await flightRow(number)).next_check_at as string).getTime();
      expect(next).toBeGreaterThanOrEqual(clock + (result === 'rate_limited' ? 2 : 15) * MINUTE);
      expect((await managePage(`${flightNumber.toLowerCase()}@example.test`)).flight.message).toBe(`We are following your flight ${flightNumber} and will meet you when it lands.`);
    }
    // The adapter itself: a refused key, an unknown flight, a timeout.
    expect(await createAeroApi({ apiKey: 'wrong-key', baseUrl: fake.url }).lookUp('BA117')).toEqual({ kind: 'refused', status: 401 });
    expect(await createAeroApi({ apiKey: KEY, baseUrl: fake.url }).lookUp('ZZ1')).toEqual({ kind: 'not_found' });
    expect(await createAeroApi({ apiKey: KEY, baseUrl: fake.url }).lookUp('BA429')).toEqual({ kind: 'rate_limited', retryAfterSeconds: 120 });
    expect(await createAeroApi({ apiKey: KEY, baseUrl: fake.url, timeoutMs: 100 }).lookUp('BA999')).toEqual({ kind: 'failed', reason: 'timeout' });
    expect(await createAeroApi({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9' }).lookUp('BA117')).toEqual({ kind: 'failed', reason: 'network' });
  });

  it('a cancelled or a diverted flight needs action, on the console, for the queue and on the passenger\'s page', async () => {
    fake.answer('BA200', { flights: [flight('BA200', day, '14:00', { cancelled: true, status: 'Cancelled' })] });
    fake.answer('BA300', { flights: [flight('BA300', day, '14:00', { diverted: true, status: 'Diverted', destination: { code: 'EGSS', code_icao: 'EGSS', code_iata: 'STN', city: 'London', timezone: 'Europe/London' } })] });
    fake.answer('BA400', { flights: [flight('BA400', day, '13:00', { estimated_in: iso(day, '13:30') })] });
    const cancelled = await book('BA200');
    const diverted = await book('BA300');
    const early = await book('BA400');
    expect((await detail(cancelled)).flight).toMatchObject({ cancelled: true, status: 'Cancelled', needs_action: 'cancelled' });
    expect((await detail(diverted)).flight).toMatchObject({ diverted: true, status: 'Diverted', needs_action: 'diverted' });
    // Lands at 13:30: the driver is due at 14:00, before the booked 14:30.
    expect((await detail(early)).flight).toMatchObject({ driver_due_at: iso(day, '14:00'), needs_action: 'early' });
    // The dispatcher's "Needs action" queue lists each with the flight's reason.
    const queue = await api.as(dispatcher, 'GET', 'needs-action');
    expect(queue.statusCode, queue.body).toBe(200);
    const flightReasons = Object.fromEntries(
      (queue.json().items as { booking: { booking_number: string }; reasons: { code: string; text: string }[] }[]).map((item) => [
        item.booking.booking_number,
        item.reasons.filter((why) => why.code === 'flight').map((why) => why.text),
      ]),
    );
    expect(flightReasons[cancelled]).toEqual(['Flight cancelled']);
    expect(flightReasons[diverted]).toEqual(['Flight diverted']);
    expect(flightReasons[early]).toEqual(['Flight lands earlier than the pick-up allows']);
    const stored = storedFlightOf((await provider.db.query<{ flight: unknown }>(`SELECT to_jsonb(f) AS flight FROM booking_flights f JOIN bookings b ON b.id = f.booking_id WHERE b.booking_number = $1`, [cancelled])).rows[0].flight);
    expect(flightNeedsAction(stored, { pickupAt: new Date(pickupAt), status: 'confirmed' })).toBe('cancelled');
    // A cancelled booking's flight needs nobody.
    expect(flightNeedsAction(stored, { pickupAt: new Date(pickupAt), status: 'cancelled' })).toBeNull();
    expect((await managePage('ba200@example.test')).flight.message).toBe('Your flight BA200 is shown as cancelled. We will be in touch about your pick-up.');
  });

  it("a dispatcher's expected arrival moves the due time, overrides the provider's, is audited and can be cleared", async () => {
    const number = await book('EI154');
    // AeroAPI does not know it (404): nothing shown, nothing moved.
    expect((await detail(number)).flight).toMatchObject({ last_result: 'not_found', expected_arrival: null, driver_due_at: null });
    const set = await api.as(dispatcher, 'POST', `bookings/${number}/flight/arrival`, { expected_arrival: { date: day, time: '15:00' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toBe(FLIGHT_MESSAGES.manualSet);
    expect(set.json().booking.flight).toMatchObject({ manual_arrival: iso(day, '15:00'), expected_arrival: iso(day, '15:00'), arrival_source: 'manual', driver_due_at: iso(day, '15:30') });
    expect((await managePage('ei154@example.test')).flight.message).toBe('Your flight EI154 is expected at 15:00; your driver will meet you at 15:30');
    const [audit] = await api.sql<{ action: string; after: unknown }>("SELECT action, after FROM audit_log WHERE entity_type = 'booking' AND entity_id = $1 AND action = 'booking.flight_arrival'", [number]);
    expect(audit.after).toEqual({ manual_arrival: iso(day, '15:00') });
    const cleared = await api.as(dispatcher, 'POST', `bookings/${number}/flight/arrival`, { expected_arrival: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().message).toBe(FLIGHT_MESSAGES.manualCleared);
    expect(cleared.json().booking.flight).toMatchObject({ manual_arrival: null, expected_arrival: null, driver_due_at: null });
  });

  it('refuses a bad time, a booking without a flight, another site, a passenger and a forged request', async () => {
    const number = await book('BA555');
    const post = (body: unknown, who: Signed = dispatcher, headers: Record<string, string> = {}, target = number) => api.as(who, 'POST', `bookings/${target}/flight/arrival`, body, headers);
    expect((await post({ expected_arrival: { date: day, time: '24:00' } })).statusCode).toBe(400);
    expect((await post({ expected_arrival: { date: '2026-02-30', time: '10:00' } })).statusCode).toBe(400);
    expect((await post({ expected_arrival: { date: day, time: '10:0\u0000' } })).statusCode).toBe(400);
    expect((await post({ expected_arrival: { date: day, time: '10:00', extra: 1 } })).statusCode).toBe(400);
    expect((await post({ expected_arrival: '15:00' })).statusCode).toBe(400);
    const far = await post({ expected_arrival: { date: later, time: '15:00' } });
    expect(far.statusCode).toBe(422);
    expect(far.json().message).toBe(FLIGHT_MESSAGES.tooFar);
    // A pick-up that is not at an airport (a train reference at Paddington).
    const station = await book('GW123', { pickup: 'Paddington Station, Praed Street, London W2 1HB' }, 'train@example.test');
    const notAirport = await post({ expected_arrival: { date: day, time: '15:00' } }, dispatcher, {}, station);
    expect(notAirport.statusCode).toBe(422);
    expect(notAirport.json().message).toBe(FLIGHT_MESSAGES.noFlight);
    expect((await detail(station)).flight).toBeNull();
    expect((await post({ expected_arrival: null }, dispatcher, {}, 'CF-NOSUCH')).statusCode).toBe(404);
    // Another site's owner does not find this site's booking; naming this site's keys from another member is a 403.
    const other = await api.otherSite('Flight Other Cars');
    expect((await post({ expected_arrival: { date: day, time: '15:00' } }, other.owner)).statusCode).toBe(404);
    expect((await post({ expected_arrival: { date: day, time: '15:00' } }, other.owner, KEY_HEADERS)).statusCode).toBe(403);
    // A passenger's bearer token, no session, no CSRF token.
    const passenger = await api.raw('POST', `bookings/${number}/flight/arrival`, { authorization: 'Bearer passenger-token-abc', origin: 'http://console.westwaycars.test' }, { expected_arrival: null });
    expect(passenger.statusCode).toBe(401);
    expect((await api.raw('POST', `bookings/${number}/flight/arrival`, { origin: 'http://console.westwaycars.test' }, { expected_arrival: null })).statusCode).toBe(401);
    expect((await post({ expected_arrival: { date: day, time: '15:00' } }, dispatcher, { 'x-csrf-token': 'forged' })).statusCode).toBe(403);
    expect((await flightRow(number)).manual_arrival_at).toBeNull();
  });

  it('tells the public site flight tracking is on only when look-ups are configured; without a key the dispatcher types arrivals', async () => {
    const settingOf = async (target: TestProvider) =>
      ((await target.fastify.inject({ method: 'GET', url: '/api/v1/setting', headers: KEY_HEADERS })).json() as { setting_name: string; setting_value: string }[]).find((row) => row.setting_name === 'FLIGHT_TRACKING')?.setting_value;
    expect(await settingOf(provider)).toBe('enable');
    const keyless = await startTestProvider({ now: () => new Date(clock) });
    try {
      expect(await settingOf(keyless)).toBeUndefined();
      const keylessApi = consoleOf(keyless);
      const member = await keylessApi.dispatcher();
      const calls = fake.calls.length;
      const number = await keylessApi.bookInCar('keyless@example.test', { pickup_fight_number: 'BA117' });
      await keyless.flights.settled();
      const before = (await keylessApi.as(member, 'GET', `bookings/${number}`)).json().booking.flight;
      expect(before).toMatchObject({ number: 'BA117', airport: 'LHR', last_result: null, lookups_used: 0, expected_arrival: null });
      const set = await keylessApi.as(member, 'POST', `bookings/${number}/flight/arrival`, { expected_arrival: { date: day, time: '14:35' } });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().booking.flight.driver_due_at).toBe(iso(day, '15:05'));
      await keyless.flights.sweep();
      await keyless.flights.settled();
      expect(fake.calls.length).toBe(calls);
    } finally {
      await keyless.dispose();
    }
  });
});
