// The store's part for subscriptions and payment events (contract/billing.ts).

/** Our copy of a user's subscription at the payment provider (Stripe, or the built-in test mode). */
export interface SubscriptionRecord {
  user_id: string;
  plan: 'agent_provider' | 'employer';
  provider: 'test' | 'stripe';
  /** The provider's subscription id (sub_...). */
  subscription_id: string;
  customer_id: string;
  /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired. */
  status: string;
  cancel_at_period_end: boolean;
  /** Unix seconds. */
  current_period_start: number;
  current_period_end: number;
  updated_at: string;
}

/**
 * A checkout this server opened, for which account and plan: the success page's verification
 * answers only for these, only to their account, and asks the payment provider about no other id.
 */
export interface CheckoutRecord {
  /** The provider's checkout session id (cs_...). */
  checkout_id: string;
  user_id: string;
  plan: 'agent_provider' | 'employer';
  provider: 'test' | 'stripe';
  created_at: string;
}

export interface BillingRepository {
  /** The user's subscription (one per user: a new one replaces an ended one). */
  getSubscription(userId: string): Promise<SubscriptionRecord | null>;
  findBySubscriptionId(subscriptionId: string): Promise<SubscriptionRecord | null>;
  /** Inserts or replaces the user's subscription; sets updated_at. */
  saveSubscription(record: Omit<SubscriptionRecord, 'updated_at'>): Promise<SubscriptionRecord>;
  /**
   * Subscriptions whose period ended at or before `nowSeconds` and whose status is not final
   * (canceled, incomplete_expired), oldest period end first, at most `limit`: the renewal sweep re-reads them.
   */
  listDue(nowSeconds: number, limit: number): Promise<SubscriptionRecord[]>;
  /** Records a payment event id; false when it was recorded before (a replayed webhook). */
  recordEvent(eventId: string, type: string): Promise<boolean>;
  /** Forgets an event whose handling failed, so that the provider's retry is handled. */
  forgetEvent(eventId: string): Promise<void>;
  /** Deletes event ids recorded before `before` (long past any provider's retries). Returns how many. */
  purgeEvents(before: Date): Promise<number>;
  /** Remembers a checkout we opened (sets created_at); the same id again changes nothing. */
  recordCheckout(record: Omit<CheckoutRecord, 'created_at'>): Promise<void>;
  /** The checkout we opened with this id; null for any other id. */
  findCheckout(checkoutId: string): Promise<CheckoutRecord | null>;
  /** Deletes checkouts opened before `before` (long past their expiry). Returns how many. */
  purgeCheckouts(before: Date): Promise<number>;
}
