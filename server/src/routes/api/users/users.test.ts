import { COMMON_PASSWORD_MESSAGE } from '@agentry/domain/password-policy';
import { lastMail, tokenIn } from '../../../testing/mailbox';
import { eventually, startTestServer, type TestServer } from '../../../testing/test-server';
import { accountForm, agentForm, Visitor } from '../../../testing/visitor';

// Accounts, the provider's own agents and the profile, through the real app on a real store.

describe('accounts and the provider dashboard', () => {
  let server: TestServer;
  const visitor = () => new Visitor(server.running.url);
  const store = () => server.running.context.store;

  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.stop());

  /** A provider with one verified, owned agent (registered, then the account set up, in one browser); subscribed when asked. */
  async function providerWithAgent(email: string, options: { subscribed: boolean }) {
    const browser = visitor();
    await browser.post('/api/agents', agentForm({ email, name: `Agent of ${email}` })).expect(201);
    const created = await browser.post('/api/users', accountForm({ email })).expect(201);
    const mail = await lastMail(server.dataDir, email, 'verify_email');
    await browser.post('/api/auth/verify-email', { token: tokenIn(mail, '/verify-email') }).expect(200);
    if (options.subscribed)
      await store().users.update(created.body.user_id, { subscription_status: 'active' });
    const agents = await browser.get('/api/users/agents').expect(200);
    return { browser, userId: created.body.user_id as string, agentId: agents.body.agents[0].id as string };
  }

  describe('creating an account', () => {
    it('signs the new account in on a new session id and mails the verification link', async () => {
      const browser = visitor();
      await browser.csrfToken();
      const before = browser.sessionCookie(server.running.url);
      const created = await browser.post('/api/users', accountForm()).expect(201);
      expect(created.body).toMatchObject({
        success: true,
        user_id: expect.any(String),
        user_type: 'agent_provider',
        user: { email: 'maker@example.com', email_verified: false, slug: 'northwind-labs' },
        csrf_token: expect.any(String),
      });
      expect(created.body.user).not.toHaveProperty('password_hash');
      // Where its server time went, part by part of the creation (the load benchmark explains its slowest sign-ups with it).
      expect(created.headers['server-timing']).toMatch(
        /^before;dur=[\d.]+, limits;dur=[\d.]+, lookup;dur=[\d.]+, queue;dur=[\d.]+, hash;dur=[\d.]+, user;dur=[\d.]+, link;dur=[\d.]+, mail;dur=[\d.]+, session;dur=[\d.]+, app;dur=[\d.]+$/,
      );
      expect(browser.sessionCookie(server.running.url)).not.toBe(before);
      const me = await browser.get('/api/auth/me').expect(200);
      expect(me.body).toMatchObject({ success: true, user_type: 'agent_provider' });
      const mail = await lastMail(server.dataDir, 'maker@example.com', 'verify_email');
      expect(tokenIn(mail, '/verify-email')).toMatch(/^[\w-]{43}$/);
    });

    it('refuses a common password and a taken e-mail with clear messages', async () => {
      const weak = await visitor()
        .post('/api/users', accountForm({ password: 'password1' }))
        .expect(400);
      expect(weak.body).toMatchObject({ success: false, error: COMMON_PASSWORD_MESSAGE });
      await visitor().post('/api/users', accountForm()).expect(201);
      const taken = await visitor()
        .post('/api/users', accountForm({ email: 'MAKER@example.com' }))
        .expect(409);
      expect(taken.body).toEqual({
        success: false,
        error: 'An account with this email already exists. Please sign in.',
      });
    });

    it('requires the full name and organization with the spec words', async () => {
      const response = await visitor()
        .post('/api/users', accountForm({ full_name: ' ', organization: '' }))
        .expect(400);
      expect(response.body.errors).toMatchObject({
        full_name: 'Full name is required',
        organization: 'Organization is required',
      });
    });

    it('gives providers distinct page slugs', async () => {
      await visitor()
        .post('/api/users', accountForm({ email: 'a@example.com' }))
        .expect(201);
      const second = await visitor()
        .post('/api/users', accountForm({ email: 'b@example.com' }))
        .expect(201);
      expect(second.body.user.slug).toBe('northwind-labs-2');
    });
  });

  describe('own agents', () => {
    it('needs a signed-in user', async () => {
      await visitor().get('/api/users/agents').expect(401);
      await visitor().put('/api/users/agents/1', agentForm()).expect(401);
    });

    it("answers 404 for another provider's agent, on edit and delete alike, and never lists it", async () => {
      const ada = await providerWithAgent('ada@example.com', { subscribed: true });
      const grace = await providerWithAgent('grace@example.com', { subscribed: true });
      const listed = await grace.browser.get('/api/users/agents').expect(200);
      expect(listed.body.agents.map((agent: { id: string }) => agent.id)).toEqual([grace.agentId]);
      await grace.browser
        .put(`/api/users/agents/${ada.agentId}`, agentForm({ name: 'Hijacked' }))
        .expect(404);
      await grace.browser.delete(`/api/users/agents/${ada.agentId}`).expect(404);
      expect((await store().agents.get(ada.agentId))!.name).toBe('Agent of ada@example.com');
    });

    it('refuses edits without an active subscription, with the subscribe prompt', async () => {
      const { browser, agentId } = await providerWithAgent('ada@example.com', { subscribed: false });
      const response = await browser
        .put(`/api/users/agents/${agentId}`, agentForm({ name: 'Renamed' }))
        .expect(409);
      expect(response.body).toMatchObject({ requires_subscription: true });
    });

    it('edits with a subscription, and search follows within a second', async () => {
      const { browser, agentId } = await providerWithAgent('ada@example.com', { subscribed: true });
      const response = await browser
        .put(
          `/api/users/agents/${agentId}`,
          agentForm({ name: 'Quillwright', role: 'other', newRole: 'Copywriter' }),
        )
        .expect(200);
      expect(response.body.agent).toMatchObject({ id: agentId, name: 'Quillwright', role: 'Copywriter' });
      await eventually(async () => {
        const found = await visitor().get('/api/search?query=Quillwright').expect(200);
        return found.body[0]?.id === agentId;
      }, 1000);
    });

    it("writes a provider's edit and delete to the audit log: who, and the fields before and after", async () => {
      const { browser, agentId } = await providerWithAgent('ada@example.com', { subscribed: true });
      await browser
        .put(`/api/users/agents/${agentId}`, agentForm({ name: 'Quillwright', cost: '$9/month' }))
        .expect(200);
      await browser.delete(`/api/users/agents/${agentId}`).expect(200);
      const entries = await store().audit.list({ entity_id: agentId });
      expect(
        entries.map(({ actor, action, entity_type, entity_label, before, after }) => ({
          actor,
          action,
          entity_type,
          entity_label,
          before,
          after,
        })),
      ).toEqual([
        {
          actor: 'provider ada@example.com',
          action: 'delete',
          entity_type: 'agent',
          entity_label: 'Quillwright',
          before: { removed: false },
          after: { removed: true },
        },
        {
          actor: 'provider ada@example.com',
          action: 'update',
          entity_type: 'agent',
          entity_label: 'Quillwright',
          before: { name: 'Agent of ada@example.com', cost: agentForm().cost },
          after: { name: 'Quillwright', cost: '$9/month' },
        },
      ]);
    });

    it('writes nothing to the audit log for an edit that changes nothing', async () => {
      const { browser, agentId } = await providerWithAgent('ada@example.com', { subscribed: true });
      const agent = (await store().agents.get(agentId))!;
      await browser.put(`/api/users/agents/${agentId}`, agentForm({ name: agent.name })).expect(200);
      expect(await store().audit.count({ entity_id: agentId })).toBe(0);
    });

    it('requires every field on edit', async () => {
      const { browser, agentId } = await providerWithAgent('ada@example.com', { subscribed: true });
      const response = await browser.put(`/api/users/agents/${agentId}`, agentForm({ cost: '' })).expect(400);
      expect(response.body).toMatchObject({ error: 'Cost is required' });
    });

    it('deletes softly: gone from the dashboard and search, kept for staff to restore', async () => {
      const { browser, agentId } = await providerWithAgent('ada@example.com', { subscribed: false });
      await browser
        .delete(`/api/users/agents/${agentId}`)
        .expect(200, { success: true, message: 'Agent deleted' });
      expect((await browser.get('/api/users/agents').expect(200)).body.agents).toEqual([]);
      expect(await store().agents.get(agentId)).toMatchObject({ removed: true });
      await visitor().get(`/api/agents/${agentId}`).expect(404);
    });
  });

  describe('profile', () => {
    it('stores the profile on the server: it is still there after a reload', async () => {
      const browser = visitor();
      await browser.post('/api/users', accountForm({ user_type: 'employer' })).expect(201);
      const saved = await browser
        .put('/api/users/profile', { organization: 'Acme Hiring', phone: '+1 555 0100' })
        .expect(200);
      expect(saved.body).toMatchObject({ success: true, message: 'Your profile has been saved.' });
      const me = await browser.get('/api/auth/me').expect(200);
      expect(me.body.user).toMatchObject({ organization: 'Acme Hiring', phone: '+1 555 0100' });
    });

    it('changes the e-mail only once the link sent to the new address is opened', async () => {
      const browser = visitor();
      await browser.post('/api/users', accountForm({ email: 'old@example.com' })).expect(201);
      const saved = await browser.put('/api/users/profile', { email: 'new@example.com' }).expect(200);
      expect(saved.body.user.email).toBe('old@example.com');
      expect(saved.body.message).toContain('new@example.com');
      const mail = await lastMail(server.dataDir, 'new@example.com', 'change_email');
      const token = tokenIn(mail, '/verify-email');
      // Opened by the new mailbox's owner, who is not the account: it does not count, and stays valid.
      await visitor().post('/api/auth/verify-email', { token }).expect(401);
      await browser.post('/api/auth/verify-email', { token }).expect(200);
      const me = await browser.get('/api/auth/me').expect(200);
      expect(me.body.user).toMatchObject({ email: 'new@example.com', email_verified: true });
    });

    it('refuses an e-mail that belongs to another account and a website that is not a web address', async () => {
      await visitor()
        .post('/api/users', accountForm({ email: 'taken@example.com' }))
        .expect(201);
      const browser = visitor();
      await browser.post('/api/users', accountForm({ email: 'me@example.com' })).expect(201);
      await browser.put('/api/users/profile', { email: 'taken@example.com' }).expect(409);
      const bad = await browser.put('/api/users/profile', { website: 'javascript:alert(1)' }).expect(400);
      expect(bad.body.errors).toHaveProperty('website');
    });
  });
});
