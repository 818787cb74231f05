import { planForUserType } from '@agentry/domain/plans';
import { isActiveSubscription } from '@agentry/domain/subscription';
import type { CheckoutRecord, SubscriptionRecord, User } from '@agentry/platform/store/port';
import { badRequest, HttpError } from '../http/errors';
import type { Action } from './command';
import type { Services } from './services';
import { syncSubscription } from './sync-subscription';

// A paid checkout becomes a subscription on the account: called by the success page
// (POST /api/verify-session) and by the checkout.session.completed event, in whichever order they
// come; the second finds everything done.

/**
 * How long the success page's verification answers a checkout found unpaid (or unknown to the
 * provider) from that answer, without asking again: its id sent again and again was one read at
 * the provider each time, up to the write limit (60 a minute per client), and every real checkout
 * shares the provider's read limit. A checkout paid meanwhile is confirmed once this has passed
 * (the page does not poll; its events activate the account all the same).
 */
export const UNPAID_ANSWER_MS = 30_000;
/** The most checkouts remembered unpaid at once, per process (a bound on the memory, never reached in use). */
const MAX_UNPAID_REMEMBERED = 10_000;

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
  const opened =
    (await services.store.billing.findCheckout(sessionId)) ??
    (await openedBeforeTheUpgrade(services, { sessionId, userId }));
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
  const unpaid = unpaidAnswers(services);
  const now = services.now();
  const remembered = unpaid.get(sessionId);
  if (remembered && remembered.until > now) {
    throw badRequest(remembered.reason, { success: false, ok: false });
  }
  unpaid.delete(sessionId);
  const outcome = await completeCheckout(services, { sessionId });
  if (outcome.paid) return outcome;
  if (unpaid.size >= MAX_UNPAID_REMEMBERED) {
    for (const [id, answer] of unpaid) if (answer.until <= now) unpaid.delete(id);
    // Still full: the oldest answer goes (a Map keeps the order they were set in).
    if (unpaid.size >= MAX_UNPAID_REMEMBERED) unpaid.delete(unpaid.keys().next().value!);
  }
  unpaid.set(sessionId, { reason: outcome.reason, until: now + UNPAID_ANSWER_MS });
  throw badRequest(outcome.reason, { success: false, ok: false });
};

/** The key of the account's last checkout (start-checkout.ts keeps it so a second click reuses it). */
export const lastCheckoutKey = (userId: string) => `checkout:last:${userId}`;

/**
 * A checkout opened before the server kept its checkouts (SQLite migration 23, session 15) is not
 * in that table, and its success page answered 404 although its events activate the account. The
 * account's last checkout was kept before that too (lastCheckoutKey, since 2026-11-23), by this
 * server for this account alone: that one is believed, for the plan of the account's type (the
 * plan startCheckout sells it). No other id reaches the payment provider.
 */
async function openedBeforeTheUpgrade(
  services: Services,
  { sessionId, userId }: { sessionId: string; userId: string },
): Promise<Pick<CheckoutRecord, 'user_id' | 'plan'> | null> {
  const saved = await services.store.kv.get(lastCheckoutKey(userId));
  if (!saved || (JSON.parse(saved) as { id?: string }).id !== sessionId) return null;
  const user = await services.store.users.findById(userId);
  return user ? { user_id: userId, plan: planForUserType(user.user_type).id } : null;
}

/** The checkouts found unpaid lately, per app (its Services), per process: each worker asks once. */
const unpaidByServices = new WeakMap<Services, Map<string, { reason: string; until: number }>>();

function unpaidAnswers(services: Services): Map<string, { reason: string; until: number }> {
  let answers = unpaidByServices.get(services);
  if (!answers) {
    answers = new Map();
    unpaidByServices.set(services, answers);
  }
  return answers;
}
