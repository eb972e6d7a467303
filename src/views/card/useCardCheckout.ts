import { useCallback } from 'react';
import { Booking } from '../../app/booking/BookingContext.ts';
import type { CardDetails } from '../../payments/payments.ts';

/** The card states in which a payment is under way ('Processing...'). */
const PROCESSING = ['creatingPaymentMethod', 'creatingPaymentIntent', 'confirming', 'awaitingProcessing', 'authenticating', 'booking'] as const;

/** The booking flow's side of a card form (CardFormProps): whether Pay Now may be pressed, and pressing it. */
export function useCardCheckout() {
  const actor = Booking.useActorRef();
  const canSubmit = Booking.useSelector((s) => s.matches({ cardCheckout: 'form' }));
  const processing = Booking.useSelector((s) => PROCESSING.some((state) => s.matches({ cardCheckout: state })));
  const succeeded = Booking.useSelector((s) => s.matches({ cardCheckout: 'succeeded' }));
  /** One card.submit; the machine ignores any further one until the payment ends (no double charge). */
  const onSubmit = useCallback((card: CardDetails) => actor.send({ type: 'card.submit', card }), [actor]);
  return { canSubmit, processing, succeeded, onSubmit };
}
