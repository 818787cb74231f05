import { REPLY_BADGE_TTL_MS } from '../../../commands/employer/reply-times';
import { callTool, connectMcp } from '../../../testing/mcp-client';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from './fixtures';

// Where a request stands for its employer, and how quickly a provider answers (issue 28, item 5),
// through the real app on a real store.

const HOUR = 60 * 60 * 1000;

describe('request outcomes and reply times', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let grace: Person;
  let ada: Person;
  // The app's clock (services.now), moved by the tests that need time to pass.
  let clock = 0;

  beforeEach(async () => {
    clock = Date.now();
    server = await startTestServer(EMPLOYER_TEST_ENV, { now: () => clock });
    grace = await fixtures.employer('grace@acme.example');
    ada = await fixtures.provider('ada@northwind.example', { subscribed: true });
  });
  afterEach(() => server.stop());

  const ask = async (person: Person, agentId: string) =>
    (
      await person.browser
        .post('/api/contact-requests', { agent_id: agentId, kind: 'demo', message: 'Could we see a demo?' })
        .expect(201)
    ).body.request as { id: string };

  /** A request by `employerId` to Ada's agent, answered `after` ms later (null: never). */
  async function askedAndAnswered(agentId: string, employerId: string, after: number | null) {
    const sent = await fixtures.store().contacts.create({
      agent_id: agentId,
      agent_name: 'InboxPilot',
      employer_id: employerId,
      provider_id: ada.userId,
      kind: 'contact',
      message: 'Hello',
      preferred_times: null,
      company: 'Acme',
      contact_name: 'Someone',
      contact_email: `${employerId}@acme.example`,
      contact_phone: null,
    });
    if (after !== null)
      await fixtures.store().contacts.addReply(sent.id, {
        at: new Date(Date.parse(sent.created_at) + after).toISOString(),
        by: 'provider',
        body: 'Yes',
      });
    return sent;
  }

  it('lets the employer say where a request stands, shows it in their list, and audits it', async () => {
    const agent = await fixtures.agent('InboxPilot', { ownerId: ada.userId });
    const { id } = await ask(grace, agent.id);
    const hired = await grace.browser
      .put(`/api/employer/requests/${id}/outcome`, { outcome: 'hired' })
      .expect(200);
    expect(hired.body.request).toMatchObject({ id, outcome: 'hired', status: 'new' });
    expect(hired.body.request.outcome_at).toEqual(expect.any(String));
    const listed = await grace.browser.get('/api/employer/requests').expect(200);
    expect(listed.body.requests[0]).toMatchObject({ id, outcome: 'hired' });
    const audit = await fixtures.store().audit.list({ entity_type: 'contact_request', entity_id: id });
    expect(audit[0]).toMatchObject({
      actor: 'employer grace@acme.example',
      action: 'update',
      before: { outcome: null },
      after: { outcome: 'hired' },
    });
    const cleared = await grace.browser
      .put(`/api/employer/requests/${id}/outcome`, { outcome: null })
      .expect(200);
    expect(cleared.body.request).toMatchObject({ outcome: null, outcome_at: null });
    // The provider's inbox does not carry the employer's decision.
    const inbox = await ada.browser.get('/api/users/inbox').expect(200);
    expect(inbox.body.requests[0]).not.toHaveProperty('outcome');
  });

  it("answers another employer's request as a missing one, refuses a provider, and an unknown outcome", async () => {
    const agent = await fixtures.agent('InboxPilot', { ownerId: ada.userId });
    const { id } = await ask(grace, agent.id);
    const ida = await fixtures.employer('ida@rival.example');
    await ida.browser.put(`/api/employer/requests/${id}/outcome`, { outcome: 'hired' }).expect(404);
    await ada.browser.put(`/api/employer/requests/${id}/outcome`, { outcome: 'hired' }).expect(403);
    const bad = await grace.browser
      .put(`/api/employer/requests/${id}/outcome`, { outcome: 'married' })
      .expect(400);
    expect(JSON.stringify(bad.body)).toContain(
      "outcome must be 'talking', 'trial', 'hired', 'not_a_fit' or null",
    );
    expect((await fixtures.store().contacts.get(id))?.outcome).toBeNull();
  });

  it('shows the provider the median time to a first reply, one request per employer', async () => {
    const agent = await fixtures.agent('InboxPilot', { ownerId: ada.userId });
    const empty = await ada.browser.get('/api/users/inbox').expect(200);
    expect(empty.body.reply_time).toEqual({
      employers: 0,
      answered: 0,
      median_minutes: null,
      usually_within_day: false,
    });
    await askedAndAnswered(agent.id, 'e1', 2 * HOUR);
    await askedAndAnswered(agent.id, 'e1', 30 * HOUR); // e1's second request: not counted
    await askedAndAnswered(agent.id, 'e2', 4 * HOUR);
    await askedAndAnswered(agent.id, 'e3', 10 * HOUR);
    const inbox = await ada.browser.get('/api/users/inbox').expect(200);
    expect(inbox.body.reply_time).toEqual({
      employers: 3,
      answered: 3,
      median_minutes: 240,
      usually_within_day: false,
    });
  });

  it('says "usually replies within a day" on the agent page only from five employers answered, kept a few minutes', async () => {
    const agent = await fixtures.agent('InboxPilot', { ownerId: ada.userId });
    const unowned = await fixtures.agent('NobodysAgent');
    for (const employer of ['e1', 'e2', 'e3', 'e4']) await askedAndAnswered(agent.id, employer, HOUR);
    await askedAndAnswered(agent.id, 'e1', HOUR); // e1 again: still four employers
    const four = await server.http.get(`/api/agents/${agent.id}`).expect(200);
    expect(four.body.replies_within_day).toBe(false);
    await askedAndAnswered(agent.id, 'e5', 3 * HOUR);
    // Kept per provider for a few minutes: the fifth employer shows once that has passed.
    const kept = await server.http.get(`/api/agents/${agent.id}`).expect(200);
    expect(kept.body.replies_within_day).toBe(false);
    // An assistant asking get_agent reads the same kept badge as the page, not a count of its own.
    const assistant = await connectMcp(`${server.running.url}/mcp`);
    const badgeOverMcp = async () =>
      (
        (await callTool(assistant, 'get_agent', { id: agent.id })).structuredContent as {
          agent: { replies_within_day: boolean };
        }
      ).agent.replies_within_day;
    expect(await badgeOverMcp()).toBe(false);
    clock += REPLY_BADGE_TTL_MS + 1;
    const five = await server.http.get(`/api/agents/${agent.id}`).expect(200);
    expect(five.body.replies_within_day).toBe(true);
    expect(await badgeOverMcp()).toBe(true);
    await assistant.close();
    const inbox = await ada.browser.get('/api/users/inbox').expect(200);
    expect(inbox.body.reply_time).toMatchObject({ employers: 5, answered: 5, usually_within_day: true });
    const nobody = await server.http.get(`/api/agents/${unowned.id}`).expect(200);
    expect(nobody.body.replies_within_day).toBe(false);
  });
});
