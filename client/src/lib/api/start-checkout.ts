import type { CheckoutAnswer } from '@agentry/domain/contract/subscriptions';
import { sendWithCsrf } from './send-with-csrf';

export type { CheckoutAnswer };

/** POST /api/users/{user_id}/subscription: opens a checkout for the plan of the account's type; 409 when already subscribed. */
export function startCheckout(userId: string): Promise<CheckoutAnswer> {
  return sendWithCsrf<CheckoutAnswer>(`/api/users/${encodeURIComponent(userId)}/subscription`, {
    method: 'POST',
  });
}
