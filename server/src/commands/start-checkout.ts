import { planForUserType } from '@agentry/domain/plans';
import { isActiveSubscription } from '@agentry/domain/subscription';
import type { User } from '@agentry/platform/store/port';
import { conflict } from '../http/errors';
import type { Services } from './services';

// Opens a checkout for the plan of the account's type ($5 provider, $40 employer). Stripe needs
// absolute return addresses on our public origin; the test-mode checkout is our own page, so its
// addresses stay relative and work wherever the app is reached (localhost, a test's port).

export const ALREADY_SUBSCRIBED_MESSAGE = 'Your subscription is already active.';

export async function startCheckout(services: Services, user: User): Promise<{ url: string }> {
  if (isActiveSubscription(user.subscription_status))
    throw conflict(ALREADY_SUBSCRIBED_MESSAGE, { success: false });
  const plan = planForUserType(user.user_type);
  const origin = services.payments.kind === 'stripe' ? services.config.publicUrl : '';
  const session = await services.payments.createCheckout({
    userId: user.id,
    email: user.email,
    name: user.full_name,
    customerId: user.stripe_customer_id,
    plan: plan.id,
    successUrl: `${origin}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/subscription/cancel`,
  });
  // One customer per user: remember the one the provider made, so the next checkout reuses it.
  if (session.customerId !== user.stripe_customer_id) {
    await services.store.users.update(user.id, { stripe_customer_id: session.customerId });
  }
  services.logger.info(
    { userId: user.id, plan: plan.id, payments: services.payments.kind },
    'checkout opened',
  );
  return { url: session.url };
}
