import { lastMail, mailsTo } from '../../../testing/mailbox';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { accountForm, Visitor } from '../../../testing/visitor';

// The test-mode checkout end to end through the API: account → checkout → pay → success page's
// verification → manage (cancel, reactivate) → the end of the billing period. The clock is ours.

const DAY = 24 * 60 * 60 * 1000;

describe('subscriptions in test mode', () => {
  let server: TestServer;
  let clock: number;

  beforeEach(async () => {
    clock = Date.UTC(2027, 0, 15, 12);
    server = await startTestServer({}, { now: () => clock });
  });
  afterEach(() => server.stop());

  /** A new provider account, signed in, with a paid checkout. */
  async function subscribedProvider(email = 'ada@example.com') {
    const browser = new Visitor(server.running.url);
    const created = await browser.post('/api/users', accountForm({ email })).expect(201);
    const checkout = await browser.post(`/api/users/${created.body.user_id}/subscription`).expect(200);
    expect(checkout.body).toMatchObject({ success: true, payments_mode: 'test' });
    const sessionId = /^\/checkout\/test\/(cs_test_\w+)$/.exec(checkout.body.url)?.[1];
    expect(sessionId).toBeDefined();
    const paid = await browser.post(`/api/test-checkout/${sessionId}/pay`).expect(200);
    expect(paid.body.redirect_url).toBe(`/subscription/success?session_id=${sessionId}`);
    return { browser, userId: created.body.user_id as string, sessionId: sessionId! };
  }

  it('shows the checkout page its plan, price and e-mail, and never a card field', async () => {
    const browser = new Visitor(server.running.url);
    const created = await browser.post('/api/users', accountForm({ email: 'ada@example.com' })).expect(201);
    const { body } = await browser.post(`/api/users/${created.body.user_id}/subscription`).expect(200);
    const page = await browser.get(`/api/test-checkout/${body.url.split('/').pop()}`).expect(200);
    expect(page.body).toEqual({
      id: expect.stringMatching(/^cs_test_/),
      status: 'open',
      plan: 'agent_provider',
      plan_name: 'Provider plan',
      price_usd: 5,
      interval: 'month',
      email: 'ada@example.com',
      payments_mode: 'test',
    });
  });

  it('activates the account when the checkout is paid, and the success page verifies it', async () => {
    const { browser, sessionId } = await subscribedProvider();
    const verified = await browser.post('/api/verify-session', { session_id: sessionId }).expect(200);
    expect(verified.body).toEqual({
      success: true,
      ok: true,
      subscription_status: 'active',
      plan: 'agent_provider',
      payments_mode: 'test',
    });
    const me = await browser.get('/api/auth/me').expect(200);
    expect(me.body.user.subscription_status).toBe('active');
    const details = await browser.get('/api/users/subscription').expect(200);
    expect(details.body).toMatchObject({
      success: true,
      status: 'active',
      plan: 'agent_provider',
      price_usd: 5,
      stripe_customer_id: expect.stringMatching(/^cus_test_/),
      stripe_data: {
        status: 'active',
        cancel_at_period_end: false,
        current_period_start: clock / 1000,
        current_period_end: Date.UTC(2027, 1, 15, 12) / 1000,
      },
    });
    // One welcome e-mail, though the event and the success page both completed the checkout.
    expect(await mailsTo(server.dataDir, 'ada@example.com', 'subscription_started')).toHaveLength(1);
  });

  it('refuses to verify an unknown or unpaid session', async () => {
    const browser = new Visitor(server.running.url);
    const created = await browser.post('/api/users', accountForm({ email: 'ada@example.com' })).expect(201);
    const { body } = await browser.post(`/api/users/${created.body.user_id}/subscription`).expect(200);
    const sessionId = body.url.split('/').pop();
    const unpaid = await browser.post('/api/verify-session', { session_id: sessionId }).expect(400);
    expect(unpaid.body).toMatchObject({ success: false, ok: false });
    await browser.post('/api/verify-session', { session_id: 'cs_test_nothing' }).expect(404);
    await browser.post('/api/verify-session', {}).expect(400);
  });

  it('cancels at the end of the period, reactivates, and mails both', async () => {
    const { browser } = await subscribedProvider();
    const cancelled = await browser.post('/api/users/subscription/cancel').expect(200);
    expect(cancelled.body).toMatchObject({
      status: 'active',
      stripe_data: { status: 'active', cancel_at_period_end: true },
      message: 'Your subscription will be canceled on February 15, 2027. You keep access until then.',
    });
    await lastMail(server.dataDir, 'ada@example.com', 'subscription_cancelled');
    const reactivated = await browser.post('/api/users/subscription/reactivate').expect(200);
    expect(reactivated.body).toMatchObject({ stripe_data: { cancel_at_period_end: false } });
    await lastMail(server.dataDir, 'ada@example.com', 'subscription_reactivated');
  });

  it('ends a cancelled subscription at the end of its period, and renews one that was not', async () => {
    const first = await subscribedProvider('ada@example.com');
    const second = await subscribedProvider('grace@example.com');
    await first.browser.post('/api/users/subscription/cancel').expect(200);

    clock += 32 * DAY;
    const ended = await first.browser.get('/api/users/subscription').expect(200);
    expect(ended.body).toMatchObject({ status: 'inactive', stripe_data: { status: 'canceled' } });
    await lastMail(server.dataDir, 'ada@example.com', 'subscription_ended');

    const renewed = await second.browser.get('/api/users/subscription').expect(200);
    expect(renewed.body).toMatchObject({
      status: 'active',
      stripe_data: { status: 'active', current_period_end: Date.UTC(2027, 2, 15, 12) / 1000 },
    });
  });

  it('refuses a second checkout for an account that is already subscribed', async () => {
    const { browser, userId } = await subscribedProvider();
    const again = await browser.post(`/api/users/${userId}/subscription`).expect(409);
    expect(again.body).toMatchObject({ success: false, error: 'Your subscription is already active.' });
  });

  it("refuses to open a checkout for someone else's account", async () => {
    const ada = new Visitor(server.running.url);
    await ada.post('/api/users', accountForm({ email: 'ada@example.com' })).expect(201);
    const grace = new Visitor(server.running.url);
    const created = await grace.post('/api/users', accountForm({ email: 'grace@example.com' })).expect(201);
    await ada.post(`/api/users/${created.body.user_id}/subscription`).expect(403);
    await new Visitor(server.running.url).post(`/api/users/${created.body.user_id}/subscription`).expect(401);
  });

  it('cancels a checkout without charging, and a closed checkout cannot be paid', async () => {
    const browser = new Visitor(server.running.url);
    const created = await browser.post('/api/users', accountForm({ email: 'ada@example.com' })).expect(201);
    const { body } = await browser.post(`/api/users/${created.body.user_id}/subscription`).expect(200);
    const id = body.url.split('/').pop();
    const cancelled = await browser.post(`/api/test-checkout/${id}/cancel`).expect(200);
    expect(cancelled.body.redirect_url).toBe('/subscription/cancel');
    await browser.post(`/api/test-checkout/${id}/pay`).expect(409);
    const me = await browser.get('/api/auth/me').expect(200);
    expect(me.body.user.subscription_status).toBe('inactive');
  });

  it('charges employers the employer plan', async () => {
    const browser = new Visitor(server.running.url);
    const created = await browser
      .post('/api/users', accountForm({ email: 'boss@example.com', user_type: 'employer' }))
      .expect(201);
    expect(created.body.user_type).toBe('employer');
    const { body } = await browser.post(`/api/users/${created.body.user_id}/subscription`).expect(200);
    const page = await browser.get(`/api/test-checkout/${body.url.split('/').pop()}`).expect(200);
    expect(page.body).toMatchObject({ plan: 'employer', plan_name: 'Employer plan', price_usd: 40 });
  });
});
