import { apiRequest } from '../../../lib/api/api-client';

// The subscription object of spec section 3, as GET /api/users/subscription answers it.

export interface StripeData {
  /** Stripe's vocabulary: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired. */
  status: string;
  cancel_at_period_end: boolean;
  /** Unix seconds. */
  current_period_start: number;
  current_period_end: number;
}

export interface SubscriptionDetails {
  /** The account's subscription_status: 'active' or 'inactive'. */
  status: string;
  plan: string;
  price_usd: number;
  payments_mode: 'test' | 'stripe';
  stripe_customer_id: string | null;
  /** Null when the account never subscribed. */
  stripe_data: StripeData | null;
}

/** GET /api/users/subscription (signed in). */
export function getSubscription(signal?: AbortSignal): Promise<SubscriptionDetails> {
  return apiRequest<SubscriptionDetails>('/api/users/subscription', { signal });
}
