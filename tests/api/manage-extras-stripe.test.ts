import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRAS_MESSAGES } from '../../contract/manageExtras.ts';
import { bookingPayload, guestRegistration, offlineStripe, quoteFor } from '../helpers/booking.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { deliveredMail } from '../helpers/mail.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 32 on Stripe (the adapter's double, tests/helpers/booking.ts offlineStripe): the driver's extras whose
 * off-session charge wanted 3-D Secure, paid by the passenger with another card on the manage page. The first charge is
 * cancelled at Stripe (POST /v1/payment_intents/:id/cancel) before the card's intent is made, so it can never be
 * confirmed later as a second charge; confirmed meanwhile, it is the one charge and no intent of the card's is made.
 */

const HOUR = 3_600_000;

describe(`the driver's extras owing, on Stripe, on ${testDatabaseKind}`, () => {
  const stripe = offlineStripe();
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let app: ReturnType<typeof driverAppOf>;
  let dispatcher: Signed;
  let driver: SignedDriver;
  beforeAll(async () => {
    provider = await startTestProvider({ payments: stripe });
    api = consoleOf(provider);
    app = driverAppOf(provider, api);
    dispatcher = await api.dispatcher();
    driver = await app.newDriver(dispatcher);
    const vehicle = await app.newVehicle(dispatcher);
    expect((await app.as(driver, 'POST', 'shift', { vehicle_id: vehicle })).statusCode).toBe(200);
  });
  afterAll(() => provider.dispose());

  const post = (url: string, payload: unknown) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: payload as object, remoteAddress: '10.9.1.1' });
  const sql = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => api.sql<Row>(text, params);

  /** A card booking on Stripe (a card that wants 3-D Secure off-session), completed with £9.90 of extras: owing. */
  async function owing(email: string) {
    const { form, row } = await quoteFor(provider);
    const booking = bookingPayload(form, row, { payment_method: 'card', registrationData: { ...guestRegistration, email } });
    const created = (await post('create-payment-intent', { paymentMethodId: 'pm_card_authenticationRequired', amount: Math.round(row.final_price * 100), booking })).json();
    stripe.intents.set(created.paymentIntentId, { ...stripe.intents.get(created.paymentIntentId)!, status: 'succeeded' });
    const number = (await post('confirm-payment-intent', { paymentIntentId: created.paymentIntentId })).json().booking_number as string;
    expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
    await sql('UPDATE bookings SET pick_up_at = $2 WHERE booking_number = $1', [number, new Date(Date.now() + HOUR)]);
    const offered = await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId });
    expect((await app.as(driver, 'POST', `offers/${offered.json().offer.id}/accept`, app.tapBody())).statusCode).toBe(200);
    const past = new Date(Date.now() - HOUR);
    await sql("UPDATE bookings SET pick_up_at = $2, job_stage = 'on_board', on_the_way_at = $2, arrived_at = $2, on_board_at = $2, assigned_at = $2 WHERE booking_number = $1", [number, past]);
    const done = await app.as(driver, 'POST', `jobs/${number}/steps`, { step: 'complete', idempotency_key: randomUUID(), extras: { waiting_min: 12, tolls_pence: 240 } });
    expect(done.json().job.completion.extras_charge).toBe('requires_action');
    const id = (await sql<{ id: number }>('SELECT id::int AS id FROM bookings WHERE booking_number = $1', [number]))[0].id;
    const first = stripe.offSession.find((charge) => charge.idempotencyKey === `extras:1:${id}`)!;
    const firstId = (await sql<{ extras_intent_id: string }>('SELECT extras_intent_id FROM job_completions WHERE booking_id = $1', [id]))[0].extras_intent_id;
    expect(first.amount).toBe(990);
    const token = /manage-booking\?token=([A-Za-z0-9_-]{43})/.exec((await deliveredMail(provider, 'driver_extras_owing', email)).text)![1];
    return { id, token, firstId };
  }
  const extrasPayments = (id: number) => sql<{ intent_id: string; charge: string }>('SELECT intent_id, charge FROM payments WHERE request_key = $1 ORDER BY charge', [`booking_extras:${id}`]);

  it('paid with another card: the first charge is cancelled at Stripe before the card is charged, once', async () => {
    const job = await owing('stripe.extras@example.test');
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa' })));
    for (const answer of answers) expect([answer.statusCode, answer.json().result], answer.body).toEqual([200, 'requires_action']);
    const cardIntent = answers[0].json().payment_intent_id as string;
    expect(new Set(answers.map((answer) => answer.json().payment_intent_id))).toEqual(new Set([cardIntent]));
    expect(stripe.intents.get(job.firstId)!.status).toBe('canceled');
    expect(stripe.cancels.filter((id) => id === job.firstId).length).toBeGreaterThan(0);
    expect(stripe.cancels.filter((id) => id !== job.firstId)).toEqual([]);

    // The passenger's bank confirms the card; the page reads the outcome.
    stripe.intents.set(cardIntent, { ...stripe.intents.get(cardIntent)!, status: 'succeeded' });
    const paid = await post('manage-booking/extras/pay', { token: job.token, payment_intent_id: cardIntent });
    expect(paid.json()).toMatchObject({ result: 'paid', message: 'Thank you: £9.90 of waiting time and extras paid.', extras: { status: 'paid' } });
    expect(await extrasPayments(job.id)).toEqual([
      { intent_id: job.firstId, charge: 'failed' },
      { intent_id: cardIntent, charge: 'succeeded' },
    ]);
    const succeeded = [...stripe.intents.values()].filter((intent) => intent.status === 'succeeded' && intent.amount === 990);
    expect(succeeded.map((intent) => intent.id)).toEqual([cardIntent]);
  });

  it('confirmed at Stripe before the passenger pays (the cancel refused): the one charge, no intent made for the card', async () => {
    const job = await owing('stripe.extras.bank@example.test');
    stripe.intents.set(job.firstId, { ...stripe.intents.get(job.firstId)!, status: 'succeeded' });
    const before = stripe.intents.size;
    const answer = await post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa' });
    expect([answer.statusCode, answer.json()]).toEqual([409, { success: false, message: EXTRAS_MESSAGES.alreadyPaid, code: 'extras_paid', operator_phone: '020 7946 0321' }]);
    expect(stripe.intents.size).toBe(before);
    expect(stripe.intents.get(job.firstId)!.status).toBe('succeeded');
    expect(await extrasPayments(job.id)).toEqual([{ intent_id: job.firstId, charge: 'succeeded' }]);
    expect((await sql('SELECT extras_charge, extras_intent_id FROM job_completions WHERE booking_id = $1', [job.id]))[0]).toEqual({ extras_charge: 'succeeded', extras_intent_id: job.firstId });
  });
});
