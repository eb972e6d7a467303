import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, countRows, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

describe(`card payments through the sandbox processor on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  const post = (url: string, payload: unknown) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: payload as object });

  async function cardBooking(email: string) {
    const { form, row } = await quoteFor(provider);
    const booking = bookingPayload(form, row, { payment_method: 'card', registrationData: { ...guestRegistration, email } });
    return { booking, amount: Math.round(row.final_price * 100) };
  }

  it('GET /secret_key gives the sandbox publishable key, marked test mode', async () => {
    const response = await provider.fastify.inject({ method: 'GET', url: '/api/v1/secret_key', headers: KEY_HEADERS });
    expect(response.json()).toEqual({ success: true, data: 'pk_sandbox_cabflow_test_mode', mode: 'sandbox', test_mode: true });
  });

  it('4242: intent, confirm succeeded, the booking is written once and the booking call returns it', async () => {
    const { booking, amount } = await cardBooking('card.ok@example.test');
    const created = await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking, idempotencyKey: 'attempt-1' });
    expect(created.statusCode).toBe(200);
    const { paymentIntentId } = created.json();
    expect(paymentIntentId).toMatch(/^pi_sandbox_/);
    const again = await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking, idempotencyKey: 'attempt-1' });
    expect(again.json().paymentIntentId).toBe(paymentIntentId);

    const confirmed = await post('confirm-payment-intent', { paymentIntentId });
    expect(confirmed.json()).toMatchObject({ success: true, status: 'succeeded', paymentId: paymentIntentId, sessionId: paymentIntentId, error: null, booking_number: expect.stringMatching(/^CF-/) });
    const bookingNumber = confirmed.json().booking_number;

    const viaBrowser = await post('booking', { ...booking, paymentId: paymentIntentId, stripe_session_id: paymentIntentId });
    expect(viaBrowser.statusCode).toBe(200);
    expect(viaBrowser.json().data.booking).toMatchObject({ booking_number: bookingNumber, payment_method: 'card', total_booking_amount: amount / 100 });
    const replay = await post('confirm-payment-intent', { paymentIntentId });
    expect(replay.json().booking_number).toBe(bookingNumber);
    const { rows } = await provider.db.query<{ n: string; status: string }>(
      "SELECT count(*)::text AS n, max(payment_status) AS status FROM bookings WHERE passenger_email = 'card.ok@example.test'",
    );
    expect(rows[0]).toEqual({ n: '1', status: 'paid' });
  });

  it('refuses an amount that is not the server price, before any intent exists', async () => {
    const { booking, amount } = await cardBooking('card.amount@example.test');
    const before = await countRows(provider, 'sandbox_intents');
    const response = await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount: amount - 100, booking });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('The amount to pay does not match the price of this booking. Please go back and try again.');
    expect(await countRows(provider, 'sandbox_intents')).toBe(before);
  });

  it('0002: the confirm answers failed with the decline, no booking; a new card then succeeds', async () => {
    const { booking, amount } = await cardBooking('card.declined@example.test');
    const declined = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa_chargeDeclined', amount, booking })).json();
    const result = (await post('confirm-payment-intent', { paymentIntentId: declined.paymentIntentId })).json();
    expect(result).toMatchObject({ success: false, status: 'failed', error: 'Your card was declined.', booking_number: null });
    const refused = await post('booking', { ...booking, paymentId: declined.paymentIntentId });
    expect(refused.statusCode).toBe(402);
    const ok = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking })).json();
    expect((await post('confirm-payment-intent', { paymentIntentId: ok.paymentIntentId })).json().status).toBe('succeeded');
    const { rows } = await provider.db.query<{ n: string }>("SELECT count(*)::text AS n FROM bookings WHERE passenger_email = 'card.declined@example.test'");
    expect(rows[0].n).toBe('1');
  });

  it('9995: insufficient funds', async () => {
    const { booking, amount } = await cardBooking('card.funds@example.test');
    const intent = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa_chargeDeclinedInsufficientFunds', amount, booking })).json();
    expect((await post('confirm-payment-intent', { paymentIntentId: intent.paymentIntentId })).json()).toMatchObject({ status: 'failed', error: 'Your card has insufficient funds.' });
  });

  it('3184: requires_action, then the sandbox challenge completed succeeds and books; failed declines', async () => {
    const { booking, amount } = await cardBooking('card.3ds@example.test');
    const intent = (await post('create-payment-intent', { paymentMethodId: 'pm_card_authenticationRequired', amount, booking })).json();
    const first = (await post('confirm-payment-intent', { paymentIntentId: intent.paymentIntentId })).json();
    expect(first).toMatchObject({ status: 'requires_action', client_secret: expect.stringContaining('_secret_'), booking_number: null });
    const done = (await post('sandbox/authenticate', { paymentIntentId: intent.paymentIntentId, outcome: 'complete' })).json();
    expect(done).toMatchObject({ status: 'succeeded', booking_number: expect.stringMatching(/^CF-/) });

    const other = await cardBooking('card.3ds.fail@example.test');
    const failing = (await post('create-payment-intent', { paymentMethodId: 'pm_card_authenticationRequired', amount: other.amount, booking: other.booking })).json();
    await post('confirm-payment-intent', { paymentIntentId: failing.paymentIntentId });
    const failed = (await post('sandbox/authenticate', { paymentIntentId: failing.paymentIntentId, outcome: 'fail' })).json();
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining('unable to authenticate') });
    expect((await post('booking', { ...other.booking, paymentId: failing.paymentIntentId })).statusCode).toBe(402);
  });

  it('a paid intent cannot pay for another booking', async () => {
    const first = await cardBooking('card.bound@example.test');
    const intent = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount: first.amount, booking: first.booking })).json();
    await post('confirm-payment-intent', { paymentIntentId: intent.paymentIntentId });
    const second = await quoteFor(provider, { dropoff: 'Paddington Station, Praed Street, London W2 1HB' });
    const reuse = await post('booking', bookingPayload(second.form, second.row, { payment_method: 'card', paymentId: intent.paymentIntentId }));
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().message).toBe('This payment has already been used for another booking.');
  });

  it('a number that is not a test card cannot make an intent', async () => {
    const { booking, amount } = await cardBooking('card.real@example.test');
    const response = await post('create-payment-intent', { paymentMethodId: 'pm_1RealCardFromSomewhere', amount, booking });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toContain('test cards');
  });
});
