import { isActiveSubscription } from '@agentry/domain/subscription';
import type { SubscriptionRecord, User } from '@agentry/platform/store/port';
import { badRequest, HttpError } from '../http/errors';
import type { Action } from './command';
import type { Services } from './services';
import { syncSubscription } from './sync-subscription';

// A paid checkout becomes a subscription on the account: called by the success page
// (POST /api/verify-session) and by the checkout.session.completed event, in whichever order they
// come; the second finds everything done.

export const CHECKOUT_MESSAGES = {
  unknown: 'This checkout session does not exist.',
  unpaid: 'This checkout session has not been paid.',
} as const;

export type CheckoutOutcome =
  | { paid: true; user: User; subscription: SubscriptionRecord }
  | { paid: false; reason: string };

export const completeCheckout: Action<Services, { sessionId: string }, CheckoutOutcome> = async (
  services,
  { sessionId },
) => {
  const checkout = await services.payments.getCheckout(sessionId);
  if (!checkout) return { paid: false, reason: CHECKOUT_MESSAGES.unknown };
  if (checkout.status !== 'complete' || !checkout.paid || !checkout.subscriptionId) {
    return { paid: false, reason: CHECKOUT_MESSAGES.unpaid };
  }
  const subscription = await syncSubscription(services, {
    subscriptionId: checkout.subscriptionId,
    userId: checkout.userId,
  });
  const user = subscription ? await services.store.users.findById(subscription.user_id) : null;
  if (!subscription || !user) return { paid: false, reason: CHECKOUT_MESSAGES.unknown };
  return { paid: true, user, subscription };
};

/** completeCheckout for a route: an unpaid or unknown session is the caller's mistake (400). */
export const requirePaidCheckout: Action<
  Services,
  { sessionId: string },
  Extract<CheckoutOutcome, { paid: true }>
> = async (services, { sessionId }) => {
  const outcome = await completeCheckout(services, { sessionId });
  if (!outcome.paid) throw badRequest(outcome.reason, { success: false, ok: false });
  return outcome;
};

/**
 * The success page's verification (POST /api/verify-session): only a checkout this server opened,
 * only for the account that opened it. Any other id is a 404, as an unknown one, and the payment
 * provider is not asked about it: ids from anyone would spend its read limit, which every real
 * checkout shares.
 */
export const verifyOwnCheckout: Action<
  Services,
  { sessionId: string; userId: string },
  Extract<CheckoutOutcome, { paid: true }>
> = async (services, { sessionId, userId }) => {
  const opened = await services.store.billing.findCheckout(sessionId);
  if (opened?.user_id !== userId) {
    throw new HttpError(404, CHECKOUT_MESSAGES.unknown, { success: false, ok: false });
  }
  // An account already paying for this plan is answered from our copy: the success page reloaded,
  // or the id sent again and again, reads nothing at the provider.
  const { store } = services;
  const [user, saved] = await Promise.all([
    store.users.findById(userId),
    store.billing.getSubscription(userId),
  ]);
  if (user && saved?.plan === opened.plan && isActiveSubscription(user.subscription_status)) {
    return { paid: true, user, subscription: saved };
  }
  return requirePaidCheckout(services, { sessionId });
};
