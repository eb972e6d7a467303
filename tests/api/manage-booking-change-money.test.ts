import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createSandboxPayments } from '../../server/adapters/payments/sandbox.ts';
import { BOOKING_MESSAGES } from '../../contract/bookings.ts';
import { MANAGE_MESSAGES } from '../../contract/manageBooking.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 30, the money of a passenger's change: one change of a booking in payment at a time (the database holds it,
 * a second one is refused before any money moves, a hold abandoned lapses), a booking made with a promo code keeps it
 * when re-priced, and a change's refund says so.
 */

type Sandbox = ReturnType<typeof createSandboxPayments>;

const PHONE = '020 7946 0321';
const TOKEN_IN_MAIL = /Manage your booking: +http:\/\/localhost:8080\/manage-booking\?token=([A-Za-z0-9_-]{43})\n/;
const BEING_PAID = { success: false, message: 'Another change of this booking is being paid for. Try again in a minute.', code: 'change_being_paid', operator_phone: PHONE };
const MOVED_ON = { success: false, message: MANAGE_MESSAGES.staleRevision, code: 'stale_revision', operator_phone: PHONE };

describe(`the money of a booking's changes on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  /** From an address of its own per test: the manage calls' limit (120 per 10 minutes per address) is not this file's subject. */
  const poster = (remoteAddress: string) => (url: string, payload: unknown) =>
    provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: payload as object, remoteAddress });
  const sql = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => provider.db.query<Row>(text, params).then((result) => result.rows);

  async function tokenOf(email: string) {
    const [mail] = await sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address LIKE $1", [`%<${email}>`]);
    return TOKEN_IN_MAIL.exec(mail.text_body)![1];
  }

  /** A card booking (with a promo code when given: the amount is the server's discounted price). */
  async function bookByCard(post: ReturnType<typeof poster>, email: string, promoCode?: string) {
    const { form, row } = await quoteFor(provider);
    const booking = bookingPayload(form, row, { payment_method: 'card', registrationData: { ...guestRegistration, email }, ...(promoCode ? { promo_code: promoCode } : {}) });
    let amount = Math.round(row.final_price * 100);
    if (promoCode) amount = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount: 1, booking })).json().amount;
    const { paymentIntentId } = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking })).json();
    const confirmed = (await post('confirm-payment-intent', { paymentIntentId })).json();
    expect(confirmed.status).toBe('succeeded');
    return { bookingNumber: confirmed.booking_number as string, amount, fullPence: Math.round(row.final_price * 100), token: await tokenOf(email) };
  }

  const bookingRow = async (bookingNumber: string) =>
    (await sql<{ id: string; revision: number; total_pence: number; unit_price_pence: number; pick_up_time: string; breakdown: { promo?: { label: string; amount_pence: number } } }>(
      'SELECT id, revision, total_pence, unit_price_pence, pick_up_time, breakdown FROM bookings WHERE booking_number = $1',
      [bookingNumber],
    ))[0];
  /** What reached the card processor for the booking's changes, and what went back. */
  const changeMoney = async (bookingNumber: string) => ({
    intents: await sql<{ status: string; amount: number }>(
      `SELECT s.status, s.amount FROM sandbox_intents s JOIN booking_changes c ON s.metadata->>'booking_change_id' = c.id::text AND s.site_id = c.site_id
         JOIN bookings b ON b.site_id = c.site_id AND b.id = c.booking_id WHERE b.booking_number = $1 ORDER BY s.created_at`,
      [bookingNumber],
    ),
    refunds: await sql<{ amount_pence: number; reason: string }>(
      'SELECT r.amount_pence, r.reason FROM refunds r JOIN bookings b ON b.site_id = r.site_id AND b.id = r.booking_id WHERE b.booking_number = $1 ORDER BY r.id',
      [bookingNumber],
    ),
  });
  const changesOf = (bookingNumber: string) =>
    sql<{ status: string; held: boolean }>(
      'SELECT c.status, c.payment_held_at IS NOT NULL AS held FROM booking_changes c JOIN bookings b ON b.site_id = c.site_id AND b.id = c.booking_id WHERE b.booking_number = $1 ORDER BY c.id',
      [bookingNumber],
    );

  it('20 different paid changes sent at once to one booking: one charged and applied, 19 refused before any money moves', async () => {
    const post = poster('198.51.100.61');
    const { bookingNumber, amount, token } = await bookByCard(post, 'money.race@example.test');
    // Twenty pick-up times from 3:00pm (the booking is at 2:30pm), each with meet and greet: every one costs more.
    const changes = Array.from({ length: 20 }, (_, i) => ({ pickup_hour: `${3 + Math.floor(i / 12)}pm`, pickup_min: String((i % 12) * 5).padStart(2, '0'), meet_and_greet: 'yes' }));
    const previews = await Promise.all(changes.map((change) => post('manage-booking/change/preview', { token, changes: change })));
    expect(new Set(previews.map((preview) => preview.json().outcome))).toEqual(new Set(['charge']));

    const answers = await Promise.all(changes.map((change) => post('manage-booking/change', { token, revision: 0, changes: change, payment_method_id: 'pm_card_visa' })));
    const applied = answers.filter((answer) => answer.statusCode === 200);
    expect(applied.map((answer) => answer.json().result)).toEqual(['applied']);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    // Refused while the winner holds the payment, or (a slow request whose turn came after the winner was applied) because the booking moved on.
    for (const answer of refused) expect([answer.statusCode, answer.json()]).toEqual([409, expect.toBeOneOf([BEING_PAID, MOVED_ON])]);
    expect(refused).toHaveLength(19);

    const winner = changes[answers.indexOf(applied[0])];
    const difference = Math.round(applied[0].json().difference * 100);
    expect(difference).toBeGreaterThan(0);
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 1, total_pence: amount + difference, pick_up_time: `${winner.pickup_hour.replace('pm', '')}:${winner.pickup_min}pm` });
    // One intent ever reached the processor, charged; nothing refunded.
    expect(await changeMoney(bookingNumber)).toEqual({ intents: [{ status: 'succeeded', amount: difference }], refunds: [] });
    expect(await changesOf(bookingNumber)).toEqual([{ status: 'applied', held: false }]);
  });

  it('a declined card frees the hold; a payment started and abandoned holds it until ABANDONED_CLAIM, then the next change goes ahead and a late charge goes back', async () => {
    const post = poster('198.51.100.62');
    const { bookingNumber, amount, token } = await bookByCard(post, 'money.abandoned@example.test');
    const siteId = Number((await sql<{ site_id: number }>('SELECT site_id FROM bookings WHERE booking_number = $1', [bookingNumber]))[0].site_id);

    const declined = await post('manage-booking/change', { token, revision: 0, changes: { meet_and_greet: 'yes' }, payment_method_id: 'pm_card_visa_chargeDeclined' });
    expect(declined.json().code).toBe('payment_failed');
    expect(await changesOf(bookingNumber)).toEqual([{ status: 'awaiting_payment', held: false }]);

    // 3-D Secure asked and never answered: the change holds the booking's payment.
    const started = await post('manage-booking/change', { token, revision: 0, changes: { baby_seats: 1 }, payment_method_id: 'pm_card_authenticationRequired' });
    expect(started.json().result).toBe('requires_action');
    const startedIntent = started.json().payment_intent_id as string;
    for (const changes of [{ meet_and_greet: 'yes' }, { passengers: 1 }, { baby_seats: 1, flight_no: 'BA 117' }]) {
      const other = await post('manage-booking/change', { token, revision: 0, changes, payment_method_id: 'pm_card_visa' });
      expect([other.statusCode, other.json()]).toEqual([409, BEING_PAID]);
    }
    // The same change sent again goes on with its payment (still waiting for the bank).
    expect((await post('manage-booking/change', { token, revision: 0, changes: { baby_seats: 1 }, payment_method_id: 'pm_card_authenticationRequired' })).json()).toMatchObject({
      result: 'requires_action',
      payment_intent_id: startedIntent,
    });

    // Past ABANDONED_CLAIM (2 minutes) the hold has lapsed: another change goes ahead, the abandoned one is given up.
    await sql("UPDATE booking_changes SET payment_held_at = now() - interval '3 minutes' WHERE payment_held_at IS NOT NULL AND booking_id = (SELECT id FROM bookings WHERE booking_number = $1)", [bookingNumber]);
    await sql("UPDATE payments SET updated_at = now() - interval '3 minutes' WHERE intent_id = $1", [startedIntent]);
    const next = await post('manage-booking/change', { token, revision: 0, changes: { meet_and_greet: 'yes' }, payment_method_id: 'pm_card_visa' });
    expect(next.json()).toMatchObject({ result: 'applied', outcome: 'charge', difference: 12, revision: 1 });
    expect(await changesOf(bookingNumber)).toEqual([
      { status: 'abandoned', held: false },
      { status: 'abandoned', held: false },
      { status: 'applied', held: false },
    ]);
    expect((await sql('SELECT charge FROM payments WHERE intent_id = $1', [startedIntent]))[0]).toEqual({ charge: 'failed' });

    // The bank answers the abandoned payment after all: its charge goes back in full, as a change's refund.
    await (provider.payments as Sandbox).authenticate(siteId, startedIntent, 'complete');
    const late = await post('manage-booking/change', { token, revision: 0, changes: { baby_seats: 1 }, payment_intent_id: startedIntent });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('stale_revision');
    const money = await changeMoney(bookingNumber);
    expect(money.intents.map((intent) => intent.status)).toEqual(['requires_payment_method', 'succeeded', 'succeeded']);
    expect(money.refunds).toEqual([{ amount_pence: money.intents[1].amount, reason: 'change' }]);
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 1, total_pence: amount + 1200 });
  });

  it('a booking made with a promo code is re-priced with it on a change, under its rules as booked, and the preview shows the discount line', async () => {
    const post = poster('198.51.100.63');
    await sql("INSERT INTO promo_codes (site_id, code, kind, percent) VALUES (1, 'CHANGE20', 'percent', 20)");
    await sql("INSERT INTO promo_codes (site_id, code, kind, amount_pence, total_cap) VALUES (1, 'CHANGE5', 'fixed', 500, 1)");
    const { bookingNumber, amount, fullPence, token } = await bookByCard(post, 'money.promo@example.test', 'CHANGE20');
    expect(amount).toBe(fullPence - Math.round(fullPence * 0.2));

    // A pick-up 30 minutes later costs the same before the code: with the code, the price stays.
    const { row: later } = await quoteFor(provider, { pickup_hour: '3pm', pickup_min: '00' });
    const laterFull = Math.round(later.final_price * 100);
    const laterPrice = laterFull - Math.round(laterFull * 0.2);
    const preview = (await post('manage-booking/change/preview', { token, changes: { pickup_hour: '3pm', pickup_min: '00' } })).json();
    expect(preview).toMatchObject({ old_price: amount / 100, new_price: laterPrice / 100, difference: (laterPrice - amount) / 100, discount: { label: 'Promo code CHANGE20 (20% off)', amount: -Math.round(laterFull * 0.2) / 100 } });

    // The owner raises the code to 50 % and caps it: the booking keeps its 20 %, and no second use is counted.
    await sql("UPDATE promo_codes SET percent = 50, total_cap = 1, valid_to = '2000-01-01' WHERE code = 'CHANGE20'");
    const changes = { meet_and_greet: 'yes' };
    const priced = (await post('manage-booking/change/preview', { token, changes })).json();
    const newFull = fullPence + 1200;
    const newPrice = newFull - Math.round(newFull * 0.2);
    expect(priced).toMatchObject({ outcome: 'charge', new_price: newPrice / 100, difference: (newPrice - amount) / 100, discount: { label: 'Promo code CHANGE20 (20% off)', amount: -Math.round(newFull * 0.2) / 100 } });
    expect(priced.message).toBe(`The new price is £${(newPrice / 100).toFixed(2)}: £${((newPrice - amount) / 100).toFixed(2)} more will be charged to your card.`);
    const applied = await post('manage-booking/change', { token, revision: 0, changes, payment_method_id: 'pm_card_visa' });
    expect(applied.json()).toMatchObject({ result: 'applied', difference: (newPrice - amount) / 100, data: { booking: { total_booking_amount: newPrice / 100 } } });
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 1, total_pence: newPrice, unit_price_pence: newFull, breakdown: { promo: { label: 'Promo code CHANGE20 (20% off)', amount_pence: -Math.round(newFull * 0.2) } } });
    expect(await sql("SELECT uses FROM promo_codes WHERE code = 'CHANGE20'")).toEqual([{ uses: 1 }]);
    // A second change reads the code from the changed booking.
    const back = (await post('manage-booking/change/preview', { token, changes: { meet_and_greet: 'no' } })).json();
    expect(back).toMatchObject({ new_price: amount / 100, difference: (amount - newPrice) / 100, outcome: 'refund' });

    // A fixed code, pay in car: £5 off the new price too.
    const { form, row } = await quoteFor(provider);
    const car = await post('booking', bookingPayload(form, row, { registrationData: { ...guestRegistration, email: 'money.promo.car@example.test' }, promo_code: 'CHANGE5' }));
    expect(car.statusCode).toBe(200);
    const carToken = await tokenOf('money.promo.car@example.test');
    const carPreview = (await post('manage-booking/change/preview', { token: carToken, changes })).json();
    expect(carPreview).toMatchObject({ outcome: 'pay_driver', old_price: (fullPence - 500) / 100, new_price: (fullPence + 1200 - 500) / 100, difference: 12, discount: { label: 'Promo code CHANGE5 (£5.00 off)', amount: -5 } });
    // Made without a code: no discount line.
    const plain = await bookByCard(post, 'money.nocode@example.test');
    expect((await post('manage-booking/change/preview', { token: plain.token, changes })).json()).toMatchObject({ new_price: (plain.amount + 1200) / 100, discount: null });
  });

  it('a wheelchair asked for on a change of a vehicle without wheelchair access is refused, nothing changed', async () => {
    const post = poster('203.0.113.78');
    const { form, row } = await quoteFor(provider);
    expect((await post('booking', bookingPayload(form, row, { registrationData: { ...guestRegistration, email: 'money.wheelchair@example.test' } }))).statusCode).toBe(200);
    const token = await tokenOf('money.wheelchair@example.test');
    for (const call of ['manage-booking/change/preview', 'manage-booking/change']) {
      const refused = await post(call, { token, revision: 0, changes: { wheel_chair: 'yes' } });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().message).toBe(BOOKING_MESSAGES.noWheelchairAccess);
    }
    expect(await sql("SELECT revision, options->>'wheel_chair' AS wheel_chair FROM bookings WHERE passenger_email = 'money.wheelchair@example.test'")).toEqual([{ revision: 0, wheel_chair: 'no' }]);
  });

  it('a free booking changed to a price above its code has something to pay to the driver, and is free again when changed back', async () => {
    const post = poster('203.0.113.77');
    const { form, row } = await quoteFor(provider);
    const fullPence = Math.round(row.final_price * 100);
    // £5 more off than the fare: free now, £7 to pay with meet and greet (£12).
    await sql("INSERT INTO promo_codes (site_id, code, kind, amount_pence) VALUES (1, 'FREEFIVE', 'fixed', $1)", [fullPence + 500]);
    const booked = await post('booking', bookingPayload(form, row, { registrationData: { ...guestRegistration, email: 'money.free@example.test' }, promo_code: 'FREEFIVE', nothing_to_pay: true }));
    expect(booked.statusCode, booked.body).toBe(200);
    const token = await tokenOf('money.free@example.test');
    const status = async () => (await sql<{ payment_status: string; total_pence: number }>("SELECT payment_status, total_pence FROM bookings WHERE passenger_email = 'money.free@example.test'"))[0];
    expect(await status()).toEqual({ payment_status: 'nothing_to_pay', total_pence: 0 });
    const dearer = await post('manage-booking/change', { token, revision: 0, changes: { meet_and_greet: 'yes' } });
    expect(dearer.statusCode, dearer.body).toBe(200);
    expect(await status()).toEqual({ payment_status: 'due_to_driver', total_pence: 700 });
    const back = await post('manage-booking/change', { token, revision: 1, changes: { meet_and_greet: 'no' } });
    expect(back.statusCode, back.body).toBe(200);
    expect(await status()).toEqual({ payment_status: 'nothing_to_pay', total_pence: 0 });
  });
});
