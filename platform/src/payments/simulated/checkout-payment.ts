import { addCalendarMonths } from '../calendar-month';
import type { PaymentEvent } from '../port';
import {
  eventOf,
  type Metadata,
  type SimulatedCheckoutSession,
  type SimulatedPrice,
  type SimulatedSubscription,
} from './objects';

// What happens on Stripe's side when a customer pays a subscription checkout: the session completes,
// a subscription starts with a monthly period from now, its first invoice is paid, and Stripe sends
// its webhook events in this order. The test mode and the Stripe stand-in both pay this way.

export interface CheckoutPaymentInput {
  /** An open session with its customer. */
  session: SimulatedCheckoutSession & { customer: string };
  /** The subscription's metadata (Stripe: the session's subscription_data.metadata). */
  subscriptionMetadata: Metadata;
  price: SimulatedPrice;
  /** Unix seconds. */
  now: number;
  /** A new id of the given kind: "sub", "si" (subscription item), "in" (invoice) or "evt". */
  newId: (kind: 'sub' | 'si' | 'in' | 'evt') => string;
}

export interface CheckoutPayment {
  session: SimulatedCheckoutSession;
  subscription: SimulatedSubscription;
  /** checkout.session.completed, customer.subscription.created, invoice.paid. */
  events: PaymentEvent[];
}

export function payCheckoutSession(input: CheckoutPaymentInput): CheckoutPayment {
  const { session, price, now, newId } = input;
  const periodEnd = addCalendarMonths(now, 1);
  const invoiceId = newId('in');
  const subscription: SimulatedSubscription = {
    id: newId('sub'),
    object: 'subscription',
    customer: session.customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    metadata: { ...input.subscriptionMetadata },
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          current_period_start: now,
          current_period_end: periodEnd,
          price,
          quantity: 1,
        },
      ],
    },
    billing_cycle_anchor: now,
    created: now,
    start_date: now,
    currency: price.currency,
    latest_invoice: invoiceId,
    livemode: false,
  };
  const paid: SimulatedCheckoutSession = {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    subscription: subscription.id,
    url: null,
  };
  const invoice = {
    id: invoiceId,
    object: 'invoice',
    customer: session.customer,
    status: 'paid',
    billing_reason: 'subscription_create',
    amount_due: price.unit_amount,
    amount_paid: price.unit_amount,
    currency: price.currency,
    period_start: now,
    period_end: now,
    // API 2025-03-31 moved the subscription under parent; the top-level field serves older readers.
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    subscription: subscription.id,
    created: now,
    livemode: false,
  };
  return {
    session: paid,
    subscription,
    events: [
      eventOf(newId('evt'), 'checkout.session.completed', paid, now),
      eventOf(newId('evt'), 'customer.subscription.created', subscription, now),
      eventOf(newId('evt'), 'invoice.paid', invoice, now),
    ],
  };
}
