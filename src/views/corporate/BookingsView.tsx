import { PlaceholderView } from '../../components/PlaceholderView.tsx';

/** /bookings: the corporate bookings table with a details modal (needs sign-in; navbar hidden). */
export function BookingsView() {
  return <PlaceholderView screen="corporate-bookings" eyebrow="Corporate Account" title="Bookings" description="Every booking made on your corporate account, with its trip, passenger and payment details." />;
}
