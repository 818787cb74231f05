import { PLANS, type PlanId } from '@agentry/domain/plans';
import type { CheckoutState, SubscriptionState } from './port';

// The fields of Stripe's objects that Agentry reads, and how they become the port's states. The Stripe
// adapter reads the SDK's objects with these functions; the test mode and the Stripe stand-in keep
// objects of the same shape, so every adapter answers through one mapping.

/** An expandable reference: Stripe sends the id, or the object when asked to expand it. */
export type StripeRef = string | { id: string } | null;

export interface CheckoutSessionShape {
  id: string;
  /** open, complete or expired (the SDK allows for values added later). */
  status: string | null;
  /** paid, unpaid or no_payment_required. */
  payment_status: string;
  client_reference_id: string | null;
  customer: StripeRef;
  subscription: StripeRef;
  metadata: Record<string, string> | null;
}

export interface SubscriptionShape {
  id: string;
  customer: string | { id: string };
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string> | null;
  /** Since API version 2025-03-31 the billing period lives on each item. */
  items: { data: Array<{ current_period_start?: number; current_period_end?: number }> };
  /** Where older API versions (a webhook endpoint may be pinned to one) put the billing period. */
  current_period_start?: number;
  current_period_end?: number;
}

export const refId = (ref: StripeRef): string | null =>
  ref === null || typeof ref === 'string' ? ref : ref.id;

/** The plan named in an object's metadata, or null when it names none we sell. */
export function planOf(metadata: Record<string, string> | null | undefined): PlanId | null {
  const plan = metadata?.plan;
  return plan !== undefined && Object.hasOwn(PLANS, plan) ? (plan as PlanId) : null;
}

export function checkoutStateOf(session: CheckoutSessionShape): CheckoutState {
  return {
    id: session.id,
    status: session.status === 'complete' || session.status === 'expired' ? session.status : 'open',
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    userId: session.client_reference_id ?? session.metadata?.user_id ?? null,
    plan: planOf(session.metadata),
    customerId: refId(session.customer),
    subscriptionId: refId(session.subscription),
  };
}

export function subscriptionStateOf(subscription: SubscriptionShape): SubscriptionState {
  const item = subscription.items.data[0];
  const start = item?.current_period_start ?? subscription.current_period_start;
  const end = item?.current_period_end ?? subscription.current_period_end;
  if (start === undefined || end === undefined) {
    throw new Error(`Subscription ${subscription.id} carries no billing period`);
  }
  return {
    id: subscription.id,
    customerId: refId(subscription.customer)!,
    userId: subscription.metadata?.user_id ?? null,
    plan: planOf(subscription.metadata),
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodStart: start,
    currentPeriodEnd: end,
  };
}
