import { SANDBOX_PUBLISHABLE_KEY } from '../../contract/sandboxCards.ts';

/** Which card processor a publishable key belongs to: the embedded sandbox (TEST MODE) or Stripe. */
export type Processor = 'sandbox' | 'stripe';

export function processorOf(publishableKey: string): Processor {
  return publishableKey === SANDBOX_PUBLISHABLE_KEY || publishableKey.startsWith('pk_sandbox') ? 'sandbox' : 'stripe';
}

/** A Stripe key in test mode (pk_test_…): the page says so, as Stripe's own test payments move no money. */
export const isStripeTestKey = (publishableKey: string) => publishableKey.startsWith('pk_test_');
