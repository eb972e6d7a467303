import { PlaceholderView } from '../../components/PlaceholderView.tsx';

/** /paymentSuccessView: the confirmed booking (navbar hidden), built with the booking flow. */
export function ConfirmationView() {
  return <PlaceholderView screen="confirmation" eyebrow="Booking" title="Booking Confirmation" description="Your booking number, trip, passenger details and payment, as the operator has recorded them." />;
}
