import { TestModePayments } from '@agentry/platform/payments/factory';
import type { SubscriptionRecord } from '@agentry/platform/store/port';
import { mailsTo } from '../testing/mailbox';
import { startTestServer, type TestServer } from '../testing/test-server';
import { accountForm, Visitor } from '../testing/visitor';
import { handlePaymentEvent } from './handle-payment-event';
import { renewDueSubscriptions } from './renew-due-subscriptions';
import { startCheckout } from './start-checkout';
import { syncSubscription } from './sync-subscription';

// The subscription commands on a real store with the test-mode provider and a clock of our own:
// the renewal sweep, a second checkout, two subscriptions of one user, and a subscription the
// provider no longer knows.

const DAY = 24 * 60 * 60 * 1000;

describe('subscription lifecycle', () => {
  let server: TestServer;
  let clock: number;
  const services = () => server.running.context.services;
  const store = () => server.running.context.store;
  const testMode = () => server.running.context.testCheckout as TestModePayments;

  beforeEach(async () => {
    clock = Date.UTC(2027, 0, 31, 9);
    server = await startTestServer({}, { now: () => clock });
  });
  afterEach(() => server.stop());

  async function account(email: string) {
    const browser = new Visitor(server.running.url);
    const created = await browser.post('/api/users', accountForm({ email })).expect(201);
    return { browser, userId: created.body.user_id as string };
  }

  /** Opens a checkout for the account and pays it on the test page; answers the session id. */
  async function pay(userId: string): Promise<string> {
    const user = (await store().users.findById(userId))!;
    const { url } = await startCheckout(services(), { user });
    const sessionId = url.split('/').pop()!;
    const { events } = await testMode().pay(sessionId);
    for (const event of events) await handlePaymentEvent(services(), { event });
    return sessionId;
  }

  it('lets the renewal sweep renew a paid period and end a cancelled one, without any page being opened', async () => {
    const renewing = await account('renew@example.com');
    const ending = await account('end@example.com');
    await pay(renewing.userId);
    await pay(ending.userId);
    await ending.browser.post('/api/users/subscription/cancel').expect(200);

    clock += 29 * DAY; // Jan 31 → Feb 28 (month end kept), and a bit
    clock += DAY;
    expect(await renewDueSubscriptions(services())).toBe(2);
    const renewed = (await store().billing.getSubscription(renewing.userId))!;
    expect(renewed).toMatchObject({ status: 'active', current_period_end: Date.UTC(2027, 2, 31, 9) / 1000 });
    expect((await store().users.findById(renewing.userId))!.subscription_status).toBe('active');
    expect((await store().billing.getSubscription(ending.userId))!.status).toBe('canceled');
    expect((await store().users.findById(ending.userId))!.subscription_status).toBe('inactive');
    expect(await mailsTo(server.dataDir, 'end@example.com', 'subscription_ended')).toHaveLength(1);
    // Nothing is due any more: the sweep has nothing left to do.
    expect(await renewDueSubscriptions(services())).toBe(0);
  });

  it('hands back the open checkout instead of opening a second one', async () => {
    const { userId } = await account('ada@example.com');
    const user = (await store().users.findById(userId))!;
    const first = await startCheckout(services(), { user });
    const second = await startCheckout(services(), { user });
    expect(second.url).toBe(first.url);
  });

  it('completes a paid checkout whose events never came, rather than sell a second subscription', async () => {
    const { userId } = await account('ada@example.com');
    const user = (await store().users.findById(userId))!;
    const { url } = await startCheckout(services(), { user });
    await testMode().pay(url.split('/').pop()!); // the events are lost
    await expect(startCheckout(services(), { user })).rejects.toMatchObject({ status: 409 });
    expect((await store().users.findById(userId))!.subscription_status).toBe('active');
  });

  it('keeps the paying subscription when a late event about an old, unpaid one arrives', async () => {
    const { userId } = await account('ada@example.com');
    await pay(userId);
    const paying = (await store().billing.getSubscription(userId))!;
    // An older subscription of the same user that ended unpaid, known only to the provider.
    const old = await oldSubscription(userId, 'unpaid');
    expect(await syncSubscription(services(), { subscriptionId: old.subscription_id, userId })).toMatchObject(
      {
        subscription_id: paying.subscription_id,
      },
    );
    expect((await store().billing.getSubscription(userId))!.subscription_id).toBe(paying.subscription_id);
    expect((await store().users.findById(userId))!.subscription_status).toBe('active');
  });

  it('ends a second paid subscription of one user with its first period, keeping the first', async () => {
    const { userId } = await account('ada@example.com');
    await pay(userId);
    const first = (await store().billing.getSubscription(userId))!;
    const second = await oldSubscription(userId, 'active');
    await syncSubscription(services(), { subscriptionId: second.subscription_id, userId });
    expect((await store().billing.getSubscription(userId))!.subscription_id).toBe(first.subscription_id);
    expect(await testMode().getSubscription(second.subscription_id)).toMatchObject({
      cancelAtPeriodEnd: true,
    });
  });

  it('ends, here too, a subscription the payment provider no longer knows', async () => {
    const { userId } = await account('ada@example.com');
    await pay(userId);
    const record = (await store().billing.getSubscription(userId))!;
    // As after switching payment modes: the provider has never heard of this id.
    await store().billing.saveSubscription({ ...record, subscription_id: 'sub_from_another_mode' });
    clock += 40 * DAY;
    expect(await renewDueSubscriptions(services())).toBe(1);
    expect((await store().billing.getSubscription(userId))!.status).toBe('canceled');
    expect((await store().users.findById(userId))!.subscription_status).toBe('inactive');
    expect(await renewDueSubscriptions(services())).toBe(0);
  });

  it('ignores a subscription that is not for one of our plans, whatever its metadata says', async () => {
    const { userId } = await account('ada@example.com');
    const foreign = await oldSubscription(userId, 'active', { plan: null });
    expect(
      await syncSubscription(services(), { subscriptionId: foreign.subscription_id, userId }),
    ).toBeNull();
    expect((await store().users.findById(userId))!.subscription_status).toBe('inactive');
  });

  /** A subscription the test-mode provider holds for the user, opened and paid through a checkout of its own. */
  async function oldSubscription(
    userId: string,
    status: string,
    options: { plan?: null } = {},
  ): Promise<Pick<SubscriptionRecord, 'subscription_id'>> {
    const user = (await store().users.findById(userId))!;
    const session = await testMode().createCheckout({
      userId,
      email: user.email,
      name: user.full_name,
      customerId: user.stripe_customer_id,
      plan: 'agent_provider',
      successUrl: '/s?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: '/c',
    });
    await testMode().pay(session.id);
    const subscriptionId = (await testMode().getCheckout(session.id))!.subscriptionId!;
    // The provider's side of it, changed as the provider would have it (its JSON in the kv table).
    const key = `testpay:subscription:${subscriptionId}`;
    const object = JSON.parse((await store().kv.get(key))!);
    await store().kv.set(
      key,
      JSON.stringify({ ...object, status, ...(options.plan === null ? { metadata: {} } : {}) }),
    );
    return { subscription_id: subscriptionId };
  }
});
