import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_QUEUE_MESSAGES, NEEDS_ACTION_TEXT, type NeedsActionItem, type NeedsActionQueue } from '../../contract/consoleQueue.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 33, the dispatcher's "Needs action" queue: each reason picks out the bookings it should (and not the others),
 * whatever their date; the board's badge counts the same bookings; the passenger's change requests are dealt with
 * once; another site, a signed-out caller and a forged body are refused.
 */

const TOKEN_IN_MAIL = /Manage your booking: +http:\/\/localhost:8080\/manage-booking\?token=([A-Za-z0-9_-]{43})\n/;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe(`the "Needs action" queue on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let app: ReturnType<typeof driverAppOf>;
  let dispatcher: Signed;
  let owner: Signed;
  let template: string;
  let clock = Date.now();
  beforeAll(async () => {
    provider = await startTestProvider({ now: () => new Date(clock) });
    api = consoleOf(provider);
    app = driverAppOf(provider, api);
    dispatcher = await api.dispatcher();
    owner = await api.owner();
    template = await api.bookInCar('queue.template@example.test');
    // The template itself is a new booking: out of the way.
    await api.sql("UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE booking_number = $1", [template]);
  });
  afterAll(() => provider.dispose());

  let copies = 0;
  /** A copy of the template, picked up `inMs` from the clock, in `status` (confirmed: new). */
  async function booking(inMs: number, status: 'confirmed' | 'accepted' = 'confirmed'): Promise<string> {
    const number = `CF-Q${String(++copies).padStart(5, '0')}`;
    await api.copyBooking(template, { number, pickupAt: new Date(clock + inMs) });
    if (status === 'accepted') expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
    return number;
  }
  async function queue(who: Signed = dispatcher): Promise<NeedsActionQueue> {
    const response = await api.as(who, 'GET', 'needs-action');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const item = (q: NeedsActionQueue, number: string): NeedsActionItem | undefined => q.items.find((entry) => entry.booking.booking_number === number);
  const reasonsOf = async (number: string) => item(await queue(), number)?.reasons.map((reason) => [reason.code, reason.text]) ?? [];
  async function onDuty(): Promise<SignedDriver> {
    const driver = await app.newDriver(dispatcher);
    const vehicle = await app.newVehicle(dispatcher);
    expect((await app.as(driver, 'POST', 'shift', { vehicle_id: vehicle })).statusCode).toBe(200);
    return driver;
  }
  const offer = async (number: string, driver: SignedDriver) => {
    const offered = await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId });
    expect(offered.statusCode, offered.body).toBe(201);
    return offered.json().offer.id as number;
  };

  it('a booking for next week is in the queue as new (and nowhere on the default board), and the badge counts it', async () => {
    const nextWeek = await booking(7 * 24 * HOUR);
    const q = await queue();
    expect(item(q, nextWeek)).toMatchObject({ booking: { booking_number: nextWeek, status: 'confirmed' }, reasons: [{ code: 'new', text: NEEDS_ACTION_TEXT.new, details: [], since: expect.any(String), request_id: null }] });
    expect(q.count).toBe(q.items.length);
    const board = (await api.as(dispatcher, 'GET', 'bookings')).json();
    expect(board.bookings.map((row: { booking_number: string }) => row.booking_number)).not.toContain(nextWeek);
    expect(board.needs_action).toBe(q.count);
    // Accepted far ahead: nothing to do yet.
    expect((await api.as(dispatcher, 'POST', `bookings/${nextWeek}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
    const after = await queue();
    expect(item(after, nextWeek)).toBeUndefined();
    expect(after.count).toBe(q.count - 1);
    expect((await api.as(dispatcher, 'GET', 'bookings')).json().needs_action).toBe(after.count);
  });

  it("no driver within the owner's lead time (ASSIGN_BY_MINUTES, default 2 hours), past pick-ups included; the owner's setting moves it", async () => {
    const soon = await booking(90 * MINUTE, 'accepted');
    const later = await booking(3 * HOUR, 'accepted');
    const missed = await booking(-30 * MINUTE, 'accepted');
    const newAndSoon = await booking(30 * MINUTE);
    expect(await reasonsOf(soon)).toEqual([['unassigned', 'No driver assigned, and the pick-up is less than 2 hours away']]);
    expect(await reasonsOf(later)).toEqual([]);
    expect(await reasonsOf(missed)).toEqual([['unassigned', NEEDS_ACTION_TEXT.unassignedPast]]);
    expect(await reasonsOf(newAndSoon)).toEqual([
      ['new', NEEDS_ACTION_TEXT.new],
      ['unassigned', 'No driver assigned, and the pick-up is less than 2 hours away'],
    ]);
    // Soonest pick-up first.
    const numbers = (await queue()).items.map((entry) => entry.booking.booking_number);
    expect(numbers.indexOf(missed)).toBeLessThan(numbers.indexOf(newAndSoon));
    expect(numbers.indexOf(newAndSoon)).toBeLessThan(numbers.indexOf(soon));

    expect((await api.as(owner, 'PUT', 'settings', { ASSIGN_BY_MINUTES: '240' })).statusCode).toBe(200);
    expect(await reasonsOf(later)).toEqual([['unassigned', 'No driver assigned, and the pick-up is less than 4 hours away']]);
    const refused = await api.as(owner, 'PUT', 'settings', { ASSIGN_BY_MINUTES: '-5' });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'ASSIGN_BY_MINUTES: whole minutes from 0 to 10080']);
    expect((await api.as(owner, 'PUT', 'settings', { ASSIGN_BY_MINUTES: '120' })).statusCode).toBe(200);
    // Cancelled and completed bookings never need action.
    await api.sql("UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE booking_number = ANY($1)", [[soon, later, missed, newAndSoon]]);
    const q = await queue();
    for (const number of [soon, later, missed, newAndSoon]) expect(item(q, number)).toBeUndefined();
  });

  it('an offer declined or timed out (with none other open) is in the queue with the driver; an open one is not', async () => {
    const driver = await onDuty();
    const name = (await api.sql<{ name: string }>('SELECT name FROM drivers WHERE id = $1', [driver.driverId]))[0].name;
    const number = await booking(5 * HOUR, 'accepted');
    await offer(number, driver);
    expect(await reasonsOf(number)).toEqual([]);
    clock += 31_000;
    expect(await reasonsOf(number)).toEqual([['offer_expired', `The offer to ${name} timed out`]]);
    // The lapsed offer is settled when the booking's offers are read (as its page does) before offering again.
    expect((await api.as(dispatcher, 'GET', `bookings/${number}/offers`)).json().offers.map((entry: { state: string }) => entry.state)).toEqual(['expired']);
    expect(await reasonsOf(number)).toEqual([['offer_expired', `The offer to ${name} timed out`]]);
    const again = await offer(number, driver);
    expect(await reasonsOf(number)).toEqual([]);
    const declined = await app.as(driver, 'POST', `offers/${again}/decline`, app.tapBody());
    expect(declined.statusCode).toBe(200);
    const [reason] = item(await queue(), number)!.reasons;
    expect(reason).toEqual({ code: 'offer_declined', text: `${name} declined the offer`, details: [], since: new Date(clock).toISOString(), request_id: null });
  });

  it("a driver on the app who has not tapped 'On my way' ON_THE_WAY_BY_MINUTES (default 15) before the pick-up; one run by phone is not flagged", async () => {
    const driver = await onDuty();
    const name = (await api.sql<{ name: string }>('SELECT name FROM drivers WHERE id = $1', [driver.driverId]))[0].name;
    const due = await booking(10 * MINUTE, 'accepted');
    const notYet = await booking(40 * MINUTE, 'accepted');
    for (const number of [due, notYet]) {
      const accepted = await app.as(driver, 'POST', `offers/${await offer(number, driver)}/accept`, app.tapBody());
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    expect(await reasonsOf(due)).toEqual([['driver_not_on_the_way', `${name} has not tapped 'On my way'`]]);
    expect(await reasonsOf(notYet)).toEqual([]);
    const tapped = await app.as(driver, 'POST', `jobs/${due}/steps`, { step: 'on_the_way', idempotency_key: randomUUID() });
    expect(tapped.statusCode, tapped.body).toBe(200);
    expect(await reasonsOf(due)).toEqual([]);

    // A register driver without the app, assigned by the office.
    const created = await api.as(dispatcher, 'POST', 'drivers', { name: 'Phone Only', licence_number: 'PHD-Q-PHONE', licensing_authority: 'Transport for London', licence_expiry: '2035-01-31' });
    const vehicle = await app.newVehicle(dispatcher);
    const byPhone = await booking(5 * MINUTE, 'accepted');
    const assigned = await api.as(dispatcher, 'POST', `bookings/${byPhone}/dispatch`, { event: 'assign', driver_id: created.json().driver.id, vehicle_id: vehicle });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await reasonsOf(byPhone)).toEqual([]);
  });

  it('a change the passenger asked for stays until dealt with, once (20 at once: one), by either role; a new request comes back', async () => {
    const email = 'queue.change@example.test';
    const number = await api.bookInCar(email);
    const [mail] = await api.sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address LIKE $1", [`%<${email}>`]);
    const token = TOKEN_IN_MAIL.exec(mail.text_body)![1];
    const created = await api.as(dispatcher, 'POST', 'drivers', { name: 'Change Driver', licence_number: 'PHD-Q-CHANGE', licensing_authority: 'Transport for London', licence_expiry: '2035-01-31' });
    const vehicle = await app.newVehicle(dispatcher);
    expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
    expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'assign', driver_id: created.json().driver.id, vehicle_id: vehicle })).statusCode).toBe(200);
    const ask = (passengers: number) =>
      provider.fastify.inject({ method: 'POST', url: '/api/v1/manage-booking/change', headers: KEY_HEADERS, payload: { token, revision: 2, changes: { passengers } }, remoteAddress: '198.51.100.33' });
    const asked = await ask(3);
    expect(asked.json()).toMatchObject({ result: 'requested' });

    const [reason] = item(await queue(), number)!.reasons;
    expect(reason).toEqual({ code: 'change_requested', text: 'The passenger asked for a change', details: ['Passengers: 2 → 3'], since: expect.any(String), request_id: expect.any(Number) });

    // Not the other site's to deal with; a forged body is refused before anything is read.
    const other = await api.otherSite('Queue Other Cars');
    const foreign = await api.as(other.owner, 'POST', `bookings/${number}/change-requests/handled`, { last_request_id: reason.request_id }, other.headers);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, CONSOLE_QUEUE_MESSAGES.notFound]);
    expect((await queue(other.owner)).items.map((entry) => entry.booking.booking_number)).not.toContain(number);
    for (const body of [{}, { last_request_id: 'x' }, { last_request_id: 0 }, { last_request_id: reason.request_id, extra: 1 }, { last_request_id: '1\u0000' }]) {
      expect((await api.as(dispatcher, 'POST', `bookings/${number}/change-requests/handled`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.as(dispatcher, 'POST', `bookings/${'X'.repeat(41)}/change-requests/handled`, { last_request_id: 1 })).statusCode).toBe(400);
    expect((await api.as(dispatcher, 'POST', 'bookings/CF-NONE/change-requests/handled', { last_request_id: 1 })).statusCode).toBe(404);

    const audits = async () => (await api.sql<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'booking.change_requests_handled' AND entity_id = $1", [number]))[0].n;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => api.as(index % 2 ? owner : dispatcher, 'POST', `bookings/${number}/change-requests/handled`, { last_request_id: reason.request_id })));
    expect(answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json())).toEqual([{ success: true, message: CONSOLE_QUEUE_MESSAGES.handled }]);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) expect([answer.statusCode, answer.json().message]).toEqual([409, CONSOLE_QUEUE_MESSAGES.noOpenRequest]);
    expect(await audits()).toBe(1);
    expect(await api.sql('SELECT handled_by FROM booking_changes WHERE id = $1', [reason.request_id])).toEqual([{ handled_by: expect.stringMatching(/@westwaycars\.test$/) }]);
    expect(await reasonsOf(number)).toEqual([]);

    // The passenger asks again: back in the queue; dealing only with the earlier one leaves it there.
    expect((await ask(4)).json()).toMatchObject({ result: 'requested' });
    expect(await reasonsOf(number)).toEqual([['change_requested', 'The passenger asked for a change']]);
    const stale = await api.as(owner, 'POST', `bookings/${number}/change-requests/handled`, { last_request_id: reason.request_id });
    expect(stale.statusCode).toBe(409);
    expect(item(await queue(), number)!.reasons[0].details).toEqual(['Passengers: 2 → 4']);
  });

  it('signed out, a passenger token or another site never reads the queue; owners and dispatchers read the same one', async () => {
    expect((await api.raw('GET', 'needs-action', {})).statusCode).toBe(401);
    expect((await api.raw('GET', 'needs-action', { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    const [asOwner, asDispatcher] = [await queue(owner), await queue(dispatcher)];
    expect({ ...asOwner, checked_at: '' }).toEqual({ ...asDispatcher, checked_at: '' });
    const other = await api.otherSite('Queue Third Cars');
    expect((await api.as(other.owner, 'GET', 'needs-action', undefined, other.headers)).json()).toMatchObject({ count: 0, items: [] });
    // A member naming another site's keys is refused (the console's rule for every call).
    expect((await api.as(dispatcher, 'GET', 'needs-action', undefined, other.headers)).statusCode).toBe(403);
    const ours = await queue();
    expect(ours.count).toBeGreaterThan(0);
    expect((await api.as(dispatcher, 'GET', 'bookings')).json().needs_action).toBe(ours.count);
  });
});
