import { PROFILE_MESSAGES } from '@agentry/domain/agent-profile';
import { lastMail, tokenIn } from '../../../testing/mailbox';
import { callTool, connectMcp, textOf } from '../../../testing/mcp-client';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { ADMIN_ENV, AdminBrowser, accountForm, agentForm, Visitor } from '../../../testing/visitor';

// The structured profile (issue 28) through the real app on a real store: the provider states it,
// staff verify a certification, the public API and MCP's get_agent answer it, the audit log keeps
// every change.

describe('structured agent profiles', () => {
  let server: TestServer;
  const store = () => server.running.context.store;

  beforeEach(async () => {
    server = await startTestServer({ ...ADMIN_ENV });
  });
  afterEach(() => server.stop());

  async function subscribedProvider(email: string) {
    const browser = new Visitor(server.running.url);
    await browser.post('/api/agents', agentForm({ email, name: `Agent of ${email}` })).expect(201);
    const created = await browser.post('/api/users', accountForm({ email })).expect(201);
    const mail = await lastMail(server.dataDir, email, 'verify_email');
    await browser.post('/api/auth/verify-email', { token: tokenIn(mail, '/verify-email') }).expect(200);
    await store().users.update(created.body.user_id, { subscription_status: 'active' });
    const agents = await browser.get('/api/users/agents').expect(200);
    return { browser, agentId: agents.body.agents[0].id as string };
  }

  const profileForm = {
    pricing_model: 'Subscription',
    starting_price: '29',
    currency: 'USD',
    billing_period: 'month',
    free_trial: true,
    trial_days: '14',
    deployment: ['cloud'],
    integrations: 'slack, Zendesk',
    languages: ['en', 'es'],
    data_residency: ['eu'],
    certifications: ['soc2', 'hipaa'],
    certifications_verified: ['soc2'],
    api_available: 'yes',
    mcp_available: false,
    tasks: ['Answer tickets', 'Draft replies'],
  };

  it('when a provider saves the profile, the agent answers it confirmed today, certifications only claimed', async () => {
    const { browser, agentId } = await subscribedProvider('ada@example.com');
    const saved = await browser.put(`/api/users/agents/${agentId}/profile`, profileForm).expect(200);
    expect(saved.body.profile).toMatchObject({
      pricing_model: 'subscription',
      starting_price: 29,
      integrations: ['Slack', 'Zendesk'],
      languages: ['en', 'es'],
      certifications: ['soc2', 'hipaa'],
      // A provider cannot verify their own claims.
      certifications_verified: [],
      confirmed_at: new Date().toISOString().slice(0, 10),
    });
    const read = await new Visitor(server.running.url).get(`/api/agents/${agentId}`).expect(200);
    expect(read.body.profile).toEqual(saved.body.profile);
    expect(read.body.name).toBe('Agent of ada@example.com');

    const audit = await store().audit.list({ entity_type: 'agent_profile', entity_id: agentId });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: 'provider ada@example.com',
      before: { languages: [], confirmed_at: null },
      after: { languages: ['en', 'es'] },
    });
  });

  it('answers a profile that states nothing for an agent without one', async () => {
    const { agentId } = await subscribedProvider('ada@example.com');
    const read = await new Visitor(server.running.url).get(`/api/agents/${agentId}`).expect(200);
    expect(read.body.profile).toMatchObject({ pricing_model: null, languages: [], confirmed_at: null });
  });

  it('refuses a value off the controlled lists with the shared message, and another provider with 404', async () => {
    const { browser, agentId } = await subscribedProvider('ada@example.com');
    const bad = await browser
      .put(`/api/users/agents/${agentId}/profile`, { deployment: ['mainframe'] })
      .expect(400);
    expect(bad.body).toMatchObject({
      error: PROFILE_MESSAGES.notInList('Deployment', 'mainframe'),
      errors: { deployment: PROFILE_MESSAGES.notInList('Deployment', 'mainframe') },
    });
    const grace = await subscribedProvider('grace@example.com');
    await grace.browser.put(`/api/users/agents/${agentId}/profile`, profileForm).expect(404);
    await new Visitor(server.running.url)
      .put(`/api/users/agents/${agentId}/profile`, profileForm)
      .expect(401);
  });

  it('when staff verify a claimed certification, the provider keeps it on their next save and the log says who', async () => {
    const { browser, agentId } = await subscribedProvider('ada@example.com');
    await browser.put(`/api/users/agents/${agentId}/profile`, profileForm).expect(200);
    const admin = await new AdminBrowser(server.running.url).signIn();
    const current = (await admin.get(`/api/admin/agents/${agentId}/profile`).expect(200)).body.profile;
    const verified = await admin
      .put(`/api/admin/agents/${agentId}/profile`, { ...current, certifications_verified: ['soc2'] })
      .expect(200);
    expect(verified.body.profile).toMatchObject({
      certifications_verified: ['soc2'],
      confirmed_at: current.confirmed_at,
    });
    const notClaimed = await admin
      .put(`/api/admin/agents/${agentId}/profile`, { ...current, certifications_verified: ['iso27001'] })
      .expect(400);
    expect(notClaimed.body.error).toBe(PROFILE_MESSAGES.verifiedNotClaimed);

    const again = await browser
      .put(`/api/users/agents/${agentId}/profile`, { ...profileForm, certifications: ['soc2'] })
      .expect(200);
    expect(again.body.profile).toMatchObject({ certifications: ['soc2'], certifications_verified: ['soc2'] });
    const actors = (await store().audit.list({ entity_type: 'agent_profile', entity_id: agentId })).map(
      (e) => e.actor,
    );
    expect(actors).toEqual([
      'provider ada@example.com',
      ADMIN_ENV.ADMIN_USERNAME,
      'provider ada@example.com',
    ]);
  });

  it('MCP get_agent answers the profile and names the stated facts', async () => {
    const { browser, agentId } = await subscribedProvider('ada@example.com');
    await browser.put(`/api/users/agents/${agentId}/profile`, profileForm).expect(200);
    const client = await connectMcp(`${server.running.url}/mcp`);
    try {
      const result = await callTool(client, 'get_agent', { id: agentId });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        profile: { integrations: ['Slack', 'Zendesk'], mcp_available: false },
      });
      expect(textOf(result)).toContain('- Integrations: Slack, Zendesk');
      expect(textOf(result)).toContain(
        '- Certifications: SOC 2 (claimed by the provider), HIPAA (claimed by the provider)',
      );
    } finally {
      await client.close();
    }
  });
});
