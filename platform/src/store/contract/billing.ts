import type { Store, SubscriptionRecord } from '../port';

// Subscriptions' and payment events' part of the store contract, run by describeStoreContract
// against every adapter.

export function describeBillingContract(store: () => Store): void {
  describe('billing', () => {
    const subscription = (overrides: Partial<Omit<SubscriptionRecord, 'updated_at'>> = {}) => ({
      user_id: 'u1',
      plan: 'agent_provider' as const,
      provider: 'test' as const,
      subscription_id: 'sub_1',
      customer_id: 'cus_1',
      status: 'active',
      cancel_at_period_end: false,
      current_period_start: 1_700_000_000,
      current_period_end: 1_702_592_000,
      ...overrides,
    });

    it("saves a user's subscription and finds it by user and by subscription id", async () => {
      const saved = await store().billing.saveSubscription(subscription({ cancel_at_period_end: true }));
      expect(saved).toMatchObject(subscription({ cancel_at_period_end: true }));
      expect(Date.parse(saved.updated_at)).not.toBeNaN();
      expect(await store().billing.getSubscription('u1')).toEqual(saved);
      expect(await store().billing.findBySubscriptionId('sub_1')).toEqual(saved);
      expect(await store().billing.getSubscription('u2')).toBeNull();
      expect(await store().billing.findBySubscriptionId('sub_2')).toBeNull();
    });

    it('keeps one subscription per user: a new one replaces the old', async () => {
      await store().billing.saveSubscription(subscription({ status: 'canceled' }));
      const second = await store().billing.saveSubscription(
        subscription({ subscription_id: 'sub_2', status: 'active', plan: 'employer', provider: 'stripe' }),
      );
      expect(await store().billing.getSubscription('u1')).toEqual(second);
      expect(second).toMatchObject({ subscription_id: 'sub_2', plan: 'employer', provider: 'stripe' });
      expect(await store().billing.findBySubscriptionId('sub_1')).toBeNull();
    });

    it('lists subscriptions due for a re-read: period ended, not final, oldest first, bounded', async () => {
      const now = 1_800_000_000;
      const due = (user_id: string, current_period_end: number, status = 'active') =>
        store().billing.saveSubscription(
          subscription({ user_id, subscription_id: `sub_${user_id}`, current_period_end, status }),
        );
      await due('late', now - 10);
      await due('later', now - 100, 'past_due');
      await due('exactly', now);
      await due('future', now + 1);
      await due('canceled', now - 1000, 'canceled');
      await due('expired', now - 1000, 'incomplete_expired');
      await due('unpaid', now - 50, 'unpaid');

      const users = async (limit: number) =>
        (await store().billing.listDue(now, limit)).map((record) => record.user_id);
      expect(await users(10)).toEqual(['later', 'unpaid', 'late', 'exactly']);
      expect(await users(2)).toEqual(['later', 'unpaid']);
      expect(await users(0)).toEqual([]);
    });

    it('records a payment event once and handles it again once forgotten', async () => {
      expect(await store().billing.recordEvent('evt_1', 'invoice.paid')).toBe(true);
      expect(await store().billing.recordEvent('evt_1', 'invoice.paid')).toBe(false);
      expect(await store().billing.recordEvent('evt_2', 'invoice.paid')).toBe(true);
      await store().billing.forgetEvent('evt_1');
      expect(await store().billing.recordEvent('evt_1', 'invoice.paid')).toBe(true);
      await store().billing.forgetEvent('evt_unknown');
    });

    it('purges event ids recorded before a time, and only those', async () => {
      await store().billing.recordEvent('evt_old', 'invoice.paid');
      await new Promise((resolve) => setTimeout(resolve, 5));
      const cut = new Date();
      await new Promise((resolve) => setTimeout(resolve, 5));
      await store().billing.recordEvent('evt_new', 'invoice.paid');
      expect(await store().billing.purgeEvents(cut)).toBe(1);
      expect(await store().billing.recordEvent('evt_old', 'invoice.paid')).toBe(true);
      expect(await store().billing.recordEvent('evt_new', 'invoice.paid')).toBe(false);
    });

    it('remembers the checkouts it opened, for whom and which plan, and no other id', async () => {
      const billing = store().billing;
      await billing.recordCheckout({
        checkout_id: 'cs_1',
        user_id: 'u1',
        plan: 'employer',
        provider: 'test',
      });
      await billing.recordCheckout({
        checkout_id: 'cs_1',
        user_id: 'u2',
        plan: 'employer',
        provider: 'test',
      });
      const found = await billing.findCheckout('cs_1');
      expect(found).toMatchObject({ checkout_id: 'cs_1', user_id: 'u1', plan: 'employer', provider: 'test' });
      expect(Date.parse(found!.created_at)).not.toBeNaN();
      expect(await billing.findCheckout('cs_2')).toBeNull();
      const cut = new Date(Date.parse(found!.created_at) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await billing.recordCheckout({
        checkout_id: 'cs_2',
        user_id: 'u1',
        plan: 'employer',
        provider: 'test',
      });
      expect(await billing.purgeCheckouts(cut)).toBe(1);
      expect(await billing.findCheckout('cs_1')).toBeNull();
      expect(await billing.findCheckout('cs_2')).not.toBeNull();
    });
  });
}
