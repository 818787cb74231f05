import '../../styles/forms.css';
import '../../styles/subscription.css';
import { SubscriptionCancelPage } from '../../features/subscription/components/subscription-cancel-page';

// Lazy route module for /subscription/cancel (the checkout was left without paying).
export function Component() {
  return <SubscriptionCancelPage />;
}
