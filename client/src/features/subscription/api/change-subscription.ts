import { sendWithCsrf } from '../../../lib/api/send-with-csrf';
import type { SubscriptionDetails } from './get-subscription';

export type SubscriptionAction = 'cancel' | 'reactivate';

/** What happened, for people, and the subscription as it now is (the GET's fields). */
export interface SubscriptionChange extends SubscriptionDetails {
  success: boolean;
  message: string;
}

/**
 * POST /api/users/subscription/cancel (at the end of the billing period) or /reactivate (undo
 * that before the period ends).
 */
export function changeSubscription(action: SubscriptionAction): Promise<SubscriptionChange> {
  return sendWithCsrf<SubscriptionChange>(`/api/users/subscription/${action}`, { method: 'POST' });
}
