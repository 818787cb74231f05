import type { PaymentEvent } from '@agentry/platform/payments/port';
import { type FakeStripe, startFakeStripe } from '@agentry/platform/payments/stripe/testing/fake-stripe';
import Stripe from 'stripe';
import { mailsTo } from '../testing/mailbox';
import { startTestServer, type TestServer } from '../testing/test-server';
import { accountForm, Visitor } from '../testing/visitor';

// Stripe's webhook under the faults Stripe documents: the same event delivered twice (at the same
// moment, too), events out of order, and deliveries with a bad or missing signature. Payloads are
// signed with the webhook secret (stripe.webhooks.generateTestHeaderString) so the real Stripe
// adapter verifies them; Stripe's API is a local stand-in (fake-stripe.ts).

const DAY = 24 * 60 * 60 * 1000;
const SIGNATURE_ERROR = { error: 'Invalid webhook signature' };

describe('When Stripe delivers webhooks badly', () => {
  let stripe: FakeStripe;
  let server: TestServer;
  let clock: number;

  beforeEach(async () => {
    clock = Date.UTC(2027, 2, 10, 12);
    stripe = await startFakeStripe({ now: () => clock });
    server = await startTestServer(
      {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
      { now: () => clock },
    );
  });
  afterEach(async () => {
    await server.stop();
    await stripe.stop();
  });

  const post = (body: string, signature?: string) => {
    const request = server.http.post('/api/stripe/webhook').set('Content-Type', 'application/json');
    return (signature === undefined ? request : request.set('Stripe-Signature', signature)).send(body);
  };
  const deliver = (event: PaymentEvent) => {
    const { body, signature } = stripe.signedPayload(event);
    return post(body, signature);
  };

  /** A user who paid on Stripe's page; the events Stripe sends about it, not delivered yet. */
  async function paidCheckout() {
    const browser = new Visitor(server.running.url);
    const created = await browser.post('/api/users', accountForm({ email: 'ada@example.com' })).expect(201);
    const opened = await browser.post(`/api/users/${created.body.user_id}/subscription`).expect(200);
    const events = await stripe.completeSession(String(opened.body.url).split('/').pop()!);
    return { browser, events };
  }
  const statusOf = async (browser: Visitor) =>
    (await browser.get('/api/auth/me').expect(200)).body.user.subscription_status as string;

  it('changes state once when every event arrives twice at the same moment', async () => {
    const { browser, events } = await paidCheckout();
    const answers = await Promise.all(events.flatMap((event) => [deliver(event), deliver(event)]));
    expect(answers.map((answer) => answer.status)).toEqual(events.flatMap(() => [200, 200]));
    expect(await statusOf(browser)).toBe('active');
    expect(await mailsTo(server.dataDir, 'ada@example.com', 'subscription_started')).toHaveLength(1);
    // Later replays (Stripe retries for days) answer 200 and change nothing either.
    for (const event of events) await deliver(event).expect(200, { received: true });
    expect(await mailsTo(server.dataDir, 'ada@example.com', 'subscription_started')).toHaveLength(1);
  });

  it('does not bring back a deleted subscription when an older "updated" event arrives late', async () => {
    const { browser, events } = await paidCheckout();
    for (const event of events) await deliver(event).expect(200);
    const created = events.find((event) => event.type === 'customer.subscription.created')!;
    const subscriptionId = String(created.data.object.id);
    // The customer cancels; at the period's end Stripe deletes the subscription and says so.
    await browser.post('/api/users/subscription/cancel').expect(200);
    clock += 40 * DAY;
    await deliver(stripe.subscriptionEvent(subscriptionId, 'customer.subscription.deleted')).expect(200);
    expect(await statusOf(browser)).toBe('inactive');
    // An "updated" event made before the deletion, still carrying "active", arrives after it.
    const stale: PaymentEvent = {
      ...created,
      id: `${created.id}_stale_update`,
      type: 'customer.subscription.updated',
      created: created.created + 60,
    };
    await deliver(stale).expect(200, { received: true });
    expect(await statusOf(browser)).toBe('inactive');
    const details = await browser.get('/api/users/subscription').expect(200);
    expect(details.body).toMatchObject({ status: 'inactive', stripe_data: { status: 'canceled' } });
  });

  it('refuses a bad or missing signature with 400, changes nothing, and handles the genuine delivery after', async () => {
    const { browser, events } = await paidCheckout();
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    const { body, signature } = stripe.signedPayload(completed);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_someone_else' });
    const tampered = body.replace('"livemode": false', '"livemode": true');
    expect(tampered).not.toBe(body);

    await post(body, forged).expect(400, SIGNATURE_ERROR);
    await post(tampered, signature).expect(400, SIGNATURE_ERROR);
    const missing = await post(body).expect(400);
    expect(missing.body).toEqual(SIGNATURE_ERROR);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(await statusOf(browser)).toBe('inactive');

    // The refused deliveries recorded nothing: the same event, properly signed, is handled.
    for (const event of events) await deliver(event).expect(200, { received: true });
    expect(await statusOf(browser)).toBe('active');
  });
});
