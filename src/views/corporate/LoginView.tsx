import { PlaceholderView } from '../../components/PlaceholderView.tsx';

/** /login: corporate sign-in (navbar hidden), built with the corporate area. */
export function LoginView() {
  return <PlaceholderView screen="corporate-login" eyebrow="Corporate Account" title="Sign In to Corporate Account" description="Sign in to book on your company account and see your bookings." />;
}
