import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_JOBS_LIMIT } from '../../contract/consoleMap.ts';
import { londonParts } from '../../server/domain/pricing/londonTime.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 33, the dispatcher's map (GET /api/admin/dispatch-map): the drivers on duty with their latest positions and
 * jobs, today's jobs still to do with their pick-ups placed (once per address, kept), the member's own site only.
 */

const HOUR = 3_600_000;
const PICKUP = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA';

describe(`the dispatcher's map on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let app: ReturnType<typeof driverAppOf>;
  let dispatcher: Signed;
  let owner: Signed;
  let template: string;
  // Noon in London today: the day's jobs are before and after it whatever time the test runs.
  const today = londonParts(new Date()).date;
  const noon = new Date(`${today}T12:00:00Z`);
  const clock = noon.getTime();
  beforeAll(async () => {
    provider = await startTestProvider({ now: () => new Date(clock), env: { AUTO_OFFER_INTERVAL_SECONDS: '0' } });
    api = consoleOf(provider);
    app = driverAppOf(provider, api);
    dispatcher = await api.dispatcher();
    owner = await api.owner();
    template = await api.bookInCar('map.passenger@example.test');
    await api.sql("UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE status <> 'cancelled'");
  });
  afterAll(() => provider.dispose());

  let plates = 0;
  async function onDuty(name: string, position: { lat: number; lng: number } | null): Promise<SignedDriver> {
    const driver = await app.newDriver(dispatcher, name);
    plates += 1;
    const vehicle = await api.as(dispatcher, 'POST', 'vehicles', { registration: `MP${String(plates).padStart(2, '0')}${String(Date.now() % 1000).padStart(3, '0')}`, make: 'Toyota', model: 'Prius', colour: 'Silver', category_id: 1, licence_number: `PHV-MP-${plates}-${Date.now() % 100000}`, licence_expiry: '2035-01-31' });
    expect(vehicle.statusCode, vehicle.body).toBe(201);
    const shift = await app.as(driver, 'POST', 'shift', { vehicle_id: vehicle.json().vehicle.id });
    expect(shift.statusCode, shift.body).toBe(200);
    if (position) expect((await app.as(driver, 'POST', 'positions', position)).statusCode).toBe(200);
    return driver;
  }
  let copies = 0;
  async function job(pickupAt: Date, status: 'confirmed' | 'accepted' | 'cancelled' | 'completed' = 'accepted'): Promise<string> {
    const number = `CF-MAP${String(++copies).padStart(3, '0')}`;
    await api.copyBooking(template, { number, pickupAt });
    await api.sql("UPDATE bookings SET status = $2, cancelled_at = CASE WHEN $2 = 'cancelled' THEN now() END WHERE booking_number = $1", [number, status]);
    return number;
  }
  const read = async (who: Signed) => {
    const response = await api.as(who, 'GET', 'dispatch-map');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('shows who is on duty, where and doing what, and only today\'s jobs still to do with their pick-ups placed', async () => {
    const heathrow = (await provider.autoOffers.place((await provider.cache.sites()).find((site) => site.isDefault)!, PICKUP))!;
    const nadia = await onDuty('Nadia Map', { lat: heathrow.lat + 0.01, lng: heathrow.lng });
    await onDuty('Omar Map', null);
    const morning = await job(new Date(clock - 2 * HOUR));
    const evening = await job(new Date(clock + 6 * HOUR), 'confirmed');
    await job(new Date(clock + HOUR), 'cancelled');
    await job(new Date(clock - HOUR), 'completed');
    await job(new Date(clock + 30 * HOUR));
    await api.sql('UPDATE bookings SET pick_up_address = $2 WHERE booking_number = $1', [morning, PICKUP]);

    const map = await read(dispatcher);
    expect(map.day).toBe(today);
    expect(map.jobs.map((entry: { booking: { booking_number: string } }) => entry.booking.booking_number)).toEqual([morning, evening]);
    expect(map.jobs[0].pickup_point).toEqual({ lat: heathrow.lat, lng: heathrow.lng });
    expect(map.jobs[0].booking).toMatchObject({ status: 'accepted', from: PICKUP });
    const drivers = map.drivers.map((entry: { driver: { name: string }; position: unknown; job: unknown }) => ({ name: entry.driver.name, placed: entry.position !== null, job: entry.job }));
    expect(drivers).toEqual([
      { name: 'Nadia Map', placed: true, job: null },
      { name: 'Omar Map', placed: false, job: null },
    ]);
    expect(map.drivers[0].position).toMatchObject({ lat: heathrow.lat + 0.01, lng: heathrow.lng });

    // Assigned and on the way: the driver's job and its stage, the booking's driver.
    const assigned = await api.as(dispatcher, 'POST', `bookings/${morning}/dispatch`, { event: 'assign', driver_id: nadia.driverId, vehicle_id: Number((await api.sql<{ vehicle_id: string }>('SELECT vehicle_id FROM driver_shifts WHERE driver_id = $1 AND ended_at IS NULL', [nadia.driverId]))[0].vehicle_id) });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const again = await read(owner);
    expect(again.drivers[0].job).toMatchObject({ booking_number: morning, state: 'assigned' });
    expect(again.jobs[0].booking).toMatchObject({ status: 'driver_assigned', driver: { name: 'Nadia Map' } });

    // Placed once per address: kept beside the booking, placed again when the address changes.
    const kept = await api.sql<{ pickup_address: string }>('SELECT a.pickup_address FROM auto_offer_bookings a JOIN bookings b ON b.site_id = a.site_id AND b.id = a.booking_id WHERE b.booking_number = $1', [morning]);
    expect(kept).toEqual([{ pickup_address: PICKUP }]);
  });

  it('is the member\'s own site only, and staff only', async () => {
    const other = await api.otherSite('Map Other Cars');
    const theirs = await api.as(other.owner, 'GET', 'dispatch-map', undefined, other.headers);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json()).toMatchObject({ drivers: [], jobs: [] });
    // The other site's cookie with this site's key pair: refused, as every console call.
    expect((await api.as(other.owner, 'GET', 'dispatch-map', undefined, KEY_HEADERS)).statusCode).toBe(403);
    const signedOut = await api.raw('GET', 'dispatch-map', {});
    expect(signedOut.statusCode).toBe(401);
    expect(typeof signedOut.json().message).toBe('string');
    // A driver's own session does not open the console.
    const driver = await app.newDriver(dispatcher, 'Not Staff');
    const asDriver = await provider.fastify.inject({ method: 'GET', url: '/api/admin/dispatch-map', headers: { cookie: driver.cookie } });
    expect(asDriver.statusCode).toBe(401);
  });

  it('20 reads at once: every one answers, and each pick-up is placed and kept once', async () => {
    const number = await job(new Date(clock + 20 * 60_000));
    await api.sql('UPDATE bookings SET pick_up_address = $2 WHERE booking_number = $1', [number, PICKUP]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.as(dispatcher, 'GET', 'dispatch-map')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const kept = await api.sql<{ count: string }>('SELECT count(*) AS count FROM auto_offer_bookings a JOIN bookings b ON b.site_id = a.site_id AND b.id = a.booking_id WHERE b.booking_number = $1', [number]);
    expect(Number(kept[0].count)).toBe(1);
    // A query string or a body is not read: the answer is the same map.
    const hostile = await api.as(dispatcher, 'GET', `dispatch-map?day=${encodeURIComponent('2020-01-01')}&x=${'y'.repeat(2000)}`);
    expect(hostile.statusCode).toBe(200);
    expect(hostile.json().day).toBe(today);
    expect((await api.as(dispatcher, 'GET', 'dispatch-map?x=%00')).statusCode).toBe(400);
  });

  it(`answers at most ${MAP_JOBS_LIMIT} jobs, soonest first`, async () => {
    const first = await job(new Date(clock + 10 * 60_000));
    const map = await read(dispatcher);
    expect(map.jobs.length).toBeLessThanOrEqual(MAP_JOBS_LIMIT);
    expect(map.jobs.map((entry: { booking: { pickup_at: string } }) => entry.booking.pickup_at)).toEqual([...map.jobs.map((entry: { booking: { pickup_at: string } }) => entry.booking.pickup_at)].sort());
    expect(map.jobs.some((entry: { booking: { booking_number: string } }) => entry.booking.booking_number === first)).toBe(true);
  });
});
