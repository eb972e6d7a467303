import { PlaceholderView } from '../../components/PlaceholderView.tsx';

/** /quoteView: the 'QUOTE NOW' request form, also the Urgent Booking page (built with the quote request flow). */
export function QuoteRequestView() {
  return <PlaceholderView screen="quote-request" eyebrow="Urgent booking" title="QUOTE NOW" description="Tell us where and when, how many passengers and how much luggage, and we will send you a price by e-mail." />;
}
