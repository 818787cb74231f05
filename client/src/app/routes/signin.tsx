import '../../styles/forms.css';
import '../../styles/account-pages.css';
import { SignInPage } from '../../features/auth/components/signin-page';

// Lazy route module for /signin.
export function Component() {
  return <SignInPage />;
}
