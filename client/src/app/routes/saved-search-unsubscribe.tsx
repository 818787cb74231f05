import '../../styles/forms.css';
import '../../styles/account-pages.css';
import { UnsubscribePage } from '../../features/saved-searches/components/unsubscribe-page';

// Lazy route module for /saved-searches/unsubscribe?id=…&token=… (the digest's link).
export function Component() {
  return <UnsubscribePage />;
}
