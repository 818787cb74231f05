import type { PlanId } from '@agentry/domain/plans';

// The payments port: subscriptions through a checkout page. Two adapters implement it: Stripe
// (when STRIPE_SECRET_KEY is set) and the built-in test mode (the default: a checkout page served
// by the app itself, clearly marked, that never asks for card data and never charges). One
// contract suite (contract.ts) holds both to the same behaviour. Shapes follow Stripe's words.

export interface CheckoutRequest {
  userId: string;
  email: string;
  name: string;
  /** The customer at the provider, when the user already has one (one customer per user). */
  customerId: string | null;
  plan: PlanId;
  /** Where the provider sends the browser after paying; "{CHECKOUT_SESSION_ID}" is replaced by the session id. */
  successUrl: string;
  /** Where it sends the browser when the person cancels. */
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  /** The checkout page to send the browser to. */
  url: string;
  /** The customer the session bills (created when the request had none). */
  customerId: string;
}

export interface CheckoutState {
  id: string;
  status: 'open' | 'complete' | 'expired';
  /** True once the first payment went through (Stripe: payment_status 'paid' or 'no_payment_required'). */
  paid: boolean;
  /** The client_reference_id: our user id. */
  userId: string | null;
  plan: PlanId | null;
  customerId: string | null;
  subscriptionId: string | null;
}

export interface SubscriptionState {
  id: string;
  customerId: string;
  /** From the subscription's metadata. */
  userId: string | null;
  plan: PlanId | null;
  /** Stripe's vocabulary: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired. */
  status: string;
  cancelAtPeriodEnd: boolean;
  /** Unix seconds. */
  currentPeriodStart: number;
  currentPeriodEnd: number;
}

/** An event as Stripe sends it to a webhook: the test mode produces the same shape. */
export interface PaymentEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> & { id?: string; object?: string } };
}

export interface PaymentsProvider {
  readonly kind: 'test' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Null when no session has this id. */
  getCheckout(sessionId: string): Promise<CheckoutState | null>;
  /** The subscription as the provider holds it now; null when no subscription has this id. */
  getSubscription(subscriptionId: string): Promise<SubscriptionState | null>;
  /** Cancel at the end of the billing period (true) or take that back (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionState>;
  /**
   * Checks a webhook delivery's signature against the raw body and returns its event; throws
   * WebhookSignatureError when the signature is missing, wrong or too old.
   */
  constructEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider refused or failed a call (network, API error): callers show a generic message. */
export class PaymentsUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentsUnavailableError';
  }
}
