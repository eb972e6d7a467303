import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, DISPATCH_EVENTS, DISPATCH_MESSAGES, illegalTransitionMessage, nextStatus, tooEarlyMessage, type DispatchEvent } from '../../contract/dispatch.ts';
import { DEMO_DRIVER } from '../../server/db/seed/demo.ts';
import { londonDate } from '../helpers/forms.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 17, dispatch: the one transition table enforced (every illegal pair refused, nothing changed), the booking
 * row locked with its revision raised, the audit entry and the passenger's mails in the same transaction, assignment
 * of valid drivers and vehicles only with snapshots, and an operator's cancellation refunding a card exactly once.
 */

describe(`dispatch on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let dispatcher: Signed;
  let driverId: number;
  let vehicleId: number;
  let template: string;
  beforeAll(async () => {
    provider = await startTestProvider();
    api = consoleOf(provider);
    dispatcher = await api.dispatcher();
    template = await api.bookInCar('dispatch.template@example.test');
    const driver = await api.as(dispatcher, 'POST', 'drivers', { name: 'Amir Haddad', phone: '07700 900111', licence_number: 'PHD-1001', licensing_authority: 'Transport for London', licence_expiry: '2035-01-31' });
    const vehicle = await api.as(dispatcher, 'POST', 'vehicles', { registration: 'lx71 abc', make: 'Toyota', model: 'Prius', colour: 'Silver', category_id: 1, licence_number: 'PHV-2002', licence_expiry: '2035-01-31' });
    expect([driver.statusCode, vehicle.statusCode]).toEqual([201, 201]);
    driverId = driver.json().driver.id;
    vehicleId = vehicle.json().vehicle.id;
  });
  afterAll(() => provider.dispose());

  const dispatch = (bookingNumber: string, body: Record<string, unknown>, who = dispatcher) => api.as(who, 'POST', `bookings/${bookingNumber}/dispatch`, body);
  const row = async (bookingNumber: string) =>
    (await api.sql<{ id: string; status: string; revision: number; driver_name: string | null; assigned_driver: unknown; assigned_vehicle: unknown; cancel_reason: string | null }>(
      'SELECT id, status, revision, driver_name, assigned_driver, assigned_vehicle, cancel_reason FROM bookings WHERE booking_number = $1',
      [bookingNumber],
    ))[0];
  const count = async (table: string) => Number((await api.sql<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0].n);
  const mailsTo = (email: string) => api.sql<{ kind: string; subject: string; text_body: string }>('SELECT kind, subject, text_body FROM mail_outbox WHERE to_address LIKE $1 ORDER BY id', [`%<${email}>`]);
  const validBody = (event: DispatchEvent): Record<string, unknown> =>
    event === 'assign' ? { event, driver_id: driverId, vehicle_id: vehicleId } : event === 'cancel' ? { event, reason: 'no_vehicle_available' } : { event };
  /** The job has run: its pick-up was an hour ago (completing and a no-show wait for it, issue 30). */
  const ran = (bookingNumber: string) => api.sql("UPDATE bookings SET pick_up_at = now() - interval '1 hour' WHERE booking_number = $1", [bookingNumber]);
  let copies = 0;
  /** A booking put straight into `status` (a copy of the template, picked up tomorrow unless `pickupAt` says otherwise). */
  async function bookingIn(status: string, pickupAt?: Date): Promise<string> {
    const number = `CF-ILL${String(++copies).padStart(4, '0')}`;
    await api.copyBooking(template, { number, pickupAt });
    await api.sql("UPDATE bookings SET status = $2, cancelled_at = CASE WHEN $2 = 'cancelled' THEN now() END WHERE booking_number = $1", [number, status]);
    return number;
  }

  it('refuses every (state, event) pair the table does not have with 409 and its message, and changes nothing', async () => {
    const pairs = BOOKING_STATUSES.flatMap((status) => DISPATCH_EVENTS.filter((event) => nextStatus(status, event) === null).map((event) => ({ status, event })));
    // 26, and the five a phone booking held for its payment link refuses (issue 34: only cancel).
    expect(pairs).toHaveLength(31);
    const numbers = Object.fromEntries(await Promise.all(BOOKING_STATUSES.map(async (status) => [status, await bookingIn(status)] as const)));
    const before = { audit: await count('audit_log'), mail: await count('mail_outbox'), refunds: await count('refunds') };
    for (const { status, event } of pairs) {
      const response = await dispatch(numbers[status], validBody(event));
      expect(response.statusCode, `${status} × ${event}`).toBe(409);
      expect(response.json()).toEqual({ success: false, message: illegalTransitionMessage(status, event), status, revision: 0, code: 'conflict' });
    }
    expect(illegalTransitionMessage('completed', 'accept')).toBe('This booking is Completed: it cannot be accepted.');
    for (const status of BOOKING_STATUSES) expect(await row(numbers[status])).toMatchObject({ status, revision: 0, driver_name: null });
    expect({ audit: await count('audit_log'), mail: await count('mail_outbox'), refunds: await count('refunds') }).toEqual(before);
  });

  it('accept → assign → complete: revision raised, the audit entry with before and after, the passenger mailed, the snapshot kept after the driver is edited', async () => {
    const email = 'flow.passenger@example.test';
    const number = await api.bookInCar(email);
    const accepted = await dispatch(number, { event: 'accept', revision: 0 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ success: true, message: DISPATCH_MESSAGES.accepted, refund: null, booking: { booking_number: number, status: 'accepted', revision: 1, allowed_events: ['assign', 'cancel', 'no_show'] } });

    const assigned = await dispatch(number, { event: 'assign', revision: 1, driver_id: driverId, vehicle_id: vehicleId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const detail = assigned.json().booking;
    expect(detail).toMatchObject({ status: 'driver_assigned', revision: 2, driver: { name: 'Amir Haddad', vehicle_registration: 'LX71ABC' } });
    expect(detail.dispatch.driver).toEqual({ id: driverId, name: 'Amir Haddad', phone: '07700 900111', licence_number: 'PHD-1001', licensing_authority: 'Transport for London', licence_expiry: '2035-01-31' });
    expect(detail.dispatch.vehicle).toMatchObject({ id: vehicleId, registration: 'LX71ABC', make: 'Toyota', model: 'Prius', colour: 'Silver', category_id: 1, licence_number: 'PHV-2002', licence_expiry: '2035-01-31' });

    // The register changes; the booking keeps the driver as they were when assigned.
    expect((await api.as(dispatcher, 'PATCH', `drivers/${driverId}`, { name: 'Amir H. Renamed', licence_number: 'PHD-9999' })).statusCode).toBe(200);
    const kept = (await api.as(dispatcher, 'GET', `bookings/${number}`)).json().booking;
    expect(kept.dispatch.driver).toMatchObject({ name: 'Amir Haddad', licence_number: 'PHD-1001' });
    await api.as(dispatcher, 'PATCH', `drivers/${driverId}`, { name: 'Amir Haddad', licence_number: 'PHD-1001' });

    await ran(number);
    const stale = await dispatch(number, { event: 'complete', revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(DISPATCH_MESSAGES.revisionChanged);
    const completed = await dispatch(number, { event: 'complete', revision: 2 });
    expect(completed.statusCode).toBe(200);
    expect(completed.json().booking).toMatchObject({ status: 'completed', revision: 3, allowed_events: [] });
    expect(completed.json().booking.dispatch.completed_at).toEqual(expect.any(String));

    const timeline = completed.json().booking.timeline.map((entry: { action: string; actor: { name: string }; before: unknown; after: unknown }) => [entry.action, entry.actor.name, entry.before, entry.after]);
    expect(timeline).toEqual([
      ['booking.accept', 'Sam Okafor', { status: 'confirmed', driver: null, vehicle: null }, { status: 'accepted', driver: null, vehicle: null }],
      [
        'booking.assign',
        'Sam Okafor',
        { status: 'accepted', driver: null, vehicle: null },
        { status: 'driver_assigned', driver: { id: driverId, name: 'Amir Haddad', licence_number: 'PHD-1001' }, vehicle: { id: vehicleId, registration: 'LX71ABC', licence_number: 'PHV-2002' } },
      ],
      ['booking.complete', 'Sam Okafor', expect.objectContaining({ status: 'driver_assigned' }), expect.objectContaining({ status: 'completed' })],
    ]);

    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.kind)).toEqual(['booking_confirmation', 'booking_accepted', 'driver_assigned', 'booking_completed']);
    expect(mails[1].subject).toBe(`Booking ${number} accepted — Westway Cars`);
    expect(mails[2].subject).toBe(`Your driver for booking ${number} — Westway Cars`);
    expect(mails[2].text_body).toContain('Amir will drive you.');
    expect(mails[2].text_body).toMatch(/Vehicle: +Silver Toyota Prius\n/);
    expect(mails[2].text_body).toMatch(/Registration: +LX71ABC\n/);
    expect(mails[2].text_body).not.toContain('Haddad');
    expect(mails[3].subject).toBe(`Thank you for travelling with us: booking ${number} — Westway Cars`);
    // The completion mail carries the booking's receipt (a VAT invoice: the demo operator is VAT-registered).
    const [completion] = await api.sql<{ attachments: { filename: string; contentType: string; encoding?: string; content: string }[] }>(
      "SELECT attachments FROM mail_outbox WHERE kind = 'booking_completed' AND to_address LIKE $1",
      [`%<${email}>`],
    );
    expect(completion.attachments.map(({ filename, contentType, encoding }) => ({ filename, contentType, encoding }))).toEqual([
      { filename: expect.stringContaining(number), contentType: 'application/pdf', encoding: 'base64' },
    ]);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(Buffer.from(completion.attachments[0].content, 'base64'))), { mergePages: true });
    expect(text).toContain('VAT invoice');
    expect(text).toContain(number);
    // The mails show in the booking's detail.
    expect(completed.json().booking.mails.map((mail: { kind: string }) => mail.kind)).toEqual(expect.arrayContaining(['booking_accepted', 'driver_assigned', 'booking_completed']));
  });

  it('assigns only active drivers and vehicles whose licences hold on the day of the job; re-assign and unassign', async () => {
    const number = await bookingIn('accepted');
    const add = async (kind: 'drivers' | 'vehicles', body: Record<string, unknown>) => (await api.as(dispatcher, 'POST', kind, body)).json()[kind === 'drivers' ? 'driver' : 'vehicle'].id as number;
    const expired = await add('drivers', { name: 'Old Licence', licence_number: 'PHD-0001', licensing_authority: 'Transport for London', licence_expiry: '2020-01-31' });
    const endsToday = await add('drivers', { name: 'Ends Today', licence_number: 'PHD-0002', licensing_authority: 'Transport for London', licence_expiry: londonDate(0) });
    const inactive = await add('drivers', { name: 'Not Working', licence_number: 'PHD-0003', licensing_authority: 'Transport for London', licence_expiry: '2035-01-31', active: false });
    const oldCar = await add('vehicles', { registration: 'AB12CDE', make: 'Ford', model: 'Galaxy', colour: 'Black', category_id: 1, licence_number: 'PHV-0001', licence_expiry: '2021-06-30' });
    const pickupDay = (await row(number)) && (await api.as(dispatcher, 'GET', `bookings/${number}`)).json().booking.pickup_date;

    const assignable = (await api.as(dispatcher, 'GET', `bookings/${number}/assignable`)).json();
    expect(assignable.valid_on).toBe(pickupDay);
    // The register's own, besides the demo driver and their car (the driver app's, issue 32).
    expect(assignable.drivers.filter((driver: { name: string }) => driver.name !== DEMO_DRIVER.name).map((driver: { id: number }) => driver.id)).toEqual([driverId]);
    expect(
      assignable.vehicles.filter((vehicle: { registration: string }) => vehicle.registration !== DEMO_DRIVER.vehicle.registration).map((vehicle: { id: number; same_category: boolean }) => [vehicle.id, vehicle.same_category]),
    ).toEqual([[vehicleId, true]]);

    const refusals: [Record<string, unknown>, number, string][] = [
      [{ driver_id: expired, vehicle_id: vehicleId }, 422, `Old Licence's PHV driver licence expires on 2020-01-31, before ${pickupDay}: it cannot be assigned`],
      [{ driver_id: endsToday, vehicle_id: vehicleId }, 422, `Ends Today's PHV driver licence expires on ${londonDate(0)}, before ${pickupDay}: it cannot be assigned`],
      [{ driver_id: inactive, vehicle_id: vehicleId }, 422, DISPATCH_MESSAGES.driverInactive],
      [{ driver_id: driverId, vehicle_id: oldCar }, 422, `AB12CDE's PHV vehicle licence expires on 2021-06-30, before ${pickupDay}: it cannot be assigned`],
      [{ driver_id: 999_999, vehicle_id: vehicleId }, 404, DISPATCH_MESSAGES.driverNotFound],
      [{ driver_id: driverId, vehicle_id: 999_999 }, 404, DISPATCH_MESSAGES.vehicleNotFound],
    ];
    for (const [ids, status, message] of refusals) {
      const response = await dispatch(number, { event: 'assign', ...ids });
      expect([response.statusCode, response.json().message]).toEqual([status, message]);
    }
    expect(await row(number)).toMatchObject({ status: 'accepted', revision: 0, assigned_driver: null });

    expect((await dispatch(number, { event: 'assign', driver_id: driverId, vehicle_id: vehicleId })).statusCode).toBe(200);
    const second = await add('vehicles', { registration: 'XY70 ZZZ', make: 'Skoda', model: 'Octavia', colour: 'White', category_id: 1, licence_number: 'PHV-0009', licence_expiry: '2035-01-31' });
    const reassigned = await dispatch(number, { event: 'assign', driver_id: driverId, vehicle_id: second });
    expect(reassigned.statusCode).toBe(200);
    expect(reassigned.json().booking.driver).toEqual({ name: 'Amir Haddad', vehicle_registration: 'XY70ZZZ' });
    const unassigned = await dispatch(number, { event: 'unassign' });
    expect(unassigned.json().booking).toMatchObject({ status: 'accepted', driver: null, revision: 3, dispatch: { driver: null, vehicle: null } });
    expect(await row(number)).toMatchObject({ driver_name: null, assigned_vehicle: null });
  });

  it('an operator cancels a card booking: 20 concurrent cancels make one cancellation, one refund and one mail; the amount is in the answer', async () => {
    const email = 'card.cancel@example.test';
    const { bookingNumber, amount, intentId } = await api.bookByCard(email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => dispatch(bookingNumber, { event: 'cancel', reason: 'no_vehicle_available' })));
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message)).toEqual(Array(19).fill(illegalTransitionMessage('cancelled', 'cancel')));
    const body = ok[0].json();
    expect(body.refund).toEqual({ amount_pence: amount, status: 'succeeded' });
    expect(body.booking).toMatchObject({ status: 'cancelled', payment_state: 'refunded', refunded_pence: amount, payment: { refundable_pence: 0, refunds: [{ amount_pence: amount, reason: 'operator', status: 'succeeded' }] } });
    expect(body.booking.dispatch).toMatchObject({ cancelled_by: 'operator', cancel_reason: 'no_vehicle_available' });
    expect(await api.sql('SELECT amount_pence, status FROM refunds WHERE intent_id = $1', [intentId])).toEqual([{ amount_pence: amount, status: 'succeeded' }]);
    expect((await api.sql('SELECT amount FROM sandbox_refunds WHERE intent_id = $1', [intentId])).map((refund) => Number(refund.amount))).toEqual([amount]);
    const mails = (await mailsTo(email)).filter((mail) => mail.kind === 'booking_cancelled_by_operator');
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toMatch(/Reason: +No vehicle available\n/);
    expect(mails[0].text_body).toMatch(new RegExp(`Refund: +£${(amount / 100).toFixed(2)} back to the card you paid with\\.\\n`));
  });

  it('a partial refund the operator gives, never more than is left; a pay-in-car booking has nothing to refund; "other" needs a note', async () => {
    const { bookingNumber, amount } = await api.bookByCard('card.partial@example.test');
    const tooMuch = await dispatch(bookingNumber, { event: 'cancel', reason: 'passenger_request', refund_pence: amount + 1 });
    expect([tooMuch.statusCode, tooMuch.json()]).toEqual([422, { success: false, message: DISPATCH_MESSAGES.refundTooLarge, refundable_pence: amount, code: 'unprocessable' }]);
    const partial = await dispatch(bookingNumber, { event: 'cancel', reason: 'passenger_request', refund_pence: 500 });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().refund).toEqual({ amount_pence: 500, status: 'succeeded' });
    expect(partial.json().booking.payment).toMatchObject({ paid_pence: amount, refunded_pence: 500, refundable_pence: amount - 500 });

    const inCar = await bookingIn('confirmed');
    const carRefund = await dispatch(inCar, { event: 'cancel', reason: 'passenger_request', refund_pence: 100 });
    expect([carRefund.statusCode, carRefund.json().message]).toEqual([422, DISPATCH_MESSAGES.refundNotCard]);
    const noNote = await dispatch(inCar, { event: 'cancel', reason: 'operator_other' });
    expect([noNote.statusCode, noNote.json().message]).toEqual([400, `note: ${DISPATCH_MESSAGES.noteRequired}`]);
    const withNote = await dispatch(inCar, { event: 'cancel', reason: 'operator_other', note: 'Road closed' });
    expect(withNote.json()).toMatchObject({ refund: null, booking: { status: 'cancelled', dispatch: { cancel_reason: 'operator_other', cancel_note: 'Road closed' } } });
  });

  it('completing and a no-show wait for the pick-up time: refused sooner with the time, nothing changed or mailed; the owner allows early completions', async () => {
    const pickupAt = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000);
    const number = await bookingIn('driver_assigned', pickupAt);
    const before = { audit: await count('audit_log'), mail: await count('mail_outbox') };
    const detail = (await api.as(dispatcher, 'GET', `bookings/${number}`)).json().booking;
    expect(detail.dispatch.not_before).toEqual({ complete: pickupAt.toISOString(), no_show: pickupAt.toISOString() });
    for (const event of ['complete', 'no_show'] as const) {
      const early = await dispatch(number, { event, revision: 0 });
      expect(early.statusCode, early.body).toBe(422);
      expect(early.json()).toEqual({ success: false, code: 'too_early', message: tooEarlyMessage(event, pickupAt), status: 'driver_assigned', revision: 0, not_before: pickupAt.toISOString() });
    }
    expect(tooEarlyMessage('complete', new Date('2026-11-27T09:00:00Z'))).toBe('This booking cannot be completed before 09:00 on 2026-11-27 (London time): its pick-up has not come yet.');
    expect(await row(number)).toMatchObject({ status: 'driver_assigned', revision: 0 });
    expect({ audit: await count('audit_log'), mail: await count('mail_outbox') }).toEqual(before);

    // The owner's allowance (minutes, 0 to a day) lets a short job done early be completed; a no-show still waits.
    const owner = await api.owner();
    expect((await api.as(owner, 'PUT', 'settings', { EARLY_COMPLETION_MINUTES: '1441' })).json().message).toBe('EARLY_COMPLETION_MINUTES: whole minutes from 0 to 1440');
    expect((await api.as(owner, 'PUT', 'settings', { EARLY_COMPLETION_MINUTES: '180' })).statusCode).toBe(200);
    try {
      const allowed = (await api.as(dispatcher, 'GET', `bookings/${number}`)).json().booking.dispatch.not_before;
      expect(allowed).toEqual({ complete: new Date(pickupAt.getTime() - 180 * 60_000).toISOString(), no_show: pickupAt.toISOString() });
      expect((await dispatch(number, { event: 'no_show', revision: 0 })).json().code).toBe('too_early');
      const completed = await dispatch(number, { event: 'complete', revision: 0 });
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completed.json().booking.status).toBe('completed');
    } finally {
      await api.as(owner, 'PUT', 'settings', { EARLY_COMPLETION_MINUTES: null });
    }
  });

  it('a no-show from accepted; hostile bodies are 400s; an unknown booking is 404', async () => {
    const number = await bookingIn('accepted', new Date(Date.now() - 3_600_000));
    expect((await dispatch(number, { event: 'no_show' })).json().booking).toMatchObject({ status: 'no_show', allowed_events: [] });
    const other = await bookingIn('accepted');
    for (const body of [{ event: 'teleport' }, { event: 'accept', extra: 1 }, { event: 'assign', driver_id: 'x', vehicle_id: 1 }, { event: 'cancel', reason: 'bored' }, { event: 'cancel\u0000', reason: 'passenger_request' }, { event: 'cancel', reason: 'operator_other', note: 'x'.repeat(501) }]) {
      expect((await dispatch(other, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const missing = await dispatch('CF-NOPE0000', { event: 'accept' });
    expect([missing.statusCode, missing.json().message]).toEqual([404, DISPATCH_MESSAGES.notFound]);
    expect(await row(other)).toMatchObject({ status: 'accepted', revision: 0 });
  });
});
