import { PLANS, type PlanId, planForUserType } from '@agentry/domain/plans';
import { ACCESS_GRANTING_STATES, deriveSubscriptionStatus } from '@agentry/domain/subscription';
import { KeyedLock } from '@agentry/platform/concurrency/keyed-lock';
import type { SubscriptionState } from '@agentry/platform/payments/port';
import type { SubscriptionRecord, User } from '@agentry/platform/store/port';
import {
  paymentFailedMessage,
  subscriptionCancelledMessage,
  subscriptionEndedMessage,
  subscriptionReactivatedMessage,
  subscriptionStartedMessage,
} from '../mail/messages';
import { deliver, publicLink, type Services } from './services';

// The one way a subscription's state reaches our records: re-read it from the payment provider
// (never trust an event's copy: events arrive twice and out of order), save it, derive the
// account's subscription_status from it, and mail the person when the state really changed.
// Replays find nothing changed and send nothing.

const hasAccess = (status: string | undefined) =>
  status !== undefined && ACCESS_GRANTING_STATES.includes(status);
/** States in which a subscription still matters: an older, ended one must not overwrite it. */
const isLive = (status: string) => hasAccess(status) || status === 'incomplete' || status === 'unpaid';

const locks = new KeyedLock();

export async function syncSubscription(
  services: Services,
  subscriptionId: string,
  hint: { userId?: string | null } = {},
): Promise<SubscriptionRecord | null> {
  const state = await services.payments.getSubscription(subscriptionId);
  if (!state) {
    services.logger.warn({ subscriptionId }, 'subscription unknown to the payment provider');
    return null;
  }
  const user = await findSubscriber(services, state, hint.userId ?? null);
  if (!user) {
    services.logger.warn({ subscriptionId }, 'subscription belongs to no known user');
    return null;
  }
  return locks.run(user.id, () => apply(services, user.id, state));
}

async function findSubscriber(services: Services, state: SubscriptionState, hinted: string | null) {
  const { users, billing } = services.store;
  const candidates = [state.userId, (await billing.findBySubscriptionId(state.id))?.user_id, hinted];
  for (const id of candidates) {
    const user = id ? await users.findById(id) : null;
    if (user) return user;
  }
  return state.customerId ? users.findByStripeCustomerId(state.customerId) : null;
}

async function apply(services: Services, userId: string, state: SubscriptionState) {
  const { store } = services;
  // Re-read inside the lock: another sync may have just saved.
  const user = (await store.users.findById(userId))!;
  const current = await store.billing.getSubscription(userId);
  if (current && current.subscription_id !== state.id && isLive(current.status) && !isLive(state.status)) {
    // A late event about an old, ended subscription: the newer one stands.
    return current;
  }
  const previous = current?.subscription_id === state.id ? current : null;
  const plan: PlanId = state.plan ?? current?.plan ?? planForUserType(user.user_type).id;
  const record = await store.billing.saveSubscription({
    user_id: user.id,
    plan,
    provider: services.payments.kind,
    subscription_id: state.id,
    customer_id: state.customerId,
    status: state.status,
    cancel_at_period_end: state.cancelAtPeriodEnd,
    current_period_start: state.currentPeriodStart,
    current_period_end: state.currentPeriodEnd,
  });
  const status = deriveSubscriptionStatus(state.status);
  const patch = {
    ...(user.subscription_status !== status ? { subscription_status: status } : {}),
    ...(user.stripe_customer_id !== state.customerId ? { stripe_customer_id: state.customerId } : {}),
  };
  if (Object.keys(patch).length > 0) await store.users.update(user.id, patch);
  if (previous?.status !== record.status || previous?.cancel_at_period_end !== record.cancel_at_period_end) {
    services.logger.info(
      { userId: user.id, subscriptionId: state.id, from: previous?.status ?? null, to: record.status },
      'subscription changed',
    );
  }
  await mailTransition(services, user, previous, record);
  return record;
}

async function mailTransition(
  services: Services,
  user: User,
  previous: SubscriptionRecord | null,
  next: SubscriptionRecord,
): Promise<void> {
  const planName = PLANS[next.plan].name;
  const base = { to: user.email, fullName: user.full_name, planName };
  const hadAccess = hasAccess(previous?.status);
  const hasNow = hasAccess(next.status);
  if (!hadAccess && hasNow && next.status !== 'past_due') {
    await deliver(
      services,
      subscriptionStartedMessage({
        ...base,
        priceUsd: PLANS[next.plan].priceUsd,
        periodEnd: next.current_period_end,
      }),
    );
  } else if (previous && next.status === 'past_due' && previous.status !== 'past_due') {
    await deliver(
      services,
      paymentFailedMessage({ ...base, manageLink: publicLink(services, '/subscription/manage') }),
    );
  } else if (hadAccess && next.status === 'unpaid') {
    await deliver(
      services,
      paymentFailedMessage({ ...base, manageLink: publicLink(services, '/subscription/manage') }),
    );
  } else if (hadAccess && !hasNow) {
    await deliver(services, subscriptionEndedMessage(base));
  } else if (previous && hadAccess && hasNow && previous.cancel_at_period_end !== next.cancel_at_period_end) {
    await deliver(
      services,
      next.cancel_at_period_end
        ? subscriptionCancelledMessage({ ...base, accessUntil: next.current_period_end })
        : subscriptionReactivatedMessage({ ...base, nextBillingDate: next.current_period_end }),
    );
  }
}
