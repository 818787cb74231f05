import { lastMail, tokenIn } from '../../../testing/mailbox';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { accountForm, agentForm, Visitor } from '../../../testing/visitor';

// Issue 21, finding 4, end to end through the API and the outbox: someone registers "Official
// helper" under a provider's address with their own link; the provider ignores the claim e-mail,
// later resets the password, and the planted agent was in the dashboard and on the public provider
// page. Every waiting agent was handed over on any reset or verification. Now a link hands over
// only the agents it names, and a reset none.

const NEW_PASSWORD = 'a brand new passphrase';

describe('ownership by the link that was sent for it', () => {
  let server: TestServer;
  const visitor = () => new Visitor(server.running.url);
  const store = () => server.running.context.store;

  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.stop());

  /** A confirmed, subscribed provider with a provider page, who has not listed an agent yet. */
  async function establishedProvider() {
    const browser = visitor();
    const created = await browser
      .post('/api/users', accountForm({ email: 'owner@acme.example', organization: 'Acme Tools' }))
      .expect(201);
    const userId = created.body.user_id as string;
    await store().users.update(userId, {
      email_verified_at: new Date().toISOString(),
      subscription_status: 'active',
    });
    const slug = (await store().users.findById(userId))!.slug!;
    return { userId, slug };
  }

  it('When a stranger plants an agent under a provider address and the provider ignores the claim e-mail and resets the password, then the agent is in neither the dashboard nor the provider page', async () => {
    const { slug } = await establishedProvider();
    const planted = await visitor()
      .post(
        '/api/agents',
        agentForm({
          email: 'owner@acme.example',
          name: 'Official helper',
          provider: 'Acme Tools',
          address: 'https://phish.example',
        }),
      )
      .expect(201);
    // The claim e-mail arrives; the provider ignores it.
    const claim = await lastMail(server.dataDir, 'owner@acme.example', 'claim_agent');
    expect(claim.text).toContain('Official helper');

    // Later: "forgot password", the link from the outbox, a new password, sign in.
    await visitor().post('/api/auth/forgot-password', { email: 'owner@acme.example' }).expect(200);
    const reset = await lastMail(server.dataDir, 'owner@acme.example', 'reset_password');
    await visitor()
      .post('/api/auth/reset-password', { token: tokenIn(reset, '/reset-password'), password: NEW_PASSWORD })
      .expect(200);
    const owner = visitor();
    await owner.post('/api/auth/login', { email: 'owner@acme.example', password: NEW_PASSWORD }).expect(200);

    const dashboard = await owner.get('/api/users/agents').expect(200);
    expect(dashboard.body.agents).toEqual([]);
    const page = await visitor().get(`/api/providers/${slug}`).expect(200);
    expect(page.body.agents).toEqual([]);
    // And the stranger's agent is not public on its own either: it was never confirmed.
    await visitor().get(`/api/agents/${planted.body.agent.id}`).expect(404);
  });

  it("When the provider confirms the address with the account's own verification link, then the planted agent stays out", async () => {
    const browser = visitor();
    const created = await browser
      .post('/api/users', accountForm({ email: 'owner@acme.example' }))
      .expect(201);
    const userId = created.body.user_id as string;
    await visitor()
      .post('/api/agents', agentForm({ email: 'owner@acme.example', name: 'Official helper' }))
      .expect(201);
    // The account's own verification link, sent when the account was created, is opened.
    const verification = await lastMail(server.dataDir, 'owner@acme.example', 'verify_email');
    const confirmed = await browser
      .post('/api/auth/verify-email', { token: tokenIn(verification, '/verify-email') })
      .expect(200);
    expect(confirmed.body.claimed).toBe(0);
    expect(await store().agents.count({ ownerId: userId, includeRemoved: true })).toBe(0);
  });

  it('When the provider opens the claim link in their account, then exactly that agent joins and is listed', async () => {
    const { userId } = await establishedProvider();
    await visitor()
      .post('/api/agents', agentForm({ email: 'owner@acme.example', name: 'Really ours' }))
      .expect(201);
    const owner = visitor();
    await owner
      .post('/api/auth/login', { email: 'owner@acme.example', password: accountForm().password })
      .expect(200);
    const claim = await lastMail(server.dataDir, 'owner@acme.example', 'claim_agent');
    const opened = await owner
      .post('/api/auth/verify-email', { token: tokenIn(claim, '/verify-email') })
      .expect(200);
    expect(opened.body.claimed).toBe(1);
    expect((await store().agents.list({ ownerId: userId })).map((agent) => agent.name)).toEqual([
      'Really ours',
    ]);
  });
});
