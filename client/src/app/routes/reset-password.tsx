import '../../styles/forms.css';
import '../../styles/account-pages.css';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page';

// Lazy route module for /reset-password?token=…
export function Component() {
  return <ResetPasswordPage />;
}
