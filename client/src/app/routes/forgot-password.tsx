import '../../styles/forms.css';
import '../../styles/account-pages.css';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page';

// Lazy route module for /forgot-password.
export function Component() {
  return <ForgotPasswordPage />;
}
