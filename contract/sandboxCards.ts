/**
 * The sandbox card processor accepts only Stripe's documented test card numbers, each standing for one outcome.
 * The browser turns a number into the matching test payment method id (as Stripe.js would), so no card number
 * ever reaches our server; the server's sandbox decides the outcome from that id.
 */
export const SANDBOX_TEST_CARDS = {
  '4242424242424242': { paymentMethodId: 'pm_card_visa', brand: 'visa', outcome: 'succeeds' },
  '5555555555554444': { paymentMethodId: 'pm_card_mastercard', brand: 'mastercard', outcome: 'succeeds' },
  '378282246310005': { paymentMethodId: 'pm_card_amex', brand: 'amex', outcome: 'succeeds' },
  '4000000000000002': { paymentMethodId: 'pm_card_visa_chargeDeclined', brand: 'visa', outcome: 'declined' },
  '4000000000009995': { paymentMethodId: 'pm_card_visa_chargeDeclinedInsufficientFunds', brand: 'visa', outcome: 'insufficient_funds' },
  '4000002760003184': { paymentMethodId: 'pm_card_authenticationRequired', brand: 'visa', outcome: 'requires_3ds' },
} as const;

export type SandboxCardNumber = keyof typeof SANDBOX_TEST_CARDS;
export type SandboxOutcome = (typeof SANDBOX_TEST_CARDS)[SandboxCardNumber]['outcome'];

export const SANDBOX_PUBLISHABLE_KEY = 'pk_sandbox_cabflow_test_mode';

/** Stripe's own decline texts, which the card page shows as the provider's message. */
export const SANDBOX_DECLINE_MESSAGES = {
  declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_failed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

export function sandboxPaymentMethodFor(cardNumber: string): string | null {
  const digits = cardNumber.replace(/\D/g, '');
  return digits in SANDBOX_TEST_CARDS ? SANDBOX_TEST_CARDS[digits as SandboxCardNumber].paymentMethodId : null;
}

export function sandboxOutcomeOf(paymentMethodId: string): SandboxOutcome | null {
  const card = Object.values(SANDBOX_TEST_CARDS).find((entry) => entry.paymentMethodId === paymentMethodId);
  return card ? card.outcome : null;
}
