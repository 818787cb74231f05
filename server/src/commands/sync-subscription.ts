import { PLANS, type PlanId, planForUserType } from '@agentry/domain/plans';
import { ACCESS_GRANTING_STATES, deriveSubscriptionStatus, FINAL_STATES } from '@agentry/domain/subscription';
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
import type { Action } from './command';
import { deliver, publicLink, type Services } from './services';

// The one way a subscription's state reaches our records: re-read it from the payment provider
// (never trust an event's copy: events arrive twice and out of order), save it, derive the
// account's subscription_status from it, and mail the person when the state really changed.
// Replays find nothing changed and send nothing.

const hasAccess = (status: string | undefined) =>
  status !== undefined && ACCESS_GRANTING_STATES.includes(status);

/** One sync per subscription at a time (reads included: a slow old read must not land last)… */
const subscriptionLocks = new KeyedLock();
/** …and one per user, as two subscriptions of one user share the user's record. */
const userLocks = new KeyedLock();

export interface SyncOptions {
  /** The user the caller believes it is (a checkout's client_reference_id). */
  userId?: string | null;
  /** The state the provider just answered (after a change made through it): no second read. */
  known?: SubscriptionState;
}

export const syncSubscription: Action<
  Services,
  SyncOptions & { subscriptionId: string },
  SubscriptionRecord | null
> = async (services, { subscriptionId, ...options }) => {
  return subscriptionLocks.run(subscriptionId, async () => {
    const state = options.known ?? (await services.payments.getSubscription(subscriptionId));
    if (!state) return endVanished(services, subscriptionId);
    const known = await services.store.billing.findBySubscriptionId(state.id);
    if (!state.plan && !known) {
      // Not a subscription to one of our plans (a Stripe account shared with another product):
      // its metadata must not grant anything here.
      services.logger.warn({ subscriptionId }, 'subscription is not for an Agentry plan; ignored');
      return null;
    }
    const user = await findSubscriber(services, state, known?.user_id ?? options.userId ?? null);
    if (!user) {
      services.logger.warn({ subscriptionId }, 'subscription belongs to no known user');
      return null;
    }
    return userLocks.run(user.id, () => apply(services, user.id, state));
  });
};

/**
 * The provider no longer knows a subscription we hold (deleted there, or kept from another mode
 * or account: test-mode ids after switching to Stripe). It grants nothing any more: it ends here
 * too, so it neither keeps access nor comes back to the renewal sweep.
 */
async function endVanished(services: Services, subscriptionId: string): Promise<SubscriptionRecord | null> {
  const record = await services.store.billing.findBySubscriptionId(subscriptionId);
  services.logger.warn(
    { subscriptionId, known: Boolean(record) },
    'subscription unknown to the payment provider',
  );
  if (!record || FINAL_STATES.includes(record.status)) return record;
  const ended: SubscriptionState = {
    id: record.subscription_id,
    customerId: record.customer_id,
    userId: record.user_id,
    plan: record.plan,
    status: 'canceled',
    cancelAtPeriodEnd: false,
    currentPeriodStart: record.current_period_start,
    currentPeriodEnd: record.current_period_end,
  };
  return userLocks.run(record.user_id, () => apply(services, record.user_id, ended));
}

async function findSubscriber(services: Services, state: SubscriptionState, hinted: string | null) {
  const { users } = services.store;
  for (const id of [hinted, state.userId]) {
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
  if (current && current.subscription_id !== state.id && hasAccess(current.status)) {
    if (!hasAccess(state.status)) {
      // A late event about an older or failed subscription: the one that gives access stands.
      return current;
    }
    // A second paid subscription (two checkouts paid in two tabs): the first stands, the second is
    // set to end with its first period so it is never billed again; staff refund it from the log.
    await endDuplicate(services, user.id, state.id);
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

async function endDuplicate(services: Services, userId: string, subscriptionId: string): Promise<void> {
  services.logger.error(
    { userId, subscriptionId },
    'second paid subscription for one user: set to end at its period end; refund it',
  );
  try {
    await services.payments.setCancelAtPeriodEnd(subscriptionId, true);
  } catch (error) {
    services.logger.error({ err: error, userId, subscriptionId }, 'could not end the second subscription');
  }
}
