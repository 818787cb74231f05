import '../../styles/forms.css';
import '../../styles/account-pages.css';
import { AccountSetupPage } from '../../features/account-setup/components/account-setup-page';

// Lazy route module for /account-setup.
export function Component() {
  return <AccountSetupPage />;
}
