import {
  type SubscriptionChange,
  type VerifiedSession,
  VerifySessionBody,
} from '@agentry/domain/contract/subscriptions';
import { FINAL_STATES } from '@agentry/domain/subscription';
import type { User } from '@agentry/platform/store/port';
import { Router } from 'express';
import { verifyOwnCheckout } from '../../../commands/complete-checkout';
import { setSubscriptionCancellation } from '../../../commands/set-subscription-cancellation';
import { syncSubscription } from '../../../commands/sync-subscription';
import type { AppContext } from '../../../context';
import { requireUser } from '../../../http/require-user';
import { parseBody } from '../../../http/validate';
import { presentSubscription } from '../../../presenters/subscription';

// The subscription pages (spec sections 2, 4 and 7): the success page's verification, and the
// manage page's details, cancel and reactivate.

export function subscriptionsRoutes({ services, store }: AppContext): Router {
  const router = Router();
  const mode = services.payments.kind;

  // Only the account that opened the checkout, signed in, learns whether it was paid.
  router.post('/verify-session', requireUser, async (req, res) => {
    const { session_id } = parseBody(VerifySessionBody, req);
    const { user, subscription } = await verifyOwnCheckout(services, {
      sessionId: session_id,
      userId: (req.user as User).id,
    });
    res.json({
      success: true,
      ok: true,
      subscription_status: user.subscription_status,
      plan: subscription.plan,
      payments_mode: mode,
    } satisfies VerifiedSession);
  });

  router.get('/users/subscription', requireUser, async (req, res) => {
    let user = req.user as User;
    let record = await store.billing.getSubscription(user.id);
    // A period that has ended is re-read now rather than at the next sweep, so the page is never
    // stale; an ended subscription never changes again, and a provider that does not answer leaves
    // our saved copy on the page.
    if (
      record &&
      !FINAL_STATES.includes(record.status) &&
      record.current_period_end * 1000 <= services.now()
    ) {
      try {
        record =
          (await syncSubscription(services, { subscriptionId: record.subscription_id, userId: user.id })) ??
          record;
        user = (await store.users.findById(user.id)) ?? user;
      } catch (error) {
        services.logger.warn(
          { err: error, userId: user.id },
          'subscription re-read failed; showing the saved copy',
        );
      }
    }
    res.set('Cache-Control', 'no-store').json(presentSubscription(user, record, mode));
  });

  for (const [path, cancel] of [
    ['/users/subscription/cancel', true],
    ['/users/subscription/reactivate', false],
  ] as const) {
    router.post(path, requireUser, async (req, res) => {
      const user = req.user as User;
      const { message } = await setSubscriptionCancellation(services, { user, cancel });
      const fresh = (await store.users.findById(user.id)) ?? user;
      res.json({
        ...presentSubscription(fresh, await store.billing.getSubscription(user.id), mode),
        message,
      } satisfies SubscriptionChange);
    });
  }

  return router;
}
