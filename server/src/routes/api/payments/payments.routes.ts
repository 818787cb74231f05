import { WebhookSignatureError } from '@agentry/platform/payments/port';
import express, { type RequestHandler, Router } from 'express';
import { handlePaymentEvent } from '../../../commands/handle-payment-event';
import type { AppContext } from '../../../context';
import { badRequest, notFound } from '../../../http/errors';
import { limiterFactory, limitWith, type SharedCounting } from '../../../http/rate-limits';

// Stripe's webhook. It is mounted before the JSON body parser and the CSRF check: the signature is
// computed over the raw bytes, and it (not a session) is what proves the sender. It is not
// throttled like a browser (Stripe delivers in bursts), but it was a sink anyone could pour into
// (session 14's attack): every POST had its body read (up to 512 kB) before anything was checked,
// with no limit at all, also in test mode where the route answers 404; one client sent 449 bodies
// of 500 kB in 10 s and another client's reads took up to 1.4 s meanwhile. So, before a byte of
// the body is read: without Stripe, a 404; a request with no signature header of Stripe's shape
// (`t=<seconds>,v1=<hex>`), a 400; and a client whose signatures failed
// WEBHOOK_FAILURES_PER_15_MINUTES times is refused (429) until the window ends. Stripe's own
// deliveries never fail, so they never meet the limit.

export const WEBHOOK_PATH = '/stripe/webhook';
const MAX_WEBHOOK_BYTES = '512kb';
export const WEBHOOK_FAILURES_PER_15_MINUTES = 30;
export const INVALID_SIGNATURE_MESSAGE = 'Invalid webhook signature';
const SIGNATURE_SHAPE = /(?:^|,)\s*t=\d{1,12}\s*(?:,|$)/;
const V1_SHAPE = /(?:^|,)\s*v1=[0-9a-f]{64}\s*(?:,|$)/;

/** Whether a Stripe-Signature header has the shape Stripe writes: a timestamp and a v1 signature. */
export const looksLikeStripeSignature = (header: string | undefined): boolean =>
  typeof header === 'string' &&
  header.length <= 2048 &&
  SIGNATURE_SHAPE.test(header) &&
  V1_SHAPE.test(header);

export function stripeWebhookRoutes({ services }: AppContext, shared?: SharedCounting): Router {
  const router = Router();
  const failures = limitWith(
    limiterFactory(shared).strict('webhook-failures', WEBHOOK_FAILURES_PER_15_MINUTES, 15 * 60_000),
    'Too many webhook deliveries with a bad signature. Please try again later.',
    {
      countOnlyFailures: true,
      // Refused before its body is read: the connection is closed rather than kept to drain it.
      refuse: (res, message) => {
        res.set('Connection', 'close').status(429).json({ error: message });
      },
    },
  );
  const beforeTheBody: RequestHandler = (req, res, next) => {
    if (services.payments.kind !== 'stripe') {
      res.set('Connection', 'close');
      throw notFound('Stripe is not configured');
    }
    if (!looksLikeStripeSignature(req.get('stripe-signature'))) {
      res.set('Connection', 'close');
      throw badRequest(INVALID_SIGNATURE_MESSAGE);
    }
    next();
  };
  const rawBody = express.raw({ type: () => true, limit: MAX_WEBHOOK_BYTES });
  router.post(WEBHOOK_PATH, failures, beforeTheBody, rawBody, async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event: ReturnType<typeof services.payments.constructEvent>;
    try {
      event = services.payments.constructEvent(raw, req.get('stripe-signature'));
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw badRequest(INVALID_SIGNATURE_MESSAGE);
      throw error;
    }
    const outcome = await handlePaymentEvent(services, { event });
    services.logger.info({ eventId: event.id, type: event.type, outcome }, 'payment event');
    res.json({ received: true });
  });
  return router;
}
