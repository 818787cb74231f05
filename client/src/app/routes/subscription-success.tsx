import '../../styles/forms.css';
import '../../styles/subscription.css';
import { SubscriptionSuccessPage } from '../../features/subscription/components/subscription-success-page';

// Lazy route module for /subscription/success?session_id=.
export function Component() {
  return <SubscriptionSuccessPage />;
}
