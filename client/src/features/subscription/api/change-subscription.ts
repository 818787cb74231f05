import type { SubscriptionChange } from '@agentry/domain/contract/subscriptions';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

export type SubscriptionAction = 'cancel' | 'reactivate';

/** What happened, for people, and the subscription as it now is (the GET's fields). */
export type { SubscriptionChange };

/**
 * POST /api/users/subscription/cancel (at the end of the billing period) or /reactivate (undo
 * that before the period ends).
 */
export function changeSubscription(action: SubscriptionAction): Promise<SubscriptionChange> {
  return sendWithCsrf<SubscriptionChange>(`/api/users/subscription/${action}`, { method: 'POST' });
}
