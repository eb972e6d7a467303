import http from 'node:http';
import { DEMO_DRIVER } from '../../server/db/seed/demo.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_BOOKINGS_MESSAGES, STATUTORY_CSV_COLUMNS } from '../../contract/consoleBookings.ts';
import { DISPATCH_MESSAGES } from '../../contract/dispatch.ts';
import { STAFF_MESSAGES } from '../../contract/staff.ts';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { publishBookingEvent } from '../../server/domain/dispatch/events.ts';
import { CONSOLE_EVENTS_MESSAGES, MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_SITE } from '../../server/routes/consoleEvents.ts';
import { addDays, londonParts, londonWallClock } from '../../server/domain/pricing/londonTime.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 17, the bookings board: server-side filters and keyset paging (today and tomorrow by default), a booking's
 * detail, the statutory CSV, the live event stream on a real socket, and who may reach what (roles, sites, a
 * passenger's token, CSRF).
 */

/** An open SSE stream on a real socket: what it has received so far, and a wait for a pattern. */
function openStream(url: string, headers: Record<string, string>) {
  let received = '';
  let ended = false;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((wakeUp) => wakeUp());
  return new Promise<{ status: number; type: string; received: () => string; until: (test: (text: string) => boolean) => Promise<void>; ended: () => Promise<void>; close: () => void }>((resolve, reject) => {
    const request = http.get(`${url}/api/admin/events`, { headers }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        received += chunk;
        wake();
      });
      response.on('end', () => {
        ended = true;
        wake();
      });
      const until = async (test: (text: string) => boolean) => {
        while (!test(received)) {
          if (ended) throw new Error(`stream ended; received: ${received}`);
          await new Promise<void>((next) => waiters.push(next));
        }
      };
      resolve({
        status: response.statusCode ?? 0,
        type: String(response.headers['content-type']),
        received: () => received,
        until,
        ended: async () => {
          while (!ended) await new Promise<void>((next) => waiters.push(next));
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

describe(`the bookings board on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let owner: Signed;
  let dispatcher: Signed;
  let other: Awaited<ReturnType<ReturnType<typeof consoleOf>['otherSite']>>;
  let template: string;
  const today = londonParts(new Date()).date;
  const tomorrow = addDays(today, 1);
  const at = (date: string, hour: number, minute = 0) => londonWallClock(date, hour, minute);

  beforeAll(async () => {
    provider = await startTestProvider({ listen: true });
    api = consoleOf(provider);
    [owner, dispatcher] = [await api.owner(), await api.dispatcher()];
    other = await api.otherSite();
    template = await api.bookInCar('board.template@example.test');
    // The board's days: today and tomorrow in London, one the day after, one yesterday; and one of the other site today.
    await api.copyBooking(template, { number: 'CF-TODAY001', pickupAt: at(today, 0, 5), name: 'Olivia Brennan', email: 'olivia@example.test', phone: '+44 7700 900111' });
    await api.copyBooking(template, { number: 'CF-TODAY002', pickupAt: at(today, 23, 50), name: 'Marcus Lee', email: 'marcus@example.test', phone: '07700 900222' });
    await api.copyBooking(template, { number: 'CF-TMRW0001', pickupAt: at(tomorrow, 9, 0), name: 'Nadia Khan', email: 'nadia.k@example.test', phone: '07700 900333' });
    await api.copyBooking(template, { number: 'CF-TMRW0002', pickupAt: at(tomorrow, 9, 0), name: 'Olivia Stone', email: 'ostone@example.test', phone: '07700 900444' });
    await api.copyBooking(template, { number: 'CF-LATER001', pickupAt: at(addDays(today, 2), 9, 0), name: 'Later Person' });
    await api.copyBooking(template, { number: 'CF-YSTRDY01', pickupAt: at(addDays(today, -1), 12, 0), name: 'Yesterday Person' });
    await api.copyBooking(template, { number: 'CF-OTHER001', pickupAt: at(today, 12, 0), siteId: other.siteId, name: 'Other Site Passenger' });
    await api.sql("UPDATE bookings SET status = 'accepted' WHERE booking_number = 'CF-TMRW0001'");
  }, 120_000);
  let disposed = false;
  afterAll(async () => {
    if (!disposed) await provider.dispose();
  });

  const numbers = (response: { json(): { bookings: { booking_number: string }[] } }) => response.json().bookings.map((row) => row.booking_number);
  const board = (query: string, who = dispatcher) => api.as(who, 'GET', `bookings${query ? `?${query}` : ''}`);

  it('shows today and tomorrow (London) by default, in pick-up order, the site’s own bookings only', async () => {
    const response = await board('');
    expect(response.statusCode, response.body).toBe(200);
    expect(numbers(response)).toEqual(['CF-TODAY001', 'CF-TODAY002', 'CF-TMRW0001', 'CF-TMRW0002']);
    expect(response.json()).toMatchObject({ success: true, next_cursor: null, range: { from: today, to: tomorrow } });
    const first = response.json().bookings[0];
    expect(first).toMatchObject({
      booking_number: 'CF-TODAY001',
      status: 'confirmed',
      pickup_date: today,
      pickup_time: '00:05',
      passenger_name: 'Olivia Brennan',
      payment_method: 'car',
      payment_state: 'due_to_driver',
      driver: null,
      from: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
      to: 'The Savoy, Strand, London WC2R 0EZ',
      passengers: 2,
      currency: '£',
    });
    expect(first.total_pence).toBeGreaterThan(0);
    // The other site sees its own booking, none of these.
    expect(numbers(await board('', other.owner))).toEqual(['CF-OTHER001']);
  });

  it('filters on the server: status, dates, payment, company, vehicle, and a search by number, name, phone or e-mail across dates', async () => {
    expect(numbers(await board('status=accepted'))).toEqual(['CF-TMRW0001']);
    expect(numbers(await board('status=confirmed,accepted&from=' + tomorrow))).toEqual(['CF-TMRW0001', 'CF-TMRW0002', 'CF-LATER001']);
    expect(numbers(await board(`from=${addDays(today, -1)}&to=${addDays(today, -1)}`))).toEqual(['CF-YSTRDY01']);
    expect(numbers(await board('payment_method=card'))).toEqual([]);
    expect(numbers(await board('payment_state=due_to_driver&company_id=1&vehicle_id=1'))).toHaveLength(4);
    expect(numbers(await board('vehicle_id=2'))).toEqual([]);
    const choices = (await api.as(dispatcher, 'GET', 'bookings/filters')).json();
    expect(choices.companies).toContainEqual({ id: 1, name: 'Westway Cars' });
    expect(choices.vehicle_categories).toContainEqual({ id: 1, name: expect.any(String) });
    expect((await api.as(other.owner, 'GET', 'bookings/filters')).json()).toEqual({ success: true, companies: [], vehicle_categories: [] });
    expect(numbers(await board('q=cf-tmrw'))).toEqual(['CF-TMRW0001', 'CF-TMRW0002']);
    expect(numbers(await board('q=olivia'))).toEqual(['CF-TODAY001', 'CF-TMRW0002']);
    expect(numbers(await board('q=900333'))).toEqual(['CF-TMRW0001']);
    expect(numbers(await board('q=ostone@'))).toEqual(['CF-TMRW0002']);
    expect(numbers(await board('q=later person'))).toEqual(['CF-LATER001']);
    expect(numbers(await board('q=%25'))).toEqual([]);
    expect(numbers(await board('q=Other Site'))).toEqual([]);
    for (const [query, message] of [
      ['status=lost', 'status.0: status must be among awaiting_payment, confirmed, accepted, driver_assigned, completed, cancelled, no_show'],
      [`from=${tomorrow}&to=${today}`, CONSOLE_BOOKINGS_MESSAGES.rangeBackwards],
      ['from=2026-02-30', 'from: from must be a real date'],
      ['cursor=bm90LWpzb24', CONSOLE_BOOKINGS_MESSAGES.badCursor],
      ['limit=201', 'limit: Too big: expected number to be <=200'],
    ]) {
      const refused = await board(query);
      expect([refused.statusCode, refused.json().message], query).toEqual([400, message]);
    }
  });

  it('pages by keyset: every booking once, in order, whatever the page size', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof board>> = await board(`limit=1&from=${addDays(today, -1)}&to=${addDays(today, 2)}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.statusCode).toBe(200);
      seen.push(...numbers(page));
      cursor = page.json().next_cursor;
    } while (cursor);
    expect(seen).toEqual(['CF-YSTRDY01', 'CF-TODAY001', 'CF-TODAY002', 'CF-TMRW0001', 'CF-TMRW0002', 'CF-LATER001']);
  });

  it("a booking's detail: what the passenger entered, the price breakdown, payment, mails and timeline; another site's is 404", async () => {
    await api.as(dispatcher, 'POST', `bookings/${template}/dispatch`, { event: 'accept' });
    const response = await api.as(dispatcher, 'GET', `bookings/${template}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json().booking;
    expect(detail).toMatchObject({
      booking_number: template,
      status: 'accepted',
      passenger_email: 'board.template@example.test',
      passenger_phone: '+44 7700 900456',
      passenger_mode: 'guest_login',
      additional_info: 'Two children',
      stop_addresses: [],
      options: expect.objectContaining({ luggages: 1 }),
      payment: { method: 'car', state: 'due_to_driver', intent_id: null, paid_pence: 0, refunds: [] },
      allowed_events: ['assign', 'cancel', 'no_show'],
    });
    expect(detail.price.breakdown).toMatchObject({ final_price_pence: expect.any(Number) });
    expect(detail.mails.map((mail: { kind: string }) => mail.kind)).toEqual(expect.arrayContaining(['booking_confirmation', 'booking_accepted']));
    expect(detail.timeline).toEqual([expect.objectContaining({ action: 'booking.accept', actor: { kind: 'staff', staff_id: expect.any(Number), name: 'Sam Okafor' } })]);
    const elsewhere = await api.as(dispatcher, 'GET', 'bookings/CF-OTHER001');
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([404, DISPATCH_MESSAGES.notFound]);
    expect((await api.as(other.owner, 'POST', `bookings/${template}/dispatch`, { event: 'cancel', reason: 'duplicate_booking' })).statusCode).toBe(404);
  });

  it('the statutory record as CSV: London times, the snapshots, formula-safe cells, one site only', async () => {
    await api.sql("UPDATE bookings SET passenger_name = '=HYPERLINK(\"http://evil\")', assigned_driver = $1 WHERE booking_number = 'CF-TODAY002'", [
      JSON.stringify({ id: 1, name: '@Driver, "Quoted"', phone: '', licence_number: 'PHD-1', licensing_authority: 'TfL', licence_expiry: '2030-01-01' }),
    ]);
    // The stops in their order, whatever order they were written in.
    for (const [position, address] of [[2, 'Eton College, Windsor'], [1, 'High Street, Slough']] as const) {
      await api.sql("INSERT INTO booking_stops (site_id, booking_id, position, stop_address, stop_post_code, stop_street_number) SELECT site_id, id, $1, $2, '', '' FROM bookings WHERE booking_number = 'CF-TODAY001'", [position, address]);
    }
    const response = await api.as(dispatcher, 'GET', `bookings/export.csv?from=${today}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="bookings-${today}-to-${today}.csv"`);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(STATUTORY_CSV_COLUMNS.map(([, label]) => label).join(','));
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(lines[1]).toMatch(new RegExp(`^CF-TODAY001,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},${today},00:05,"Heathrow Airport Terminal 5, Hounslow TW6 2GA","High Street, Slough; Eton College, Windsor","The Savoy, Strand, London WC2R 0EZ",Olivia Brennan,,,,,New$`));
    expect(lines[2]).toContain(`,${today},23:50,`);
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil"")","'@Driver, ""Quoted""",PHD-1 (TfL),,,New`);
    expect(response.body).not.toContain('CF-OTHER001');
    const tooLong = await api.as(dispatcher, 'GET', `bookings/export.csv?from=2025-01-01&to=2026-01-02`);
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, CONSOLE_BOOKINGS_MESSAGES.rangeTooLong]);
    expect((await api.as(dispatcher, 'GET', 'bookings/export.csv')).statusCode).toBe(400);
  });

  it("streams the site's new bookings made through the public API, and its dispatch changes, never another site's, and ends the stream at sign-out", async () => {
    const own = await api.dispatcher();
    const stream = await openStream(provider.url, { cookie: own.cookie });
    const otherStream = await openStream(provider.url, { cookie: other.owner.cookie });
    expect([stream.status, stream.type]).toEqual([200, 'text/event-stream; charset=utf-8']);
    await stream.until((text) => text.startsWith('retry: 5000\n\n'));
    await provider.db.transaction((tx) => publishBookingEvent(tx, other.siteId, { booking_number: 'CF-OTHER001', kind: 'changed' }));
    await otherStream.until((text) => text.includes('CF-OTHER001'));
    const number = await api.bookInCar('live.board@example.test');
    await stream.until((text) => text.includes(number));
    expect(stream.received()).toBe(`retry: 5000\n\nevent: booking\ndata: {"booking_number":"${number}","kind":"created"}\n\n`);
    expect(otherStream.received()).toBe('retry: 5000\n\nevent: booking\ndata: {"booking_number":"CF-OTHER001","kind":"changed"}\n\n');
    // A dispatch change is told too.
    expect((await api.as(own, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
    await stream.until((text) => text.includes(`{"booking_number":"${number}","kind":"dispatched"}`));
    otherStream.close();

    expect((await api.as(own, 'DELETE', 'session')).statusCode).toBe(200);
    await stream.ended();
    const after = await openStream(provider.url, { cookie: own.cookie });
    expect(after.status).toBe(401);
    after.close();
  });

  it.runIf(testDatabaseKind === 'postgres')('a booking made by another server process on the same database reaches the stream (LISTEN/NOTIFY)', async () => {
    const second = await startTestProvider({ databaseUrl: provider.config.databaseUrl! });
    try {
      const stream = await openStream(provider.url, { cookie: (await api.dispatcher()).cookie });
      const number = await consoleOf(second).bookInCar('second.process@example.test');
      await stream.until((text) => text.includes(`{"booking_number":"${number}","kind":"created"}`));
      stream.close();
    } finally {
      await second.dispose();
    }
  });

  it.runIf(testDatabaseKind === 'postgres')('the LISTEN connection killed: the server connects again, tells every stream to resync, and streams the next booking', async () => {
    const stream = await openStream(provider.url, { cookie: (await api.dispatcher()).cookie });
    await stream.until((text) => text.startsWith('retry: 5000\n\n'));
    const killed = await api.sql<{ killed: boolean }>(
      `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN %'`,
    );
    expect(killed).toEqual([{ killed: true }]);
    // Made while the listener is down or reconnecting: it may never be notified, the resync covers it.
    const missed = await api.bookInCar('while.down@example.test');
    await stream.until((text) => text.includes('event: resync\n'));
    const after = await api.bookInCar('after.reconnect@example.test');
    await stream.until((text) => text.includes(`{"booking_number":"${after}","kind":"created"}`));
    const frame = (number: string) => `event: booking\ndata: {"booking_number":"${number}","kind":"created"}\n\n`;
    // The missed one is there only if the new connection was LISTENing before it committed.
    expect(stream.received().replace(frame(missed), '')).toBe(`retry: 5000\n\nevent: resync\ndata: {}\n\n${frame(after)}`);
    expect(await api.sql("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'")).toEqual([{ n: 1 }]);
    stream.close();
  });

  it('a session holds at most MAX_STREAMS_PER_SESSION streams (20 tabs at once), a site MAX_STREAMS_PER_SITE; a closed one frees its place', async () => {
    const tabs = await api.dispatcher();
    const twenty = await Promise.all(Array.from({ length: 20 }, () => openStream(provider.url, { cookie: tabs.cookie })));
    const refused = twenty.filter((stream) => stream.status === 429);
    expect(twenty.filter((stream) => stream.status === 200)).toHaveLength(MAX_STREAMS_PER_SESSION);
    expect(refused).toHaveLength(20 - MAX_STREAMS_PER_SESSION);
    await refused[0].ended();
    expect(JSON.parse(refused[0].received())).toEqual({ success: false, message: CONSOLE_EVENTS_MESSAGES.tooManyForSession, code: 'rate_limited' });
    // Another session of the same member is counted on its own.
    const elsewhere = await openStream(provider.url, { cookie: (await api.dispatcher()).cookie });
    expect(elsewhere.status).toBe(200);
    const open = twenty.filter((stream) => stream.status === 200);
    open[0].close();
    let again = await openStream(provider.url, { cookie: tabs.cookie });
    // The server hears of the closed socket a moment later.
    while (again.status === 429) again = await openStream(provider.url, { cookie: tabs.cookie });
    expect(again.status).toBe(200);

    // The site's cap: the admin token's streams fill the rest; the member's next is refused; another site is unaffected.
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const filling = await Promise.all(Array.from({ length: MAX_STREAMS_PER_SITE - MAX_STREAMS_PER_SESSION - 1 }, () => openStream(provider.url, admin)));
    expect(filling.every((stream) => stream.status === 200)).toBe(true);
    const full = await openStream(provider.url, { cookie: (await api.owner()).cookie });
    await full.ended();
    expect([full.status, JSON.parse(full.received())]).toEqual([429, { success: false, message: CONSOLE_EVENTS_MESSAGES.tooManyForSite, code: 'rate_limited' }]);
    const otherSite = await openStream(provider.url, { cookie: other.owner.cookie });
    expect(otherSite.status).toBe(200);
    for (const stream of [...twenty, elsewhere, again, ...filling, otherSite]) stream.close();
  });

  it('a dispatcher reaches the board, dispatch, fleet, export and events, not the owner calls; a passenger token and no CSRF are refused', async () => {
    const retention = await api.as(dispatcher, 'POST', 'retention/run');
    expect([retention.statusCode, retention.json().message]).toEqual([403, STAFF_MESSAGES.ownerOnly]);
    expect((await api.as(owner, 'POST', 'retention/run')).statusCode).toBe(200);

    const login = await provider.fastify.inject({ method: 'POST', url: '/api/v1/check-passenger-login', headers: KEY_HEADERS, payload: { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password } });
    const passenger = { authorization: `Bearer ${login.json().access_token}` };
    for (const url of ['bookings', `bookings/${template}`, 'drivers', 'vehicles', 'events', `bookings/export.csv?from=${today}&to=${today}`]) {
      const refused = await api.raw('GET', url, passenger);
      expect([refused.statusCode, refused.json().message], url).toEqual([401, STAFF_MESSAGES.adminTokenWrong]);
    }
    const changes: ['POST' | 'PATCH', string, unknown][] = [
      ['POST', `bookings/${template}/dispatch`, { event: 'cancel', reason: 'duplicate_booking' }],
      ['POST', 'drivers', { name: 'X', licence_number: 'X1', licensing_authority: 'TfL', licence_expiry: '2030-01-01' }],
      ['PATCH', 'drivers/1', { name: 'X' }],
      ['POST', 'vehicles', { registration: 'AB12CDE', make: 'Ford', model: 'Focus', colour: 'Red', category_id: 1, licence_number: 'V1', licence_expiry: '2030-01-01' }],
      ['PATCH', 'vehicles/1', { colour: 'Blue' }],
      ['POST', 'retention/run', undefined],
    ];
    for (const [method, url, payload] of changes) {
      const noToken = await api.as(owner, method, url, payload, { 'x-csrf-token': '' });
      expect([noToken.statusCode, noToken.json().message], url).toEqual([403, STAFF_MESSAGES.csrfMissing]);
      expect((await api.raw(method, url, passenger, payload)).statusCode, url).toBe(401);
    }
    expect(await api.sql("SELECT status FROM bookings WHERE booking_number = $1", [template])).toEqual([{ status: 'accepted' }]);
    expect(await api.sql('SELECT count(*)::int AS n FROM drivers WHERE name <> $1', [DEMO_DRIVER.name])).toEqual([{ n: 0 }]);
  });

  it('shutting the server down ends every open stream, and the shutdown is not held by them', async () => {
    const streams = await Promise.all([api.dispatcher(), api.owner()].map(async (who) => openStream(provider.url, { cookie: (await who).cookie })));
    await Promise.all(streams.map((stream) => stream.until((text) => text.startsWith('retry: 5000\n\n'))));
    disposed = true;
    await provider.dispose();
    for (const stream of streams) {
      await stream.ended();
      expect(stream.received()).toBe('retry: 5000\n\n');
    }
  });
});
