/**
 * The booking flow's actor context: one long-lived booking actor for the whole site, provided by
 * <BookingProvider> (BookingProvider.tsx, which restores its input from localStorage).
 *
 *   const step = Booking.useSelector(selectStepOfPath)        // select narrowly (machines/booking selectors)
 *   const booking = Booking.useActorRef(); booking.send({ type: 'details.next' })
 *
 * useSelector throws when the actor has errored; BookingProvider wraps the flow in an error boundary.
 */
import { createActorContext } from '@xstate/react';
import { bookingLogic } from './bookingLogic.ts';

export const Booking = createActorContext(bookingLogic);
