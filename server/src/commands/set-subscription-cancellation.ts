import { formatLongUsDate } from '@agentry/domain/payment-status';
import { ACCESS_GRANTING_STATES } from '@agentry/domain/subscription';
import type { SubscriptionRecord, User } from '@agentry/platform/store/port';
import { badRequest } from '../http/errors';
import type { Services } from './services';
import { syncSubscription } from './sync-subscription';

// Cancel (at the end of the billing period, spec section 1) and reactivate. The change is made at
// the payment provider, then read back through syncSubscription, so our records, the e-mail and
// the later webhook all agree.

export const NO_SUBSCRIPTION_MESSAGE = 'You have no active subscription.';

export async function setSubscriptionCancellation(
  services: Services,
  props: { user: User; cancel: boolean },
): Promise<{ subscription: SubscriptionRecord; message: string }> {
  const current = await services.store.billing.getSubscription(props.user.id);
  if (!current || !ACCESS_GRANTING_STATES.includes(current.status)) throw badRequest(NO_SUBSCRIPTION_MESSAGE);
  if (current.cancel_at_period_end !== props.cancel) {
    await services.payments.setCancelAtPeriodEnd(current.subscription_id, props.cancel);
  }
  const subscription =
    (await syncSubscription(services, current.subscription_id, { userId: props.user.id })) ?? current;
  const until = formatLongUsDate(subscription.current_period_end);
  return {
    subscription,
    message: props.cancel
      ? `Your subscription will be canceled on ${until}. You keep access until then.`
      : `Your subscription has been reactivated. It renews on ${until}.`,
  };
}
