/**
 * The browser half of the payments adapter (ARCHITECTURE §4): turning the card page's fields into a payment
 * method, and the 3-D Secure step, for both processors.
 *
 * - Stripe: Stripe.js does both (`createPaymentMethod` from the CardNumberElement, `handleNextAction` with the
 *   intent's client secret); the card data goes from Stripe's iframes to Stripe only.
 * - Sandbox (TEST MODE): our own three fields, checked as Stripe.js checks its own (Luhn, expiry, cvc) and mapped to
 *   Stripe's test payment method ids (no card number ever leaves the browser); the 3-D Secure step is the sandbox's
 *   own challenge page (sandboxChallenge.ts), answered to the server with POST /sandbox/authenticate.
 *
 * Both functions reject with an Error whose message is the text to show after 'Payment failed' (spec §8).
 */
import type { Stripe, StripeCardNumberElement } from '@stripe/stripe-js';
import { SANDBOX_DECLINE_MESSAGES } from '../../contract/sandboxCards.ts';
import { sandboxPaymentMethod } from './cardFields.ts';
import { closeChallenge, openChallenge, type ChallengeOutcome } from './sandboxChallenge.ts';

/** What the card page sends with `card.submit` (opaque to the machine, never stored). */
export type CardDetails =
  | { kind: 'sandbox'; number: string; expiry: string; cvc: string }
  | { kind: 'stripe'; stripe: Stripe; element: StripeCardNumberElement };

export interface BillingDetails {
  name: string;
  email: string;
  phone: string;
}

export interface CreatePaymentMethodArgs {
  card: unknown;
  billingDetails: BillingDetails;
}

export interface HandleNextActionArgs {
  paymentIntentId: string;
  clientSecret: string | null;
}

export type NextActionResult = { status: 'completed' } | { status: 'failed'; message: string | null };

/** The answer of POST /sandbox/authenticate (the confirm-payment-intent shape). */
export interface SandboxAuthenticateAnswer {
  success: boolean;
  status: string;
  error: string | null;
}

export interface PaymentsDeps {
  sandboxAuthenticate(body: { paymentIntentId: string; outcome: ChallengeOutcome }, options?: { signal?: AbortSignal }): Promise<SandboxAuthenticateAnswer>;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface NextActionOptions extends CallOptions {
  /** Where the sandbox's challenge is answered, when not the booking's POST /sandbox/authenticate (a change's charge). */
  sandboxAuthenticate?: PaymentsDeps['sandboxAuthenticate'];
}

export function isCardDetails(card: unknown): card is CardDetails {
  if (!card || typeof card !== 'object' || !('kind' in card)) return false;
  if (card.kind === 'sandbox') return 'number' in card && 'expiry' in card && 'cvc' in card;
  if (card.kind === 'stripe') return 'stripe' in card && 'element' in card;
  return false;
}

/** Stripe refuses empty billing fields ('' is not an e-mail address): send only what the visitor entered. */
function billing(details: BillingDetails) {
  const entries = Object.entries(details).map(([key, value]) => [key, value.trim()] as const).filter(([, value]) => value !== '');
  return Object.fromEntries(entries) as Partial<BillingDetails>;
}

export function createPayments(deps: PaymentsDeps) {
  /** The Stripe instance of the last Stripe payment method: its 3-D Secure step runs in the same Stripe.js. */
  let stripe: Stripe | null = null;

  async function createPaymentMethod({ card, billingDetails }: CreatePaymentMethodArgs): Promise<{ paymentMethodId: string }> {
    if (!isCardDetails(card)) throw new Error('The card form could not be read. Please reload the page and try again.');
    if (card.kind === 'sandbox') {
      stripe = null;
      const result = sandboxPaymentMethod(card);
      if ('error' in result) throw new Error(result.error);
      return { paymentMethodId: result.paymentMethodId };
    }
    const { paymentMethod, error } = await card.stripe.createPaymentMethod({ type: 'card', card: card.element, billing_details: billing(billingDetails) });
    if (error || !paymentMethod) throw new Error(error?.message ?? 'Your card could not be used. Please check the details and try again.');
    stripe = card.stripe;
    return { paymentMethodId: paymentMethod.id };
  }

  async function handleNextAction({ paymentIntentId, clientSecret }: HandleNextActionArgs, { signal, sandboxAuthenticate = deps.sandboxAuthenticate }: NextActionOptions = {}): Promise<NextActionResult> {
    if (stripe && !paymentIntentId.startsWith('pi_sandbox_')) {
      if (!clientSecret) return { status: 'failed', message: SANDBOX_DECLINE_MESSAGES.authentication_failed };
      const { error } = await stripe.handleNextAction({ clientSecret });
      return error ? { status: 'failed', message: error.message ?? SANDBOX_DECLINE_MESSAGES.authentication_failed } : { status: 'completed' };
    }
    const outcome = await openChallenge(paymentIntentId, signal);
    try {
      const answer = await sandboxAuthenticate({ paymentIntentId, outcome }, { signal });
      if (outcome === 'complete' && answer.success !== false && answer.status !== 'failed') return { status: 'completed' };
      return { status: 'failed', message: answer.error ?? SANDBOX_DECLINE_MESSAGES.authentication_failed };
    } finally {
      closeChallenge();
    }
  }

  return { createPaymentMethod, handleNextAction };
}
