import { PLANS, type PlanId } from '@agentry/domain/plans';
import { FINAL_STATES } from '@agentry/domain/subscription';
import { KeyedLock } from '../../concurrency/keyed-lock';
import type { KeyValueRepository } from '../../store/port';
import {
  type CheckoutRequest,
  type CheckoutSession,
  type CheckoutState,
  type PaymentEvent,
  type PaymentsProvider,
  PaymentsUnavailableError,
  type SubscriptionState,
  WebhookSignatureError,
} from '../port';
import { payCheckoutSession } from '../simulated/checkout-payment';
import { planPrice, type SimulatedCheckoutSession, type SimulatedSubscription } from '../simulated/objects';
import { randomId } from '../simulated/random-id';
import { applyElapsedTime } from '../simulated/subscription-clock';
import { checkoutStateOf, planOf, subscriptionStateOf } from '../stripe-shapes';
import { CheckoutNotFoundError, CheckoutNotOpenError } from './checkout-errors';
import { TestModeObjects } from './object-store';

// The built-in test mode: Stripe's side of a subscription played by the app itself. The app serves
// the checkout page (/checkout/test/:id), which never asks for card data and never charges; paying
// there produces Stripe's events, which the app handles as it handles Stripe's webhooks. Time is
// applied when a subscription is read: at the end of a period it renews, or ends if set to cancel.

/** Stripe lets a checkout session be paid for 24 hours. */
const CHECKOUT_LIFETIME_SECONDS = 24 * 60 * 60;

export interface TestModeOptions {
  /** The clock, in milliseconds (tests move it to the end of a period). */
  now?: () => number;
}

/** What the test-mode checkout page shows. */
export interface TestCheckoutDescription {
  id: string;
  status: CheckoutState['status'];
  plan: PlanId;
  email: string | null;
  amountUsd: number;
  interval: 'month';
  successUrl: string;
  cancelUrl: string;
}

export class TestModePayments implements PaymentsProvider {
  readonly kind = 'test' as const;
  private readonly objects: TestModeObjects;
  private readonly lock = new KeyedLock();
  private readonly now: () => number;

  constructor(kv: KeyValueRepository, options: TestModeOptions = {}) {
    this.objects = new TestModeObjects(kv);
    this.now = options.now ?? Date.now;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const now = this.seconds();
    const plan = PLANS[request.plan];
    const customerId = await this.customerFor(request, now);
    const id = randomId('cs_test');
    const session: SimulatedCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: request.userId,
      customer: customerId,
      subscription: null,
      metadata: { user_id: request.userId, plan: plan.id },
      customer_details: { email: request.email, name: request.name },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      url: `/checkout/test/${id}`,
      amount_total: planPrice(plan, now).unit_amount,
      currency: 'usd',
      created: now,
      expires_at: now + CHECKOUT_LIFETIME_SECONDS,
      livemode: false,
    };
    await this.objects.put('checkout', session);
    return { id, url: session.url!, customerId };
  }

  async getCheckout(sessionId: string): Promise<CheckoutState | null> {
    const session = await this.lock.run(sessionId, () => this.loadCheckout(sessionId));
    return session && checkoutStateOf(session);
  }

  /** The checkout page's content; null when no checkout has this id. */
  async describeCheckout(sessionId: string): Promise<TestCheckoutDescription | null> {
    const session = await this.lock.run(sessionId, () => this.loadCheckout(sessionId));
    if (!session) return null;
    return {
      id: session.id,
      status: session.status,
      plan: planOf(session.metadata)!,
      email: session.customer_details?.email ?? null,
      amountUsd: session.amount_total / 100,
      interval: 'month',
      successUrl: session.success_url,
      cancelUrl: session.cancel_url ?? session.success_url,
    };
  }

  /**
   * The Pay button: completes an open checkout, starts its subscription and returns Stripe's events
   * for the app's webhook handler, with the page to send the browser to. Throws CheckoutNotFoundError
   * or CheckoutNotOpenError (already paid, cancelled or expired).
   */
  pay(sessionId: string): Promise<{ redirectUrl: string; events: PaymentEvent[] }> {
    return this.lock.run(sessionId, async () => {
      const session = await this.openCheckout(sessionId);
      const now = this.seconds();
      const paid = payCheckoutSession({
        session: { ...session, customer: session.customer! },
        subscriptionMetadata: session.metadata,
        price: planPrice(PLANS[planOf(session.metadata)!], now),
        now,
        newId: (kind) => randomId(`${kind}_test`),
      });
      // The subscription first: a session that says "complete" always names one that exists.
      await this.objects.put('subscription', paid.subscription);
      await this.objects.put('checkout', paid.session);
      return {
        redirectUrl: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id),
        events: paid.events,
      };
    });
  }

  /** The Cancel button: the checkout expires, as Stripe's does, and the browser goes to the cancel page. */
  cancelCheckout(sessionId: string): Promise<{ redirectUrl: string }> {
    return this.lock.run(sessionId, async () => {
      const session = await this.openCheckout(sessionId);
      await this.objects.put('checkout', { ...session, status: 'expired', url: null });
      return { redirectUrl: session.cancel_url ?? session.success_url };
    });
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionState | null> {
    const subscription = await this.lock.run(subscriptionId, () => this.loadSubscription(subscriptionId));
    return subscription && subscriptionStateOf(subscription);
  }

  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionState> {
    return this.lock.run(subscriptionId, async () => {
      const subscription = await this.loadSubscription(subscriptionId);
      // The same refusals as Stripe's, so the app meets them in test mode first.
      if (!subscription) throw new PaymentsUnavailableError(`No such subscription: '${subscriptionId}'`);
      if (FINAL_STATES.includes(subscription.status)) {
        throw new PaymentsUnavailableError(
          `Subscription ${subscriptionId} has ended and can no longer change`,
        );
      }
      const periodEnd = subscription.items.data[0]!.current_period_end;
      const changed: SimulatedSubscription = {
        ...subscription,
        cancel_at_period_end: cancel,
        cancel_at: cancel ? periodEnd : null,
        canceled_at: cancel ? this.seconds() : null,
      };
      await this.objects.put('subscription', changed);
      return subscriptionStateOf(changed);
    });
  }

  constructEvent(): PaymentEvent {
    // Test-mode events reach the app from pay(), never over HTTP: nothing posted may pass for one.
    throw new WebhookSignatureError('Webhooks are not used in test mode');
  }

  private seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  private async customerFor(request: CheckoutRequest, now: number): Promise<string> {
    // An id the test mode does not know (one of Stripe's, from before a switch of mode) gets a new customer.
    if (request.customerId && (await this.objects.get('customer', request.customerId)))
      return request.customerId;
    const customer = {
      id: randomId('cus_test'),
      object: 'customer' as const,
      email: request.email,
      name: request.name,
      metadata: { user_id: request.userId },
      created: now,
      livemode: false as const,
    };
    await this.objects.put('customer', customer);
    return customer.id;
  }

  /** The session, expired first when its 24 hours have passed. Call under the session's lock. */
  private async loadCheckout(sessionId: string): Promise<SimulatedCheckoutSession | null> {
    const session = await this.objects.get('checkout', sessionId);
    if (session?.status === 'open' && this.seconds() >= session.expires_at) {
      const expired = { ...session, status: 'expired' as const, url: null };
      await this.objects.put('checkout', expired);
      return expired;
    }
    return session;
  }

  private async openCheckout(sessionId: string): Promise<SimulatedCheckoutSession> {
    const session = await this.loadCheckout(sessionId);
    if (!session) throw new CheckoutNotFoundError(sessionId);
    if (session.status !== 'open') throw new CheckoutNotOpenError(session.status);
    return session;
  }

  /** The subscription with the time passed since it was last read applied. Call under its lock. */
  private async loadSubscription(subscriptionId: string): Promise<SimulatedSubscription | null> {
    const subscription = await this.objects.get('subscription', subscriptionId);
    if (!subscription) return null;
    const advanced = applyElapsedTime(subscription, this.seconds());
    if (!advanced) return subscription;
    await this.objects.put('subscription', advanced);
    return advanced;
  }
}
