import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, guestRegistration, offlineStripe, quoteFor, signedSucceededEvent } from '../helpers/booking.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/** Stripe's servers are an in-memory double (tests/helpers/booking.ts): the customer pays, 3-D Secure completes at Stripe, and the page is lost: only the webhook tells us. */
describe(`Stripe webhook on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  const stripe = offlineStripe();
  beforeAll(async () => {
    provider = await startTestProvider({ payments: stripe });
  });
  afterAll(() => provider.dispose());

  const signedEvent = signedSucceededEvent;

  it('a paid customer who lost the page still gets the booking; a replayed event makes no second one', async () => {
    const { form, row } = await quoteFor(provider);
    const booking = bookingPayload(form, row, { payment_method: 'card', registrationData: { ...guestRegistration, email: 'lost.page@example.test' } });
    const amount = Math.round(row.final_price * 100);
    const created = await provider.fastify.inject({ method: 'POST', url: '/api/v1/create-payment-intent', headers: KEY_HEADERS, payload: { paymentMethodId: 'pm_x', amount, booking } });
    const { paymentIntentId } = created.json();
    expect((await provider.fastify.inject({ method: 'POST', url: '/api/v1/confirm-payment-intent', headers: KEY_HEADERS, payload: { paymentIntentId } })).json().status).toBe('requires_action');
    stripe.intents.set(paymentIntentId, { ...stripe.intents.get(paymentIntentId)!, status: 'succeeded' });

    const { payload, signature } = signedEvent(paymentIntentId, 'evt_1');
    for (let delivery = 0; delivery < 3; delivery++) {
      const response = await provider.fastify.inject({ method: 'POST', url: '/api/v1/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
      expect(response.statusCode).toBe(200);
    }
    const { rows } = await provider.db.query<{ n: string; status: string }>("SELECT count(*)::text AS n, max(payment_status) AS status FROM bookings WHERE passenger_email = 'lost.page@example.test'");
    expect(rows[0]).toEqual({ n: '1', status: 'paid' });
  });

  it('acknowledges, once and for all, an event for a payment that is not ours', async () => {
    const { payload, signature } = signedEvent('pi_offline_unknown', 'evt_not_ours');
    stripe.intents.set('pi_offline_unknown', { id: 'pi_offline_unknown', status: 'succeeded', amount: 1000, currency: 'gbp', clientSecret: 'secret', lastError: null });
    const response = await provider.fastify.inject({ method: 'POST', url: '/api/v1/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect((await provider.db.query("SELECT event_id FROM webhook_events WHERE event_id = 'evt_not_ours'")).rows).toHaveLength(1);
  });

  it('refuses an event without a valid signature', async () => {
    const { payload } = signedEvent('pi_offline_1', 'evt_forged');
    const response = await provider.fastify.inject({ method: 'POST', url: '/api/v1/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Invalid Stripe signature', code: 'invalid_input' });
  });
});
