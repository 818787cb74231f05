import { formatLongUsDate } from '@agentry/domain/payment-status';
import { ACCESS_GRANTING_STATES } from '@agentry/domain/subscription';
import type { SubscriptionState } from '@agentry/platform/payments/port';
import type { SubscriptionRecord, User } from '@agentry/platform/store/port';
import { badRequest } from '../http/errors';
import type { Action } from './command';
import type { Services } from './services';
import { syncSubscription } from './sync-subscription';

// Cancel (at the end of the billing period, spec section 1) and reactivate. The change is made at
// the payment provider, then read back through syncSubscription, so our records, the e-mail and
// the later webhook all agree.

export const NO_SUBSCRIPTION_MESSAGE = 'You have no active subscription.';

export const setSubscriptionCancellation: Action<
  Services,
  { user: User; cancel: boolean },
  { subscription: SubscriptionRecord; message: string }
> = async (services, props) => {
  const current = await services.store.billing.getSubscription(props.user.id);
  if (!current || !ACCESS_GRANTING_STATES.includes(current.status)) throw badRequest(NO_SUBSCRIPTION_MESSAGE);
  let known: SubscriptionState | undefined;
  if (current.cancel_at_period_end !== props.cancel) {
    try {
      known = await services.payments.setCancelAtPeriodEnd(current.subscription_id, props.cancel);
    } catch (error) {
      // Refused because it ended meanwhile (our copy was behind)? Then say so, not "try later".
      const fresh = await syncSubscription(services, {
        subscriptionId: current.subscription_id,
        userId: props.user.id,
      });
      if (!fresh || !ACCESS_GRANTING_STATES.includes(fresh.status)) throw badRequest(NO_SUBSCRIPTION_MESSAGE);
      throw error;
    }
  }
  // The provider's own answer is saved: no second read that could fail after the change was made.
  const subscription =
    (await syncSubscription(services, {
      subscriptionId: current.subscription_id,
      userId: props.user.id,
      known,
    })) ?? current;
  const until = formatLongUsDate(subscription.current_period_end);
  return {
    subscription,
    message: props.cancel
      ? `Your subscription will be canceled on ${until}. You keep access until then.`
      : `Your subscription has been reactivated. It renews on ${until}.`,
  };
};
