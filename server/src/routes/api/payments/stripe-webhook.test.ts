import { createLogger } from '@agentry/platform/log/logger';
import type { PaymentEvent } from '@agentry/platform/payments/port';
import { type FakeStripe, startFakeStripe } from '@agentry/platform/payments/stripe/testing/fake-stripe';
import { UNPAID_ANSWER_MS } from '../../../commands/complete-checkout';
import { mailsTo } from '../../../testing/mailbox';
import { answerToPartialBody } from '../../../testing/partial-body';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { accountForm, Visitor } from '../../../testing/visitor';

// Stripe mode against a local stand-in of Stripe's API: webhooks verified on the raw body,
// replayed and out-of-order events, bad signatures, and the secret key never in an answer or a log.

const DAY = 24 * 60 * 60 * 1000;

describe('Stripe webhooks', () => {
  let stripe: FakeStripe;
  let server: TestServer;
  let clock: number;
  const logLines: string[] = [];

  beforeEach(async () => {
    clock = Date.UTC(2027, 0, 15, 12);
    stripe = await startFakeStripe({ now: () => clock, secretKey: 'sk_test_very_secret_key_123' });
    // Everything the server logs, at the most detailed level, is kept to be searched for secrets.
    const logger = createLogger('trace', 'test', { write: (line: string) => logLines.push(line) });
    server = await startTestServer(
      {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
        // Deliveries from addresses of their own (X-Forwarded-For); without the header, the socket's.
        TRUST_PROXY: '1',
      },
      { now: () => clock, logger },
    );
  });
  afterEach(async () => {
    logLines.length = 0;
    await server.stop();
    await stripe.stop();
  });

  const deliver = (event: PaymentEvent, options: { signature?: string; timestamp?: number } = {}) => {
    const { body, signature } = stripe.signedPayload(event, options.timestamp);
    return server.http
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', options.signature ?? signature)
      .send(body);
  };

  async function checkout(email = 'ada@example.com') {
    const browser = new Visitor(server.running.url);
    const created = await browser.post('/api/users', accountForm({ email })).expect(201);
    const opened = await browser.post(`/api/users/${created.body.user_id}/subscription`).expect(200);
    expect(opened.body).toMatchObject({ payments_mode: 'stripe', url: expect.stringContaining(stripe.url) });
    const sessionId = String(opened.body.url).split('/').pop()!;
    return { browser, sessionId, userId: created.body.user_id as string };
  }

  it('sends Stripe absolute return addresses on the public origin, and one customer per user', async () => {
    await checkout();
    const request = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(request.params).toMatchObject({
      mode: 'subscription',
      success_url: 'http://localhost:0/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:0/subscription/cancel',
    });
  });

  it('activates the account from signed events, and a replay changes nothing', async () => {
    const { browser, sessionId } = await checkout();
    const events = await stripe.completeSession(sessionId);
    for (const event of events) await deliver(event).expect(200, { received: true });
    expect((await browser.get('/api/auth/me').expect(200)).body.user.subscription_status).toBe('active');
    for (const event of events) await deliver(event).expect(200, { received: true });
    expect(await mailsTo(server.dataDir, 'ada@example.com', 'subscription_started')).toHaveLength(1);
  });

  it('ends in the right state when events arrive out of order', async () => {
    const { browser, sessionId } = await checkout();
    const events = await stripe.completeSession(sessionId);
    const subscriptionId = String(events[1]!.data.object.id);
    // The customer cancels on Stripe's side (its billing portal); the "updated" event overtakes
    // the creation events.
    await fetch(`${stripe.url}/v1/subscriptions/${subscriptionId}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${stripe.secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'cancel_at_period_end=true',
    });
    await deliver(stripe.subscriptionEvent(subscriptionId, 'customer.subscription.updated')).expect(200);
    for (const event of [...events].reverse()) await deliver(event).expect(200);
    const details = await browser.get('/api/users/subscription').expect(200);
    expect(details.body).toMatchObject({ status: 'active', stripe_data: { cancel_at_period_end: true } });
    // And the old "created" event, replayed after the end of the period, cannot revive it.
    clock += 40 * DAY;
    await deliver(stripe.subscriptionEvent(subscriptionId, 'customer.subscription.deleted')).expect(200);
    await deliver({ ...events[1]!, id: `${events[1]!.id}_late` }).expect(200);
    const ended = await browser.get('/api/users/subscription').expect(200);
    expect(ended.body).toMatchObject({ status: 'inactive', stripe_data: { status: 'canceled' } });
  });

  it('refuses a bad, missing or stale signature and changes nothing', async () => {
    const { browser, sessionId } = await checkout();
    const [completed] = await stripe.completeSession(sessionId);
    await deliver(completed!, { signature: 't=1,v1=deadbeef' }).expect(400, {
      error: 'Invalid webhook signature',
    });
    await server.http.post('/api/stripe/webhook').send(JSON.stringify(completed)).expect(400);
    await deliver(completed!, { timestamp: Math.floor(Date.now() / 1000) - 3600 }).expect(400);
    expect((await browser.get('/api/auth/me').expect(200)).body.user.subscription_status).toBe('inactive');
  });

  it("When a POST carries no signature of Stripe's shape, then it is refused before its body is read", async () => {
    // Session 14's attack: every POST had up to 512 kB read before anything was checked.
    const json = { 'Content-Type': 'application/json' };
    expect(await answerToPartialBody(server.running.url, '/api/stripe/webhook', json)).toBe(
      'HTTP/1.1 400 Bad Request',
    );
    const garbled = { ...json, 'Stripe-Signature': 'whatever' };
    expect(await answerToPartialBody(server.running.url, '/api/stripe/webhook', garbled)).toBe(
      'HTTP/1.1 400 Bad Request',
    );
  });

  it("When one client sends bad signatures again and again, then it is refused before its body is read, and Stripe's deliveries go on", async () => {
    const { browser, sessionId } = await checkout();
    const [completed] = await stripe.completeSession(sessionId);
    const forged = `t=${Math.floor(clock / 1000)},v1=${'ab'.repeat(32)}`;
    for (let i = 0; i < 30; i++) {
      await deliver(completed!, { signature: forged }).set('X-Forwarded-For', '10.66.0.1').expect(400);
    }
    const refused = await deliver(completed!, { signature: forged }).set('X-Forwarded-For', '10.66.0.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const unread = await answerToPartialBody(server.running.url, '/api/stripe/webhook', {
      'Content-Type': 'application/json',
      'Stripe-Signature': forged,
      'X-Forwarded-For': '10.66.0.1',
    });
    expect(unread).toBe('HTTP/1.1 429 Too Many Requests');
    // Stripe's own delivery, from its address, is applied.
    await deliver(completed!).expect(200);
    expect((await browser.get('/api/auth/me').expect(200)).body.user.subscription_status).toBe('active');
  });

  it('completes the checkout from the success page before any webhook arrives', async () => {
    const { browser, sessionId } = await checkout();
    await stripe.completeSession(sessionId);
    const verified = await browser.post('/api/verify-session', { session_id: sessionId }).expect(200);
    expect(verified.body).toMatchObject({ ok: true, subscription_status: 'active', payments_mode: 'stripe' });
  });

  it('verifies only a checkout it opened, only for its account, and asks Stripe about no other id', async () => {
    const { sessionId } = await checkout();
    await stripe.completeSession(sessionId);
    const other = await checkout('grace@example.com');
    const madeUp = `cs_test_${'a1'.repeat(30)}`;
    const before = stripe.requests.length;
    for (const id of [sessionId, madeUp]) {
      const refused = await other.browser.post('/api/verify-session', { session_id: id }).expect(404);
      expect(refused.body).toMatchObject({ success: false, ok: false });
      await new Visitor(server.running.url).post('/api/verify-session', { session_id: id }).expect(401);
    }
    expect(stripe.requests.slice(before)).toEqual([]);
  });

  it('answers a paid account verifying its checkout again from its own copy, without asking Stripe', async () => {
    const { browser, sessionId } = await checkout();
    await stripe.completeSession(sessionId);
    await browser.post('/api/verify-session', { session_id: sessionId }).expect(200);
    const before = stripe.requests.length;
    const again = await browser.post('/api/verify-session', { session_id: sessionId }).expect(200);
    expect(again.body).toMatchObject({ ok: true, subscription_status: 'active', plan: 'agent_provider' });
    expect(stripe.requests.slice(before)).toEqual([]);
  });

  it('answers an unpaid checkout sent again from its first answer for a while: one Stripe read, not one each', async () => {
    const { browser, sessionId } = await checkout();
    const before = stripe.requests.length;
    for (let i = 0; i < 5; i++) {
      const unpaid = await browser.post('/api/verify-session', { session_id: sessionId }).expect(400);
      expect(unpaid.body).toMatchObject({ ok: false, error: 'This checkout session has not been paid.' });
    }
    expect(stripe.requests.slice(before)).toHaveLength(1);
    // Paid meanwhile: once the answer's time is up, the checkout is read again.
    await stripe.completeSession(sessionId);
    clock += UNPAID_ANSWER_MS;
    const paid = await browser.post('/api/verify-session', { session_id: sessionId }).expect(200);
    expect(paid.body).toMatchObject({ ok: true, subscription_status: 'active' });
  });

  it("verifies a checkout opened before the server kept its checkouts (the account's last one), not a 404", async () => {
    const { browser, sessionId } = await checkout();
    await stripe.completeSession(sessionId);
    // As before the upgrade: the checkouts table does not hold it (created_at is the real time).
    await server.running.context.store.billing.purgeCheckouts(new Date(Date.now() + DAY));
    expect(await server.running.context.store.billing.findCheckout(sessionId)).toBeNull();
    const verified = await browser.post('/api/verify-session', { session_id: sessionId }).expect(200);
    expect(verified.body).toMatchObject({ ok: true, subscription_status: 'active', plan: 'agent_provider' });
    // Another account still gets a 404 for it, and Stripe is not asked.
    const other = await checkout('grace@example.com');
    const before = stripe.requests.length;
    await other.browser.post('/api/verify-session', { session_id: sessionId }).expect(404);
    expect(stripe.requests.slice(before)).toEqual([]);
  });

  it('never puts the secret key in an answer or a log line', async () => {
    const { browser, sessionId } = await checkout();
    const answers: string[] = [];
    for (const event of await stripe.completeSession(sessionId)) answers.push((await deliver(event)).text);
    answers.push((await browser.get('/api/users/subscription')).text);
    answers.push((await browser.post('/api/users/subscription/cancel').response()).text);
    expect(answers.join('\n')).not.toContain(stripe.secretKey);
    expect(logLines.join('')).not.toContain(stripe.secretKey);
    expect(logLines.join('')).not.toContain(stripe.webhookSecret);
    expect(logLines.length).toBeGreaterThan(0);
  });
});
