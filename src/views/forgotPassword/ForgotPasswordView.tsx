import { PlaceholderView } from '../../components/PlaceholderView.tsx';

/** /forgot_password: e-mail, reset code, new password (built with the forgot-password flow). */
export function ForgotPasswordView() {
  return <PlaceholderView screen="forgot-password" eyebrow="Account" title="Forgot Password" description="Enter your e-mail address and we will send you a code to reset your password." />;
}
