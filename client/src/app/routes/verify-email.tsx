import '../../styles/forms.css';
import '../../styles/account-pages.css';
import { VerifyEmailPage } from '../../features/auth/components/verify-email-page';

// Lazy route module for /verify-email?token=…
export function Component() {
  return <VerifyEmailPage />;
}
