import { PlaceholderView } from '../../components/PlaceholderView.tsx';

/** /stripecheckout: the card page ('Amount To Pay', card fields, 'Pay Now'), built with card payments. */
export function CardPaymentView() {
  return <PlaceholderView screen="card-payment" eyebrow="Step 4" title="Amount To Pay" description="Secure card payment: your card details go straight to the card processor and never reach our servers." />;
}
