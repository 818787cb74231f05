import type { Action } from './command';
import type { Services } from './services';
import { syncSubscription } from './sync-subscription';

// The safety net behind webhooks: subscriptions whose billing period has ended are re-read from
// the provider, so a renewal, an expiry after cancellation or a missed webhook still ends in the
// right state. In test mode this is what makes periods end at all.

export const RENEWAL_BATCH = 100;

export const renewDueSubscriptions: Action<Services, void, number> = async (services, _input) => {
  const due = await services.store.billing.listDue(Math.floor(services.now() / 1000), RENEWAL_BATCH);
  let synced = 0;
  for (const record of due) {
    try {
      await syncSubscription(services, { subscriptionId: record.subscription_id, userId: record.user_id });
      synced += 1;
    } catch (error) {
      services.logger.error({ err: error, subscriptionId: record.subscription_id }, 'renewal check failed');
    }
  }
  return synced;
};
