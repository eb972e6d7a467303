/**
 * The browser's card payments (ARCHITECTURE §4), lazily imported by the booking composition root for the machine's
 * `createPaymentMethod` and `handleNextAction` actors:
 *
 *   createPaymentMethod({ card, billingDetails }) → { paymentMethodId }
 *   handleNextAction({ paymentIntentId, clientSecret }, { signal }) → { status: 'completed' } | { status: 'failed', message }
 *
 * `card` is what the card page sends with card.submit (CardDetails: the sandbox's three fields or Stripe's element).
 */
import { sandboxAuthenticate } from '../api/booking.ts';
import { createPayments } from './payments.ts';

export const { createPaymentMethod, handleNextAction } = createPayments({ sandboxAuthenticate });

export { isCardDetails, type CardDetails, type NextActionResult } from './payments.ts';
export { processorOf, type Processor } from './processor.ts';
