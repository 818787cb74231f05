// The one place where a payment state (Stripe's subscription status vocabulary, which the test-mode
// checkout uses too) becomes the account's subscription_status of spec section 3.

export type SubscriptionStatus = 'active' | 'inactive';

/**
 * Payment states that keep access. past_due keeps it while the payment provider retries the card
 * (days, not months); unpaid, canceled and the incomplete states do not.
 */
export const ACCESS_GRANTING_STATES: readonly string[] = ['active', 'trialing', 'past_due'];

/** Payment states after which a subscription never changes again. */
export const FINAL_STATES: readonly string[] = ['canceled', 'incomplete_expired'];

export function deriveSubscriptionStatus(paymentStatus: string | null | undefined): SubscriptionStatus {
  return paymentStatus && ACCESS_GRANTING_STATES.includes(paymentStatus) ? 'active' : 'inactive';
}

export const isActiveSubscription = (status: string | null | undefined) => status === 'active';
