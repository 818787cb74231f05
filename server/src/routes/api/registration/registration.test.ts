import { REGISTRATION_MESSAGES } from '../../../commands/register-agent';
import { SUBSCRIPTION_MESSAGES } from '../../../policies/subscription';
import { lastMail, mailsTo, tokenIn } from '../../../testing/mailbox';
import { eventually, startTestServer, type TestServer } from '../../../testing/test-server';
import { accountForm, agentForm, Visitor } from '../../../testing/visitor';

// POST /api/agents: the registration rules of docs/accounts.md, driven through the real app.

describe('registering an agent', () => {
  let server: TestServer;
  const visitor = () => new Visitor(server.running.url);

  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.stop());

  it('refuses a registration without the CSRF token', async () => {
    await visitor().http.post('/api/agents').send(agentForm()).expect(403);
    expect(await server.running.context.store.agents.count()).toBe(0);
  });

  it('lists a first agent for free and sends the new e-mail to account setup', async () => {
    const response = await visitor().post('/api/agents', agentForm()).expect(201);
    expect(response.body).toMatchObject({
      success: true,
      is_existing_subscriber: false,
      owned: false,
      message: REGISTRATION_MESSAGES.listedCreateAccount,
      agent: { name: 'InboxPilot', address: 'https://inboxpilot.example' },
    });
    expect(response.body.agent).not.toHaveProperty('email');
    // Public at once: search finds it within a second.
    await eventually(async () => {
      const found = await visitor().get('/api/search?query=InboxPilot').expect(200);
      return found.body.some((agent: { name: string }) => agent.name === 'InboxPilot');
    }, 1000);
  });

  it("answers the spec's messages for bad fields, with every field's error", async () => {
    const response = await visitor()
      .post('/api/agents', agentForm({ name: '', email: 'not-an-email', address: 'nowhere' }))
      .expect(400);
    expect(response.body.errors).toMatchObject({
      name: 'Name is required',
      email: 'Invalid email format',
      address: 'Invalid URL format',
    });
  });

  it("takes the new category and role when 'other' is chosen, and requires them", async () => {
    const missing = await visitor()
      .post('/api/agents', agentForm({ category: 'other', newCategory: '' }))
      .expect(400);
    expect(missing.body.errors).toEqual({ newCategory: 'New category is required' });
    const ok = await visitor()
      .post(
        '/api/agents',
        agentForm({ category: 'other', newCategory: 'Robotics', role: 'other', newRole: 'Welder' }),
      )
      .expect(201);
    expect(ok.body.agent).toMatchObject({ category: 'Robotics', role: 'Welder' });
  });

  it('sanitises typed input as the spec says', async () => {
    const response = await visitor()
      .post('/api/agents', agentForm({ description: 'Fast; "friendly" <b onclick="x()">bot</b>' }))
      .expect(201);
    expect(response.body.agent.description).toBe('Fast friendly <b>bot</b>');
  });

  it('takes a name with a reference to no character (&#99999999;) as text, not a 500', async () => {
    for (const name of ['Bot &#99999999;', 'Bot &#x110000;', `Bot &#${'9'.repeat(90)};`]) {
      const response = await visitor()
        .post('/api/agents', agentForm({ name, email: `${name.length}@example.com` }))
        .response();
      expect(response.status).toBe(201);
    }
  });

  it('refuses a second free agent for the same e-mail with the subscribe prompt', async () => {
    await visitor().post('/api/agents', agentForm()).expect(201);
    const second = await visitor()
      .post('/api/agents', agentForm({ name: 'LedgerLeaf' }))
      .expect(409);
    expect(second.body).toEqual({
      error: SUBSCRIPTION_MESSAGES.freeListingUsedNoAccount,
      message: SUBSCRIPTION_MESSAGES.freeListingUsedNoAccount,
      requires_subscription: true,
    });
    expect(await server.running.context.store.agents.count()).toBe(1);
  });

  it('says when the same agent is already listed, without the subscribe prompt', async () => {
    await visitor().post('/api/agents', agentForm()).expect(201);
    const again = await visitor()
      .post('/api/agents', agentForm({ email: 'other@example.com' }))
      .expect(409);
    expect(again.body).toEqual({ error: 'An agent named InboxPilot from Northwind Labs is already listed' });
  });

  describe('when the e-mail belongs to an account', () => {
    async function provider(email: string) {
      const browser = visitor();
      const created = await browser.post('/api/users', accountForm({ email })).expect(201);
      return { browser, userId: created.body.user_id as string };
    }

    it('sends the visitor to sign in, and the agent waits for the address to be confirmed', async () => {
      await provider('owner@example.com');
      const response = await visitor()
        .post('/api/agents', agentForm({ email: 'owner@example.com' }))
        .expect(201);
      expect(response.body).toMatchObject({
        is_existing_subscriber: true,
        owned: false,
        message: REGISTRATION_MESSAGES.listedSignIn('owner@example.com'),
      });
      const agent = await server.running.context.store.agents.get(response.body.agent.id);
      expect(agent).toMatchObject({ owner_id: null, email: 'owner@example.com' });
      const claim = await lastMail(server.dataDir, 'owner@example.com', 'claim_agent');
      expect(claim.text).toContain('InboxPilot');
    });

    it('gives waiting agents to the account only when its own session opens the link sent to the address', async () => {
      const { browser, userId } = await provider('owner@example.com');
      await visitor()
        .post('/api/agents', agentForm({ email: 'owner@example.com' }))
        .expect(201);
      const before = await browser.get('/api/users/agents').expect(200);
      expect(before.body).toMatchObject({ agents: [], unverified_agents: 1 });

      const verification = await lastMail(server.dataDir, 'owner@example.com', 'verify_email');
      const token = tokenIn(verification, '/verify-email');
      // Opened without the account's session (the mailbox's owner, a mail scanner): nothing passes,
      // and the link stays valid.
      const stranger = await visitor().post('/api/auth/verify-email', { token }).expect(401);
      expect(stranger.body).toMatchObject({ success: false, sign_in_required: true });
      const other = visitor();
      await other.post('/api/users', accountForm({ email: 'other@example.com' })).expect(201);
      await other.post('/api/auth/verify-email', { token }).expect(403);
      expect(await server.running.context.store.agents.count({ ownerId: userId })).toBe(0);

      const confirmed = await browser.post('/api/auth/verify-email', { token }).expect(200);
      expect(confirmed.body).toMatchObject({ success: true, claimed: 1 });
      const after = await browser.get('/api/users/agents').expect(200);
      expect(after.body.agents.map((agent: { name: string }) => agent.name)).toEqual(['InboxPilot']);
      expect(after.body.unverified_agents).toBe(0);
      expect((await server.running.context.store.agents.list({ ownerId: userId })).length).toBe(1);
    });

    it("never lets a stranger spend a subscriber's allowance: one agent at most waits under the address", async () => {
      const { userId } = await provider('owner@example.com');
      await server.running.context.store.users.update(userId, { subscription_status: 'active' });
      await visitor()
        .post('/api/agents', agentForm({ email: 'owner@example.com' }))
        .expect(201);
      const second = await visitor()
        .post('/api/agents', agentForm({ email: 'owner@example.com', name: 'Spam Bot' }))
        .expect(409);
      expect(second.body).toEqual({ error: SUBSCRIPTION_MESSAGES.alreadyWaiting });
      const claim = await lastMail(server.dataDir, 'owner@example.com', 'claim_agent');
      expect(claim.subject).not.toContain('InboxPilot');
    });

    it('refuses a second agent while the account has no active subscription', async () => {
      await provider('owner@example.com');
      await visitor()
        .post('/api/agents', agentForm({ email: 'owner@example.com' }))
        .expect(201);
      const second = await visitor()
        .post('/api/agents', agentForm({ email: 'owner@example.com', name: 'LedgerLeaf' }))
        .expect(409);
      expect(second.body).toMatchObject({
        requires_subscription: true,
        message: SUBSCRIPTION_MESSAGES.freeListingUsed,
      });
    });

    it('gives the agent at once to its signed-in, verified, subscribed owner', async () => {
      const { browser, userId } = await provider('owner@example.com');
      const { store } = server.running.context;
      await store.users.update(userId, {
        email_verified_at: new Date().toISOString(),
        subscription_status: 'active',
      });
      await browser.post('/api/agents', agentForm({ email: '' })).expect(201);
      const second = await browser
        .post('/api/agents', agentForm({ email: '', name: 'LedgerLeaf' }))
        .expect(201);
      expect(second.body).toMatchObject({ owned: true, message: REGISTRATION_MESSAGES.listedOwned });
      expect((await store.agents.list({ ownerId: userId })).map((agent) => agent.name).sort()).toEqual([
        'InboxPilot',
        'LedgerLeaf',
      ]);
      expect(await mailsTo(server.dataDir, 'owner@example.com', 'claim_agent')).toEqual([]);
    });
  });
});
