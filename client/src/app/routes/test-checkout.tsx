import '../../styles/forms.css';
import '../../styles/subscription.css';
import { useParams } from 'react-router-dom';
import { TestCheckoutPage } from '../../features/checkout/components/test-checkout-page';

// Lazy route module for /checkout/test/:sessionId (the test-mode checkout).
export function Component() {
  const { sessionId = '' } = useParams();
  return <TestCheckoutPage sessionId={sessionId} />;
}
