import { PlaceholderView } from '../../components/PlaceholderView.tsx';

/** /booktripview: step 1 'Book a Trip' of the stepper (built with the booking flow). */
export function BookTripView() {
  return <PlaceholderView screen="book-trip" eyebrow="Step 1" title="Book a Trip" description="Your pickup, drop-off, date and time, with any extra stops and a return journey." />;
}
