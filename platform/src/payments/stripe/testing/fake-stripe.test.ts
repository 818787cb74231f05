import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { checkoutRequest } from '../../contract';
import type { PaymentEvent } from '../../port';
import { StripePayments } from '../stripe-payments';
import { type FakeStripe, startFakeStripe } from './fake-stripe';

// What other tests rely on when they use the stand-in through the server: the hosted page, webhook
// delivery and signatures the Stripe adapter accepts, and Stripe's answers to odd requests.

describe('The Stripe stand-in', () => {
  let fake: FakeStripe;
  let payments: StripePayments;
  beforeEach(async () => {
    fake = await startFakeStripe();
    payments = new StripePayments({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      stripeOptions: fake.stripeOptions,
    });
  });
  afterEach(() => fake.stop());

  it('signs events so that the Stripe adapter accepts them as webhooks', async () => {
    const session = await payments.createCheckout(checkoutRequest());
    const events = await fake.completeSession(session.id);
    for (const event of events) {
      const { body, signature } = fake.signedPayload(event);
      expect(payments.constructEvent(Buffer.from(body), signature)).toEqual(event);
    }
  });

  it('delivers the events of a paid session to the forwarding URL, in order and signed', async () => {
    const received: PaymentEvent[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push(
          payments.constructEvent(Buffer.concat(chunks), req.headers['stripe-signature'] as string),
        );
        res.end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    fake.forwardWebhooksTo(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/stripe/webhook`);
    const session = await payments.createCheckout(checkoutRequest());
    const events = await fake.completeSession(session.id);
    await new Promise((resolve) => receiver.close(resolve));
    expect(received.map((event) => event.id)).toEqual(events.map((event) => event.id));
  });

  it('serves a hosted page whose form pays and returns to the success URL', async () => {
    const request = checkoutRequest();
    const session = await payments.createCheckout(request);
    const page = await fetch(session.url);
    expect(await page.text()).toContain('<form method="post">');
    const paid = await fetch(session.url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      request.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id),
    );
    expect(await payments.getCheckout(session.id)).toMatchObject({ status: 'complete', paid: true });
  });

  it('wraps a subscription as it is now in an event, e.g. after a cancellation', async () => {
    const session = await payments.createCheckout(checkoutRequest());
    await fake.completeSession(session.id);
    const { subscriptionId } = (await payments.getCheckout(session.id))!;
    await payments.setCancelAtPeriodEnd(subscriptionId!, true);
    const event = fake.subscriptionEvent(subscriptionId!);
    expect(event).toMatchObject({
      type: 'customer.subscription.updated',
      data: { object: { id: subscriptionId, object: 'subscription', cancel_at_period_end: true } },
    });
  });

  it('refuses to pay a session twice', async () => {
    const session = await payments.createCheckout(checkoutRequest());
    await fake.completeSession(session.id);
    await expect(fake.completeSession(session.id)).rejects.toThrow(
      'This checkout session is complete, not open.',
    );
  });

  it('answers a retried request (same Idempotency-Key) with the first answer, as Stripe does', async () => {
    const stripe = new Stripe(fake.secretKey, fake.stripeOptions);
    const first = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'retry-1' });
    const retried = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'retry-1' });
    expect(retried.id).toBe(first.id);
    expect(fake.state.customers.size).toBe(1);
  });

  it('answers requests it does not serve with an error in Stripe shape', async () => {
    const stripe = new Stripe(fake.secretKey, fake.stripeOptions);
    await expect(stripe.invoices.list()).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      message: expect.stringContaining('Unrecognized request URL (GET: /v1/invoices)'),
    });
  });
});
