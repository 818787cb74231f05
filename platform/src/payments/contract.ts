import { randomUUID } from 'node:crypto';
import type { PlanId } from '@agentry/domain/plans';
import {
  type CheckoutRequest,
  type PaymentsProvider,
  PaymentsUnavailableError,
  WebhookSignatureError,
} from './port';

// The behaviour every payments adapter must have. Each adapter's test file calls this with a driver:
// the adapter plus the way its checkout page gets paid. What a driver cannot do is declared up front
// (features), and the behaviours that need it are skipped by name rather than passed silently.

const DAY = 24 * 60 * 60;

export interface PaymentsDriver {
  payments: PaymentsProvider;
  /** Pays an open checkout as a customer would on that adapter's page. */
  completeCheckout?: (sessionId: string) => Promise<void>;
  /** Starts a subscription without the checkout page, for providers whose page needs a browser. */
  subscribeDirectly?: (request: CheckoutRequest) => Promise<{ subscriptionId: string; customerId: string }>;
  /** Signs a webhook body as the provider does (Unix seconds; now by default). */
  signWebhook?: (payload: string, timestamp?: number) => string;
  /** The clock the provider runs on (milliseconds), when the test can move it. */
  clock?: { now(): number; set(ms: number): void };
  close?: () => Promise<void>;
}

export interface PaymentsFeatures {
  /** completeCheckout works (not with real Stripe: its page needs a browser). */
  paysCheckout: boolean;
  /** The adapter takes the provider's webhooks, and signWebhook signs them. */
  webhooks: boolean;
  /** The clock can be moved to the end of a billing period. */
  clock: boolean;
}

export function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    userId: `user-${randomUUID()}`,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    customerId: null,
    plan: 'agent_provider',
    successUrl: 'https://agentry.example/subscription/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://agentry.example/subscription/cancel',
    ...overrides,
  };
}

export function describePaymentsContract(
  name: string,
  features: PaymentsFeatures,
  openDriver: () => Promise<PaymentsDriver>,
): void {
  describe(`Payments contract: ${name}`, () => {
    let driver: PaymentsDriver;
    beforeEach(async () => {
      driver = await openDriver();
    });
    afterEach(async () => {
      await driver?.close?.();
    });

    const now = () => Math.floor((driver.clock?.now() ?? Date.now()) / 1000);
    const whenPaying = features.paysCheckout ? it : it.skip;
    const withWebhooks = features.webhooks ? it : it.skip;
    const withoutWebhooks = features.webhooks ? it.skip : it;
    const withClock = features.clock ? it : it.skip;

    /** A paid subscription: through the checkout page when the driver can pay it, else directly. */
    async function subscribe(plan: PlanId = 'agent_provider') {
      const request = checkoutRequest({ plan });
      if (!driver.completeCheckout) return { request, ...(await driver.subscribeDirectly!(request)) };
      const session = await driver.payments.createCheckout(request);
      await driver.completeCheckout(session.id);
      const state = await driver.payments.getCheckout(session.id);
      return { request, subscriptionId: state!.subscriptionId!, customerId: state!.customerId! };
    }

    it('opens a checkout that stays open and unpaid until it is paid', async () => {
      const request = checkoutRequest({ plan: 'employer' });
      const session = await driver.payments.createCheckout(request);
      expect(session.url).toEqual(expect.any(String));
      expect(session.customerId).toEqual(expect.any(String));
      expect(await driver.payments.getCheckout(session.id)).toEqual({
        id: session.id,
        status: 'open',
        paid: false,
        userId: request.userId,
        plan: 'employer',
        customerId: session.customerId,
        subscriptionId: null,
      });
    });

    whenPaying('completes a paid checkout with its user, plan, customer and a new subscription', async () => {
      const request = checkoutRequest({ plan: 'employer' });
      const session = await driver.payments.createCheckout(request);
      await driver.completeCheckout!(session.id);
      expect(await driver.payments.getCheckout(session.id)).toEqual({
        id: session.id,
        status: 'complete',
        paid: true,
        userId: request.userId,
        plan: 'employer',
        customerId: session.customerId,
        subscriptionId: expect.any(String),
      });
    });

    it('starts an active subscription for about a month that names its user and plan', async () => {
      const { request, subscriptionId, customerId } = await subscribe('employer');
      const subscription = await driver.payments.getSubscription(subscriptionId);
      expect(subscription).toMatchObject({
        id: subscriptionId,
        customerId,
        userId: request.userId,
        plan: 'employer',
        status: 'active',
        cancelAtPeriodEnd: false,
      });
      const { currentPeriodStart: start, currentPeriodEnd: end } = subscription!;
      expect(Math.abs(start - now())).toBeLessThan(600);
      expect(end - start).toBeGreaterThanOrEqual(28 * DAY);
      expect(end - start).toBeLessThanOrEqual(31 * DAY);
    });

    it('cancels at the end of the period and takes the cancellation back', async () => {
      const { subscriptionId } = await subscribe();
      const before = await driver.payments.getSubscription(subscriptionId);
      const canceling = await driver.payments.setCancelAtPeriodEnd(subscriptionId, true);
      // Access lasts until the period ends: the status stays active, the period unchanged.
      expect(canceling).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
      expect(canceling.currentPeriodEnd).toBe(before!.currentPeriodEnd);
      expect(await driver.payments.getSubscription(subscriptionId)).toMatchObject({
        cancelAtPeriodEnd: true,
      });
      const reactivated = await driver.payments.setCancelAtPeriodEnd(subscriptionId, false);
      expect(reactivated).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
      expect(await driver.payments.getSubscription(subscriptionId)).toMatchObject({
        cancelAtPeriodEnd: false,
      });
    });

    it('answers null for ids it does not know, and refuses to change what does not exist', async () => {
      expect(await driver.payments.getCheckout('cs_test_a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6')).toBeNull();
      expect(await driver.payments.getSubscription('sub_1A2b3C4d5E6f7G8h9I0j')).toBeNull();
      expect(await driver.payments.getCheckout('../../v1/customers')).toBeNull();
      await expect(
        driver.payments.setCancelAtPeriodEnd('sub_1A2b3C4d5E6f7G8h9I0j', true),
      ).rejects.toBeInstanceOf(PaymentsUnavailableError);
    });

    it("reuses the user's customer for a later checkout", async () => {
      const first = await driver.payments.createCheckout(checkoutRequest());
      const second = await driver.payments.createCheckout(checkoutRequest({ customerId: first.customerId }));
      expect(second.customerId).toBe(first.customerId);
      expect((await driver.payments.getCheckout(second.id))!.customerId).toBe(first.customerId);
    });

    it('gives a new customer to a user whose customer the provider does not know (from another mode)', async () => {
      const unknown = 'cus_Zz9Yy8Xx7Ww6Vv5U';
      const session = await driver.payments.createCheckout(checkoutRequest({ customerId: unknown }));
      expect(session.customerId).toEqual(expect.any(String));
      expect(session.customerId).not.toBe(unknown);
    });

    withWebhooks('accepts a correctly signed webhook and refuses a missing, wrong or stale signature', () => {
      const payload = JSON.stringify({
        id: 'evt_contract_1',
        object: 'event',
        type: 'customer.subscription.updated',
        created: now(),
        data: { object: { id: 'sub_contract_1', object: 'subscription' } },
      });
      const body = Buffer.from(payload);
      expect(driver.payments.constructEvent(body, driver.signWebhook!(payload))).toMatchObject({
        id: 'evt_contract_1',
        type: 'customer.subscription.updated',
        data: { object: { id: 'sub_contract_1' } },
      });
      const refused = [
        undefined,
        '',
        't=1,v1=0000',
        driver.signWebhook!(`${payload} `),
        driver.signWebhook!(payload, Math.floor(Date.now() / 1000) - 3600),
      ];
      for (const signature of refused) {
        expect(() => driver.payments.constructEvent(body, signature)).toThrow(WebhookSignatureError);
      }
    });

    withoutWebhooks('takes no webhooks at all, so nothing posted can pass for a payment', () => {
      const payload = Buffer.from(
        JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: {} } }),
      );
      expect(() => driver.payments.constructEvent(payload, 't=1,v1=0000')).toThrow(WebhookSignatureError);
      expect(() => driver.payments.constructEvent(payload, undefined)).toThrow(WebhookSignatureError);
    });

    withClock('ends a subscription set to cancel once its period is over, for good', async () => {
      const { subscriptionId } = await subscribe();
      const canceling = await driver.payments.setCancelAtPeriodEnd(subscriptionId, true);
      driver.clock!.set((canceling.currentPeriodEnd - 1) * 1000);
      expect(await driver.payments.getSubscription(subscriptionId)).toMatchObject({ status: 'active' });
      driver.clock!.set(canceling.currentPeriodEnd * 1000);
      expect(await driver.payments.getSubscription(subscriptionId)).toMatchObject({
        status: 'canceled',
        currentPeriodEnd: canceling.currentPeriodEnd,
      });
      await expect(driver.payments.setCancelAtPeriodEnd(subscriptionId, false)).rejects.toBeInstanceOf(
        PaymentsUnavailableError,
      );
      driver.clock!.set((canceling.currentPeriodEnd + 90 * DAY) * 1000);
      expect(await driver.payments.getSubscription(subscriptionId)).toMatchObject({ status: 'canceled' });
    });

    withClock('renews a subscription not set to cancel for the next calendar month', async () => {
      const { subscriptionId } = await subscribe();
      const first = (await driver.payments.getSubscription(subscriptionId))!;
      driver.clock!.set(first.currentPeriodEnd * 1000 + 1000);
      const renewed = (await driver.payments.getSubscription(subscriptionId))!;
      expect(renewed).toMatchObject({ status: 'active', currentPeriodStart: first.currentPeriodEnd });
      expect(renewed.currentPeriodEnd - renewed.currentPeriodStart).toBeGreaterThanOrEqual(28 * DAY);
      // Months without a read are caught up at once: the period is the one containing now.
      driver.clock!.set((renewed.currentPeriodEnd + 70 * DAY) * 1000);
      const later = (await driver.payments.getSubscription(subscriptionId))!;
      expect(later.currentPeriodStart).toBeLessThanOrEqual(now());
      expect(later.currentPeriodEnd).toBeGreaterThan(now());
      expect(later.status).toBe('active');
    });
  });
}
