import { PlaceholderView } from '../../components/PlaceholderView.tsx';

/** /book-now: the corporate sidebar's Book Now (built with the corporate area). */
export function BookNowView() {
  return <PlaceholderView screen="corporate-book-now" eyebrow="Corporate Account" title="Book Now" description="Book a trip on your corporate account." />;
}
