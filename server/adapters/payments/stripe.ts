import Stripe from 'stripe';
import { PaymentProviderError, type PaymentIntent, type PaymentsPort, type Refund, type RefundReason } from './port.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where Stripe's API is (tests: a local fake); Stripe's own servers when absent. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

const toIntent = (intent: Stripe.PaymentIntent): PaymentIntent => ({
  id: intent.id,
  status: intent.status === 'requires_capture' ? 'processing' : (intent.status as PaymentIntent['status']),
  amount: intent.amount,
  currency: intent.currency,
  clientSecret: intent.client_secret ?? '',
  lastError: intent.last_payment_error?.message ?? null,
});

const STRIPE_REFUND_REASONS: Record<RefundReason, Stripe.RefundCreateParams.Reason> = {
  duplicate_charge: 'duplicate',
  cancellation: 'requested_by_customer',
  operator: 'requested_by_customer',
  change: 'requested_by_customer',
};

const toRefund = (refund: Stripe.Refund): Refund => ({
  id: refund.id,
  status: refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending',
  amount: refund.amount,
});

/**
 * Stripe PaymentIntents with idempotency keys. The customer's card details go from Stripe.js to Stripe only;
 * 3-D Secure runs in the browser with stripe.handleNextAction, after which confirmIntent re-reads the intent.
 * `payment_intent.succeeded` webhooks (verified with the signing secret) complete bookings whose page was lost.
 */
export type StripePayments = PaymentsPort & { webhookEvent(rawBody: Buffer, signature: string): Stripe.Event };

export function createStripePayments(settings: StripeSettings): StripePayments & { stripe: Stripe } {
  const stripe = new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...settings.api });
  const wrap = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) throw new PaymentProviderError(error.message);
      throw error;
    }
  };
  return {
    kind: 'stripe',
    testMode: settings.secretKey.startsWith('sk_test_'),
    stripe,
    publishableKey: () => settings.publishableKey,
    createIntent: (input) =>
      wrap(async () => {
        // A card saved for a later charge (the driver's extras) belongs to a Customer: Stripe attaches it once the intent succeeds.
        const customer = input.saveCard
          ? (await stripe.customers.create({ metadata: { site_id: String(input.siteId) } }, { idempotencyKey: `${input.idempotencyKey}:customer` })).id
          : undefined;
        return toIntent(
          await stripe.paymentIntents.create(
            {
              amount: input.amount,
              currency: input.currency,
              payment_method: input.paymentMethodId,
              automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
              metadata: { ...input.metadata, site_id: String(input.siteId) },
              ...(customer ? { customer, setup_future_usage: 'off_session' as const } : {}),
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        );
      }),
    chargeOffSession: async (input) => {
      const from = await wrap(() => stripe.paymentIntents.retrieve(input.fromIntentId));
      const customer = typeof from.customer === 'string' ? from.customer : from.customer?.id;
      const method = typeof from.payment_method === 'string' ? from.payment_method : from.payment_method?.id;
      if (!customer || !method) throw new PaymentProviderError('This card was not saved for later charges.');
      try {
        return toIntent(
          await stripe.paymentIntents.create(
            {
              amount: input.amount,
              currency: input.currency,
              customer,
              payment_method: method,
              off_session: true,
              confirm: true,
              // The key in the metadata too: findOffSessionCharge finds the charge by it after a crash.
              metadata: { ...input.metadata, site_id: String(input.siteId), charge_key: input.idempotencyKey },
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        );
      } catch (error) {
        // A card error carries the intent: authentication_required (3-D Secure) or a decline.
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
          const intent = toIntent(error.payment_intent as Stripe.PaymentIntent);
          return error.code === 'authentication_required' ? { ...intent, status: 'requires_action' } : { ...intent, status: 'requires_payment_method', lastError: error.message };
        }
        if (error instanceof Stripe.errors.StripeError) throw new PaymentProviderError(error.message);
        throw error;
      }
    },
    /** By the key kept in the charge's metadata (Stripe's search: a charge shows there within about a minute). */
    findOffSessionCharge: (siteId, idempotencyKey) =>
      wrap(async () => {
        const found = await stripe.paymentIntents.search({ query: `metadata['charge_key']:'${idempotencyKey.replace(/'/g, '')}' AND metadata['site_id']:'${siteId}'`, limit: 1 });
        return found.data[0] ? toIntent(found.data[0]) : null;
      }),
    confirmIntent: (_siteId, intentId, idempotencyKey) =>
      wrap(async () => {
        const current = await stripe.paymentIntents.retrieve(intentId);
        if (current.status !== 'requires_confirmation') return toIntent(current);
        return toIntent(await stripe.paymentIntents.confirm(intentId, {}, { idempotencyKey }));
      }),
    retrieveIntent: (_siteId, intentId) => wrap(async () => toIntent(await stripe.paymentIntents.retrieve(intentId))),
    /** Stripe refuses to cancel an intent already succeeded, processing or cancelled: then the intent as it is. */
    cancelIntent: (_siteId, intentId) =>
      wrap(async () => {
        try {
          return toIntent(await stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' }));
        } catch (error) {
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== 'payment_intent_unexpected_state') throw error;
          return toIntent(await stripe.paymentIntents.retrieve(intentId));
        }
      }),
    refund: (input) =>
      wrap(async () =>
        toRefund(
          await stripe.refunds.create(
            { payment_intent: input.intentId, amount: input.amount, reason: STRIPE_REFUND_REASONS[input.reason], metadata: { site_id: String(input.siteId), reason: input.reason } },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),
    webhookEvent: (rawBody, signature) => stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret),
  };
}
