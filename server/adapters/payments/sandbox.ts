import { randomBytes } from 'node:crypto';
import { SANDBOX_DECLINE_MESSAGES, SANDBOX_PUBLISHABLE_KEY, sandboxOutcomeOf } from '../../../contract/sandboxCards.ts';
import type { Db } from '../db/index.ts';
import { PaymentProviderError, type CreateIntentInput, type IntentStatus, type PaymentIntent, type PaymentsPort } from './port.ts';

interface Row {
  id: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  client_secret: string;
  payment_method_id: string;
  last_error: string | null;
}

const toIntent = (row: Row): PaymentIntent => ({
  id: row.id,
  status: row.status,
  amount: Number(row.amount),
  currency: row.currency,
  clientSecret: row.client_secret,
  lastError: row.last_error,
});

/**
 * The embedded card processor: mirrors Stripe's PaymentIntent states for Stripe's test payment methods only
 * (contract/sandboxCards.ts), keeps its intents in `sandbox_intents`, and moves no money. The card page says TEST MODE.
 * Idempotency as Stripe: a create repeated with the same key returns the first intent.
 */
export function createSandboxPayments(db: Db): PaymentsPort & { authenticate(siteId: number, intentId: string, outcome: 'complete' | 'fail'): Promise<PaymentIntent> } {
  const load = async (siteId: number, intentId: string) => {
    const { rows } = await db.query<Row>('SELECT * FROM sandbox_intents WHERE site_id = $1 AND id = $2', [siteId, intentId]);
    if (!rows[0]) throw new PaymentProviderError(`No such payment intent: ${intentId}`);
    return rows[0];
  };
  const update = async (siteId: number, intentId: string, status: IntentStatus, lastError: string | null) => {
    const { rows } = await db.query<Row>(
      'UPDATE sandbox_intents SET status = $3, last_error = $4, updated_at = now() WHERE site_id = $1 AND id = $2 RETURNING *',
      [siteId, intentId, status, lastError],
    );
    return toIntent(rows[0]);
  };

  return {
    kind: 'sandbox',
    testMode: true,
    publishableKey: () => SANDBOX_PUBLISHABLE_KEY,

    async createIntent(input: CreateIntentInput) {
      if (!sandboxOutcomeOf(input.paymentMethodId)) {
        throw new PaymentProviderError('The sandbox accepts only test cards (4242 4242 4242 4242 and the other Stripe test numbers).');
      }
      const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      const secret = `${id}_secret_${randomBytes(12).toString('hex')}`;
      const { rows } = await db.query<Row>(
        `INSERT INTO sandbox_intents (site_id, id, status, amount, currency, client_secret, payment_method_id, idempotency_key, metadata)
         VALUES ($1, $2, 'requires_confirmation', $3, $4, $5, $6, $7, $8)
         ON CONFLICT (site_id, idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
         RETURNING *`,
        [input.siteId, id, input.amount, input.currency, secret, input.paymentMethodId, input.idempotencyKey, JSON.stringify(input.metadata)],
      );
      const row = rows[0];
      if (Number(row.amount) !== input.amount || row.payment_method_id !== input.paymentMethodId) {
        throw new PaymentProviderError('Keys for idempotent requests can only be used with the same parameters they were first used with.');
      }
      return toIntent(row);
    },

    async confirmIntent(siteId, intentId) {
      const row = await load(siteId, intentId);
      if (row.status !== 'requires_confirmation') return toIntent(row);
      switch (sandboxOutcomeOf(row.payment_method_id)) {
        case 'succeeds':
          return update(siteId, intentId, 'succeeded', null);
        case 'declined':
          return update(siteId, intentId, 'requires_payment_method', SANDBOX_DECLINE_MESSAGES.declined);
        case 'insufficient_funds':
          return update(siteId, intentId, 'requires_payment_method', SANDBOX_DECLINE_MESSAGES.insufficient_funds);
        case 'requires_3ds':
          return update(siteId, intentId, 'requires_action', null);
        default:
          throw new PaymentProviderError('Unknown sandbox payment method');
      }
    },

    async retrieveIntent(siteId, intentId) {
      return toIntent(await load(siteId, intentId));
    },

    /** The sandbox's own 3-D Secure challenge: Complete succeeds the intent, Fail returns it to requires_payment_method. */
    async authenticate(siteId, intentId, outcome) {
      const row = await load(siteId, intentId);
      if (row.status !== 'requires_action') return toIntent(row);
      return outcome === 'complete'
        ? update(siteId, intentId, 'succeeded', null)
        : update(siteId, intentId, 'requires_payment_method', SANDBOX_DECLINE_MESSAGES.authentication_failed);
    },
  };
}
