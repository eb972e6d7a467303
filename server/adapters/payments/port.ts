import type { Queryable } from '../db/index.ts';

/** Stripe's PaymentIntent statuses; the sandbox walks the same ones. */
export type IntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export interface PaymentIntent {
  id: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  clientSecret: string;
  /** The provider's message when the last attempt failed (a decline, a failed 3-D Secure). */
  lastError: string | null;
}

export interface CreateIntentInput {
  siteId: number;
  amount: number;
  currency: string;
  paymentMethodId: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** The card processor: Stripe in production, the sandbox (TEST MODE) by default. */
export interface PaymentsPort {
  readonly kind: 'sandbox' | 'stripe';
  readonly testMode: boolean;
  publishableKey(): string;
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  /** Confirms the intent server-side (or re-reads it after the customer's 3-D Secure step). */
  confirmIntent(siteId: number, intentId: string, idempotencyKey: string): Promise<PaymentIntent>;
  retrieveIntent(siteId: number, intentId: string): Promise<PaymentIntent>;
}

export class PaymentProviderError extends Error {}

export type PaymentsDb = Queryable;
