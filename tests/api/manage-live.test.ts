import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE_MESSAGES } from '../../contract/manageBooking.ts';
import { LIVE_TEXT } from '../../contract/manageLive.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';
import { createOfflineMaps, type MapsPort } from '../../server/domain/geo/mapsPort.ts';
import { ROUTE_EVERY_MS } from '../../server/domain/manage/live.ts';
import { LIVE_STREAM_MESSAGES } from '../../server/routes/manageLive.ts';

/**
 * Issue 33, the passenger's live view: POST /api/v1/manage-booking/live, let in by the manage link's token like the
 * manage calls, streams only its own booking's status and its driver's positions, and positions only between 'on the
 * way' and the end of the trip; the manage resource's `live` part (the car, the time to the pick-up, where to meet,
 * the driver's phone only where the owner allows it). On a real socket.
 */

interface LiveEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The stream's events so far, parsed (comments such as heartbeats left out). */
const parse = (text: string): LiveEvent[] =>
  text
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine.slice('event: '.length), data: JSON.parse(dataLine.slice('data: '.length)) as Record<string, unknown> };
    });

/** An open live stream on a real socket: its answer's status and type, what it has sent, waits for it. */
function openLive(url: string, body: Record<string, unknown>) {
  let received = '';
  let ended = false;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((wakeUp) => wakeUp());
  return new Promise<{ status: number; type: string; events: () => LiveEvent[]; text: () => string; until: (count: number) => Promise<LiveEvent[]>; ended: () => Promise<void>; close: () => void }>(
    (resolve, reject) => {
      const request = http.request(`${url}/api/v1/manage-booking/live`, { method: 'POST', headers: { ...KEY_HEADERS, 'content-type': 'application/json' } }, (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          received += chunk;
          wake();
        });
        response.on('end', () => {
          ended = true;
          wake();
        });
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type']),
          events: () => parse(received),
          text: () => received,
          until: async (count) => {
            while (parse(received).length < count) {
              if (ended) throw new Error(`stream ended after ${parse(received).length} events: ${received}`);
              await new Promise<void>((next) => waiters.push(next));
            }
            return parse(received);
          },
          ended: async () => {
            while (!ended) await new Promise<void>((next) => waiters.push(next));
          },
          close: () => request.destroy(),
        });
      });
      request.on('error', reject);
      request.end(JSON.stringify(body));
    },
  );
}

describe(`the passenger's live view on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let app: ReturnType<typeof driverAppOf>;
  let dispatcher: Signed;
  let clock = Date.now();
  beforeAll(async () => {
    provider = await startTestProvider({ listen: true, now: () => new Date(clock) });
    api = consoleOf(provider);
    app = driverAppOf(provider, api);
    dispatcher = await api.dispatcher();
  });
  afterAll(() => provider.dispose());

  const manage = (body: Record<string, unknown>) => provider.fastify.inject({ method: 'POST', url: '/api/v1/manage-booking', headers: KEY_HEADERS, payload: body });
  const live = (body: Record<string, unknown>) => provider.fastify.inject({ method: 'POST', url: '/api/v1/manage-booking/live', headers: KEY_HEADERS, payload: body });
  const step = (driver: Signed, number: string, name: string) => app.as(driver, 'POST', `jobs/${number}/steps`, { step: name, idempotency_key: randomUUID() });
  const report = (driver: Signed, lat: number, lng: number, recordedAt?: Date) =>
    app.as(driver, 'POST', 'positions', { lat, lng, ...(recordedAt ? { recorded_at: recordedAt.toISOString() } : {}) }).then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    });

  /** A pay-in-car booking accepted by the office: its number, pick-up instant and the manage link's token from its mail. */
  async function booking(email: string, form: Record<string, unknown> = {}) {
    // Booked now (the quote's pick-up is tomorrow); each test then moves the clock to its pick-up.
    clock = Date.now();
    const number = await api.bookInCar(email, form);
    expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
    const [{ pick_up_at: pickupAt, text_body: mail }] = await api.sql<{ pick_up_at: string; text_body: string }>(
      "SELECT b.pick_up_at, m.text_body FROM bookings b JOIN mail_outbox m ON m.site_id = b.site_id AND m.kind = 'booking_confirmation' AND m.subject LIKE '%' || b.booking_number || '%' WHERE b.booking_number = $1",
      [number],
    );
    return { number, pickupAt: new Date(pickupAt), token: /manage-booking\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1] };
  }

  /** A driver with a phone in the register, on duty in a vehicle of their own, given `number` (offered and accepted). */
  async function driverOn(number: string, name: string, phone: string): Promise<SignedDriver> {
    const driver = await app.newDriver(dispatcher, name);
    expect((await api.as(dispatcher, 'PATCH', `drivers/${driver.driverId}`, { phone })).statusCode).toBe(200);
    const vehicle = await app.newVehicle(dispatcher);
    expect((await app.as(driver, 'POST', 'shift', { vehicle_id: vehicle })).statusCode).toBe(200);
    const offered = await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId });
    expect(offered.statusCode, offered.body).toBe(201);
    expect((await app.as(driver, 'POST', `offers/${offered.json().offer.id}/accept`, app.tapBody())).statusCode).toBe(200);
    return driver;
  }

  it('a malformed, unknown, revoked or expired token and another booking’s number are refused with a JSON message, and nothing streams', async () => {
    const mine = await booking('live.refusals@example.test');
    const other = await booking('live.refusals.other@example.test');
    const malformed = await live({ token: 'not-a-token' });
    expect([malformed.statusCode, malformed.headers['content-type'], malformed.json()]).toEqual([400, 'application/json; charset=utf-8', expect.objectContaining({ success: false, message: `token: ${MANAGE_MESSAGES.linkInvalid}` })]);
    const unknown = await live({ token: 'A'.repeat(43) });
    expect([unknown.statusCode, unknown.json()]).toEqual([401, expect.objectContaining({ success: false, code: 'link_invalid', message: MANAGE_MESSAGES.linkInvalid })]);
    const wrong = await live({ token: mine.token, booking_number: other.number });
    expect([wrong.statusCode, wrong.json()]).toEqual([403, expect.objectContaining({ success: false, code: 'wrong_booking', message: MANAGE_MESSAGES.wrongBooking })]);
    // A corporate passenger's way in (a bearer token and a booking number) is not the live view's: the link's token only.
    const bearer = await provider.fastify.inject({ method: 'POST', url: '/api/v1/manage-booking/live', headers: { ...KEY_HEADERS, authorization: 'Bearer x' }, payload: { booking_number: mine.number } });
    expect([bearer.statusCode, bearer.json().success]).toEqual([400, false]);

    // Expired: 14 days after the trip.
    const saved = clock;
    clock = mine.pickupAt.getTime() + 15 * 86_400_000;
    const expired = await live({ token: mine.token });
    expect([expired.statusCode, expired.json().code, expired.json().message]).toEqual([401, 'link_expired', expect.stringContaining(MANAGE_MESSAGES.linkExpired)]);
    clock = saved;

    // Another operator's site (its own key pair) does not know this booking's link.
    const site = (await provider.fastify.inject({ method: 'POST', url: '/api/admin/sites', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { name: 'Live Elsewhere Cars', hosts: ['live.elsewhere.test'] } })).json().site;
    const elsewhere = await provider.fastify.inject({ method: 'POST', url: '/api/v1/manage-booking/live', headers: { 'api-public-key': site.public_key, 'api-secret-key': site.secret_key }, payload: { token: mine.token } });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([401, 'link_invalid']);
    // Hostile bodies: a NUL, the wrong type, a huge token, a body over the limit: 4xx with a JSON message, nothing streams.
    for (const payload of [{ token: `${mine.token.slice(0, 42)}\u0000` }, { token: 42 }, { token: 'A'.repeat(100_000) }, { token: mine.token, pad: 'x'.repeat(300 * 1024) }]) {
      const hostile = await live(payload);
      expect([hostile.statusCode >= 400 && hostile.statusCode < 500, hostile.headers['content-type'], hostile.json().success, typeof hostile.json().message]).toEqual([true, 'application/json; charset=utf-8', false, 'string']);
    }

    expect((await api.asAdmin('POST', `bookings/${mine.number}/revoke-manage-links`)).statusCode).toBe(200);
    const revoked = await live({ token: mine.token });
    expect([revoked.statusCode, revoked.json().code]).toEqual([401, 'link_revoked']);
  });

  it('at most 4 streams of one booking at once (429 with a JSON message); a window closed gives its place back', async () => {
    const trip = await booking('live.cap@example.test');
    const open = await Promise.all(Array.from({ length: 4 }, () => openLive(provider.url, { token: trip.token })));
    for (const stream of open) await stream.until(1);
    const fifth = await live({ token: trip.token });
    expect([fifth.statusCode, fifth.json().success, fifth.json().message]).toEqual([429, false, LIVE_STREAM_MESSAGES.tooManyForBooking]);
    open[0].close();
    // The server hears the socket close and ends that stream.
    await expect.poll(async () => (await openLive(provider.url, { token: trip.token }).then(async (stream) => {
      const status = stream.status;
      stream.close();
      return status;
    })), { timeout: 5_000 }).toBe(200);
    for (const stream of open.slice(1)) stream.close();
  });

  it('20 windows of one booking opened at once: 4 stream, 16 are told 429, none half-open', async () => {
    const trip = await booking('live.burst@example.test');
    const answers = await Promise.all(Array.from({ length: 20 }, () => openLive(provider.url, { token: trip.token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(4).fill(200), ...Array(16).fill(429)]);
    for (const answer of answers.filter((candidate) => candidate.status === 429)) {
      await answer.ended();
      expect(JSON.parse(answer.text())).toMatchObject({ success: false, message: LIVE_STREAM_MESSAGES.tooManyForBooking });
    }
    for (const answer of answers) answer.close();
  });

  it('the stream sends its booking’s status and driver positions in order: no position before on the way, none of another booking, then the end of the trip', async () => {
    const trip = await booking('live.trip@example.test');
    const other = await booking('live.trip.other@example.test');
    const driver = await driverOn(trip.number, 'Mohammed Khan', '07700 900777');
    const otherDriver = await driverOn(other.number, 'Aisha Begum', '07700 900888');
    clock = trip.pickupAt.getTime() - 30 * 60_000;

    const stream = await openLive(provider.url, { token: trip.token });
    const otherStream = await openLive(provider.url, { token: other.token, booking_number: other.number });
    expect([stream.status, stream.type]).toEqual([200, 'text/event-stream; charset=utf-8']);
    await stream.until(1);
    await otherStream.until(1);

    // Assigned but not on the way: the phone's positions are kept but never published, so never sent. (Moves stay
    // under 500 m, or the clock moves on with them: a faster jump would be flagged and shown to nobody anyway.)
    await report(driver, 51.48, -0.3);
    const revision = (await manage({ token: trip.token })).json().revision as number;
    expect((await manage({ token: trip.token })).json().live).toBeNull();
    expect((await step(driver, trip.number, 'on_the_way')).statusCode).toBe(200);
    await stream.until(2);
    // A fix the phone took before the tap, reported after it: not shown either.
    await report(driver, 51.4801, -0.3001, new Date(clock - 5_000));
    await report(driver, 51.479, -0.301);
    // Another booking's driver on the way and moving: only that booking's stream hears it.
    expect((await step(otherDriver, other.number, 'on_the_way')).statusCode).toBe(200);
    await report(otherDriver, 51.6, -0.1);
    await stream.until(3);
    clock += 15 * 60_000;
    expect((await step(driver, trip.number, 'arrived')).statusCode).toBe(200);
    await report(driver, 51.4712, -0.4543);
    expect((await step(driver, trip.number, 'on_board')).statusCode).toBe(200);
    clock = trip.pickupAt.getTime() + 20 * 60_000;
    await report(driver, 51.49, -0.3);
    expect((await step(driver, trip.number, 'complete')).statusCode).toBe(200);
    await stream.ended();
    // After the trip the phone reports to nobody (no job in progress, and the stream is over).
    await report(driver, 51.5, -0.12);

    const status = (stage: string | null, label: string, status = 'driver_assigned', bump = 0) => ({ event: 'status', data: { booking_number: trip.number, status, stage, status_label: label, revision: revision + bump } });
    const position = (lat: number, lng: number, eta: unknown) => ({ event: 'position', data: { car: { lat, lng, recorded_at: expect.any(String) }, eta } });
    expect(stream.events()).toEqual([
      status(null, 'Driver assigned'),
      status('on_the_way', 'Your driver is on the way', 'driver_assigned', 1),
      position(51.479, -0.301, { minutes: expect.any(Number), by_road: false }),
      status('arrived', 'Your driver has arrived', 'driver_assigned', 2),
      position(51.4712, -0.4543, null),
      status('on_board', 'You are on your way', 'driver_assigned', 3),
      position(51.49, -0.3, null),
      status('on_board', 'Completed', 'completed', 4),
    ]);
    // On the way, about 11 km from Heathrow at the owner's 20 km/h: the straight line automatic offers use.
    const eta = (stream.events()[2].data.eta as { minutes: number }).minutes;
    expect(eta).toBeGreaterThan(20);
    expect(eta).toBeLessThan(60);
    // Nothing of the other booking, its driver or the drivers' surnames.
    expect(stream.text()).not.toContain(other.number);
    expect(stream.text()).not.toContain('51.6');
    expect(stream.text()).not.toMatch(/Khan|Begum|07700/);
    expect(otherStream.events().map((event) => event.event)).toEqual(['status', 'status', 'position']);
    expect(otherStream.text()).not.toContain(trip.number);
    otherStream.close();
  });

  it('the manage resource’s live part: the car on this trip, the time to the pick-up, where to meet; the driver’s phone only where the owner allows it', async () => {
    const trip = await booking('live.view@example.test', { meet_and_greet: 'yes' });
    const driver = await driverOn(trip.number, 'Mohammed Khan', '07700 900777');
    clock = trip.pickupAt.getTime() - 30 * 60_000;
    await report(driver, 51.5, -0.2);
    expect((await step(driver, trip.number, 'on_the_way')).statusCode).toBe(200);
    const onTheWay = (await manage({ token: trip.token })).json();
    // No position since the tap yet: the car is not shown (the one before it never is).
    expect(onTheWay.live).toEqual({ stage: 'on_the_way', car: null, eta: null, pickup: { address: expect.stringContaining('Heathrow'), lat: expect.any(Number), lng: expect.any(Number) }, meeting: { address: expect.stringContaining('Heathrow'), note: LIVE_TEXT.meetAndGreet }, driver_phone: null });
    expect(onTheWay.driver).toEqual({ first_name: 'Mohammed', vehicle_registration: expect.any(String), vehicle: { make: 'Toyota', model: 'Prius', colour: 'Silver', registration: expect.any(String) } });
    expect(JSON.stringify(onTheWay)).not.toMatch(/Khan|07700 900777/);

    clock += 10 * 60_000;
    await report(driver, 51.48, -0.3);
    const moving = (await manage({ token: trip.token })).json().live;
    expect(moving.car).toEqual({ lat: 51.48, lng: -0.3, recorded_at: new Date(clock).toISOString() });
    expect(moving.eta).toEqual({ minutes: expect.any(Number), by_road: false });

    const owner = await api.owner();
    expect((await api.as(owner, 'PUT', 'settings', { PASSENGER_CALLS_DRIVER: 'enable' })).statusCode).toBe(200);
    expect((await manage({ token: trip.token })).json().live.driver_phone).toBe('07700 900777');
    expect((await api.as(owner, 'PUT', 'settings', { PASSENGER_CALLS_DRIVER: 'disable' })).statusCode).toBe(200);

    clock += 60_000;
    expect((await step(driver, trip.number, 'arrived')).statusCode).toBe(200);
    const arrived = (await manage({ token: trip.token })).json();
    expect([arrived.status_label, arrived.live.stage, arrived.live.eta, arrived.live.driver_phone]).toEqual(['Your driver has arrived', 'arrived', null, null]);
    expect(arrived.live.meeting).toEqual({ address: onTheWay.data.booking.pick_up_address, note: 'Your driver is waiting in arrivals with a sign with your name.' });
  });
});

describe(`the live view's time to the pick-up with a routing service on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let clock = Date.now();
  const routed: number[] = [];
  // The maps port as Google's answers it (kind 'google', routes not estimated): every route 10 minutes by road.
  const offline = createOfflineMaps();
  const maps: MapsPort = {
    ...offline,
    kind: 'google',
    async route(points) {
      routed.push(clock);
      return points.length === 2 && Math.abs(points[0].lat - 51.5) < 0.2 ? { miles: 4, seconds: 600, legs: [{ miles: 4, seconds: 600 }], estimated: false } : offline.route(points);
    },
  };
  beforeAll(async () => {
    provider = await startTestProvider({ listen: true, maps, now: () => new Date(clock) });
  });
  afterAll(() => provider.dispose());

  it('is the road route’s, asked of the routing service at most once per stream every 30 s', async () => {
    const api = consoleOf(provider);
    const app = driverAppOf(provider, api);
    const dispatcher = await api.dispatcher();
    const number = await api.bookInCar('live.routed@example.test');
    expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
    const [{ pick_up_at: pickupAt, text_body: mail }] = await api.sql<{ pick_up_at: string; text_body: string }>(
      "SELECT b.pick_up_at, m.text_body FROM bookings b JOIN mail_outbox m ON m.site_id = b.site_id AND m.kind = 'booking_confirmation' AND m.subject LIKE '%' || b.booking_number || '%' WHERE b.booking_number = $1",
      [number],
    );
    const token = /manage-booking\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1];
    const driver = await app.newDriver(dispatcher, 'Mohammed Khan');
    const vehicle = await app.newVehicle(dispatcher);
    expect((await app.as(driver, 'POST', 'shift', { vehicle_id: vehicle })).statusCode).toBe(200);
    const offer = (await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId })).json().offer;
    expect((await app.as(driver, 'POST', `offers/${offer.id}/accept`, app.tapBody())).statusCode).toBe(200);
    clock = new Date(pickupAt).getTime() - 30 * 60_000;
    expect((await app.as(driver, 'POST', `jobs/${number}/steps`, { step: 'on_the_way', idempotency_key: randomUUID() })).statusCode).toBe(200);
    const report = async (lat: number) => expect((await app.as(driver, 'POST', 'positions', { lat, lng: -0.3 })).statusCode).toBe(200);

    const stream = await openLive(provider.url, { token });
    await stream.until(1);
    routed.length = 0;
    await report(51.5);
    await report(51.501);
    clock += ROUTE_EVERY_MS;
    await report(51.502);
    const positions = (await stream.until(4)).filter((event) => event.event === 'position');
    expect(positions.map((event) => event.data.eta)).toEqual([
      { minutes: 10, by_road: true },
      { minutes: 10, by_road: true },
      { minutes: 10, by_road: true },
    ]);
    // The second position came within 30 s of the first: the stream's last route stood.
    expect(routed).toHaveLength(2);
    expect((await provider.fastify.inject({ method: 'POST', url: '/api/v1/manage-booking', headers: KEY_HEADERS, payload: { token } })).json().live.eta).toEqual({ minutes: 10, by_road: true });
    stream.close();
  });
});
