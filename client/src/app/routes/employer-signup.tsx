import '../../styles/forms.css';
import '../../styles/account-pages.css';
import { EmployerSignupPage } from '../../features/employer-signup/components/employer-signup-page';

// Lazy route module for /employer-signup.
export function Component() {
  return <EmployerSignupPage />;
}
