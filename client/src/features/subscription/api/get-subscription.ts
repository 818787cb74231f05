import type { Subscription } from '@agentry/domain/contract/subscriptions';
import { apiRequest } from '../../../lib/api/api-client';

// The subscription object of spec section 3, as GET /api/users/subscription answers it.

export type { StripeData, Subscription as SubscriptionDetails } from '@agentry/domain/contract/subscriptions';

/** GET /api/users/subscription (signed in). */
export function getSubscription(signal?: AbortSignal): Promise<Subscription> {
  return apiRequest<Subscription>('/api/users/subscription', { signal });
}
