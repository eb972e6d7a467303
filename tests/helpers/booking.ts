import Stripe from 'stripe';
import type { PriceDetail } from '../../contract/booking.ts';
import { PaymentProviderError, type CreateIntentInput, type OffSessionChargeInput, type PaymentIntent, type Refund, type RefundInput } from '../../server/adapters/payments/port.ts';
import { createStripePayments, type StripePayments } from '../../server/adapters/payments/stripe.ts';
import { KEY_HEADERS, type TestProvider } from './provider.ts';
import { oneWayForm } from './forms.ts';

export const guestRegistration = {
  firstName: 'Jane',
  surname: 'Doe',
  number: '+44 7700 900456',
  email: 'jane.doe@example.test',
  passengerDetails: 'no',
  passengerName: '',
  passengerEmail: '',
  passengerPhone: '',
  additionalInfo: 'Two children',
  return_additionalInfo: '',
};

/** Prices a one-way trip through the API and returns the form with the chosen row (Westway Cars' saloon). */
export async function quoteFor(provider: TestProvider, overrides: Record<string, unknown> = {}, pick = { company_id: 1, vehicle_id: 1 }) {
  const form = oneWayForm(overrides);
  const response = await provider.fastify.inject({ method: 'POST', url: '/api/v1/calculate-distance-price', headers: KEY_HEADERS, payload: form });
  if (response.statusCode !== 200) throw new Error(`quote failed: ${response.body}`);
  const rows = response.json().price_details as PriceDetail[];
  const row = rows.find((candidate) => candidate.company_id === pick.company_id && candidate.vehicle_id === pick.vehicle_id)!;
  return { form, row, rows };
}

export function bookingPayload(form: Record<string, unknown>, row: PriceDetail, overrides: Record<string, unknown> = {}) {
  return {
    selectedVehicleData: row,
    selectedVehicle: 1,
    bookingType: 'milleage',
    bookingForm: form,
    hourlyRateForm: null,
    registrationData: guestRegistration,
    payment_method: 'car',
    selected_passenger: 'guest_login',
    stripe_session_id: null,
    paymentId: null,
    ...overrides,
  };
}

export const countRows = async (provider: TestProvider, table: string) => Number((await provider.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0].n);

export const WEBHOOK_SECRET = 'whsec_test_cabflow';

/**
 * The Stripe adapter with Stripe's servers replaced by an in-memory store (no network here), keeping the real SDK's
 * webhook signature check. Like Stripe: a create or refund repeated with the same idempotency key returns the first
 * one, a refund needs a succeeded intent and never exceeds its amount, a declined confirmation throws. Server-side
 * confirmation otherwise asks for 3-D Secure;
 * tests move an intent to `succeeded` themselves (the customer authenticated, or the browser confirmed by itself).
 */
export function offlineStripe(): StripePayments & {
  intents: Map<string, PaymentIntent>;
  refunds: Map<string, { id: string; intentId: string; amount: number }>;
  failRefunds: number;
  declines: Set<string>;
  offSession: { fromIntentId: string; amount: number; idempotencyKey: string }[];
  cancels: string[];
} {
  const real = createStripePayments({ secretKey: 'sk_test_offline', publishableKey: 'pk_test_offline', webhookSecret: WEBHOOK_SECRET });
  const intents = new Map<string, PaymentIntent>();
  const byKey = new Map<string, string>();
  const refunds = new Map<string, { id: string; intentId: string; amount: number }>();
  const methods = new Map<string, string>();
  const double = {
    kind: 'stripe' as const,
    testMode: true,
    intents,
    refunds,
    /** How many of the next refund calls fail as a network error would. */
    failRefunds: 0,
    /** Payment methods whose confirmation Stripe declines (the SDK throws a card error; the intent wants a new method). */
    declines: new Set<string>(),
    publishableKey: () => 'pk_test_offline',
    async createIntent(input: CreateIntentInput) {
      const known = byKey.get(input.idempotencyKey);
      if (known) return intents.get(known)!;
      const intent: PaymentIntent = { id: `pi_offline_${intents.size + 1}`, status: 'requires_confirmation', amount: input.amount, currency: 'gbp', clientSecret: 'secret', lastError: null };
      intents.set(intent.id, intent);
      byKey.set(input.idempotencyKey, intent.id);
      methods.set(intent.id, input.paymentMethodId);
      return intent;
    },
    async confirmIntent(_site: number, id: string) {
      const current = intents.get(id)!;
      if (current.status !== 'requires_confirmation') return current;
      if (double.declines.has(methods.get(id)!)) {
        intents.set(id, { ...current, status: 'requires_payment_method', lastError: 'Your card was declined.' });
        throw new PaymentProviderError('Your card was declined.');
      }
      const intent = { ...current, status: 'requires_action' as const };
      intents.set(id, intent);
      return intent;
    },
    async retrieveIntent(_site: number, id: string) {
      return intents.get(id)!;
    },
    async refund(input: RefundInput): Promise<Refund> {
      if (double.failRefunds > 0) {
        double.failRefunds -= 1;
        throw new PaymentProviderError('An error occurred with our connection to Stripe.');
      }
      const known = refunds.get(input.idempotencyKey);
      if (known) return { id: known.id, status: 'succeeded', amount: known.amount };
      const intent = intents.get(input.intentId);
      if (intent?.status !== 'succeeded') throw new PaymentProviderError(`This PaymentIntent (${input.intentId}) does not have a successful charge to refund.`);
      const refunded = [...refunds.values()].filter((refund) => refund.intentId === input.intentId).reduce((sum, refund) => sum + refund.amount, 0);
      if (refunded + input.amount > intent.amount) throw new PaymentProviderError('Refund amount is greater than unrefunded amount on charge');
      const refund = { id: `re_offline_${refunds.size + 1}`, intentId: input.intentId, amount: input.amount };
      refunds.set(input.idempotencyKey, refund);
      return { id: refund.id, status: 'succeeded', amount: refund.amount };
    },
    /** Off-session charges as Stripe makes them: pm_card_authenticationRequired wants 3-D Secure, a declined method is refused. */
    offSession: [] as { fromIntentId: string; amount: number; idempotencyKey: string }[],
    async chargeOffSession(input: OffSessionChargeInput) {
      const known = byKey.get(input.idempotencyKey);
      if (known) return intents.get(known)!;
      const method = methods.get(input.fromIntentId);
      if (!method || intents.get(input.fromIntentId)?.status !== 'succeeded') throw new PaymentProviderError('This card was not saved for later charges.');
      double.offSession.push({ fromIntentId: input.fromIntentId, amount: input.amount, idempotencyKey: input.idempotencyKey });
      const status = double.declines.has(method) ? 'requires_payment_method' : method === 'pm_card_authenticationRequired' ? 'requires_action' : 'succeeded';
      const intent: PaymentIntent = { id: `pi_offline_${intents.size + 1}`, status, amount: input.amount, currency: 'gbp', clientSecret: 'secret', lastError: status === 'requires_payment_method' ? 'Your card was declined.' : null };
      intents.set(intent.id, intent);
      byKey.set(input.idempotencyKey, intent.id);
      methods.set(intent.id, method);
      return intent;
    },
    async findOffSessionCharge(_site: number, idempotencyKey: string) {
      const known = byKey.get(idempotencyKey);
      return known ? intents.get(known)! : null;
    },
    /** The intents cancelled (POST /v1/payment_intents/:id/cancel), in call order, refused ones included. */
    cancels: [] as string[],
    /** As Stripe: an intent not yet paid nor processing becomes 'canceled'; otherwise it is returned as it is. */
    async cancelIntent(_site: number, id: string) {
      double.cancels.push(id);
      const current = intents.get(id);
      if (!current) throw new PaymentProviderError(`No such payment_intent: '${id}'`);
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(current.status)) return current;
      const intent = { ...current, status: 'canceled' as const };
      intents.set(id, intent);
      return intent;
    },
    webhookEvent: real.webhookEvent,
  };
  return double;
}

/** A signed `payment_intent.succeeded` event as Stripe would deliver it for the demo site. */
export function signedSucceededEvent(intentId: string, eventId: string) {
  const payload = JSON.stringify({ id: eventId, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intentId, object: 'payment_intent', metadata: { site_id: '1' } } } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { payload, signature };
}
