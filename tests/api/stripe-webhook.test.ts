import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../../server/adapters/payments/port.ts';
import { createStripePayments, type StripePayments } from '../../server/adapters/payments/stripe.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

const WEBHOOK_SECRET = 'whsec_test_cabflow';

/**
 * The Stripe adapter with Stripe's servers replaced by an in-memory intent store (no network here), keeping the real
 * SDK's webhook signature check. The customer pays, 3-D Secure completes at Stripe, and the page is lost: only the
 * webhook tells us.
 */
function offlineStripe(): StripePayments & { intents: Map<string, PaymentIntent> } {
  const real = createStripePayments({ secretKey: 'sk_test_offline', publishableKey: 'pk_test_offline', webhookSecret: WEBHOOK_SECRET });
  const intents = new Map<string, PaymentIntent>();
  return {
    kind: 'stripe',
    testMode: true,
    intents,
    publishableKey: () => 'pk_test_offline',
    async createIntent(input) {
      const intent: PaymentIntent = { id: `pi_offline_${intents.size + 1}`, status: 'requires_confirmation', amount: input.amount, currency: 'gbp', clientSecret: 'secret', lastError: null };
      intents.set(intent.id, intent);
      return intent;
    },
    async confirmIntent(_site, id) {
      const intent = { ...intents.get(id)!, status: 'requires_action' as const };
      intents.set(id, intent);
      return intent;
    },
    async retrieveIntent(_site, id) {
      return intents.get(id)!;
    },
    webhookEvent: real.webhookEvent,
  };
}

describe(`Stripe webhook on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  const stripe = offlineStripe();
  beforeAll(async () => {
    provider = await startTestProvider({ payments: stripe });
  });
  afterAll(() => provider.dispose());

  const signedEvent = (intentId: string, eventId: string) => {
    const payload = JSON.stringify({ id: eventId, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intentId, object: 'payment_intent', metadata: { site_id: '1' } } } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return { payload, signature };
  };

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

  it('refuses an event without a valid signature', async () => {
    const { payload } = signedEvent('pi_offline_1', 'evt_forged');
    const response = await provider.fastify.inject({ method: 'POST', url: '/api/v1/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Invalid Stripe signature' });
  });
});
