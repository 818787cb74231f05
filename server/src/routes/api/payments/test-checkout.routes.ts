import {
  type CheckoutRedirect,
  type TestCheckout,
  TestCheckoutParams,
} from '@agentry/domain/contract/subscriptions';
import { PLANS } from '@agentry/domain/plans';
import { CheckoutNotFoundError, CheckoutNotOpenError } from '@agentry/platform/payments/factory';
import { Router } from 'express';
import { handlePaymentEvent } from '../../../commands/handle-payment-event';
import type { AppContext } from '../../../context';
import { conflict, notFound } from '../../../http/errors';

// The built-in test-mode checkout (docs/accounts.md): the page at /checkout/test/:id reads the
// session here, and Pay produces Stripe-shaped events that go through the same handler as
// Stripe's webhook. Only in test mode; the session id is the capability, as with Stripe's page.

const NOT_FOUND = 'This checkout session does not exist or has expired.';

/** The checkout page's own failures as answers: unknown → 404, paid or expired → 409. */
async function asAnswer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CheckoutNotFoundError) throw notFound(NOT_FOUND);
    if (error instanceof CheckoutNotOpenError) throw conflict(error.message, { success: false });
    throw error;
  }
}

export function testCheckoutRoutes({ services, testCheckout }: AppContext): Router {
  const router = Router();
  if (!testCheckout) return router;

  const sessionId = (params: unknown) => {
    const parsed = TestCheckoutParams.safeParse(params);
    if (!parsed.success) throw notFound(NOT_FOUND);
    return parsed.data.id;
  };

  router.get('/test-checkout/:id', async (req, res) => {
    const view = await testCheckout.describeCheckout(sessionId(req.params));
    if (!view) throw notFound(NOT_FOUND);
    const plan = PLANS[view.plan];
    res.set('Cache-Control', 'no-store').json({
      id: view.id,
      status: view.status,
      plan: plan.id,
      plan_name: plan.name,
      price_usd: view.amountUsd,
      interval: view.interval,
      email: view.email,
      payments_mode: 'test',
    } satisfies TestCheckout);
  });

  router.post('/test-checkout/:id/pay', async (req, res) => {
    const { redirectUrl, events } = await asAnswer(() => testCheckout.pay(sessionId(req.params)));
    for (const event of events) await handlePaymentEvent(services, { event });
    res.json({ success: true, redirect_url: redirectUrl } satisfies CheckoutRedirect);
  });

  router.post('/test-checkout/:id/cancel', async (req, res) => {
    const { redirectUrl } = await asAnswer(() => testCheckout.cancelCheckout(sessionId(req.params)));
    res.json({ success: true, redirect_url: redirectUrl } satisfies CheckoutRedirect);
  });

  return router;
}
