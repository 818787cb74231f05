import {
  ADDRESS_LESS_LIMIT_MESSAGE,
  EMPLOYER_ACCOUNT_MESSAGE,
  REGISTRATION_MESSAGES,
} from '../../../commands/register-agent';
import { SUBSCRIPTION_MESSAGES } from '../../../policies/subscription';
import { lastMail, mailsTo, tokenIn } from '../../../testing/mailbox';
import { eventually, startTestServer, type TestServer } from '../../../testing/test-server';
import { accountForm, agentForm, Visitor } from '../../../testing/visitor';

// POST /api/agents: the registration rules of docs/accounts.md (ownership), driven through the real
// app. Nothing is listed on an unproven claim: an agent under an address waits, held, for a link
// sent to the address; one without an address waits for staff.

describe('registering an agent', () => {
  let server: TestServer;
  const visitor = (ip?: string) => {
    const browser = new Visitor(server.running.url);
    if (ip) browser.http.set('X-Forwarded-For', ip);
    return browser;
  };
  const store = () => server.running.context.store;
  const isPublic = async (id: string) => (await visitor().get(`/api/agents/${id}`)).status === 200;

  beforeEach(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' });
  });
  afterEach(() => server.stop());

  it('refuses a registration without the CSRF token', async () => {
    await visitor().http.post('/api/agents').send(agentForm()).expect(403);
    expect(await store().agents.count({ includeRemoved: true })).toBe(0);
  });

  it('holds a first agent under an address, not public, and mails the address a link that lists it', async () => {
    const response = await visitor().post('/api/agents', agentForm()).expect(201);
    expect(response.body).toMatchObject({
      success: true,
      is_existing_subscriber: false,
      owned: false,
      listed: false,
      message: REGISTRATION_MESSAGES.registered('maker@example.com'),
      agent: { name: 'InboxPilot', address: 'https://inboxpilot.example' },
    });
    expect(response.body.agent).not.toHaveProperty('email');
    expect(await isPublic(response.body.agent.id)).toBe(false);
    expect(await store().agents.get(response.body.agent.id)).toMatchObject({
      held_for: 'claim',
      removed: true,
      owner_id: null,
    });
    const claim = await lastMail(server.dataDir, 'maker@example.com', 'claim_agent');
    expect(claim.text).toContain('create your Rolecall provider account with this address');
    expect(tokenIn(claim, '/verify-email')).toHaveLength(43);
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

  it('refuses a field the API does not know with a 400 naming it, and lists nothing', async () => {
    const response = await visitor()
      .post('/api/agents', { ...agentForm(), pricing_page: 'https://example.com/pricing' })
      .expect(400);
    expect(response.body.error).toBe('Unknown field "pricing_page": not part of this request');
    expect(await store().agents.count({ includeRemoved: true })).toBe(0);
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

  it('refuses a second agent under the same address with the subscribe prompt', async () => {
    await visitor().post('/api/agents', agentForm()).expect(201);
    const second = await visitor()
      .post('/api/agents', agentForm({ name: 'LedgerLeaf' }))
      .expect(409);
    expect(second.body).toEqual({
      error: SUBSCRIPTION_MESSAGES.addressHasAgent,
      message: SUBSCRIPTION_MESSAGES.addressHasAgent,
      requires_subscription: true,
    });
    expect(await store().agents.count({ includeRemoved: true })).toBe(1);
  });

  it('says when the agent is already registered, and how its maker can claim a listing nobody owns', async () => {
    const listed = await store().agents.create({ ...agentForm(), email: null });
    const again = await visitor()
      .post('/api/agents', agentForm({ email: 'other@example.com' }))
      .expect(409);
    expect(again.body).toEqual({
      error: 'An agent named InboxPilot from Northwind Labs is already listed',
      unclaimed_listing: { agent_id: listed.id, ways: ['report', 'domain'] },
    });
    await store().agents.update(listed.id, { owner_id: 'someone' });
    const owned = await visitor()
      .post('/api/agents', agentForm({ email: 'third@example.com' }))
      .expect(409);
    expect(owned.body).toEqual({ error: 'An agent named InboxPilot from Northwind Labs is already listed' });
  });

  describe('the answer says nothing about the address (issue 21, finding 9)', () => {
    it('answers the same, first and second time, for an address with no account, a provider, a subscribed provider and an employer', async () => {
      const provider = visitor();
      await provider.post('/api/users', accountForm({ email: 'provider@example.com' })).expect(201);
      const subscribed = visitor();
      const made = await subscribed
        .post('/api/users', accountForm({ email: 'paid@example.com' }))
        .expect(201);
      await store().users.update(made.body.user_id, {
        subscription_status: 'active',
        email_verified_at: new Date().toISOString(),
      });
      await visitor()
        .post('/api/users', accountForm({ email: 'employer@example.com', user_type: 'employer' }))
        .expect(201);

      const answers = [];
      for (const email of [
        'nobody@example.com',
        'provider@example.com',
        'paid@example.com',
        'employer@example.com',
      ]) {
        const first = await visitor()
          .post('/api/agents', agentForm({ email, name: `First ${email}` }))
          .expect(201);
        const second = await visitor()
          .post('/api/agents', agentForm({ email, name: `Second ${email}` }))
          .response();
        answers.push({
          first: { ...first.body, agent: undefined, message: first.body.message.replace(email, 'ADDRESS') },
          second: { status: second.status, body: second.body },
        });
      }
      for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
      expect(answers[0]!.second.status).toBe(409);

      // The difference goes to the address: an employer's is told it cannot hold the agent.
      const employerMail = await lastMail(server.dataDir, 'employer@example.com', 'claim_agent');
      expect(employerMail.text).toContain('belongs to a Rolecall employer account');
      const providerMail = await lastMail(server.dataDir, 'provider@example.com', 'claim_agent');
      expect(providerMail.text).toContain('sign in to your Rolecall provider account with this address');
    });

    it("refuses a signed-in employer's own address, which no provider account can hold", async () => {
      const employer = visitor();
      await employer
        .post('/api/users', accountForm({ email: 'employer@example.com', user_type: 'employer' }))
        .expect(201);
      const refused = await employer.post('/api/agents', agentForm({ email: '' })).expect(409);
      expect(refused.body).toEqual({ error: EMPLOYER_ACCOUNT_MESSAGE });
    });
  });

  describe('registering, then creating the account (the spec flow)', () => {
    it('names the agents this browser registered in the verification link, which lists them once opened signed in', async () => {
      const browser = visitor();
      const registered = await browser.post('/api/agents', agentForm()).expect(201);
      await browser.post('/api/users', accountForm()).expect(201);
      const waiting = await browser.get('/api/users/agents').expect(200);
      expect(waiting.body).toMatchObject({ agents: [], unverified_agents: 1 });

      const verification = await lastMail(server.dataDir, 'maker@example.com', 'verify_email');
      expect(verification.text).toContain('"InboxPilot"');
      const token = tokenIn(verification, '/verify-email');
      // Opened without the account's session (the mailbox's owner elsewhere, a mail scanner):
      // nothing passes, and the link stays valid.
      const stranger = await visitor().post('/api/auth/verify-email', { token }).expect(401);
      expect(stranger.body).toMatchObject({ success: false, sign_in_required: true });
      const other = visitor();
      await other.post('/api/users', accountForm({ email: 'other@example.com' })).expect(201);
      await other.post('/api/auth/verify-email', { token }).expect(403);

      const confirmed = await browser.post('/api/auth/verify-email', { token }).expect(200);
      expect(confirmed.body).toMatchObject({ success: true, claimed: 1 });
      const after = await browser.get('/api/users/agents').expect(200);
      expect(after.body.agents.map((agent: { name: string }) => agent.name)).toEqual(['InboxPilot']);
      expect(after.body.unverified_agents).toBe(0);
      expect(await isPublic(registered.body.agent.id)).toBe(true);
      await eventually(async () => {
        const found = await visitor().get('/api/search?query=InboxPilot').expect(200);
        return found.body.some((agent: { name: string }) => agent.name === 'InboxPilot');
      });
    });

    it("names no agent another browser registered under the address, and the dashboard never counts it (finding 9's leak)", async () => {
      await visitor()
        .post('/api/agents', agentForm({ email: 'victim@example.com' }))
        .expect(201);
      // Someone opens an account under the victim's address, from another browser.
      const squatter = visitor();
      await squatter.post('/api/users', accountForm({ email: 'victim@example.com' })).expect(201);
      const dashboard = await squatter.get('/api/users/agents').expect(200);
      expect(dashboard.body).toMatchObject({ agents: [], unverified_agents: 0 });
      const verification = await lastMail(server.dataDir, 'victim@example.com', 'verify_email');
      expect(verification.text).not.toContain('InboxPilot');
      const confirmed = await squatter
        .post('/api/auth/verify-email', { token: tokenIn(verification, '/verify-email') })
        .expect(200);
      expect(confirmed.body.claimed).toBe(0);
    });
  });

  describe('under the address of a provider account', () => {
    async function provider(email: string) {
      const browser = visitor();
      const created = await browser.post('/api/users', accountForm({ email })).expect(201);
      return { browser, userId: created.body.user_id as string };
    }

    it('lists the agent only when the claim link is opened in the provider account of that address', async () => {
      const { browser, userId } = await provider('owner@example.com');
      const registered = await visitor()
        .post('/api/agents', agentForm({ email: 'owner@example.com' }))
        .expect(201);
      const claim = await lastMail(server.dataDir, 'owner@example.com', 'claim_agent');
      expect(claim.text).toContain('InboxPilot');
      const token = tokenIn(claim, '/verify-email');

      await visitor().post('/api/auth/verify-email', { token }).expect(401);
      const other = await provider('other@example.com');
      await other.browser.post('/api/auth/verify-email', { token }).expect(403);
      expect(await store().agents.count({ ownerId: userId })).toBe(0);
      expect(await isPublic(registered.body.agent.id)).toBe(false);

      const confirmed = await browser.post('/api/auth/verify-email', { token }).expect(200);
      expect(confirmed.body).toMatchObject({ success: true, claimed: 1 });
      expect((await store().users.findById(userId))!.email_verified_at).not.toBeNull();
      expect((await store().agents.list({ ownerId: userId })).map((agent) => agent.name)).toEqual([
        'InboxPilot',
      ]);
      expect(await isPublic(registered.body.agent.id)).toBe(true);
    });

    it('gives the agent at once to its signed-in, verified, subscribed owner', async () => {
      const { browser, userId } = await provider('owner@example.com');
      await store().users.update(userId, {
        email_verified_at: new Date().toISOString(),
        subscription_status: 'active',
      });
      await browser.post('/api/agents', agentForm({ email: '' })).expect(201);
      const second = await browser
        .post('/api/agents', agentForm({ email: '', name: 'LedgerLeaf' }))
        .expect(201);
      expect(second.body).toMatchObject({
        owned: true,
        listed: true,
        is_existing_subscriber: true,
        message: REGISTRATION_MESSAGES.listedOwned,
      });
      expect((await store().agents.list({ ownerId: userId })).map((agent) => agent.name).sort()).toEqual([
        'InboxPilot',
        'LedgerLeaf',
      ]);
      expect(await mailsTo(server.dataDir, 'owner@example.com', 'claim_agent')).toEqual([]);
    });

    it('holds the agent of a signed-in owner whose address is not confirmed, and names it in a verification link', async () => {
      const { browser, userId } = await provider('owner@example.com');
      const registered = await browser.post('/api/agents', agentForm({ email: '' })).expect(201);
      expect(registered.body).toMatchObject({
        owned: false,
        listed: false,
        is_existing_subscriber: true,
        message: REGISTRATION_MESSAGES.confirmEmail('owner@example.com'),
      });
      expect((await browser.get('/api/users/agents').expect(200)).body.unverified_agents).toBe(1);
      // "Resend link" names it again.
      await browser.post('/api/auth/resend-verification').expect(200);
      const resent = await lastMail(server.dataDir, 'owner@example.com', 'verify_email');
      expect(resent.text).toContain('"InboxPilot"');
      await browser.post('/api/auth/verify-email', { token: tokenIn(resent, '/verify-email') }).expect(200);
      expect(await store().agents.count({ ownerId: userId })).toBe(1);
      expect(await isPublic(registered.body.agent.id)).toBe(true);
    });

    it('keeps the free listing used after the owner deletes the agent: deleting and registering again is no free edit (finding 9)', async () => {
      const { browser, userId } = await provider('owner@example.com');
      await store().users.update(userId, { email_verified_at: new Date().toISOString() });
      const first = await browser.post('/api/agents', agentForm({ email: '' })).expect(201);
      expect(first.body.owned).toBe(true);
      await browser.delete(`/api/users/agents/${first.body.agent.id}`).expect(200);
      const again = await browser
        .post('/api/agents', agentForm({ email: '', name: 'InboxPilot 2', description: 'Edited text' }))
        .expect(409);
      expect(again.body).toMatchObject({
        requires_subscription: true,
        message: SUBSCRIPTION_MESSAGES.freeListingUsedByDeleted,
      });
      // Signed out, under the same address: refused too, with the words anyone gets.
      const signedOut = await visitor()
        .post('/api/agents', agentForm({ email: 'owner@example.com', name: 'InboxPilot 3' }))
        .expect(409);
      expect(signedOut.body.message).toBe(SUBSCRIPTION_MESSAGES.addressHasAgent);
      await store().users.update(userId, { subscription_status: 'active' });
      await browser.post('/api/agents', agentForm({ email: '', name: 'InboxPilot 2' })).expect(201);
    });
  });

  describe('without an e-mail address (finding 7)', () => {
    it('holds the first for staff review, refuses the second and third from the same client, and lists it once staff approve', async () => {
      const client = '203.0.113.7';
      const first = await visitor(client)
        .post('/api/agents', agentForm({ email: '', name: 'Squat One' }))
        .expect(201);
      expect(first.body).toMatchObject({
        owned: false,
        listed: false,
        is_existing_subscriber: false,
        message: REGISTRATION_MESSAGES.heldForReview,
      });
      const second = await visitor(client)
        .post('/api/agents', agentForm({ email: '', name: 'Squat Two' }))
        .expect(429);
      expect(second.body).toEqual({ error: ADDRESS_LESS_LIMIT_MESSAGE });
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      await visitor(client)
        .post('/api/agents', agentForm({ email: '', name: 'Squat Three' }))
        .expect(429);
      // A form with a mistake does not spend the day's registration; another client has its own.
      await visitor('203.0.113.8')
        .post('/api/agents', agentForm({ email: '', name: '' }))
        .expect(400);
      await visitor('203.0.113.8')
        .post('/api/agents', agentForm({ email: '', name: 'Other Client' }))
        .expect(201);

      const id = first.body.agent.id as string;
      expect(await isPublic(id)).toBe(false);
      const search = await visitor().get('/api/search?query=Squat').expect(200);
      expect(search.body).toEqual([]);
      expect(await store().agents.count({ heldFor: 'review' })).toBe(2);
      expect(await store().agents.findByIdentity('Squat Two', 'Northwind Labs')).toBeNull();

      await store().agents.update(id, { removed: false });
      expect(await isPublic(id)).toBe(true);
    });
  });
});
