import type { CheckoutRedirect, TestCheckout } from '@agentry/domain/contract/subscriptions';
import { apiRequest } from '../../../lib/api/api-client';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

// The built-in test-mode checkout (docs/accounts.md): read a session, pay it or cancel it. Served
// only in test mode; in Stripe mode the GET answers 404.

export type {
  CheckoutRedirect,
  TestCheckout as TestCheckoutSession,
} from '@agentry/domain/contract/subscriptions';

const sessionPath = (id: string) => `/api/test-checkout/${encodeURIComponent(id)}`;

/** GET /api/test-checkout/{id} */
export function getTestCheckout(id: string, signal?: AbortSignal): Promise<TestCheckout> {
  return apiRequest<TestCheckout>(sessionPath(id), { signal });
}

/** POST /api/test-checkout/{id}/pay or /cancel */
export function finishTestCheckout(id: string, action: 'pay' | 'cancel'): Promise<CheckoutRedirect> {
  return sendWithCsrf<CheckoutRedirect>(`${sessionPath(id)}/${action}`, { method: 'POST' });
}
