/**
 * Shows the booking machine's alert (spec §8: the pricing popups 'Same Address Booking!', 'Urgent Booking!' and
 * 'Error'; the details and payment alerts) while `context.alert` is set. The machine decides how long a popup lasts
 * (3 s, the redirect after 1 s); closing sends `alert.dismiss`. The dialog's code loads only when an alert shows.
 */
import { Suspense } from 'react';
import { selectAlert } from '../../../machines/booking/booking.selectors.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { lazyThemed } from '../../app/lazyThemed.tsx';

const BookingAlertDialog = lazyThemed(async () => (await import('./BookingAlertDialog.tsx')).BookingAlertDialog);

export function BookingAlerts() {
  const alert = Booking.useOptionalSelector(selectAlert, null);
  const actor = Booking.useOptionalActorRef();
  if (!alert || !actor) return null;
  return (
    <Suspense fallback={null}>
      <BookingAlertDialog alert={alert} onClose={() => actor.send({ type: 'alert.dismiss' })} />
    </Suspense>
  );
}
