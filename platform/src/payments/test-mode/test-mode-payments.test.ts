import type { Store } from '../../store/port';
import { openSqliteStore } from '../../store/sqlite/sqlite-store';
import { checkoutRequest, describePaymentsContract } from '../contract';
import { CheckoutNotFoundError, CheckoutNotOpenError } from './checkout-errors';
import { TestModePayments } from './test-mode-payments';

const START = Date.parse('2026-01-31T12:00:00Z');

describePaymentsContract('test mode', { paysCheckout: true, webhooks: false, clock: true }, async () => {
  const store = openSqliteStore(':memory:');
  let now = START;
  const payments = new TestModePayments(store.kv, { now: () => now });
  return {
    payments,
    completeCheckout: async (sessionId) => {
      await payments.pay(sessionId);
    },
    clock: { now: () => now, set: (ms) => (now = ms) },
    close: () => store.close(),
  };
});

describe('TestModePayments: the checkout page', () => {
  let store: Store;
  let now: number;
  let payments: TestModePayments;
  beforeEach(() => {
    store = openSqliteStore(':memory:');
    now = START;
    payments = new TestModePayments(store.kv, { now: () => now });
  });
  afterEach(() => store.close());

  it('serves its own page for an unguessable session id', async () => {
    const session = await payments.createCheckout(checkoutRequest());
    expect(session.id).toMatch(/^cs_test_[0-9a-f]{32}$/);
    expect(session.customerId).toMatch(/^cus_test_[0-9a-f]{32}$/);
    expect(session.url).toBe(`/checkout/test/${session.id}`);
  });

  it("describes the checkout: the plan, its price, the buyer's e-mail and where to go next", async () => {
    const request = checkoutRequest({ plan: 'employer', email: 'hiring@example.com' });
    const session = await payments.createCheckout(request);
    expect(await payments.describeCheckout(session.id)).toEqual({
      id: session.id,
      status: 'open',
      plan: 'employer',
      email: 'hiring@example.com',
      amountUsd: 40,
      interval: 'month',
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
    });
    expect(await payments.describeCheckout('cs_test_unknown')).toBeNull();
  });

  it("pays: sends the browser to the success page and returns Stripe's events in Stripe's order", async () => {
    const request = checkoutRequest({ plan: 'agent_provider' });
    const session = await payments.createCheckout(request);
    const { redirectUrl, events } = await payments.pay(session.id);
    expect(redirectUrl).toBe(`https://agentry.example/subscription/success?session_id=${session.id}`);
    expect(events.map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    for (const event of events) expect(event.id).toMatch(/^evt_test_[0-9a-f]{32}$/);
    const [completed, created, invoice] = events.map((event) => event.data.object);
    const subscriptionId = (await payments.getCheckout(session.id))!.subscriptionId;
    expect(subscriptionId).toMatch(/^sub_test_/);
    const metadata = { user_id: request.userId, plan: 'agent_provider' };
    expect(completed).toMatchObject({
      id: session.id,
      object: 'checkout.session',
      client_reference_id: request.userId,
      customer: session.customerId,
      subscription: subscriptionId,
      payment_status: 'paid',
      status: 'complete',
      metadata,
    });
    expect(created).toMatchObject({
      id: subscriptionId,
      object: 'subscription',
      customer: session.customerId,
      status: 'active',
      cancel_at_period_end: false,
      metadata,
      items: {
        data: [
          {
            current_period_start: START / 1000,
            current_period_end: Date.parse('2026-02-28T12:00:00Z') / 1000,
            price: { unit_amount: 500, currency: 'usd', lookup_key: 'agentry_provider_monthly' },
          },
        ],
      },
    });
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'paid',
      amount_paid: 500,
      customer: session.customerId,
      subscription: subscriptionId,
      parent: { subscription_details: { subscription: subscriptionId } },
    });
  });

  it('takes one payment per checkout, even when Pay is pressed twice at once', async () => {
    const session = await payments.createCheckout(checkoutRequest());
    const outcomes = await Promise.allSettled([payments.pay(session.id), payments.pay(session.id)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refusal.reason).toBeInstanceOf(CheckoutNotOpenError);
    expect(refusal.reason.message).toBe('This checkout is already paid');
  });

  it('cancels: sends the browser to the cancel page and the checkout can no longer be paid', async () => {
    const request = checkoutRequest();
    const session = await payments.createCheckout(request);
    expect(await payments.cancelCheckout(session.id)).toEqual({ redirectUrl: request.cancelUrl });
    expect(await payments.getCheckout(session.id)).toMatchObject({ status: 'expired', paid: false });
    await expect(payments.pay(session.id)).rejects.toThrow('This checkout has expired');
  });

  it('refuses to pay or cancel a checkout that does not exist', async () => {
    await expect(payments.pay('cs_test_unknown')).rejects.toBeInstanceOf(CheckoutNotFoundError);
    await expect(payments.cancelCheckout('cs_test_unknown')).rejects.toBeInstanceOf(CheckoutNotFoundError);
  });

  it('lets a checkout expire after 24 hours, as Stripe does', async () => {
    const session = await payments.createCheckout(checkoutRequest());
    now = START + 24 * 60 * 60 * 1000;
    expect(await payments.describeCheckout(session.id)).toMatchObject({ status: 'expired' });
    await expect(payments.pay(session.id)).rejects.toBeInstanceOf(CheckoutNotOpenError);
  });

  it('keeps its objects in the store, so a restart loses no subscription', async () => {
    const session = await payments.createCheckout(checkoutRequest());
    await payments.pay(session.id);
    const restarted = new TestModePayments(store.kv, { now: () => now });
    const { subscriptionId } = (await restarted.getCheckout(session.id))!;
    expect(await restarted.getSubscription(subscriptionId!)).toMatchObject({ status: 'active' });
    expect(await store.kv.get(`testpay:subscription:${subscriptionId}`)).toContain('"object":"subscription"');
  });
});
