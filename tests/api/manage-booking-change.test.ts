import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createSandboxPayments } from '../../server/adapters/payments/sandbox.ts';
import { BOOKING_EVENTS_CHANNEL } from '../../server/domain/dispatch/events.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 18: a passenger changes a booking from the manage link. Re-priced by the server (preview, then apply naming
 * the revision), the difference charged once or refunded, requests after a driver is assigned, the booking flow's
 * refusals, and a change racing a cancel.
 */

type Sandbox = ReturnType<typeof createSandboxPayments>;

const PHONE = '020 7946 0321';
const CALL = `Please call Westway Cars on ${PHONE}.`;
const TOKEN_IN_MAIL = /Manage your booking: +http:\/\/localhost:8080\/manage-booking\?token=([A-Za-z0-9_-]{43})\n/;
const STALE = 'Your booking was changed meanwhile (by you in another window, or by the operator). Please look at it again and make your change once more.';

describe(`changing a booking on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  const post = (url: string, payload: unknown, headers: Record<string, string> = KEY_HEADERS) =>
    provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers, payload: payload as object });
  /** From an address of its own: the manage calls' limit (120 per 10 minutes per address) is not this file's subject. */
  const postFrom = (remoteAddress: string) => (url: string, payload: unknown) =>
    provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: payload as object, remoteAddress });
  const sql = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => provider.db.query<Row>(text, params).then((result) => result.rows);

  async function tokenOf(email: string) {
    const [mail] = await sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address LIKE $1", [`%<${email}>`]);
    return TOKEN_IN_MAIL.exec(mail.text_body)![1];
  }

  async function bookInCar(email: string) {
    const { form, row } = await quoteFor(provider);
    const response = await post('booking', bookingPayload(form, row, { registrationData: { ...guestRegistration, email } }));
    expect(response.statusCode).toBe(200);
    return { bookingNumber: response.json().data.booking.booking_number as string, pence: Math.round(row.final_price * 100), token: await tokenOf(email) };
  }

  async function bookByCard(email: string, form: Record<string, unknown> = {}) {
    const { form: trip, row } = await quoteFor(provider, form);
    const booking = bookingPayload(trip, row, { payment_method: 'card', registrationData: { ...guestRegistration, email } });
    const amount = Math.round(row.final_price * 100);
    const { paymentIntentId } = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking })).json();
    const confirmed = (await post('confirm-payment-intent', { paymentIntentId })).json();
    expect(confirmed.status).toBe('succeeded');
    return { bookingNumber: confirmed.booking_number as string, amount, intentId: paymentIntentId as string, token: await tokenOf(email) };
  }

  const bookingRow = async (bookingNumber: string) =>
    (
      await sql<{ id: string; status: string; revision: number; total_pence: number; total_passengers: number; pick_up_time: string; options: Record<string, unknown> }>(
        'SELECT id, status, revision, total_pence, total_passengers, pick_up_time, options FROM bookings WHERE booking_number = $1',
        [bookingNumber],
      )
    )[0];
  const changesOf = (bookingNumber: string) =>
    sql<{ status: string; from_revision: number; old_total_pence: number; new_total_pence: number; difference_pence: number; payment_intent_id: string | null; before: Record<string, unknown>; after: { values: Record<string, unknown> } }>(
      `SELECT c.status, c.from_revision, c.old_total_pence, c.new_total_pence, c.difference_pence, c.payment_intent_id, c.before, c.after
         FROM booking_changes c JOIN bookings b ON b.site_id = c.site_id AND b.id = c.booking_id WHERE b.booking_number = $1 ORDER BY c.id`,
      [bookingNumber],
    );
  const mailsOf = (bookingNumber: string) =>
    sql<{ kind: string; to_address: string; text_body: string }>("SELECT kind, to_address, text_body FROM mail_outbox WHERE kind LIKE 'booking_change%' AND subject LIKE $1 ORDER BY id", [`%${bookingNumber}%`]);
  const changeIntents = (bookingNumber: string) =>
    sql<{ intent_id: string; amount_pence: number; charge: string; refunded_pence: number }>(
      `SELECT p.intent_id, p.amount_pence, p.charge, p.refunded_pence FROM payments p JOIN booking_changes c ON p.request_key = 'booking_change:' || c.id
         JOIN bookings b ON b.id = c.booking_id WHERE b.booking_number = $1 ORDER BY p.created_at`,
      [bookingNumber],
    );

  /** 11pm: the demo's night rate (25 % of the fare) applies and the daytime charges do not; meet and greet adds £12. */
  const NIGHT = { pickup_hour: '11pm', pickup_min: '00' };

  it('previews a pay-in-car change re-priced by the server, then applies it on the previewed revision once', async () => {
    const { bookingNumber, pence, token } = await bookInCar('change.car@example.test');
    const view = (await post('manage-booking', { token })).json();
    expect(view.change).toEqual({
      allowed: true,
      refusal: null,
      as_request: false,
      addresses: false,
      trip_options: true,
      current: expect.objectContaining({ pickup_hour: '2pm', pickup_min: '30', passengers: 2, luggages: 1, meet_and_greet: 'no', passenger_email: 'change.car@example.test' }),
    });
    expect(view.change_requests).toEqual([]);

    const changes = { ...NIGHT, passengers: 3, meet_and_greet: 'yes', flight_no: 'BA 117' };
    const preview = await post('manage-booking/change/preview', { token, changes, final_price: 1 });
    expect(preview.statusCode).toBe(400);
    const priced = await post('manage-booking/change/preview', { token, changes });
    expect(priced.statusCode).toBe(200);
    const answer = priced.json();
    expect(answer).toMatchObject({ success: true, revision: 0, currency: '£', old_price: pence / 100, outcome: 'pay_driver' });
    // The booking flow's own price for the changed trip (its engine and the operator's tariffs: the night rate, no
    // daytime charges, meet and greet).
    const { row: quoted } = await quoteFor(provider, { ...NIGHT, passengers: 3, meet_and_greet: 'yes' });
    expect(answer.new_price).toBe(quoted.final_price);
    expect(answer.difference).toBe(Math.round(quoted.final_price * 100 - pence) / 100);
    expect(answer.message).toBe(`The new price is £${answer.new_price.toFixed(2)}, paid to the driver.`);
    const date = view.change.current.pickup_date.split('-').reverse().join('-');
    expect(answer.summary).toEqual([`Pick-up time: 2:30pm on ${date} → 11:00pm on ${date}`, 'Passengers: 2 → 3', 'Meet and greet: no → yes', 'Flight number: — → BA 117']);
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 0, total_pence: pence });
    expect(await changesOf(bookingNumber)).toEqual([]);

    expect((await post('manage-booking/change', { token, changes })).json()).toEqual({ success: false, message: 'revision is required', code: 'invalid_input' });
    const heard: unknown[] = [];
    await provider.db.listen(BOOKING_EVENTS_CHANNEL, (text) => heard.push(JSON.parse(text)));
    const applied = await Promise.all(Array.from({ length: 5 }, () => post('manage-booking/change', { token, revision: 0, changes })));
    expect(applied.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(applied[0].json()).toMatchObject({ message: 'Your booking has been changed.', result: 'applied', outcome: 'pay_driver', revision: 1, data: { booking: { pick_up_time: '11:00pm', total_booking_amount: answer.new_price } } });
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 1, total_pence: Math.round(answer.new_price * 100), total_passengers: 3, pick_up_time: '11:00pm', options: expect.objectContaining({ meet_and_greet: 'yes' }) });
    const [change] = await changesOf(bookingNumber);
    expect(await changesOf(bookingNumber)).toHaveLength(1);
    expect(change).toMatchObject({ status: 'applied', from_revision: 0, old_total_pence: pence, new_total_pence: Math.round(answer.new_price * 100), payment_intent_id: null });
    expect(change.before).toMatchObject({ pickup_hour: '2pm', passengers: 2, total_pence: pence });
    expect(change.after.values).toMatchObject({ pickup_hour: '11pm', passengers: 3, flight_no: 'BA 117' });
    const mails = await mailsOf(bookingNumber);
    expect(mails.map((mail) => [mail.kind, mail.to_address])).toEqual([
      ['booking_changed', '"Jane Doe" <change.car@example.test>'],
      ['booking_changed_notice', 'bookings@westwaycars.test'],
    ]);
    expect(mails[0].text_body).toContain('Passengers: 2 → 3');
    expect(mails[0].text_body).toContain(`The new price is £${answer.new_price.toFixed(2)}, paid to the driver.`);
    // The console's board hears of it once (the change committed once).
    await expect.poll(() => heard.filter((event) => (event as { booking_number: string }).booking_number === bookingNumber)).toEqual([{ site_id: expect.any(Number), booking_number: bookingNumber, kind: 'changed' }]);

    // Another change on the revision that has moved on: nothing changed.
    const stale = await post('manage-booking/change', { token, revision: 0, changes: { passengers: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ success: false, message: STALE, code: 'stale_revision', operator_phone: PHONE });
    const same = await post('manage-booking/change/preview', { token, changes: { passengers: 3 } });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Nothing has changed: change a detail of your booking first.');
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 1, total_passengers: 3 });
  });

  it('a higher card price: the difference charged once and applied once for 20 concurrent applies', async () => {
    const { bookingNumber, amount, token } = await bookByCard('change.charge@example.test');
    const changes = { meet_and_greet: 'yes', passengers: 3 };
    const preview = (await post('manage-booking/change/preview', { token, changes })).json();
    expect(preview).toMatchObject({ outcome: 'charge', old_price: amount / 100, new_price: (amount + 1200) / 100, difference: 12 });
    expect(preview.message).toBe(`The new price is £${((amount + 1200) / 100).toFixed(2)}: £12.00 more will be charged to your card.`);

    const noCard = await post('manage-booking/change', { token, revision: 0, changes });
    expect(noCard.statusCode).toBe(402);
    expect(noCard.json()).toEqual({ success: false, message: 'Please enter your card to pay the difference.', code: 'payment_failed', operator_phone: PHONE });

    const answers = await Promise.all(Array.from({ length: 20 }, () => post('manage-booking/change', { token, revision: 0, changes, payment_method_id: 'pm_card_visa' })));
    expect(answers.map((response) => `${response.statusCode} ${response.json().message}`)).toEqual(Array(20).fill('200 Your booking has been changed.'));
    expect(new Set(answers.map((response) => response.json().result))).toEqual(new Set(['applied']));
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 1, total_pence: amount + 1200, total_passengers: 3 });
    const intents = await changeIntents(bookingNumber);
    expect(intents).toEqual([{ intent_id: expect.stringMatching(/^pi_sandbox_/), amount_pence: 1200, charge: 'succeeded', refunded_pence: 0 }]);
    expect((await sql('SELECT status FROM sandbox_intents WHERE id = $1', [intents[0].intent_id]))[0]).toEqual({ status: 'succeeded' });
    const changesNow = await changesOf(bookingNumber);
    expect(changesNow.map((change) => [change.status, change.difference_pence, change.payment_intent_id])).toEqual([['applied', 1200, intents[0].intent_id]]);
    expect((await mailsOf(bookingNumber)).map((mail) => mail.kind)).toEqual(['booking_changed', 'booking_changed_notice']);
    expect((await mailsOf(bookingNumber))[0].text_body).toContain('£12.00 was charged to your card.');

    // A lower price later is refunded from the payments, oldest first; nothing beyond what was paid.
    const lower = await post('manage-booking/change', { token, revision: 1, changes: { meet_and_greet: 'no' } });
    expect(lower.statusCode).toBe(200);
    expect(lower.json()).toMatchObject({ result: 'applied', outcome: 'refund', difference: -12 });
    const refunds = await sql<{ amount_pence: number; status: string; reason: string }>(
      "SELECT r.amount_pence, r.status, r.reason FROM refunds r JOIN bookings b ON b.id = r.booking_id WHERE b.booking_number = $1 AND r.idempotency_key LIKE 'booking_change:%'",
      [bookingNumber],
    );
    // A change's refund, not a cancellation's (issue 30).
    expect(refunds).toEqual([{ amount_pence: 1200, status: 'succeeded', reason: 'change' }]);
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 2, total_pence: amount });
  });

  it("cancelling a booking whose change was charged refunds both payments, whether the passenger or the operator cancels", async () => {
    const paymentsOf = (bookingNumber: string) =>
      sql<{ amount_pence: number; refunded_pence: number }>(
        `SELECT p.amount_pence, p.refunded_pence FROM payments p JOIN bookings b ON b.site_id = p.site_id
          WHERE b.booking_number = $1 AND p.charge = 'succeeded' AND (p.intent_id = b.payment_intent_id OR p.booking_id = b.id) ORDER BY p.created_at`,
        [bookingNumber],
      );
    const refundsOf = (bookingNumber: string) =>
      sql<{ amount_pence: number; reason: string; status: string }>(
        "SELECT r.amount_pence, r.reason, r.status FROM refunds r JOIN bookings b ON b.id = r.booking_id AND b.site_id = r.site_id WHERE b.booking_number = $1 AND r.idempotency_key LIKE 'cancellation:%' ORDER BY r.id",
        [bookingNumber],
      );
    const chargedChange = async (email: string) => {
      const booked = await bookByCard(email);
      const changed = await post('manage-booking/change', { token: booked.token, revision: 0, changes: { meet_and_greet: 'yes' }, payment_method_id: 'pm_card_visa' });
      expect(changed.json()).toMatchObject({ result: 'applied', outcome: 'charge', difference: 12 });
      return booked;
    };

    const byPassenger = await chargedChange('change.then.cancel@example.test');
    const cancelled = await post('manage-booking/cancel', { token: byPassenger.token });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().cancelled).toMatchObject({ by: 'passenger', fee: 0, refund: { amount: (byPassenger.amount + 1200) / 100, status: 'succeeded' } });
    expect(await refundsOf(byPassenger.bookingNumber)).toEqual([
      { amount_pence: byPassenger.amount, reason: 'cancellation', status: 'succeeded' },
      { amount_pence: 1200, reason: 'cancellation', status: 'succeeded' },
    ]);
    expect(await paymentsOf(byPassenger.bookingNumber)).toEqual([
      { amount_pence: byPassenger.amount, refunded_pence: byPassenger.amount },
      { amount_pence: 1200, refunded_pence: 1200 },
    ]);
    // Cancelling again refunds nothing more.
    expect((await post('manage-booking/cancel', { token: byPassenger.token })).statusCode).toBe(200);
    expect(await refundsOf(byPassenger.bookingNumber)).toHaveLength(2);

    const byOperator = await chargedChange('change.then.operator@example.test');
    const admin = { ...KEY_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` };
    const dispatched = await provider.fastify.inject({
      method: 'POST',
      url: `/api/admin/bookings/${byOperator.bookingNumber}/dispatch`,
      headers: admin,
      payload: { event: 'cancel', reason: 'no_vehicle_available' },
    });
    expect(dispatched.statusCode).toBe(200);
    expect(dispatched.json().refund).toEqual({ amount_pence: byOperator.amount + 1200, status: 'succeeded' });
    expect((await refundsOf(byOperator.bookingNumber)).map((refund) => [refund.amount_pence, refund.reason])).toEqual([
      [byOperator.amount, 'operator'],
      [1200, 'operator'],
    ]);
    expect(await paymentsOf(byOperator.bookingNumber)).toEqual([
      { amount_pence: byOperator.amount, refunded_pence: byOperator.amount },
      { amount_pence: 1200, refunded_pence: 1200 },
    ]);
  });

  it('3-D Secure when the bank asks; a declined card changes nothing; a charge overtaken by a cancel is refunded in full', async () => {
    const { bookingNumber, amount, token } = await bookByCard('change.3ds@example.test');
    const changes = { meet_and_greet: 'yes' };
    const declined = await post('manage-booking/change', { token, revision: 0, changes, payment_method_id: 'pm_card_visa_chargeDeclined' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ success: false, message: 'Payment failed: your booking is unchanged. Your card was declined.', code: 'payment_failed', operator_phone: PHONE });
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 0, total_pence: amount });

    const asked = await post('manage-booking/change', { token, revision: 0, changes, payment_method_id: 'pm_card_authenticationRequired' });
    expect(asked.statusCode).toBe(200);
    const pending = asked.json();
    expect(pending).toMatchObject({ result: 'requires_action', outcome: 'charge', revision: 0, payment_intent_id: expect.stringMatching(/^pi_sandbox_/), client_secret: expect.stringContaining('_secret_') });
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 0, total_pence: amount });
    const siteId = Number((await sql<{ site_id: number }>('SELECT site_id FROM bookings WHERE booking_number = $1', [bookingNumber]))[0].site_id);
    await (provider.payments as Sandbox).authenticate(siteId, pending.payment_intent_id, 'complete');
    const done = await post('manage-booking/change', { token, revision: 0, changes, payment_intent_id: pending.payment_intent_id });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ result: 'applied', revision: 1 });
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 1, total_pence: amount + 1200 });
    expect((await changeIntents(bookingNumber)).map((intent) => [intent.amount_pence, intent.charge])).toEqual([
      [1200, 'failed'],
      [1200, 'succeeded'],
    ]);

    // The passenger starts another paid change, then cancels before 3-D Secure ends: the late charge goes back.
    const more = await post('manage-booking/change', { token, revision: 1, changes: { baby_seats: 1 }, payment_method_id: 'pm_card_authenticationRequired' });
    expect(more.json().result).toBe('requires_action');
    const cancelled = await post('manage-booking/cancel', { token, revision: 1 });
    expect(cancelled.statusCode).toBe(200);
    await (provider.payments as Sandbox).authenticate(siteId, more.json().payment_intent_id, 'complete');
    const late = await post('manage-booking/change', { token, revision: 1, changes: { baby_seats: 1 }, payment_intent_id: more.json().payment_intent_id });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('stale_revision');
    expect(late.json().message).toMatch(/ The \d+\.\d\d charged is refunded to your card\.$/);
    const [lateIntent] = (await changeIntents(bookingNumber)).slice(-1);
    expect(lateIntent).toMatchObject({ charge: 'succeeded', refunded_pence: lateIntent.amount_pence });
    expect(await bookingRow(bookingNumber)).toMatchObject({ status: 'cancelled', revision: 2, total_pence: amount + 1200 });
    // The declined card and 3-D Secure paid the same change (one record, two attempts); the late one was abandoned.
    expect((await changesOf(bookingNumber)).map((change) => change.status)).toEqual(['applied', 'abandoned']);
  });

  it("3-D Secure answered on the manage call (TEST MODE): the booking flow's confirm answer, one charge and one apply for 20 concurrent answers and 20 concurrent applies; Fail is a failed answer; another booking's intent is not found", async () => {
    const { bookingNumber, amount, token } = await bookByCard('change.answer@example.test');
    const other = await bookByCard('change.answer.other@example.test');
    const changes = { meet_and_greet: 'yes' };
    const asked = (await postFrom('198.51.100.31')('manage-booking/change', { token, revision: 0, changes, payment_method_id: 'pm_card_authenticationRequired' })).json();
    expect(asked.result).toBe('requires_action');
    const intentId = asked.payment_intent_id as string;

    const notTheirs = await postFrom('198.51.100.31')('manage-booking/change/authenticate', { token: other.token, payment_intent_id: intentId, outcome: 'complete' });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ success: false, message: 'No such payment', code: 'not_found' });
    expect((await sql('SELECT status FROM sandbox_intents WHERE id = $1', [intentId]))[0]).toEqual({ status: 'requires_action' });
    for (const payload of [{ token, payment_intent_id: intentId, outcome: 'maybe' }, { token, payment_intent_id: intentId }, { token, payment_intent_id: intentId, outcome: 'complete', amount: 1 }, { payment_intent_id: intentId, outcome: 'complete' }]) {
      expect((await postFrom('198.51.100.31')('manage-booking/change/authenticate', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }

    const answers = await Promise.all(Array.from({ length: 20 }, () => postFrom('198.51.100.31')('manage-booking/change/authenticate', { token, payment_intent_id: intentId, outcome: 'complete' })));
    const confirmed = { success: true, status: 'succeeded', sessionId: intentId, paymentId: intentId, client_secret: null, error: null, booking_number: bookingNumber };
    expect(answers.map((response) => [response.statusCode, response.json()])).toEqual(Array(20).fill([200, confirmed]));
    const applies = await Promise.all(Array.from({ length: 20 }, () => postFrom('198.51.100.31')('manage-booking/change', { token, revision: 0, changes, payment_intent_id: intentId })));
    expect(applies.map((response) => `${response.statusCode} ${response.json().result} ${response.json().revision}`)).toEqual(Array(20).fill('200 applied 1'));
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 1, total_pence: amount + 1200 });
    expect((await changeIntents(bookingNumber)).map((intent) => [intent.intent_id, intent.amount_pence, intent.charge])).toEqual([[intentId, 1200, 'succeeded']]);
    expect((await changesOf(bookingNumber)).map((change) => change.status)).toEqual(['applied']);
    expect((await mailsOf(bookingNumber)).map((mail) => mail.kind)).toEqual(['booking_changed', 'booking_changed_notice']);

    // Fail: the booking flow's failed answer, nothing changed, and the change can be paid with another card.
    const failing = (await postFrom('198.51.100.31')('manage-booking/change', { token: other.token, revision: 0, changes, payment_method_id: 'pm_card_authenticationRequired' })).json();
    const failed = await postFrom('198.51.100.31')('manage-booking/change/authenticate', { token: other.token, payment_intent_id: failing.payment_intent_id, outcome: 'fail' });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({
      success: false,
      status: 'failed',
      sessionId: failing.payment_intent_id,
      paymentId: failing.payment_intent_id,
      client_secret: null,
      error: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      booking_number: null,
    });
    expect(await bookingRow(other.bookingNumber)).toMatchObject({ revision: 0, total_pence: other.amount });
    const paid = await postFrom('198.51.100.31')('manage-booking/change', { token: other.token, revision: 0, changes, payment_method_id: 'pm_card_visa' });
    expect(`${paid.statusCode} ${paid.json().result}`).toBe('200 applied');
    expect((await changeIntents(other.bookingNumber)).map((intent) => [intent.amount_pence, intent.charge])).toEqual([
      [1200, 'failed'],
      [1200, 'succeeded'],
    ]);
  });

  it('a change paid twice with two different cards at once (a double click in each of two windows) is charged once', async () => {
    const { bookingNumber, amount, token } = await bookByCard('change.twocards@example.test');
    const changes = { meet_and_greet: 'yes' };
    const cards = ['pm_card_visa', 'pm_card_mastercard', 'pm_card_amex'];
    const answers = await Promise.all(Array.from({ length: 18 }, (_, i) => postFrom('198.51.100.32')('manage-booking/change', { token, revision: 0, changes, payment_method_id: cards[i % 3] })));
    const outcomes = answers.map((response) => (response.statusCode === 200 ? `200 ${response.json().result}` : `${response.statusCode} ${response.json().code} ${response.json().message}`));
    expect(outcomes).toContain('200 applied');
    for (const outcome of outcomes) expect(['200 applied', '409 payment_in_progress A payment for this change is already in progress. Please wait for it to finish.']).toContain(outcome);
    const intents = await changeIntents(bookingNumber);
    expect(intents.filter((intent) => intent.charge === 'succeeded').map((intent) => intent.amount_pence)).toEqual([1200]);
    const charged = await sql<{ n: number }>("SELECT count(*)::int AS n FROM sandbox_intents WHERE id = ANY($1) AND status = 'succeeded'", [intents.map((intent) => intent.intent_id)]);
    expect(charged).toEqual([{ n: 1 }]);
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 1, total_pence: amount + 1200 });
    expect((await mailsOf(bookingNumber)).map((mail) => mail.kind)).toEqual(['booking_changed', 'booking_changed_notice']);
  });

  it('a change racing a cancel of the same revision: one wins, the other gets 409, the money matches', async () => {
    for (const round of [1, 2]) {
      const { bookingNumber, amount, intentId, token } = await bookByCard(`change.race${round}@example.test`, { meet_and_greet: 'yes' });
      const [change, cancel] = await Promise.all([
        post('manage-booking/change', { token, revision: 0, changes: { meet_and_greet: 'no' } }),
        post('manage-booking/cancel', { token, revision: 0 }),
      ]);
      expect([change.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const booking = await bookingRow(bookingNumber);
      const refunded = Number((await sql<{ refunded_pence: number }>('SELECT refunded_pence FROM payments WHERE intent_id = $1', [intentId]))[0].refunded_pence);
      if (change.statusCode === 200) {
        expect(cancel.json().code).toBe('stale_revision');
        expect(booking).toMatchObject({ status: 'confirmed', revision: 1, total_pence: amount - 1200 });
        expect(refunded).toBe(1200);
      } else {
        expect(change.json().code).toBe('stale_revision');
        expect(booking).toMatchObject({ status: 'cancelled', revision: 1, total_pence: amount });
        expect(refunded).toBe(amount);
      }
    }
  });

  it("refuses with the booking flow's messages: grace time, banned address, capacity; hourly options; addresses by phone", async () => {
    const { bookingNumber, token } = await bookInCar('change.rules@example.test');
    const soon = new Date(Date.now() + 60 * 60_000);
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
        .formatToParts(soon)
        .map((part) => [part.type, part.value]),
    );
    const hour = Number(parts.hour);
    const grace = { pickup_date: `${parts.year}-${parts.month}-${parts.day}`, pickup_hour: `${hour % 12 || 12}${hour < 12 ? 'am' : 'pm'}`, pickup_min: String(Math.floor(Number(parts.minute) / 5) * 5).padStart(2, '0') };
    const refused = async (changes: Record<string, unknown>, status: number, message: string) => {
      for (const call of ['manage-booking/change/preview', 'manage-booking/change']) {
        const response = await post(call, { token, revision: 0, changes });
        expect(response.statusCode).toBe(status);
        expect(response.json()).toMatchObject({ success: false, message });
      }
    };
    await refused(grace, 422, 'Pickup time is within the grace period');
    await refused({ passengers: 5, luggages: 4 }, 422, "Sorry we don't have any vehicle with requested options, the following limits are exceeded: Passengers exceeded by 1, Luggage exceeded by 2.");
    await refused({ dropoff: 'Buckingham Palace, London SW1A 1AA' }, 422, 'Addresses cannot be changed online.');
    await provider.db.query("INSERT INTO banned_addresses (site_id, id, pattern) VALUES ((SELECT site_id FROM bookings WHERE booking_number = $1), 9101, 'Savoy')", [bookingNumber]);
    await expect.poll(async () => (await post('manage-booking/change/preview', { token, changes: { passengers: 1 } })).json().message, { timeout: 2000, interval: 20 }).toBe('Address is banned');
    await refused({ passengers: 1 }, 422, 'Address is banned');
    await provider.db.query('DELETE FROM banned_addresses WHERE id = 9101');
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 0, total_passengers: 2 });
    expect(await changesOf(bookingNumber)).toEqual([]);
  });

  it('after the cut-off, and once completed, cancelled or a no-show, nothing can be changed; with a driver assigned a change is a request', async () => {
    const { bookingNumber, pence, token } = await bookInCar('change.status@example.test');
    await sql("UPDATE bookings SET pick_up_at = now() + interval '90 minutes' WHERE booking_number = $1", [bookingNumber]);
    const late = await post('manage-booking/change/preview', { token, changes: { passengers: 1 } });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('cutoff_passed');
    expect(late.json().message).toMatch(new RegExp(`^Bookings can be changed online until 2 hours before pick-up \\(\\d{1,2}:\\d\\d[ap]m on \\d\\d-\\d\\d-\\d{4}\\)\\. To change now, please call Westway Cars on ${PHONE}\\.$`));
    expect((await post('manage-booking', { token })).json().change).toMatchObject({ allowed: false, refusal: late.json().message });
    await sql("UPDATE bookings SET pick_up_at = now() + interval '3 days' WHERE booking_number = $1", [bookingNumber]);

    for (const [status, label] of [
      ['completed', 'completed'],
      ['cancelled', 'cancelled'],
    ]) {
      await sql(`UPDATE bookings SET status = $2, cancelled_at = CASE WHEN $2 = 'cancelled' THEN now() END WHERE booking_number = $1`, [bookingNumber, status]);
      const refused = await post('manage-booking/change', { token, revision: 0, changes: { passengers: 1 } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ success: false, message: `This booking is ${label} and can no longer be changed. ${CALL}`, code: 'not_changeable', operator_phone: PHONE });
    }

    await sql(
      `UPDATE bookings SET status = 'driver_assigned', cancelled_at = NULL, driver_name = 'Tomasz Nowak', vehicle_registration = 'LX71 ABC',
              assigned_driver = '{"name": "Tomasz Nowak"}', assigned_vehicle = '{"registration": "LX71 ABC", "make": "Toyota", "model": "Corolla", "colour": "Silver"}'
        WHERE booking_number = $1`,
      [bookingNumber],
    );
    const preview = (await post('manage-booking/change/preview', { token, changes: { passengers: 3 } })).json();
    expect(preview).toMatchObject({ outcome: 'request', message: 'A driver is already assigned: your change will be sent to Westway Cars as a request, and the price confirmed with you.' });
    const asked = await post('manage-booking/change', { token, revision: 0, changes: { passengers: 3 } });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      result: 'requested',
      outcome: 'request',
      message: 'A driver is already assigned, so we have sent your change to Westway Cars as a request. They will confirm it with you.',
      revision: 0,
      driver: { first_name: 'Tomasz', vehicle_registration: 'LX71 ABC', vehicle: { make: 'Toyota', model: 'Corolla', colour: 'Silver', registration: 'LX71 ABC' } },
      change: { allowed: true, as_request: true },
      change_requests: [{ at: expect.any(String), summary: ['Passengers: 2 → 3'] }],
    });
    expect(await bookingRow(bookingNumber)).toMatchObject({ status: 'driver_assigned', revision: 0, total_passengers: 2, total_pence: pence });
    expect((await changesOf(bookingNumber)).map((change) => change.status)).toEqual(['requested']);
    const [mail] = await mailsOf(bookingNumber);
    expect([mail.kind, mail.to_address]).toEqual(['booking_change_requested', 'bookings@westwaycars.test']);
    expect(mail.text_body).toContain('Passengers: 2 → 3');
  });

  it("refuses another booking's or another site's link, and hostile or malformed bodies, changing nothing", async () => {
    const first = await bookInCar('change.first@example.test');
    const second = await bookInCar('change.second@example.test');
    for (const call of ['manage-booking/change/preview', 'manage-booking/change']) {
      const wrong = await post(call, { token: first.token, booking_number: second.bookingNumber, revision: 0, changes: { passengers: 1 } });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ success: false, message: 'This link is for another booking.', code: 'wrong_booking', operator_phone: PHONE });
    }
    const created = await provider.fastify.inject({ method: 'POST', url: '/api/admin/sites', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { name: 'Change Cabs', hosts: ['book.changecabs.test'] } });
    const site = created.json().site;
    const otherSite = await post('manage-booking/change', { token: first.token, revision: 0, changes: { passengers: 1 } }, { 'api-public-key': site.public_key, 'api-secret-key': site.secret_key });
    expect(otherSite.statusCode).toBe(401);
    expect(otherSite.json().code).toBe('link_invalid');

    const bad: [unknown, string][] = [
      [{ token: first.token, revision: 0, changes: { flight_no: 'BA\u0000117' } }, 'changes.flight_no'],
      [{ token: first.token, revision: 0, changes: { passengers: 0 } }, 'changes.passengers'],
      [{ token: first.token, revision: 0, changes: { passengers: 'lots' } }, 'changes.passengers'],
      [{ token: first.token, revision: 0, changes: { passengers: 1e9 } }, 'changes.passengers'],
      [{ token: first.token, revision: 0, changes: { waiting_min: 7 } }, 'changes.waiting_min'],
      [{ token: first.token, revision: 0, changes: { pickup_date: '2026-02-30' } }, 'changes.pickup_date'],
      [{ token: first.token, revision: 0, changes: { pickup_hour: '25pm' } }, 'changes.pickup_hour'],
      [{ token: first.token, revision: 0, changes: { passenger_email: 'not-an-address' } }, 'changes.passenger_email'],
      [{ token: first.token, revision: 0, changes: { total_pence: 1 } }, 'changes'],
      [{ token: first.token, revision: -1, changes: { passengers: 1 } }, 'revision'],
      [{ token: first.token, revision: '0', changes: { passengers: 1 } }, 'revision'],
      [{ token: first.token, revision: 0, changes: null }, 'changes'],
      [{ token: first.token, revision: 0, changes: [] }, 'changes'],
      [{ token: first.token, revision: 0 }, 'changes'],
    ];
    for (const [payload, field] of bad) {
      const response = await post('manage-booking/change', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(field);
    }
    const huge = await post('manage-booking/change', { token: first.token, revision: 0, changes: { flight_no: 'x'.repeat(300 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(await bookingRow(first.bookingNumber)).toMatchObject({ revision: 0, total_passengers: 2 });
    expect(await changesOf(first.bookingNumber)).toEqual([]);
  });
});
