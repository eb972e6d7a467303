import { PlaceholderView } from '../../components/PlaceholderView.tsx';

/** /quotationview: the vehicle price results (built with the booking flow). */
export function QuotationView() {
  return <PlaceholderView screen="quotation" eyebrow="Step 2" title="Quotation" description="Prices for every vehicle that fits your trip, so you can choose the one you want and book it." />;
}
