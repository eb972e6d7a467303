import { PlaceholderView } from '../../components/PlaceholderView.tsx';

/** /my-account: the corporate passenger's profile form (needs sign-in; navbar hidden). */
export function MyAccountView() {
  return <PlaceholderView screen="corporate-profile" eyebrow="Corporate Account" title="My Profile / Edit Profile" description="Your name, e-mail address and phone number on the corporate account." />;
}
