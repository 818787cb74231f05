import type { PaymentsMode, Subscription } from '@agentry/domain/contract/subscriptions';
import { PLANS, planForUserType } from '@agentry/domain/plans';
import type { SubscriptionRecord, User } from '@agentry/platform/store/port';

/**
 * The subscription object of spec section 3 (status, stripe_customer_id, stripe_data with status,
 * cancel_at_period_end and the period in Unix seconds), with the plan and the payment mode so the
 * page can say what is billed and whether it is a test.
 */
export function presentSubscription(
  user: User,
  record: SubscriptionRecord | null,
  paymentsMode: PaymentsMode,
): Subscription {
  const plan = record ? PLANS[record.plan] : planForUserType(user.user_type);
  return {
    success: true,
    status: user.subscription_status,
    plan: plan.id,
    price_usd: plan.priceUsd,
    payments_mode: paymentsMode,
    stripe_customer_id: user.stripe_customer_id,
    stripe_data: record
      ? {
          status: record.status,
          cancel_at_period_end: record.cancel_at_period_end,
          current_period_start: record.current_period_start,
          current_period_end: record.current_period_end,
        }
      : null,
  };
}
