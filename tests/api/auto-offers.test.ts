import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { londonClock } from '../../contract/londonClock.ts';
import { DRIVER_MESSAGES } from '../../contract/driver.ts';
import { autoOfferGaveUp } from '../../server/domain/dispatch/autoOffers.ts';
import { createGoogleMaps } from '../../server/domain/geo/googleMaps.ts';
import { londonParts } from '../../server/domain/pricing/londonTime.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 33, automatic offers: the owner's switch (off by default), the nearest suitable driver on duty first, a decline
 * or no answer to the next, a stop after the owner's number of tries (the needs-action queue's flag), the unsuitable
 * passed over with the reason, every decision on the booking's timeline, other sites' drivers never considered, and
 * one open automatic offer per booking and per driver whatever runs the passes (20 at once here; two server processes
 * on PostgreSQL below).
 */

const HOUR = 3_600_000;
const PICKUP = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA';
type Point = { lat: number; lng: number };
/** `km` north of a point (a degree of latitude is 111.195 km on the haversine's sphere). */
const north = (point: Point, km: number): Point => ({ lat: point.lat + km / 111.195, lng: point.lng });
const hhmm = (at: Date) => {
  const clock = londonClock(at);
  return `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
};
const dayBefore = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) - 24 * HOUR).toISOString().slice(0, 10);

/** The world of one provider: its console, driver app, staff and the booking every test copies. */
async function worldOf(provider: TestProvider, template: string | null = null) {
  const api = consoleOf(provider);
  const app = driverAppOf(provider, api);
  const dispatcher = await api.dispatcher();
  const owner = await api.owner();
  const book = template ?? (await api.bookInCar('auto.offers@example.test'));
  const site = (await provider.cache.sites()).find((entry) => entry.isDefault)!;
  const pickup = (await provider.autoOffers.place(site, PICKUP))!;
  return { api, app, dispatcher, owner, template: book, site, pickup };
}

describe(`automatic offers on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let world: Awaited<ReturnType<typeof worldOf>>;
  let clock = Date.now();
  let copies = 0;
  beforeAll(async () => {
    // No pass runs by itself: each test runs them (one test starts the timer).
    provider = await startTestProvider({ now: () => new Date(clock), env: { AUTO_OFFER_INTERVAL_SECONDS: '0' } });
    world = await worldOf(provider);
  });
  afterAll(() => provider.dispose());
  // Each test starts with nobody on duty and no booking waiting (the passes are site-wide).
  beforeEach(async () => {
    await world.api.sql("UPDATE driver_offers SET state = 'withdrawn' WHERE state = 'open'");
    await world.api.sql('UPDATE driver_shifts SET ended_at = now() WHERE ended_at IS NULL');
    await world.api.sql("UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE status IN ('accepted', 'driver_assigned')");
    await settings({ AUTO_OFFERS: 'enable', AUTO_OFFER_LEAD_MINUTES: '60', AUTO_OFFER_TRIES: '3', AUTO_OFFER_SPEED_KMH: '20', DRIVER_OFFER_SECONDS: '30' });
  });

  async function settings(values: Record<string, string>) {
    const saved = await world.api.as(world.owner, 'PUT', 'settings', values);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  /** A copy of the template picked up at `pickupAt` (soon by default), accepted by the office: waiting for a driver. */
  async function waitingBooking(pickupAt = new Date(clock + 30 * 60_000), changes: (number: string) => Promise<unknown> = async () => undefined): Promise<string> {
    const number = `CF-AUTO${String(++copies).padStart(3, '0')}`;
    await world.api.copyBooking(world.template, { number, pickupAt });
    await changes(number);
    const accepted = await world.api.as(world.dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return number;
  }
  let plates = 0;
  async function vehicle(categoryId = 1): Promise<number> {
    plates += 1;
    const created = await world.api.as(world.dispatcher, 'POST', 'vehicles', { registration: `AO${String(plates).padStart(2, '0')}${String(Date.now() % 1000).padStart(3, '0')}`.slice(0, 8), make: 'Toyota', model: 'Prius', colour: 'Silver', category_id: categoryId, licence_number: `PHV-AO-${plates}-${Date.now() % 100000}`, licence_expiry: '2035-01-31' });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().vehicle.id;
  }
  /** A driver on duty `km` north of the pick-up (no position when null) in a vehicle of the category. */
  async function onDuty(name: string, km: number | null, categoryId = 1): Promise<SignedDriver> {
    const driver = await world.app.newDriver(world.dispatcher, name);
    const shift = await world.app.as(driver, 'POST', 'shift', { vehicle_id: await vehicle(categoryId) });
    expect(shift.statusCode, shift.body).toBe(200);
    if (km !== null) {
      const reported = await world.app.as(driver, 'POST', 'positions', north(world.pickup, km));
      expect(reported.statusCode, reported.body).toBe(200);
    }
    return driver;
  }
  const pass = () => provider.autoOffers.runOnce();
  const offersOf = (number: string) =>
    world.api.sql<{ driver_id: number; state: string; automatic: boolean }>(
      'SELECT o.driver_id::int AS driver_id, o.state, o.automatic FROM driver_offers o JOIN bookings b ON b.site_id = o.site_id AND b.id = o.booking_id WHERE b.booking_number = $1 ORDER BY o.id',
      [number],
    );
  /** The automatic offers' lines on the booking's timeline, as the console reads them. */
  async function autoLines(number: string): Promise<string[]> {
    const booking = (await world.api.as(world.dispatcher, 'GET', `bookings/${number}`)).json().booking;
    return booking.timeline.filter((entry: { action: string }) => entry.action.startsWith('booking.auto_offer')).map((entry: { after: { text: string } }) => entry.after.text);
  }
  const driverOffers = async (driver: SignedDriver) => (await world.app.as(driver, 'GET', 'offers')).json().offers as { id: number; booking_number: string; seconds_left: number }[];

  it('switched off (the default of a new site): nothing is offered, whoever is on duty next to the pick-up', async () => {
    await settings({ AUTO_OFFERS: 'disable' });
    await onDuty('Near Nadia', 0.2);
    const number = await waitingBooking();
    expect(await pass()).toEqual([]);
    expect(await offersOf(number)).toEqual([]);
    expect(await autoLines(number)).toEqual([]);
    // The demo seed ships it off, and a value that is not a switch is refused.
    expect((await world.api.sql<{ setting_value: string }>("SELECT setting_value FROM settings WHERE setting_name = 'AUTO_OFFERS' AND site_id = $1", [world.site.id]))[0]).toEqual({ setting_value: 'disable' });
  });

  it('on: the nearer of two drivers gets it on their app; their decline sends it to the other, who accepts', async () => {
    const mohammed = await onDuty('Mohammed', 1.2);
    const aisha = await onDuty('Aisha', 5);
    const number = await waitingBooking();
    expect(await pass()).toEqual([{ booking: number, kind: 'offered', driverId: mohammed.driverId, text: 'offered to Mohammed: 1.2 km, about 4 min' }]);
    // The driver's app shows it as any offer, with the owner's countdown; the other driver has nothing.
    const [offer] = await driverOffers(mohammed);
    expect(offer).toMatchObject({ booking_number: number, seconds_left: 30 });
    expect(await driverOffers(aisha)).toEqual([]);
    // A pass meanwhile changes nothing: one offer at a time.
    expect(await pass()).toEqual([]);
    expect(await offersOf(number)).toEqual([{ driver_id: mohammed.driverId, state: 'open', automatic: true }]);

    const declined = await world.app.as(mohammed, 'POST', `offers/${offer.id}/decline`, world.app.tapBody());
    expect(declined.json()).toEqual({ success: true, message: DRIVER_MESSAGES.declined, job: null });
    expect(await pass()).toEqual([{ booking: number, kind: 'offered', driverId: aisha.driverId, text: 'offered to Aisha: 5.0 km, about 15 min (passed over: Mohammed, declined it)' }]);
    const [second] = await driverOffers(aisha);
    const accepted = await world.app.as(aisha, 'POST', `offers/${second.id}/accept`, world.app.tapBody());
    expect(accepted.statusCode, accepted.body).toBe(200);

    const booking = (await world.api.as(world.dispatcher, 'GET', `bookings/${number}`)).json().booking;
    expect(booking).toMatchObject({ status: 'driver_assigned', dispatch: { driver: { id: aisha.driverId, name: 'Aisha' } } });
    expect(await autoLines(number)).toEqual([
      'offered to Mohammed: 1.2 km, about 4 min',
      'offered to Mohammed: 1.2 km, about 4 min; declined',
      'offered to Aisha: 5.0 km, about 15 min (passed over: Mohammed, declined it)',
    ]);
    // Written by the system, in order among the office's and the drivers' own entries.
    expect(booking.timeline.map((entry: { action: string; actor: { kind: string } }) => `${entry.action}/${entry.actor.kind}`)).toEqual([
      'booking.accept/staff',
      'booking.auto_offer/admin-token',
      'booking.driver_decline/driver',
      'booking.auto_offer_outcome/admin-token',
      'booking.auto_offer/admin-token',
      'booking.driver_accept/driver',
    ]);
    expect(await pass()).toEqual([]);
  });

  it('a driver who declined the dispatcher’s own offer of the job is not asked again by the passes; that decline is no try of theirs', async () => {
    await settings({ AUTO_OFFER_TRIES: '1' });
    const wes = await onDuty('Wes', 0.3);
    const xena = await onDuty('Xena', 6);
    const number = await waitingBooking();
    const manual = await world.api.as(world.dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: wes.driverId });
    expect(await pass()).toEqual([]);
    expect((await world.app.as(wes, 'POST', `offers/${manual.json().offer.id}/decline`, world.app.tapBody())).statusCode).toBe(200);
    expect(await pass()).toEqual([{ booking: number, kind: 'offered', driverId: xena.driverId, text: 'offered to Xena: 6.0 km, about 18 min (passed over: Wes, declined it)' }]);
  });

  it('no answer within the countdown goes to the next driver; after the owner’s tries it stops and the booking needs a person', async () => {
    await settings({ AUTO_OFFER_TRIES: '2', DRIVER_OFFER_SECONDS: '45' });
    const near = await onDuty('Nina', 0.6);
    const far = await onDuty('Omar', 2.4);
    const spare = await onDuty('Priya', 9);
    const number = await waitingBooking();
    expect((await pass()).map((decision) => decision.kind)).toEqual(['offered']);
    clock += 46_000;
    expect(await pass()).toEqual([{ booking: number, kind: 'offered', driverId: far.driverId, text: 'offered to Omar: 2.4 km, about 7 min (passed over: Nina, did not answer)' }]);
    const [offer] = await driverOffers(far);
    expect((await world.app.as(far, 'POST', `offers/${offer.id}/decline`, world.app.tapBody())).statusCode).toBe(200);
    expect(await pass()).toEqual([{ booking: number, kind: 'stopped', text: 'stopped after 2 tries: the booking needs a person' }]);
    expect(await autoLines(number)).toEqual([
      'offered to Nina: 0.6 km, about 2 min',
      'offered to Nina: 0.6 km, about 2 min; no answer in 45 s',
      'offered to Omar: 2.4 km, about 7 min (passed over: Nina, did not answer)',
      'offered to Omar: 2.4 km, about 7 min; declined',
      'stopped after 2 tries: the booking needs a person',
    ]);
    // The flag the needs-action queue reads, and nothing more offered (Priya was free all along).
    expect(await autoOfferGaveUp(provider.db, world.site.id, [number])).toEqual([
      { booking_id: expect.any(Number), booking_number: number, gave_up_at: new Date(clock).toISOString(), reason: 'Automatic offers stopped: 1 declined, 1 did not answer' },
    ]);
    // ... which puts it on the dispatcher's "Needs action" queue, beside its last offer's refusal (and, the pick-up
    // being within ASSIGN_BY_MINUTES, no driver yet).
    const queue = (await world.api.as(world.dispatcher, 'GET', 'needs-action')).json() as { items: { booking: { booking_number: string }; reasons: { code: string; text: string }[] }[] };
    expect(queue.items.find((item) => item.booking.booking_number === number)?.reasons.map((why) => [why.code, why.text])).toEqual([
      ['unassigned', 'No driver assigned, and the pick-up is less than 2 hours away'],
      ['offer_declined', 'Omar declined the offer'],
      ['auto_offers_stopped', 'Automatic offers stopped: offer or assign it yourself'],
    ]);
    expect(await pass()).toEqual([]);
    expect(await driverOffers(spare)).toEqual([]);
    expect((await offersOf(number)).map((entry) => entry.state)).toEqual(['expired', 'declined']);
    // The console's Offers panel lists them as automatic.
    const listed = (await world.api.as(world.dispatcher, 'GET', `bookings/${number}/offers`)).json().offers;
    expect(listed.map((entry: { driver: { name: string }; state: string; automatic: boolean }) => [entry.driver.name, entry.state, entry.automatic])).toEqual([
      ['Nina', 'expired', true],
      ['Omar', 'declined', true],
    ]);
    expect(near).toBeDefined();
    // A person takes over with the existing tools: the dispatcher offers it by hand; once assigned it is off the list.
    const manual = await world.api.as(world.dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: spare.driverId });
    expect(manual.statusCode, manual.body).toBe(201);
    expect((await world.app.as(spare, 'POST', `offers/${manual.json().offer.id}/accept`, world.app.tapBody())).statusCode).toBe(200);
    expect(await autoOfferGaveUp(provider.db, world.site.id)).toEqual([]);
    expect((await world.api.as(world.dispatcher, 'GET', `bookings/${number}/offers`)).json().offers.map((entry: { automatic: boolean }) => entry.automatic)).toEqual([true, true, false]);
  });

  it('unsuitable drivers are passed over with the reason: wheelchair access, licence expired on the day, busy at that time; off duty is not considered', async () => {
    const pickupAt = new Date(clock + 40 * 60_000);
    const jobDay = londonParts(pickupAt).date;
    const ben = await onDuty('Ben', 0.5); // a Saloon
    const cara = await onDuty('Cara', 0.7, 6);
    await world.api.sql('UPDATE drivers SET licence_expiry = $2 WHERE id = $1', [cara.driverId, dayBefore(jobDay)]);
    const dev = await onDuty('Dev', 0.9, 6);
    const busy = await waitingBooking(new Date(pickupAt.getTime() + 20 * 60_000));
    const given = await world.api.as(world.dispatcher, 'POST', `bookings/${busy}/offers`, { driver_id: dev.driverId });
    expect((await world.app.as(dev, 'POST', `offers/${given.json().offer.id}/accept`, world.app.tapBody())).statusCode).toBe(200);
    const ed = await onDuty('Ed', 0.1, 6);
    expect((await world.app.as(ed, 'DELETE', 'shift')).statusCode).toBe(200);
    const gail = await onDuty('Gail', 4, 6);
    // A wheelchair user's booking in the wheelchair-accessible category.
    const number = await waitingBooking(pickupAt, (copy) =>
      world.api.sql("UPDATE bookings SET vehicle_id = 6, vehicle_category = 'Wheelchair-accessible', options = options || '{\"wheel_chair\":\"yes\"}'::jsonb WHERE booking_number = $1", [copy]),
    );
    const expected = `offered to Gail: 4.0 km, about 12 min (passed over: Ben, no wheelchair access; Cara, driver licence expires ${dayBefore(jobDay)}; Dev, busy with ${busy} at ${hhmm(new Date(pickupAt.getTime() + 20 * 60_000))})`;
    expect(await pass()).toEqual([{ booking: number, kind: 'offered', driverId: gail.driverId, text: expected }]);
    expect(ben).toBeDefined();
    // The decision's details are kept beside its words.
    const [entry] = (await world.api.as(world.dispatcher, 'GET', `bookings/${number}`)).json().booking.timeline.filter((line: { action: string }) => line.action === 'booking.auto_offer');
    expect(entry.after).toMatchObject({ text: expected, driver: { id: gail.driverId, name: 'Gail' }, seconds: 30, try: 1, estimate: { metres: 4000, seconds: 720, by_road: false } });
    expect(entry.after.passed_over.map((over: { driver_id: number }) => over.driver_id)).toEqual([ben.driverId, cara.driverId, dev.driverId]);
  });

  it('seats and the class of vehicle: a party of six goes to the MPV, not the nearer Estate or Minibus; nobody suitable is said once', async () => {
    await onDuty('Hana', 0.4, 2); // Estate: 4 seats
    await onDuty('Ivan', 0.8, 5); // Minibus 8-seat
    const number = await waitingBooking(undefined, (copy) =>
      world.api.sql("UPDATE bookings SET vehicle_id = 4, vehicle_category = 'MPV 6-seat', total_passengers = 6 WHERE booking_number = $1", [copy]),
    );
    const nobody = 'nobody suitable on duty (passed over: Hana, 4 seats for 6 passengers; Ivan, drives a Minibus 8-seat, the job is for an MPV 6-seat)';
    expect(await pass()).toEqual([{ booking: number, kind: 'nobody', text: nobody }]);
    expect(await pass()).toEqual([{ booking: number, kind: 'nobody', text: nobody }]);
    expect(await autoLines(number)).toEqual([nobody]);
    const jay = await onDuty('Jay', 7, 4);
    expect(await pass()).toEqual([{ booking: number, kind: 'offered', driverId: jay.driverId, text: `offered to Jay: 7.0 km, about 21 min (passed over: Hana, 4 seats for 6 passengers; Ivan, drives a Minibus 8-seat, the job is for an MPV 6-seat)` }]);
    expect(await autoLines(number)).toHaveLength(2);
  });

  it('a pre-booked job is offered from the owner’s lead time before its pick-up; the owner’s speed sets the minutes; a driver without a position comes last', async () => {
    await settings({ AUTO_OFFER_LEAD_MINUTES: '45', AUTO_OFFER_SPEED_KMH: '40' });
    const lost = await onDuty('Lena', null);
    const kit = await onDuty('Kit', 3);
    const number = await waitingBooking(new Date(clock + 3 * HOUR));
    expect(await pass()).toEqual([]);
    clock += 3 * HOUR - 46 * 60_000;
    expect(await pass()).toEqual([]);
    clock += 60_000;
    expect(await pass()).toEqual([{ booking: number, kind: 'offered', driverId: kit.driverId, text: 'offered to Kit: 3.0 km, about 5 min' }]);
    const [offer] = await driverOffers(kit);
    expect((await world.app.as(kit, 'POST', `offers/${offer.id}/decline`, world.app.tapBody())).statusCode).toBe(200);
    expect(await pass()).toEqual([{ booking: number, kind: 'offered', driverId: lost.driverId, text: 'offered to Lena: position unknown (passed over: Kit, declined it)' }]);
  });

  it("another site's drivers are never considered, even at the pick-up, and its bookings never reach this site's drivers", async () => {
    const other = await world.api.otherSite('Elsewhere Cars');
    // The other site's fleet, written straight to its tables: a Saloon on duty at the very pick-up.
    await world.api.sql(
      "INSERT INTO vehicle_categories (site_id, id, category_name, vehicle_img, seats, luggage, hand_luggage, wheelchair) VALUES ($1, 1, 'Saloon', 'vehicles/saloon.svg', 4, 2, 2, false)",
      [other.siteId],
    );
    const [{ id: otherDriver }] = await world.api.sql<{ id: string }>(
      "INSERT INTO drivers (site_id, name, licence_number, licensing_authority, licence_expiry) VALUES ($1, 'Zed Elsewhere', 'PHD-ELSE-1', 'Transport for London', '2035-01-31') RETURNING id",
      [other.siteId],
    );
    const [{ id: otherVehicle }] = await world.api.sql<{ id: string }>(
      "INSERT INTO vehicles (site_id, registration, make, model, colour, category_id, licence_number, licence_expiry) VALUES ($1, 'ELSE1', 'Ford', 'Mondeo', 'Blue', 1, 'PHV-ELSE-1', '2035-01-31') RETURNING id",
      [other.siteId],
    );
    await world.api.sql('INSERT INTO driver_shifts (site_id, driver_id, vehicle_id, started_at) VALUES ($1, $2, $3, now())', [other.siteId, otherDriver, otherVehicle]);
    // At the pick-up as that site places it (its own saved addresses: none).
    const otherPickup = (await provider.autoOffers.place((await provider.cache.sites()).find((site) => site.id === other.siteId)!, PICKUP))!;
    await world.api.sql('INSERT INTO driver_positions (site_id, driver_id, lat, lng, recorded_at) VALUES ($1, $2, $3, $4, now())', [other.siteId, otherDriver, otherPickup.lat, otherPickup.lng]);
    await world.api.sql("INSERT INTO settings (site_id, setting_name, setting_value) VALUES ($1, 'AUTO_OFFERS', 'enable') ON CONFLICT (site_id, setting_name) DO UPDATE SET setting_value = 'enable'", [other.siteId]);
    await provider.cache.invalidate(other.siteId);

    const ours = await onDuty('Quinn', 6);
    const number = await waitingBooking();
    const otherNumber = `CF-ELSE${++copies}`;
    await world.api.copyBooking(world.template, { number: otherNumber, siteId: other.siteId, pickupAt: new Date(clock + 20 * 60_000) });
    await world.api.sql("UPDATE bookings SET status = 'accepted' WHERE booking_number = $1", [otherNumber]);

    const decisions = await pass();
    expect(decisions).toContainEqual({ booking: number, kind: 'offered', driverId: ours.driverId, text: 'offered to Quinn: 6.0 km, about 18 min' });
    expect(decisions).toContainEqual({ booking: otherNumber, kind: 'offered', driverId: Number(otherDriver), text: 'offered to Zed Elsewhere: 0.0 km, about 1 min' });
    expect(decisions).toHaveLength(2);
    expect(await world.api.sql('SELECT site_id, driver_id::int AS driver FROM driver_offers WHERE state = $1 ORDER BY site_id', ['open'])).toEqual([
      { site_id: world.site.id, driver: ours.driverId },
      { site_id: other.siteId, driver: Number(otherDriver) },
    ]);
    await world.api.sql("UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE booking_number = $1", [otherNumber]);
    await world.api.sql('UPDATE driver_shifts SET ended_at = now() WHERE site_id = $1', [other.siteId]);
  });

  it('20 passes at once: one offer, one timeline line; the database refuses a second open automatic offer of a booking or a driver', async () => {
    const rosa = await onDuty('Rosa', 1);
    await onDuty('Sam', 2);
    const number = await waitingBooking();
    const decisions = (await Promise.all(Array.from({ length: 20 }, () => pass()))).flat();
    expect(decisions.filter((decision) => decision.kind === 'offered')).toHaveLength(1);
    expect((await offersOf(number)).filter((offer) => offer.state === 'open')).toEqual([{ driver_id: rosa.driverId, state: 'open', automatic: true }]);
    expect(await autoLines(number)).toEqual(['offered to Rosa: 1.0 km, about 3 min']);

    const [{ id: bookingId }] = await world.api.sql<{ id: string }>('SELECT id FROM bookings WHERE booking_number = $1', [number]);
    const [{ vehicle_id: vehicleId }] = await world.api.sql<{ vehicle_id: string }>('SELECT vehicle_id FROM driver_offers WHERE booking_id = $1', [bookingId]);
    const insert = (driverId: number, booking: string) =>
      world.api.sql("INSERT INTO driver_offers (site_id, booking_id, driver_id, vehicle_id, offered_at, expires_at, automatic) VALUES ($1, $2, $3, $4, now(), now() + interval '30 seconds', true)", [world.site.id, booking, driverId, vehicleId]);
    const sam = (await world.api.sql<{ id: string }>("SELECT id FROM drivers WHERE name = 'Sam' ORDER BY id DESC LIMIT 1"))[0].id;
    await expect(insert(Number(sam), bookingId)).rejects.toThrow(/driver_offers_auto_booking/);
    const another = await waitingBooking();
    const [{ id: anotherId }] = await world.api.sql<{ id: string }>('SELECT id FROM bookings WHERE booking_number = $1', [another]);
    await expect(insert(rosa.driverId, anotherId)).rejects.toThrow(/driver_offers_auto_driver/);
  });

  it('the server runs passes by itself every AUTO_OFFER_INTERVAL_SECONDS', async () => {
    const tess = await onDuty('Tess', 1.5);
    const number = await waitingBooking();
    const stop = provider.autoOffers.start(50);
    try {
      await expect.poll(async () => (await offersOf(number)).map((offer) => offer.driver_id), { timeout: 5000, interval: 50 }).toEqual([tess.driverId]);
    } finally {
      await stop();
    }
  });

  it('and at once after a booking event (accepted by the office, a decline), not waiting for the timer', async () => {
    const uri = await onDuty('Uri', 0.8);
    const vera = await onDuty('Vera', 3);
    // A timer of an hour: whatever happens within the test is the events' doing.
    const stop = provider.autoOffers.start(3_600_000, provider.events);
    try {
      const number = await waitingBooking();
      await expect.poll(async () => (await offersOf(number)).map((offer) => [offer.driver_id, offer.state]), { timeout: 5000, interval: 50 }).toEqual([[uri.driverId, 'open']]);
      const [offer] = await driverOffers(uri);
      expect((await world.app.as(uri, 'POST', `offers/${offer.id}/decline`, world.app.tapBody())).statusCode).toBe(200);
      await expect
        .poll(async () => (await offersOf(number)).map((entry) => [entry.driver_id, entry.state]), { timeout: 5000, interval: 50 })
        .toEqual([
          [uri.driverId, 'declined'],
          [vera.driverId, 'open'],
        ]);
      expect(await autoLines(number)).toEqual(['offered to Uri: 0.8 km, about 2 min', 'offered to Uri: 0.8 km, about 2 min; declined', 'offered to Vera: 3.0 km, about 9 min (passed over: Uri, declined it)']);
    } finally {
      await stop();
    }
  });

  it('the owner sets the rules in the console: bounds checked, a dispatcher cannot', async () => {
    for (const [name, value, problem] of [
      ['AUTO_OFFER_TRIES', '0', 'AUTO_OFFER_TRIES: a whole number from 1 to 20'],
      ['AUTO_OFFER_TRIES', '2.5', 'AUTO_OFFER_TRIES: a whole number from 1 to 20'],
      ['AUTO_OFFER_SPEED_KMH', '500', 'AUTO_OFFER_SPEED_KMH: a whole number from 5 to 120'],
      ['AUTO_OFFER_LEAD_MINUTES', '1\u0000', 'AUTO_OFFER_LEAD_MINUTES: Text must not contain NUL characters or unpaired UTF-16 surrogates'],
      ['AUTO_OFFER_LEAD_MINUTES', '1441', 'AUTO_OFFER_LEAD_MINUTES: whole minutes from 0 to 1440'],
      ['AUTO_OFFERS', 'yes', "AUTO_OFFERS: 'enable' or 'disable'"],
    ]) {
      const refused = await world.api.as(world.owner, 'PUT', 'settings', { [name]: value });
      expect([refused.statusCode, refused.json().message], `${name}=${value}`).toEqual([400, problem]);
    }
    const dispatcher = await world.api.as(world.dispatcher, 'PUT', 'settings', { AUTO_OFFERS: 'disable' });
    expect(dispatcher.statusCode).toBe(403);
    const listed = (await world.api.as(world.owner, 'GET', 'settings')).json() as { setting_name: string; setting_value: string }[];
    expect(listed.filter((row) => row.setting_name.startsWith('AUTO_OFFER')).map((row) => `${row.setting_name}=${row.setting_value}`).sort()).toEqual([
      'AUTO_OFFERS=enable',
      'AUTO_OFFER_LEAD_MINUTES=60',
      'AUTO_OFFER_SPEED_KMH=20',
      'AUTO_OFFER_TRIES=3',
    ]);
  });
});

/**
 * With Google keyed the maps port's driving time ranks the nearest drivers: the Google adapter itself, its requests
 * answered here in the Routes API's documented shape (computeRoutes: distanceMeters, duration "900s").
 */
describe(`automatic offers with Google routing on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let world: Awaited<ReturnType<typeof worldOf>>;
  const requests: { url: string; key: string | null; mask: string | null; body: { origin: { location: { latLng: { latitude: number; longitude: number } } }; destination: unknown; travelMode: string } }[] = [];
  /** Driving answers by the origin's latitude (rounded): a river between the nearer driver and the pick-up. */
  const answers = new Map<string, { distanceMeters: number; duration: string } | 'fail'>();
  beforeAll(async () => {
    const fetch = async (url: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      const body = JSON.parse(String(init?.body));
      requests.push({ url, key: headers.get('x-goog-api-key'), mask: headers.get('x-goog-fieldmask'), body });
      const answer = answers.get(body.origin.location.latLng.latitude.toFixed(4));
      if (!answer || answer === 'fail') return new Response('{"error":{"code":500}}', { status: 500 });
      return Response.json({ routes: [answer] });
    };
    provider = await startTestProvider({ env: { AUTO_OFFER_INTERVAL_SECONDS: '0' }, maps: createGoogleMaps({ apiKey: 'test-server-key', fetch }) });
    world = await worldOf(provider);
    expect((await world.api.as(world.owner, 'PUT', 'settings', { AUTO_OFFERS: 'enable' })).statusCode).toBe(200);
  });
  afterAll(() => provider.dispose());

  async function onDuty(name: string, km: number): Promise<SignedDriver> {
    const driver = await world.app.newDriver(world.dispatcher, name);
    expect((await world.app.as(driver, 'POST', 'shift', { vehicle_id: await world.app.newVehicle(world.dispatcher) })).statusCode).toBe(200);
    expect((await world.app.as(driver, 'POST', 'positions', north(world.pickup, km))).statusCode).toBe(200);
    return driver;
  }

  it('the quicker drive wins over the shorter line; the request is the Routes API’s, from the driver to the pick-up; a failed route keeps the straight line', async () => {
    const near = await onDuty('Uma', 0.5);
    const far = await onDuty('Vic', 2);
    answers.set(north(world.pickup, 0.5).lat.toFixed(4), { distanceMeters: 6400, duration: '1140s' });
    answers.set(north(world.pickup, 2).lat.toFixed(4), { distanceMeters: 2600, duration: '300s' });
    const number = 'CF-GOOG1';
    await world.api.copyBooking(world.template, { number, pickupAt: new Date(Date.now() + 20 * 60_000) });
    expect((await world.api.as(world.dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
    requests.length = 0; // the template's quote asked for its route too
    expect(await provider.autoOffers.runOnce()).toEqual([{ booking: number, kind: 'offered', driverId: far.driverId, text: 'offered to Vic: 2.6 km by road, about 5 min' }]);
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request).toMatchObject({ url: 'https://routes.googleapis.com/directions/v2:computeRoutes', key: 'test-server-key', mask: 'routes.distanceMeters,routes.duration,routes.legs.distanceMeters,routes.legs.duration,routes.polyline.encodedPolyline' });
      expect(request.body.destination).toEqual({ location: { latLng: { latitude: world.pickup.lat, longitude: world.pickup.lng } } });
      expect(request.body.travelMode).toBe('DRIVE');
    }
    expect(requests.map((request) => request.body.origin.location.latLng.latitude.toFixed(4)).sort()).toEqual([north(world.pickup, 0.5).lat.toFixed(4), north(world.pickup, 2).lat.toFixed(4)].sort());

    // Vic declines; Google fails for Uma: the straight line at the owner's speed stands.
    const [offer] = (await world.app.as(far, 'GET', 'offers')).json().offers;
    expect((await world.app.as(far, 'POST', `offers/${offer.id}/decline`, world.app.tapBody())).statusCode).toBe(200);
    answers.set(north(world.pickup, 0.5).lat.toFixed(4), 'fail');
    expect(await provider.autoOffers.runOnce()).toEqual([{ booking: number, kind: 'offered', driverId: near.driverId, text: 'offered to Uma: 0.5 km, about 2 min (passed over: Vic, declined it)' }]);
  });
});

/** Signed staff are not shared between the two processes' worlds; the database is. */
describe.runIf(testDatabaseKind === 'postgres')('automatic offers from two server processes on one PostgreSQL', () => {
  let first: TestProvider;
  let second: TestProvider;
  let world: Awaited<ReturnType<typeof worldOf>>;
  let dispatcher: Signed;
  beforeAll(async () => {
    first = await startTestProvider({ env: { AUTO_OFFER_INTERVAL_SECONDS: '0' } });
    second = await startTestProvider({ databaseUrl: first.config.databaseUrl!, env: { AUTO_OFFER_INTERVAL_SECONDS: '0' } });
    world = await worldOf(first);
    dispatcher = world.dispatcher;
  });
  afterAll(async () => {
    await second.close();
    await first.dispose();
  });

  it('passes racing in both processes never offer a job to two drivers at once, nor a driver two jobs; each decision is written once', async () => {
    expect((await world.api.as(world.owner, 'PUT', 'settings', { AUTO_OFFERS: 'enable', AUTO_OFFER_TRIES: '20' })).statusCode).toBe(200);
    const drivers: SignedDriver[] = [];
    for (let index = 0; index < 4; index += 1) {
      const driver = await world.app.newDriver(dispatcher, `Racer ${index}`);
      const created = await world.api.as(dispatcher, 'POST', 'vehicles', { registration: `RACE${index}`, make: 'Kia', model: 'Niro', colour: 'Grey', category_id: 1, licence_number: `PHV-RACE-${index}`, licence_expiry: '2035-01-31' });
      expect((await world.app.as(driver, 'POST', 'shift', { vehicle_id: created.json().vehicle.id })).statusCode).toBe(200);
      expect((await world.app.as(driver, 'POST', 'positions', north(world.pickup, 1 + index))).statusCode).toBe(200);
      drivers.push(driver);
    }
    const numbers: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const number = `CF-RACE${index}`;
      await world.api.copyBooking(world.template, { number, pickupAt: new Date(Date.now() + (20 + index) * 60_000) });
      expect((await world.api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
      numbers.push(number);
    }
    const openPerBooking = () => world.api.sql<{ n: number }>("SELECT count(*)::int AS n FROM driver_offers WHERE state = 'open' GROUP BY booking_id HAVING count(*) > 1");
    const openPerDriver = () => world.api.sql<{ n: number }>("SELECT count(*)::int AS n FROM driver_offers WHERE state = 'open' GROUP BY driver_id HAVING count(*) > 1");
    // Rounds: both processes race 10 passes each; then every open offer is declined on the driver's app, and again.
    let made = 0;
    for (let round = 0; round < 3; round += 1) {
      const decisions = (await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? second : first).autoOffers.runOnce()))).flat();
      expect(await openPerBooking()).toEqual([]);
      expect(await openPerDriver()).toEqual([]);
      const [{ n: open }] = await world.api.sql<{ n: number }>("SELECT count(*)::int AS n FROM driver_offers WHERE state = 'open'");
      // Every offer made is a decision of exactly one pass; four drivers, six jobs: at most four open, and at least one.
      expect(decisions.filter((decision) => decision.kind === 'offered')).toHaveLength(open);
      expect(open).toBeGreaterThan(0);
      expect(open).toBeLessThanOrEqual(4);
      made += open;
      for (const driver of drivers) {
        const offers = (await world.app.as(driver, 'GET', 'offers')).json().offers as { id: number }[];
        expect(offers.length).toBeLessThanOrEqual(1);
        for (const offer of offers) expect((await world.app.as(driver, 'POST', `offers/${offer.id}/decline`, world.app.tapBody())).statusCode).toBe(200);
      }
    }
    expect(made).toBeGreaterThanOrEqual(6);
    // Each offer has exactly one line on its booking's timeline, and each decline one outcome line.
    const [{ offers }] = await world.api.sql<{ offers: number }>('SELECT count(*)::int AS offers FROM driver_offers WHERE automatic');
    const [{ lines }] = await world.api.sql<{ lines: number }>("SELECT count(*)::int AS lines FROM audit_log WHERE action = 'booking.auto_offer'");
    expect(lines).toBe(offers);
    await Promise.all([first.autoOffers.runOnce(), second.autoOffers.runOnce()]);
    const [{ outcomes }] = await world.api.sql<{ outcomes: number }>("SELECT count(*)::int AS outcomes FROM audit_log WHERE action = 'booking.auto_offer_outcome'");
    expect(outcomes).toBe(offers);
    expect(numbers).toHaveLength(6);
  });
});
