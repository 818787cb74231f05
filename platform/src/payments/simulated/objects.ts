import type { Plan } from '@agentry/domain/plans';
import type { PaymentEvent } from '../port';
import type { CheckoutSessionShape, SubscriptionShape } from '../stripe-shapes';

// Stripe's objects as the simulations of Stripe's side keep them: the test mode (in the store) and the
// Stripe stand-in of tests (in memory). Only the fields a Stripe integration commonly reads are here,
// in the shape of the API version below, so code written against these objects reads real ones.

/** The API version whose shapes these objects follow: periods on items, invoice.parent. */
export const SIMULATED_API_VERSION = '2025-03-31.basil';

export type Metadata = Record<string, string>;

export interface SimulatedPrice {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  lookup_key: string | null;
  product: string;
  recurring: { interval: string; interval_count: number };
  type: 'recurring';
  metadata: Metadata;
  created: number;
  livemode: false;
}

export interface SimulatedCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
}

export interface SimulatedCheckoutSession extends CheckoutSessionShape {
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  mode: 'subscription';
  customer: string | null;
  subscription: string | null;
  metadata: Metadata;
  customer_details: { email: string | null; name: string | null } | null;
  success_url: string;
  cancel_url: string | null;
  /** The page to pay on; null once the session is complete or expired, as Stripe does. */
  url: string | null;
  amount_total: number;
  currency: string;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface SimulatedSubscriptionItem {
  id: string;
  object: 'subscription_item';
  current_period_start: number;
  current_period_end: number;
  price: SimulatedPrice;
  quantity: number;
}

export interface SimulatedSubscription extends SubscriptionShape {
  object: 'subscription';
  customer: string;
  metadata: Metadata;
  items: { object: 'list'; data: SimulatedSubscriptionItem[] };
  billing_cycle_anchor: number;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  currency: string;
  latest_invoice: string | null;
  livemode: false;
}

/** A price of one of our plans, for simulations that keep no price list of their own (the test mode). */
export function planPrice(plan: Plan, now: number): SimulatedPrice {
  return {
    id: `price_test_${plan.lookupKey}`,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: Math.round(plan.priceUsd * 100),
    lookup_key: plan.lookupKey,
    product: `prod_test_${plan.id}`,
    recurring: { interval: plan.interval, interval_count: 1 },
    type: 'recurring',
    metadata: {},
    created: now,
    livemode: false,
  };
}

/** A Stripe event around a copy of the object, so later changes to the object do not rewrite history. */
export function eventOf(id: string, type: string, object: object, created: number): PaymentEvent {
  const event = {
    id,
    object: 'event',
    api_version: SIMULATED_API_VERSION,
    created,
    type,
    data: { object: structuredClone(object) as PaymentEvent['data']['object'] },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  return event;
}
