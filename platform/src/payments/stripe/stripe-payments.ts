import { PLANS } from '@agentry/domain/plans';
import { PRODUCT_NAME } from '@agentry/domain/product';
import Stripe from 'stripe';
import {
  type CheckoutRequest,
  type CheckoutSession,
  type CheckoutState,
  type PaymentEvent,
  type PaymentsProvider,
  type SubscriptionState,
  WebhookSignatureError,
} from '../port';
import { checkoutStateOf, subscriptionStateOf } from '../stripe-shapes';
import { PriceCatalog } from './price-catalog';
import { isResourceMissing, unavailable } from './stripe-errors';

// The Stripe adapter: Checkout Sessions in subscription mode, one customer per user, the plan's
// price found by its lookup key, and webhooks verified on the raw body with the endpoint's secret.

export interface StripePaymentsOptions {
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  /** Passed to the Stripe client: host, port and protocol point it at a stand-in in tests. */
  stripeOptions?: Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol' | 'timeout' | 'maxNetworkRetries'>;
}

// Stripe's ids are letters, digits and underscores; anything else cannot name an object.
const STRIPE_ID = /^[A-Za-z0-9_]{1,255}$/;

export class StripePayments implements PaymentsProvider {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly prices: PriceCatalog;
  private readonly webhookSecret: string;

  constructor(options: StripePaymentsOptions) {
    this.stripe = new Stripe(options.secretKey, {
      // Retries reuse the SDK's idempotency key, so a retried create never makes a second object.
      maxNetworkRetries: 2,
      // A person waits on these calls (checkout, subscription page): fail in seconds, not in 80.
      timeout: 15_000,
      appInfo: { name: PRODUCT_NAME },
      ...options.stripeOptions,
    });
    this.prices = new PriceCatalog(this.stripe);
    this.webhookSecret = options.webhookSecret;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const plan = PLANS[request.plan];
    try {
      const priceId = await this.prices.priceIdFor(plan);
      const customerId = request.customerId ?? (await this.createCustomer(request));
      const session = await this.createSession(request, customerId, priceId).catch(async (error: unknown) => {
        // A customer Stripe does not know (deleted, or from test keys before live ones): start afresh.
        if (!request.customerId || !isResourceMissing(error, 'customer')) throw error;
        return this.createSession(request, await this.createCustomer(request), priceId);
      });
      return { id: session.id, url: session.url!, customerId: customerIdOf(session) };
    } catch (error) {
      throw unavailable('open a checkout', error);
    }
  }

  async getCheckout(sessionId: string): Promise<CheckoutState | null> {
    if (!STRIPE_ID.test(sessionId)) return null;
    try {
      return checkoutStateOf(await this.stripe.checkout.sessions.retrieve(sessionId));
    } catch (error) {
      if (isResourceMissing(error)) return null;
      throw unavailable('read a checkout', error);
    }
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionState | null> {
    if (!STRIPE_ID.test(subscriptionId)) return null;
    try {
      return subscriptionStateOf(await this.stripe.subscriptions.retrieve(subscriptionId));
    } catch (error) {
      if (isResourceMissing(error)) return null;
      throw unavailable('read a subscription', error);
    }
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionState> {
    try {
      const subscription = await this.stripe.subscriptions.update(subscriptionId, {
        cancel_at_period_end: cancel,
      });
      return subscriptionStateOf(subscription);
    } catch (error) {
      throw unavailable(cancel ? 'cancel a subscription' : 'reactivate a subscription', error);
    }
  }

  constructEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    try {
      // Default tolerance (5 minutes): an old delivery replayed by someone else is refused.
      return this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.webhookSecret,
      ) as unknown as PaymentEvent;
    } catch (error) {
      throw new WebhookSignatureError(
        error instanceof Stripe.errors.StripeSignatureVerificationError
          ? `Invalid webhook signature: ${error.message}`
          : 'Invalid webhook payload',
      );
    }
  }

  private async createCustomer(request: CheckoutRequest): Promise<string> {
    const customer = await this.stripe.customers.create({
      email: request.email,
      name: request.name,
      metadata: { user_id: request.userId },
    });
    return customer.id;
  }

  private createSession(request: CheckoutRequest, customerId: string, priceId: string) {
    const metadata = { user_id: request.userId, plan: request.plan };
    return this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: request.userId,
      line_items: [{ price: priceId, quantity: 1 }],
      // On the session for checkout.session.completed, on the subscription for every later event.
      metadata,
      subscription_data: { metadata },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
  }
}

function customerIdOf(session: Stripe.Checkout.Session): string {
  const customer = session.customer;
  return typeof customer === 'string' ? customer : customer!.id;
}
