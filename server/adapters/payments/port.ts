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
  /**
   * Save the card for a later charge without the customer (issue 32: the driver's extras after the trip): Stripe's
   * `setup_future_usage: 'off_session'` with a Customer; the sandbox marks the intent's card as saved.
   */
  saveCard?: boolean;
}

/** A later charge to the card saved by `fromIntentId` (created with saveCard), without the customer present. */
export interface OffSessionChargeInput {
  siteId: number;
  fromIntentId: string;
  amount: number;
  currency: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/**
 * Why money goes back: a second charge for one booking (automatic), a passenger's cancellation, an operator's
 * decision, a passenger's change (a lower price, or a change's charge that came after the booking moved on).
 */
export type RefundReason = 'duplicate_charge' | 'cancellation' | 'operator' | 'change';

export interface RefundInput {
  siteId: number;
  intentId: string;
  /** Minor units; may be less than the intent's amount (a partial refund). */
  amount: number;
  reason: RefundReason;
  /** The same key returns the same refund: a retried call never pays a refund twice. */
  idempotencyKey: string;
}

export interface Refund {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
  amount: number;
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
  /** Gives back (part of) a succeeded intent's amount. */
  refund(input: RefundInput): Promise<Refund>;
  /**
   * Charges the card saved at booking, off-session, confirmed at once: 'succeeded', 'requires_action' (the bank wants
   * 3-D Secure: the customer must pay themselves) or 'requires_payment_method' (declined, `lastError`). The same key
   * returns the same charge.
   */
  chargeOffSession(input: OffSessionChargeInput): Promise<PaymentIntent>;
  /**
   * The off-session charge made with this idempotency key, or null when the processor never received it (a process
   * that died between claiming a charge and recording its outcome: the sweep settles it, drivers/extrasSweep.ts).
   */
  findOffSessionCharge(siteId: number, idempotencyKey: string): Promise<PaymentIntent | null>;
  /**
   * Cancels an intent that must never be paid any more (Stripe: POST /v1/payment_intents/:id/cancel), e.g. the
   * off-session charge of the driver's extras left waiting for 3-D Secure once the passenger pays them another way.
   * Returns the intent as the processor has it afterwards: 'canceled' (it can never be confirmed now), or, when it was
   * too late, 'succeeded' / 'processing' (the caller must not take the money again). Cancelling twice is harmless.
   */
  cancelIntent(siteId: number, intentId: string): Promise<PaymentIntent>;
}

export class PaymentProviderError extends Error {}

export type PaymentsDb = Queryable;
