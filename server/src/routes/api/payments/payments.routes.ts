import { WebhookSignatureError } from '@agentry/platform/payments/port';
import express, { Router } from 'express';
import { handlePaymentEvent } from '../../../commands/handle-payment-event';
import type { AppContext } from '../../../context';
import { badRequest, notFound } from '../../../http/errors';

// Stripe's webhook. It is mounted before the JSON body parser and the CSRF check: the signature is
// computed over the raw bytes, and it (not a session) is what proves the sender.

export const WEBHOOK_PATH = '/stripe/webhook';
const MAX_WEBHOOK_BYTES = '512kb';

export function stripeWebhookRoutes({ services }: AppContext): Router {
  const router = Router();
  router.post(WEBHOOK_PATH, express.raw({ type: () => true, limit: MAX_WEBHOOK_BYTES }), async (req, res) => {
    if (services.payments.kind !== 'stripe') throw notFound('Stripe is not configured');
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event: ReturnType<typeof services.payments.constructEvent>;
    try {
      event = services.payments.constructEvent(raw, req.get('stripe-signature'));
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw badRequest('Invalid webhook signature');
      throw error;
    }
    const outcome = await handlePaymentEvent(services, { event });
    services.logger.info({ eventId: event.id, type: event.type, outcome }, 'payment event');
    res.json({ received: true });
  });
  return router;
}
