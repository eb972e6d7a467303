/**
 * Stripe.js, loaded only on the card page and only when the processor is Stripe: `@stripe/stripe-js/pure` injects
 * Stripe's script when loadStripe is first called (never at import), and this module is reached only through the
 * card page's lazy Stripe form. One Stripe instance per publishable key.
 */
import type { Stripe } from '@stripe/stripe-js';

const loading = new Map<string, Promise<Stripe | null>>();

export function loadStripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loading.get(publishableKey);
  if (!promise) {
    promise = import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(publishableKey));
    // A failed load (offline, blocked) may be tried again on the next visit to the page.
    promise.catch(() => loading.delete(publishableKey));
    loading.set(publishableKey, promise);
  }
  return promise;
}
