import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_STEPS, driverJobState, driverStepTooEarlyMessage, illegalDriverStepMessage, JOB_STAGES, nextDriverStage, type BookingStatus, type JobStage } from '../../contract/dispatch.ts';
import { DRIVER_MESSAGES, STEP_MESSAGES } from '../../contract/driver.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 32, the job's life on the driver's app: offers (one winner of 20 concurrent accepts, the countdown decided on
 * read, declines), every illegal step refused with the job's state, the time rules, taps applied once, another
 * driver's or site's jobs out of reach, shifts and positions, and each step on the console's booking.
 */
describe(`the driver's jobs on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let app: ReturnType<typeof driverAppOf>;
  let dispatcher: Signed;
  let template: string;
  let clock = Date.now();
  const HOUR = 3_600_000;
  beforeAll(async () => {
    provider = await startTestProvider({ now: () => new Date(clock) });
    api = consoleOf(provider);
    app = driverAppOf(provider, api);
    dispatcher = await api.dispatcher();
    template = await api.bookInCar('driver.jobs@example.test');
  });
  afterAll(() => provider.dispose());

  let copies = 0;
  /** A copy of the template picked up at `pickupAt`, accepted by the office (ready to offer). */
  async function acceptedBooking(pickupAt = new Date(clock + 2 * HOUR)): Promise<string> {
    const number = `CF-DRV${String(++copies).padStart(4, '0')}`;
    await api.copyBooking(template, { number, pickupAt });
    expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
    return number;
  }
  /** A driver on duty with a vehicle of their own. */
  async function onDuty(): Promise<SignedDriver> {
    const driver = await app.newDriver(dispatcher);
    const vehicle = await app.newVehicle(dispatcher);
    const shift = await app.as(driver, 'POST', 'shift', { vehicle_id: vehicle });
    expect(shift.statusCode, shift.body).toBe(200);
    return driver;
  }
  /** `number` offered to `driver` and accepted by them. */
  async function given(number: string, driver: SignedDriver) {
    const offered = await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId });
    expect(offered.statusCode, offered.body).toBe(201);
    const accepted = await app.as(driver, 'POST', `offers/${offered.json().offer.id}/accept`, app.tapBody());
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
  const step = (driver: Signed, number: string, name: string, key = randomUUID()) => app.as(driver, 'POST', `jobs/${number}/steps`, { step: name, idempotency_key: key });
  const row = async (number: string) =>
    (await api.sql<{ status: string; job_stage: string | null; revision: number }>('SELECT status, job_stage, revision FROM bookings WHERE booking_number = $1', [number]))[0];

  it('a job offered to four drivers at once, 20 concurrent accepts: exactly one driver wins, the others are told it went to another', async () => {
    const drivers = await Promise.all([onDuty(), onDuty(), onDuty(), onDuty()]);
    const number = await acceptedBooking();
    const offers: { id: number; state: string; expires_at: string }[] = [];
    for (const driver of drivers) offers.push((await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId })).json().offer);
    expect(offers.map((offer) => offer.state)).toEqual(['open', 'open', 'open', 'open']);
    // The offer reaches the driver's list with the area, the fare and the countdown, not the passenger.
    const listed = (await app.as(drivers[0], 'GET', 'offers')).json().offers;
    expect(listed).toEqual([{ id: offers[0].id, booking_number: number, expires_at: offers[0].expires_at, seconds_left: 30, pickup_at: expect.any(String), pickup_area: 'TW6', dropoff_area: 'WC2R', vehicle_category: 'Saloon', fare: { currency: '£', total_pence: expect.any(Number), payment: 'car', collect_pence: expect.any(Number) } }]);
    expect(JSON.stringify(listed)).not.toContain('Jane');

    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => app.as(drivers[index % 4], 'POST', `offers/${offers[index % 4].id}/accept`, app.tapBody()).then((response) => ({ driver: index % 4, response }))));
    const won = answers.filter((answer) => answer.response.statusCode === 200);
    expect(won).toHaveLength(1);
    const winner = drivers[won[0].driver];
    for (const { driver, response } of answers.filter((answer) => answer.response.statusCode !== 200)) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'offer_closed', message: driver === won[0].driver ? DRIVER_MESSAGES.offerAccepted : DRIVER_MESSAGES.offerTaken });
    }
    expect(await api.sql<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM driver_offers WHERE booking_id = (SELECT id FROM bookings WHERE booking_number = $1) GROUP BY state ORDER BY state', [number])).toEqual([
      { state: 'accepted', n: 1 },
      { state: 'withdrawn', n: 3 },
    ]);
    const booking = (await api.as(dispatcher, 'GET', `bookings/${number}`)).json().booking;
    expect(booking).toMatchObject({ status: 'driver_assigned', revision: 2, dispatch: { driver: { id: winner.driverId } } });
    expect(booking.timeline.map((entry: { action: string; actor: { kind: string } }) => [entry.action, entry.actor.kind])).toEqual([
      ['booking.accept', 'staff'],
      ['booking.offer', 'staff'],
      ['booking.offer', 'staff'],
      ['booking.offer', 'staff'],
      ['booking.offer', 'staff'],
      ['booking.driver_accept', 'driver'],
    ]);
    expect((await app.as(winner, 'GET', 'jobs')).json().jobs.map((job: { booking_number: string }) => job.booking_number)).toContain(number);
    for (const driver of drivers.filter((candidate) => candidate !== winner)) expect((await app.as(driver, 'GET', 'offers')).json().offers).toEqual([]);
  });

  it('an offer times out after the countdown (decided when read or tapped); a declined one goes back to the office', async () => {
    const driver = await onDuty();
    const number = await acceptedBooking();
    const offer = (await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId })).json().offer;
    clock += 31_000;
    expect((await app.as(driver, 'GET', 'offers')).json().offers).toEqual([]);
    const late = await app.as(driver, 'POST', `offers/${offer.id}/accept`, app.tapBody());
    expect([late.statusCode, late.json().code, late.json().message]).toEqual([409, 'offer_closed', DRIVER_MESSAGES.offerExpired]);
    expect((await api.as(dispatcher, 'GET', `bookings/${number}/offers`)).json().offers.map((entry: { state: string }) => entry.state)).toEqual(['expired']);
    expect(await row(number)).toMatchObject({ status: 'accepted' });

    const again = (await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId })).json().offer;
    const declined = await app.as(driver, 'POST', `offers/${again.id}/decline`, app.tapBody());
    expect(declined.json()).toEqual({ success: true, message: DRIVER_MESSAGES.declined, job: null });
    expect((await api.as(dispatcher, 'GET', `bookings/${number}/offers`)).json().offers.map((entry: { state: string }) => entry.state)).toEqual(['expired', 'declined']);
    // Offers go to drivers on duty only, and only for a booking waiting for a driver.
    const offDuty = await app.newDriver(dispatcher);
    const refused = await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: offDuty.driverId });
    expect([refused.statusCode, refused.json().message]).toEqual([422, DRIVER_MESSAGES.driverNotOnDuty]);
  });

  it('every step the driver’s table lacks is refused with 409 job_changed, its message and the job as it is; nothing changes', async () => {
    const driver = await onDuty();
    const states: { status: BookingStatus; stage: JobStage | null }[] = [
      { status: 'driver_assigned', stage: null },
      ...JOB_STAGES.map((stage) => ({ status: 'driver_assigned' as const, stage })),
      { status: 'completed', stage: 'on_board' },
      { status: 'no_show', stage: 'arrived' },
      { status: 'cancelled', stage: null },
    ];
    let refusals = 0;
    for (const state of states) {
      // Picked up an hour ago and arrived then: every time rule has passed, so only the table refuses.
      const number = await acceptedBooking(new Date(clock - HOUR));
      await given(number, driver);
      await api.sql("UPDATE bookings SET status = $2, job_stage = $3, arrived_at = $4, cancelled_at = CASE WHEN $2 = 'cancelled' THEN now() END WHERE booking_number = $1", [number, state.status, state.stage, new Date(clock - HOUR)]);
      const before = await row(number);
      const audits = (await api.sql<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0].n;
      for (const name of DRIVER_STEPS.filter((candidate) => nextDriverStage(state.status, state.stage, candidate) === null)) {
        const refused = await step(driver, number, name);
        expect(refused.statusCode, `${state.status}/${state.stage} × ${name}`).toBe(409);
        const message = state.status === 'cancelled' ? DRIVER_MESSAGES.jobCancelled : illegalDriverStepMessage(driverJobState(state.status, state.stage), name);
        expect(refused.json()).toMatchObject({ success: false, code: 'job_changed', message, job: { booking_number: number, status: state.status, stage: state.stage } });
        refusals += 1;
      }
      expect(await row(number)).toEqual(before);
      expect((await api.sql<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0].n).toBe(audits);
    }
    expect(refusals).toBe(4 + 4 + 4 + 3 + 5 + 5 + 5);
    expect(illegalDriverStepMessage('arrived', 'on_the_way')).toBe("This job is Arrived: it cannot be marked 'on the way'.");
  });

  it("the passenger's manage page and corporate list say where the driver is: on the way, arrived", async () => {
    const driver = await onDuty();
    expect((await api.as(dispatcher, 'POST', `bookings/${template}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
    await given(template, driver);
    const [{ pick_up_at: pickupAt, text_body: mail }] = await api.sql<{ pick_up_at: string; text_body: string }>(
      "SELECT b.pick_up_at, m.text_body FROM bookings b JOIN mail_outbox m ON m.site_id = b.site_id AND m.kind = 'booking_confirmation' AND m.subject LIKE '%' || b.booking_number || '%' WHERE b.booking_number = $1",
      [template],
    );
    const token = /manage-booking\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1];
    const manageLabel = async () => (await provider.fastify.inject({ method: 'POST', url: '/api/v1/manage-booking', headers: KEY_HEADERS, payload: { token } })).json().status_label;
    expect(await manageLabel()).toBe('Driver assigned');
    clock = new Date(pickupAt).getTime() - 30 * 60_000;
    expect((await step(driver, template, 'on_the_way')).statusCode).toBe(200);
    expect(await manageLabel()).toBe('Your driver is on the way');
    expect((await step(driver, template, 'arrived')).statusCode).toBe(200);
    expect(await manageLabel()).toBe('Your driver has arrived');
  });

  it('the time rules: on the way from the lead time, completed only after passenger on board, a no-show after the wait', async () => {
    const driver = await onDuty();
    const pickupAt = new Date(Math.ceil((clock + 3 * HOUR) / 60_000) * 60_000);
    const number = await acceptedBooking(pickupAt);
    await given(number, driver);
    const early = await step(driver, number, 'on_the_way');
    expect([early.statusCode, early.json().code, early.json().message]).toEqual([422, 'too_early', driverStepTooEarlyMessage('on_the_way', new Date(pickupAt.getTime() - HOUR))]);
    expect(driverStepTooEarlyMessage('on_the_way', new Date('2026-11-27T08:00:00Z'))).toBe("Not yet: this job can be marked 'on the way' from 08:00 on 2026-11-27 (London time).");
    const completeFirst = await step(driver, number, 'complete');
    expect([completeFirst.statusCode, completeFirst.json().message]).toEqual([409, "This job is Not started: it cannot be completed."]);
    clock = pickupAt.getTime() - 30 * 60_000;
    expect((await step(driver, number, 'on_the_way')).json()).toMatchObject({ success: true, message: STEP_MESSAGES.on_the_way, job: { state: 'on_the_way', allowed_steps: ['arrived'] } });
    expect((await step(driver, number, 'complete')).json().message).toBe("This job is On the way: it cannot be completed.");
    const arrived = await step(driver, number, 'arrived');
    expect(arrived.json().job).toMatchObject({ state: 'arrived', allowed_steps: ['on_board', 'no_show'], not_before: { no_show: new Date(pickupAt.getTime() + 10 * 60_000).toISOString() } });
    const noShow = await step(driver, number, 'no_show');
    expect([noShow.statusCode, noShow.json().message]).toEqual([422, driverStepTooEarlyMessage('no_show', new Date(pickupAt.getTime() + 10 * 60_000))]);
    // The console sees each step as it happens (the booking's event: the board and the page read it again).
    const seen = (await api.as(dispatcher, 'GET', `bookings/${number}`)).json().booking;
    expect(seen).toMatchObject({ status: 'driver_assigned', job_stage: 'arrived', dispatch: { on_the_way_at: expect.any(String), arrived_at: expect.any(String), on_board_at: null } });
    clock = pickupAt.getTime() + 11 * 60_000;
    const gone = await step(driver, number, 'no_show');
    expect(gone.json()).toMatchObject({ success: true, message: STEP_MESSAGES.no_show, job: { status: 'no_show', state: 'no_show', allowed_steps: [] } });
    const timeline = (await api.as(dispatcher, 'GET', `bookings/${number}`)).json().booking.timeline.map((entry: { action: string; actor: { name: string } }) => entry.action);
    expect(timeline.slice(-3)).toEqual(['booking.driver_on_the_way', 'booking.driver_arrived', 'booking.driver_no_show']);
  });

  it('a tap replayed (the offline queue, a lost answer) is answered with its first answer and applied once, even 10 at a time; a key is one tap’s', async () => {
    const driver = await onDuty();
    const number = await acceptedBooking(new Date(clock + 30 * 60_000));
    await given(number, driver);
    const before = await row(number);
    const key = randomUUID();
    const first = await step(driver, number, 'on_the_way', key);
    expect(first.statusCode).toBe(200);
    const replays = await Promise.all(Array.from({ length: 10 }, () => step(driver, number, 'on_the_way', key)));
    for (const replay of replays) expect([replay.statusCode, replay.json()]).toEqual([200, first.json()]);
    expect(await row(number)).toEqual({ ...before, job_stage: 'on_the_way', revision: before.revision + 1 });
    expect((await api.sql<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1 AND action = 'booking.driver_on_the_way'", [number]))[0].n).toBe(1);
    // Ten new taps of one step at once (each its own key): one applies, the rest are told the job moved on.
    const racing = await Promise.all(Array.from({ length: 10 }, () => step(driver, number, 'arrived')));
    expect(racing.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(new Set(racing.filter((answer) => answer.statusCode !== 200).map((answer) => answer.json().message))).toEqual(new Set(["This job is Arrived: it cannot be marked 'arrived'."]));
    const reused = await step(driver, number, 'on_board', key);
    expect([reused.statusCode, reused.json().message]).toEqual([422, DRIVER_MESSAGES.tapKeyReused]);
    // A refusal is an answer too: replayed, it is refused alike even once the step would pass.
    const refusedKey = randomUUID();
    const refused = await step(driver, number, 'complete', refusedKey);
    expect(refused.statusCode).toBe(409);
    expect((await step(driver, number, 'on_board')).statusCode).toBe(200);
    expect((await step(driver, number, 'complete', refusedKey)).json()).toEqual(refused.json());
  });

  it('a tap on a job cancelled or taken off the driver meanwhile: 409 with a clear message and the job’s state; another driver’s or site’s job is a 404', async () => {
    const driver = await onDuty();
    const cancelled = await acceptedBooking(new Date(clock + 30 * 60_000));
    await given(cancelled, driver);
    expect((await api.as(dispatcher, 'POST', `bookings/${cancelled}/dispatch`, { event: 'cancel', reason: 'passenger_request' })).statusCode).toBe(200);
    const onCancelled = await step(driver, cancelled, 'on_the_way');
    expect(onCancelled.json()).toMatchObject({ code: 'job_changed', message: DRIVER_MESSAGES.jobCancelled, job: { status: 'cancelled', state: 'cancelled', allowed_steps: [] } });

    const moved = await acceptedBooking(new Date(clock + 30 * 60_000));
    await given(moved, driver);
    expect((await step(driver, moved, 'on_the_way')).statusCode).toBe(200);
    expect((await api.as(dispatcher, 'POST', `bookings/${moved}/dispatch`, { event: 'unassign' })).statusCode).toBe(200);
    expect(await row(moved)).toMatchObject({ status: 'accepted', job_stage: null });
    const taken = await step(driver, moved, 'arrived');
    expect([taken.statusCode, taken.json().code, taken.json().message, taken.json().job]).toEqual([409, 'job_changed', DRIVER_MESSAGES.jobReassigned, null]);
    expect((await app.as(driver, 'GET', `jobs/${moved}`)).statusCode).toBe(404);

    // Another driver's job, offer and position: none of this driver's business.
    const other = await onDuty();
    const theirs = await acceptedBooking(new Date(clock + 30 * 60_000));
    const theirOffer = (await api.as(dispatcher, 'POST', `bookings/${theirs}/offers`, { driver_id: other.driverId })).json().offer;
    expect((await app.as(driver, 'POST', `offers/${theirOffer.id}/accept`, app.tapBody())).statusCode).toBe(404);
    expect((await app.as(driver, 'POST', `offers/${theirOffer.id}/decline`, app.tapBody())).statusCode).toBe(404);
    expect((await app.as(driver, 'GET', 'offers')).json().offers).toEqual([]);
    await app.as(other, 'POST', `offers/${theirOffer.id}/accept`, app.tapBody());
    for (const response of [await app.as(driver, 'GET', `jobs/${theirs}`), await step(driver, theirs, 'on_the_way')]) expect([response.statusCode, response.json().message]).toEqual([404, DRIVER_MESSAGES.jobNotFound]);
    expect((await app.as(driver, 'GET', 'jobs')).json().jobs.map((job: { booking_number: string }) => job.booking_number)).not.toContain(theirs);
    expect(await row(theirs)).toMatchObject({ status: 'driver_assigned', job_stage: null });

    // Another site's driver sees none of this site's jobs either.
    const site = await api.otherSite('Elsewhere Cars');
    const stranger = await app.newDriver(site.owner, 'Stranger', site.headers);
    expect((await app.as(stranger, 'GET', `jobs/${theirs}`)).statusCode).toBe(404);
    expect((await step(stranger, theirs, 'on_the_way')).statusCode).toBe(404);
    expect((await app.as(stranger, 'POST', `offers/${theirOffer.id}/accept`, app.tapBody())).statusCode).toBe(404);
    expect((await api.as(site.owner, 'POST', `bookings/${theirs}/offers`, { driver_id: stranger.driverId }, site.headers)).statusCode).toBe(404);
  });

  it('the full job: on duty with a usable vehicle, positions with a flagged jump, completed after on board with the receipt mail; off duty after', async () => {
    const driver = await app.newDriver(dispatcher);
    const expired = (await api.as(dispatcher, 'POST', 'vehicles', { registration: 'EXP01', make: 'Ford', model: 'Galaxy', colour: 'Black', category_id: 1, licence_number: 'PHV-EXP-1', licence_expiry: '2020-01-01' })).json().vehicle.id;
    expect((await app.as(driver, 'GET', 'vehicles')).json().vehicles.map((vehicle: { id: number }) => vehicle.id)).not.toContain(expired);
    const tooOld = await app.as(driver, 'POST', 'shift', { vehicle_id: expired });
    expect([tooOld.statusCode, tooOld.json().message]).toEqual([422, DRIVER_MESSAGES.vehicleNotUsable]);
    const vehicle = await app.newVehicle(dispatcher);
    expect((await app.as(driver, 'POST', 'positions', { lat: 51.5, lng: -0.1 })).json().message).toBe(DRIVER_MESSAGES.notOnDuty);
    expect((await app.as(driver, 'POST', 'shift', { vehicle_id: vehicle })).json()).toMatchObject({ message: DRIVER_MESSAGES.onDuty, shift: { vehicle: { id: vehicle } } });
    const rival = await app.newDriver(dispatcher);
    expect((await app.as(rival, 'POST', 'shift', { vehicle_id: vehicle })).json().message).toBe(DRIVER_MESSAGES.vehicleInUse);

    const number = await acceptedBooking(new Date(clock + 20 * 60_000));
    await given(number, driver);
    expect((await step(driver, number, 'on_the_way')).statusCode).toBe(200);
    const at = (seconds: number) => new Date(clock + seconds * 1000).toISOString();
    expect((await app.as(driver, 'POST', 'positions', { lat: 51.47, lng: -0.45, accuracy_m: 8, recorded_at: at(-20) })).json()).toEqual({ success: true, flagged: false });
    // 80 km in 10 s: kept, flagged, not the driver's latest.
    expect((await app.as(driver, 'POST', 'positions', { lat: 52.2, lng: -0.45, recorded_at: at(-10) })).json()).toEqual({ success: true, flagged: true });
    expect((await app.as(driver, 'POST', 'positions', { lat: 51.471, lng: -0.449, recorded_at: at(0) })).json()).toEqual({ success: true, flagged: false });
    expect(await api.sql('SELECT lat, flagged FROM driver_position_reports WHERE booking_id = (SELECT id FROM bookings WHERE booking_number = $1) ORDER BY id', [number])).toEqual([
      { lat: 51.47, flagged: false },
      { lat: 52.2, flagged: true },
      { lat: 51.471, flagged: false },
    ]);
    const onDutyList = (await api.as(dispatcher, 'GET', 'drivers/on-duty')).json().drivers.find((entry: { driver: { id: number } }) => entry.driver.id === driver.driverId);
    expect(onDutyList).toMatchObject({ shift: { vehicle: { id: vehicle } }, position: { lat: 51.471, lng: -0.449 }, job: { booking_number: number, state: 'on_the_way' } });

    expect((await app.as(driver, 'DELETE', 'shift')).json().message).toBe(DRIVER_MESSAGES.jobInProgress);
    clock += 20 * 60_000;
    expect((await step(driver, number, 'arrived')).statusCode).toBe(200);
    expect((await step(driver, number, 'on_board')).statusCode).toBe(200);
    const done = await step(driver, number, 'complete');
    expect(done.json()).toMatchObject({ success: true, message: STEP_MESSAGES.complete, job: { status: 'completed', state: 'completed' } });
    expect(await api.sql("SELECT kind FROM mail_outbox WHERE subject LIKE $1 AND kind = 'booking_completed'", [`%${number}%`])).toEqual([{ kind: 'booking_completed' }]);
    expect((await app.as(driver, 'DELETE', 'shift')).json()).toEqual({ success: true, message: DRIVER_MESSAGES.offDuty, shift: null });
  });

  it('a position’s accuracy is kept to a tenth of a metre, whatever number the phone sends (a denormal was a 500)', async () => {
    const driver = await onDuty();
    for (const accuracy of [5e-324, 7.25, 99_999.99]) {
      const sent = await app.as(driver, 'POST', 'positions', { lat: 51.47, lng: -0.45, accuracy_m: accuracy });
      expect([sent.statusCode, sent.json()], `accuracy_m ${accuracy}`).toEqual([200, { success: true, flagged: false }]);
    }
    const kept = await api.sql<{ accuracy_m: number }>('SELECT accuracy_m FROM driver_position_reports WHERE driver_id = $1 ORDER BY id', [driver.driverId]);
    expect(kept.map((row) => Number(row.accuracy_m))).toEqual([0, 7.3, 100_000]);
    expect((await app.as(driver, 'POST', 'positions', { lat: 51.47, lng: -0.45, accuracy_m: 100_000.01 })).statusCode).toBe(400);
  });

  it('an offer reaches the driver’s event stream at once; another driver’s does not', async () => {
    const driver = await onDuty();
    const other = await onDuty();
    const url = await provider.fastify.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    const response = await fetch(`${url}/api/driver/events`, { headers: { cookie: driver.cookie }, signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await readUntil(/retry: 5000/);
    const notMine = await acceptedBooking();
    await api.as(dispatcher, 'POST', `bookings/${notMine}/offers`, { driver_id: other.driverId });
    const mine = await acceptedBooking();
    await api.as(dispatcher, 'POST', `bookings/${mine}/offers`, { driver_id: driver.driverId });
    await readUntil(new RegExp(mine));
    expect(text).toContain(`event: booking\ndata: {"booking_number":"${mine}","kind":"dispatched"}`);
    expect(text).not.toContain(notMine);
    controller.abort();
  });
  it('a driver deactivated in the register is off duty at once: not offered, signed out, their open offer withdrawn', async () => {
    const driver = await onDuty();
    const number = await acceptedBooking();
    const offered = await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId });
    expect(offered.statusCode, offered.body).toBe(201);
    const onDutyIds = async () => ((await api.as(dispatcher, 'GET', 'drivers/on-duty')).json().drivers as { driver: { id: number } }[]).map((d) => d.driver.id);
    expect(await onDutyIds()).toContain(driver.driverId);

    const deactivated = await api.as(dispatcher, 'PATCH', `drivers/${driver.driverId}`, { active: false });
    expect(deactivated.statusCode, deactivated.body).toBe(200);

    expect(await onDutyIds()).not.toContain(driver.driverId);
    expect(await api.sql('SELECT 1 FROM driver_shifts WHERE driver_id = $1 AND ended_at IS NULL', [driver.driverId])).toEqual([]);
    expect(await api.sql('SELECT 1 FROM driver_sessions WHERE driver_id = $1 AND revoked_at IS NULL', [driver.driverId])).toEqual([]);
    expect(await api.sql<{ state: string }>('SELECT state FROM driver_offers WHERE id = $1', [offered.json().offer.id])).toEqual([{ state: 'withdrawn' }]);
    expect((await app.as(driver, 'GET', 'session')).statusCode).toBe(401);
    // Offered again: refused, the driver is not on duty.
    const again = await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId });
    expect(again.statusCode, again.body).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
  });
});
