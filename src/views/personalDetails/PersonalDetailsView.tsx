import { PlaceholderView } from '../../components/PlaceholderView.tsx';

/** /personalDetailView: registration details as guest, new or existing client (built with the booking flow). */
export function PersonalDetailsView() {
  return <PlaceholderView screen="personal-details" eyebrow="Step 3" title="Registration Details" description="Who is travelling and how we reach you: name, e-mail and mobile number, and your flight or train reference for airport and station pickups." />;
}
