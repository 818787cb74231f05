import '../../styles/forms.css';
import '../../styles/subscription.css';
import '../../styles/dialog.css';
import { SubscriptionManagePage } from '../../features/subscription/components/subscription-manage-page';
import { RequireAuth } from '../../lib/auth/require-auth';

// Lazy route module for /subscription/manage: signed-in only (spec section 6).
export function Component() {
  return <RequireAuth>{(user) => <SubscriptionManagePage user={user} />}</RequireAuth>;
}
