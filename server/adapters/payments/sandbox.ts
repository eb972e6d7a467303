import { randomBytes } from 'node:crypto';
import { SANDBOX_DECLINE_MESSAGES, SANDBOX_PUBLISHABLE_KEY, sandboxOutcomeOf } from '../../../contract/sandboxCards.ts';
import type { Db } from '../db/index.ts';
import { PaymentProviderError, type CreateIntentInput, type IntentStatus, type OffSessionChargeInput, type PaymentIntent, type PaymentsPort, type Refund, type RefundInput } from './port.ts';

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
 * Idempotency as Stripe: a create or refund repeated with the same key returns the first one. A state change applies
 * only to the state it starts from (two confirms of one intent charge it once), and refunds never exceed the amount.
 */
export function createSandboxPayments(db: Db): PaymentsPort & { authenticate(siteId: number, intentId: string, outcome: 'complete' | 'fail'): Promise<PaymentIntent> } {
  const load = async (siteId: number, intentId: string) => {
    const { rows } = await db.query<Row>('SELECT * FROM sandbox_intents WHERE site_id = $1 AND id = $2', [siteId, intentId]);
    if (!rows[0]) throw new PaymentProviderError(`No such payment intent: ${intentId}`);
    return rows[0];
  };
  /** Moves the intent from `from` to `status`; when another call moved it first, the intent as that call left it. */
  const update = async (siteId: number, intentId: string, from: IntentStatus, status: IntentStatus, lastError: string | null) => {
    const { rows } = await db.query<Row>(
      'UPDATE sandbox_intents SET status = $4, last_error = $5, updated_at = now() WHERE site_id = $1 AND id = $2 AND status = $3 RETURNING *',
      [siteId, intentId, from, status, lastError],
    );
    return rows[0] ? toIntent(rows[0]) : toIntent(await load(siteId, intentId));
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
        [input.siteId, id, input.amount, input.currency, secret, input.paymentMethodId, input.idempotencyKey, JSON.stringify(input.saveCard ? { ...input.metadata, setup_future_usage: 'off_session' } : input.metadata)],
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
      const from = 'requires_confirmation';
      switch (sandboxOutcomeOf(row.payment_method_id)) {
        case 'succeeds':
          return update(siteId, intentId, from, 'succeeded', null);
        case 'declined':
          return update(siteId, intentId, from, 'requires_payment_method', SANDBOX_DECLINE_MESSAGES.declined);
        case 'insufficient_funds':
          return update(siteId, intentId, from, 'requires_payment_method', SANDBOX_DECLINE_MESSAGES.insufficient_funds);
        case 'requires_3ds':
          return update(siteId, intentId, from, 'requires_action', null);
        default:
          throw new PaymentProviderError('Unknown sandbox payment method');
      }
    },

    /**
     * The sandbox's off-session charge: only a card saved at booking (its intent made with saveCard) may be charged
     * again; the test card decides the outcome (4000 0027 6000 3184 wants 3-D Secure: requires_action). No money moves.
     */
    async chargeOffSession(input: OffSessionChargeInput) {
      const { rows: from } = await db.query<Row & { metadata: unknown }>('SELECT * FROM sandbox_intents WHERE site_id = $1 AND id = $2', [input.siteId, input.fromIntentId]);
      if (!from[0]) throw new PaymentProviderError(`No such payment intent: ${input.fromIntentId}`);
      const metadata = (typeof from[0].metadata === 'string' ? JSON.parse(from[0].metadata) : from[0].metadata) as Record<string, string>;
      if (metadata?.setup_future_usage !== 'off_session' || from[0].status !== 'succeeded') throw new PaymentProviderError('This card was not saved for later charges.');
      const method = from[0].payment_method_id;
      const outcome = sandboxOutcomeOf(method);
      const [status, lastError]: [IntentStatus, string | null] =
        outcome === 'succeeds'
          ? ['succeeded', null]
          : outcome === 'requires_3ds'
            ? ['requires_action', null]
            : ['requires_payment_method', SANDBOX_DECLINE_MESSAGES[outcome === 'insufficient_funds' ? 'insufficient_funds' : 'declined']];
      const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      const secret = `${id}_secret_${randomBytes(12).toString('hex')}`;
      const { rows } = await db.query<Row>(
        `INSERT INTO sandbox_intents (site_id, id, status, amount, currency, client_secret, payment_method_id, idempotency_key, metadata, last_error)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (site_id, idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
         RETURNING *`,
        [input.siteId, id, status, input.amount, input.currency, secret, method, input.idempotencyKey, JSON.stringify({ ...input.metadata, off_session: 'true' }), lastError],
      );
      if (Number(rows[0].amount) !== input.amount) throw new PaymentProviderError('Keys for idempotent requests can only be used with the same parameters they were first used with.');
      return toIntent(rows[0]);
    },

    async findOffSessionCharge(siteId: number, idempotencyKey: string) {
      const { rows } = await db.query<Row>('SELECT * FROM sandbox_intents WHERE site_id = $1 AND idempotency_key = $2', [siteId, idempotencyKey]);
      return rows[0] ? toIntent(rows[0]) : null;
    },

    async retrieveIntent(siteId, intentId) {
      return toIntent(await load(siteId, intentId));
    },

    /** As Stripe: only an intent not yet paid nor processing is cancelled (one UPDATE: a concurrent 3-D Secure answer wins or loses whole). */
    async cancelIntent(siteId, intentId) {
      const { rows } = await db.query<Row>(
        `UPDATE sandbox_intents SET status = 'canceled', updated_at = now()
          WHERE site_id = $1 AND id = $2 AND status IN ('requires_payment_method', 'requires_confirmation', 'requires_action') RETURNING *`,
        [siteId, intentId],
      );
      return rows[0] ? toIntent(rows[0]) : toIntent(await load(siteId, intentId));
    },

    /** The sandbox's own 3-D Secure challenge: Complete succeeds the intent, Fail returns it to requires_payment_method. */
    async authenticate(siteId, intentId, outcome) {
      const row = await load(siteId, intentId);
      if (row.status !== 'requires_action') return toIntent(row);
      return outcome === 'complete'
        ? update(siteId, intentId, 'requires_action', 'succeeded', null)
        : update(siteId, intentId, 'requires_action', 'requires_payment_method', SANDBOX_DECLINE_MESSAGES.authentication_failed);
    },

    /** Records the refund in `sandbox_refunds` (no money moves); the same key gives the same refund. */
    async refund(input: RefundInput): Promise<Refund> {
      return db.transaction(async (tx) => {
        const intent = await tx.query<Row & { amount_refunded: number }>('SELECT * FROM sandbox_intents WHERE site_id = $1 AND id = $2 FOR UPDATE', [input.siteId, input.intentId]);
        if (!intent.rows[0]) throw new PaymentProviderError(`No such payment intent: ${input.intentId}`);
        const known = await tx.query<{ id: string; intent_id: string; amount: number }>(
          'SELECT id, intent_id, amount FROM sandbox_refunds WHERE site_id = $1 AND idempotency_key = $2',
          [input.siteId, input.idempotencyKey],
        );
        if (known.rows[0]) {
          if (known.rows[0].intent_id !== input.intentId || Number(known.rows[0].amount) !== input.amount) {
            throw new PaymentProviderError('Keys for idempotent requests can only be used with the same parameters they were first used with.');
          }
          return { id: known.rows[0].id, status: 'succeeded', amount: input.amount };
        }
        if (intent.rows[0].status !== 'succeeded') throw new PaymentProviderError(`This PaymentIntent (${input.intentId}) does not have a successful charge to refund.`);
        if (Number(intent.rows[0].amount_refunded) + input.amount > Number(intent.rows[0].amount)) throw new PaymentProviderError('Refund amount is greater than unrefunded amount on charge');
        const id = `re_sandbox_${randomBytes(12).toString('hex')}`;
        await tx.query('INSERT INTO sandbox_refunds (site_id, id, intent_id, amount, idempotency_key) VALUES ($1, $2, $3, $4, $5)', [input.siteId, id, input.intentId, input.amount, input.idempotencyKey]);
        await tx.query('UPDATE sandbox_intents SET amount_refunded = amount_refunded + $3, updated_at = now() WHERE site_id = $1 AND id = $2', [input.siteId, input.intentId, input.amount]);
        return { id, status: 'succeeded' as const, amount: input.amount };
      });
    },
  };
}
