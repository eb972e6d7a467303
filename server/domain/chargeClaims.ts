/**
 * How long a card charge's claim (payments.charge = 'claimed') may wait for the processor's answer before it counts
 * as abandoned: a confirm lasts at most about a minute (the Stripe SDK's 20 s timeout, two retries). Read by the
 * booking's payments (bookings/paymentsRepository.ts frees such a claim) and the promo codes (a code's use held by
 * one is given back); it lives below both so neither imports the other for it.
 */
export const ABANDONED_CLAIM = '2 minutes';
