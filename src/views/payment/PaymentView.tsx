import { PlaceholderView } from '../../components/PlaceholderView.tsx';

/** /paymentview (and /checkout): choose Pay in Car or Pay By Card (built with the booking flow). */
export function PaymentView() {
  return <PlaceholderView screen="payment" eyebrow="Step 4" title="Payment" description="Check your trip and details, then pay the driver in the car or pay securely by card." />;
}
