import { planForUserType } from '@agentry/domain/plans';
import { isActiveSubscription } from '@agentry/domain/subscription';
import type { User } from '@agentry/platform/store/port';
import { conflict } from '../http/errors';
import type { Action } from './command';
import { completeCheckout, lastCheckoutKey } from './complete-checkout';
import type { Services } from './services';

// Opens a checkout for the plan of the account's type ($5 provider, $40 employer), its return
// addresses on the origin the provider needs (Services.checkoutOrigin).

export const ALREADY_SUBSCRIBED_MESSAGE = 'Your subscription is already active.';

export const startCheckout: Action<Services, { user: User }, { url: string }> = async (
  services,
  { user },
) => {
  if (isActiveSubscription(user.subscription_status)) {
    throw conflict(ALREADY_SUBSCRIBED_MESSAGE, { success: false });
  }
  // Two open checkouts could both be paid: one subscription too many. Reuse the open one.
  const open = await reusableCheckout(services, user);
  if (open) return { url: open };

  const plan = planForUserType(user.user_type);
  const origin = services.checkoutOrigin;
  const session = await services.payments.createCheckout({
    userId: user.id,
    email: user.email,
    name: user.full_name,
    customerId: user.stripe_customer_id,
    plan: plan.id,
    successUrl: `${origin}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/subscription/cancel`,
  });
  // The success page verifies only checkouts recorded here (verifyOwnCheckout).
  await services.store.billing.recordCheckout({
    checkout_id: session.id,
    user_id: user.id,
    plan: plan.id,
    provider: services.payments.kind,
  });
  // One customer per user: remember the one the provider made, so the next checkout reuses it.
  if (session.customerId !== user.stripe_customer_id) {
    await services.store.users.update(user.id, { stripe_customer_id: session.customerId });
  }
  await services.store.kv.set(lastCheckoutKey(user.id), JSON.stringify({ id: session.id, url: session.url }));
  services.logger.info(
    { userId: user.id, plan: plan.id, payments: services.payments.kind },
    'checkout opened',
  );
  return { url: session.url };
};

/** The URL of the account's last checkout while it can still be paid; a paid one completes here. */
async function reusableCheckout(services: Services, user: User): Promise<string | null> {
  const saved = await services.store.kv.get(lastCheckoutKey(user.id));
  if (!saved) return null;
  const { id, url } = JSON.parse(saved) as { id: string; url: string };
  const checkout = await services.payments.getCheckout(id);
  if (checkout?.status === 'open' && checkout.userId === user.id) return url;
  if (checkout?.status === 'complete' && checkout.paid) {
    // Paid, but its events have not reached us yet: complete it now rather than sell a second one.
    const outcome = await completeCheckout(services, { sessionId: id });
    if (outcome.paid && isActiveSubscription(outcome.user.subscription_status)) {
      throw conflict(ALREADY_SUBSCRIBED_MESSAGE, { success: false });
    }
  }
  return null;
}
