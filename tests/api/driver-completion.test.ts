import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_MESSAGES } from '../../contract/driver.ts';
import { COMPLETION_MESSAGES } from '../../contract/jobCompletion.ts';
import { receiptDocument } from '../../server/domain/receipts/receipt.ts';
import { loadReceiptBooking } from '../../server/domain/receipts/repository.ts';
import { issuerOf } from '../../server/domain/receipts/index.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 32, completing a job with extras on the driver's app: the owner's limits (demo: waiting up to 60 min at £2.50
 * per started 5 minutes, parking and tolls up to £20 each), refusals with their 422 message and nothing changed, the
 * final fare computed by the server, a pay-in-car job's "paid in cash", a card job's extras charged off-session once
 * (20 concurrent completion submits → one charge), 3-D Secure → the amount owing and the passenger mailed, hostile
 * bodies, another driver's job out of reach, and a tap sent late recorded at its own time (bounded by the server).
 */
describe(`completing a job with extras on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let app: ReturnType<typeof driverAppOf>;
  let dispatcher: Signed;
  let driver: SignedDriver;
  let clock = Date.now();
  const HOUR = 3_600_000;
  beforeAll(async () => {
    provider = await startTestProvider({ now: () => new Date(clock) });
    api = consoleOf(provider);
    app = driverAppOf(provider, api);
    dispatcher = await api.dispatcher();
    driver = await onDuty();
  });
  afterAll(() => provider.dispose());

  async function onDuty(): Promise<SignedDriver> {
    const signed = await app.newDriver(dispatcher);
    const vehicle = await app.newVehicle(dispatcher);
    expect((await app.as(signed, 'POST', 'shift', { vehicle_id: vehicle })).statusCode).toBe(200);
    return signed;
  }
  /** `number` accepted by the office, offered to and accepted by `who`, then (straight in the table) picked up an hour ago with the passenger on board. */
  async function onBoard(number: string, who = driver) {
    expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
    await api.sql('UPDATE bookings SET pick_up_at = $2 WHERE booking_number = $1', [number, new Date(clock + HOUR)]);
    const offered = await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: who.driverId });
    expect(offered.statusCode, offered.body).toBe(201);
    expect((await app.as(who, 'POST', `offers/${offered.json().offer.id}/accept`, app.tapBody())).statusCode).toBe(200);
    const past = new Date(clock - HOUR);
    await api.sql("UPDATE bookings SET pick_up_at = $2, job_stage = 'on_board', on_the_way_at = $2, arrived_at = $2, on_board_at = $2, assigned_at = $2 WHERE booking_number = $1", [number, past]);
  }
  const complete = (who: Signed, number: string, extra: Record<string, unknown> = {}, key = randomUUID()) =>
    app.as(who, 'POST', `jobs/${number}/steps`, { step: 'complete', idempotency_key: key, ...extra });
  const booking = async (number: string) =>
    (await api.sql<{ id: number; status: string; total_pence: number }>('SELECT id::int AS id, status, total_pence FROM bookings WHERE booking_number = $1', [number]))[0];
  const receiptRows = async (number: string) => {
    const row = await booking(number);
    const receipt = (await loadReceiptBooking(provider.db, 1, row.id))!;
    const settings = await api.sql<{ setting_name: string; setting_value: string }>('SELECT setting_name, setting_value FROM settings WHERE site_id = 1');
    const document = receiptDocument(receipt, issuerOf('Westway', settings), null, new Date(clock));
    return JSON.stringify(document);
  };

  it('a pay-in-car job: the form offers the owner’s extras; over-limit or unoffered extras are refused with 422 and change nothing; the server prices the rest', async () => {
    const number = await api.bookInCar('completion.car@example.test');
    await onBoard(number);
    const before = await booking(number);
    const job = (await app.as(driver, 'GET', `jobs/${number}`)).json().job;
    expect(job.extras_allowed).toEqual({ waiting: { max_minutes: 60, per_five_pence: 250 }, parking_max_pence: 2000, tolls_max_pence: 2000 });
    expect(job.completion).toBeNull();

    const refusals: [Record<string, unknown>, number, string][] = [
      [{ extras: { waiting_min: 61 } }, 422, COMPLETION_MESSAGES.waitingOverLimit(60)],
      [{ extras: { parking_pence: 2001 } }, 422, COMPLETION_MESSAGES.moneyOverLimit('Parking', 2000)],
      [{ extras: { tolls_pence: 5000 } }, 422, COMPLETION_MESSAGES.moneyOverLimit('Tolls', 2000)],
      [{ extras: { waiting_min: 2.5 } }, 400, 'waiting_min must be whole minutes'],
      [{ extras: { parking_pence: -100 } }, 400, ''],
      [{ extras: { tips_pence: 500 } }, 400, ''],
      [{ paid_in_car: 'cheque' }, 400, "paid_in_car must be 'cash' or 'card'"],
      [{ extras: { waiting_min: 10 }, total_pence: 1 }, 400, ''],
    ];
    for (const [extra, status, message] of refusals) {
      const refused = await complete(driver, number, extra);
      expect(refused.statusCode, JSON.stringify(extra)).toBe(status);
      expect(refused.headers['content-type']).toContain('application/json');
      expect(refused.json().success).toBe(false);
      if (message) expect(refused.json().message).toContain(message);
    }
    // Extras go with "completed" only.
    const arrived = await app.as(driver, 'POST', `jobs/${number}/steps`, { step: 'arrived', idempotency_key: randomUUID(), extras: { parking_pence: 100 } });
    expect([arrived.statusCode, arrived.json().message]).toEqual([400, expect.stringContaining(COMPLETION_MESSAGES.extrasOnlyOnComplete)]);
    expect(await booking(number)).toEqual(before);
    expect(await api.sql('SELECT 1 FROM job_completions WHERE booking_id = $1', [before.id])).toEqual([]);

    // 12 minutes are three started 5 minutes: £7.50; parking £3.50. The phone's own figures are never read.
    const done = await complete(driver, number, { extras: { waiting_min: 12, parking_pence: 350 }, paid_in_car: 'cash' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().job.completion).toEqual({
      extras: [
        { code: 'job_waiting', label: 'Waiting time 12 min (added by the driver)', amount_pence: 750 },
        { code: 'job_parking', label: 'Parking (added by the driver)', amount_pence: 350 },
      ],
      extras_pence: 1100,
      fare_pence: before.total_pence,
      final_pence: before.total_pence + 1100,
      paid_in_car: 'cash',
      extras_charge: 'none',
    });
    expect(await booking(number)).toEqual({ ...before, status: 'completed', total_pence: before.total_pence + 1100 });
    expect(done.json().job.fare).toMatchObject({ payment: 'car', total_pence: before.total_pence + 1100, collect_pence: before.total_pence + 1100 });
    // The console's booking shows the final fare; the receipt shows the extras' lines and the total.
    const detail = (await api.as(dispatcher, 'GET', `bookings/${number}`)).json().booking;
    expect(detail.price.total_pence).toBe(before.total_pence + 1100);
    const receipt = await receiptRows(number);
    expect(receipt).toContain('Waiting time 12 min (added by the driver)');
    expect(receipt).toContain('"£7.50"');
    expect(receipt).toContain('Parking (added by the driver)');
    expect(receipt).toContain(`"£${((before.total_pence + 1100) / 100).toFixed(2)}"`);
    expect(receipt).not.toContain('Change to the booking');
  });

  it('a card job: 20 concurrent completion submits complete it once and charge the extras once, off-session, to the card saved at booking', async () => {
    const paid = await api.bookByCard('completion.card@example.test');
    const saved = await api.sql<{ metadata: Record<string, string> | string }>('SELECT metadata FROM sandbox_intents WHERE id = $1', [paid.intentId]);
    const metadata = typeof saved[0].metadata === 'string' ? JSON.parse(saved[0].metadata) : saved[0].metadata;
    expect(metadata.setup_future_usage).toBe('off_session');
    await onBoard(paid.bookingNumber);
    const before = await booking(paid.bookingNumber);
    // Paid in car makes no sense for a card job.
    const refused = await complete(driver, paid.bookingNumber, { paid_in_car: 'cash' });
    expect([refused.statusCode, refused.json().message]).toEqual([422, COMPLETION_MESSAGES.paidInCarOnCard]);

    const answers = await Promise.all(Array.from({ length: 20 }, () => complete(driver, paid.bookingNumber, { extras: { waiting_min: 10, tolls_pence: 240 } })));
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0].json()).toMatchObject({ message: COMPLETION_MESSAGES.extrasCharged, job: { status: 'completed', completion: { extras_pence: 740, final_pence: before.total_pence + 740, extras_charge: 'succeeded' } } });
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) expect(answer.statusCode).toBe(409);

    const charges = await api.sql<{ amount: number }>("SELECT amount FROM sandbox_intents WHERE metadata ->> 'for' = 'driver_extras' AND metadata ->> 'booking_number' = $1", [paid.bookingNumber]);
    expect(charges).toEqual([{ amount: 740 }]);
    expect(await api.sql('SELECT amount_pence, charge, booking_id::int AS booking_id FROM payments WHERE request_key = $1', [`booking_extras:${before.id}`])).toEqual([{ amount_pence: 740, charge: 'succeeded', booking_id: before.id }]);
    expect(await booking(paid.bookingNumber)).toEqual({ ...before, status: 'completed', total_pence: before.total_pence + 740 });
    // The receipt: the extras' lines, and both card payments adding up to the final fare.
    const receipt = await receiptRows(paid.bookingNumber);
    expect(receipt).toContain('Waiting time 10 min (added by the driver)');
    expect(receipt).toContain('Tolls (added by the driver)');
    expect(receipt).toContain("the driver's extras");
    expect(receipt).toContain(`"£${((before.total_pence + 740) / 100).toFixed(2)}"`);
    // The driver's earnings count the extras on the card (the operator's).
    const weeks = (await app.as(driver, 'GET', 'earnings')).json().weeks;
    expect(JSON.stringify(weeks)).toContain(String(before.total_pence + 740));

    // A second completion, the database refuses: one completion (and one charge) per booking.
    await expect(api.sql('INSERT INTO job_completions (site_id, booking_id, driver_id, extras_pence, fare_pence, final_pence, extras_charge, tapped_at) VALUES (1, $1, $2, 0, 0, 0, \'none\', now())', [before.id, driver.driverId])).rejects.toThrow();
  });

  it('a card that wants 3-D Secure: the job completes, the extras stay owing, the passenger is mailed the manage link', async () => {
    const paid = await api.bookByCard('completion.threeds@example.test');
    await api.sql("UPDATE sandbox_intents SET payment_method_id = 'pm_card_authenticationRequired' WHERE id = $1", [paid.intentId]);
    await onBoard(paid.bookingNumber);
    const before = await booking(paid.bookingNumber);
    const done = await complete(driver, paid.bookingNumber, { extras: { parking_pence: 500 } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: COMPLETION_MESSAGES.extrasOwing, job: { completion: { extras_pence: 500, extras_charge: 'requires_action' } } });
    // Nothing paid: the charge waiting for 3-D Secure only holds the extras' one charge (migration 042) until cancelled.
    expect(await api.sql('SELECT amount_pence, status, charge FROM payments WHERE request_key = $1', [`booking_extras:${before.id}`])).toEqual([
      { amount_pence: 500, status: 'requires_action', charge: 'claimed' },
    ]);
    const mails = await api.sql<{ subject: string; to_address: string }>("SELECT subject, to_address FROM mail_outbox WHERE kind = 'driver_extras_owing'");
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toContain('completion.threeds@example.test');
    expect(mails[0].subject).toContain(paid.bookingNumber);
  });

  it('another driver cannot complete the job; hostile bodies are refused; nothing changes', async () => {
    const number = await api.bookInCar('completion.other@example.test');
    await onBoard(number);
    const before = await booking(number);
    const other = await onDuty();
    const stranger = await complete(other, number, { extras: { waiting_min: 5 } });
    expect([stranger.statusCode, stranger.json().message]).toEqual([404, DRIVER_MESSAGES.jobNotFound]);
    const nul = await app.as(driver, 'POST', `jobs/${number}/steps`, { step: 'complete\u0000', idempotency_key: randomUUID() });
    expect(nul.statusCode).toBe(400);
    const huge = await app.as(driver, 'POST', `jobs/${number}/steps`, { step: 'complete', idempotency_key: randomUUID(), extras: { waiting_min: 5 }, pad: 'x'.repeat(300 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
    expect(await booking(number)).toEqual(before);
  });

  it('a tap sent late is recorded at the time it was tapped, bounded: never in the future, never before the previous step, never older than 12 hours', async () => {
    const number = await api.bookInCar('completion.taptime@example.test');
    expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
    await api.sql('UPDATE bookings SET pick_up_at = $2 WHERE booking_number = $1', [number, new Date(clock + 30 * 60_000)]);
    const offered = await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId });
    expect((await app.as(driver, 'POST', `offers/${offered.json().offer.id}/accept`, app.tapBody())).statusCode).toBe(200);
    const assignedAt = new Date((await api.sql<{ assigned_at: string }>('SELECT assigned_at FROM bookings WHERE booking_number = $1', [number]))[0].assigned_at);
    const times = async () => (await api.sql<{ on_the_way_at: Date; arrived_at: Date; on_board_at: Date }>('SELECT on_the_way_at, arrived_at, on_board_at FROM bookings WHERE booking_number = $1', [number]))[0];
    const tap = (step: string, tappedAt: Date) => app.as(driver, 'POST', `jobs/${number}/steps`, { step, idempotency_key: randomUUID(), tapped_at: tappedAt.toISOString() });

    // Tapped offline 4 minutes after the assignment, sent 20 minutes later: the tap's own time.
    clock += 24 * 60_000;
    const onTheWayAt = new Date(assignedAt.getTime() + 4 * 60_000);
    expect((await tap('on_the_way', onTheWayAt)).statusCode).toBe(200);
    expect(new Date((await times()).on_the_way_at).toISOString()).toBe(onTheWayAt.toISOString());
    // A phone clock an hour ahead: now, not the future.
    expect((await tap('arrived', new Date(clock + HOUR))).statusCode).toBe(200);
    expect(new Date((await times()).arrived_at).toISOString()).toBe(new Date(clock).toISOString());
    // A phone clock a day behind: not before the previous step (arrived), not 24 hours ago.
    clock += 60_000;
    expect((await tap('on_board', new Date(clock - 24 * HOUR))).statusCode).toBe(200);
    const boarded = await times();
    expect(new Date(boarded.on_board_at).toISOString()).toBe(new Date(boarded.arrived_at).toISOString());
    // The console's timeline has the steps in order.
    const timeline = (await api.as(dispatcher, 'GET', `bookings/${number}`)).json().booking.timeline.map((entry: { action: string }) => entry.action);
    expect(timeline.slice(-3)).toEqual(['booking.driver_on_the_way', 'booking.driver_arrived', 'booking.driver_on_board']);
    // A date-time that is not one is refused.
    const bad = await app.as(driver, 'POST', `jobs/${number}/steps`, { step: 'complete', idempotency_key: randomUUID(), tapped_at: 'yesterday' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, expect.stringContaining('tapped_at must be an ISO date-time')]);
  });
});
