import { lastMail } from '../../../testing/mailbox';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { ADMIN_ENV, AdminBrowser, agentForm, Visitor } from '../../../testing/visitor';

// Staff's side of issue 21's address-less listings and "this is my product" reports: the review
// queue (approve lists, reject deletes; both audited) and reports in the admin inbox.

describe('the review queue and ownership reports', () => {
  let server: TestServer;
  let admin: AdminBrowser;
  const visitor = (ip: string) => {
    const browser = new Visitor(server.running.url);
    browser.http.set('X-Forwarded-For', ip);
    return browser;
  };
  const store = () => server.running.context.store;

  beforeEach(async () => {
    server = await startTestServer({ ...ADMIN_ENV, TRUST_PROXY: '1' });
    admin = await new AdminBrowser(server.running.url).signIn();
  });
  afterEach(() => server.stop());

  async function heldAgent(name: string, ip: string): Promise<string> {
    const registered = await visitor(ip)
      .post('/api/agents', agentForm({ email: '', name }))
      .expect(201);
    return registered.body.agent.id;
  }

  it('lists the agents registered without an address; approving lists one, rejecting deletes the other; the audit log keeps both', async () => {
    const keep = await heldAgent('Keeper', '198.51.100.1');
    const drop = await heldAgent('Squatter', '198.51.100.2');
    const queue = await admin.get('/api/admin/review-queue').expect(200);
    expect(queue.body).toMatchObject({ success: true, total: 2 });
    expect(queue.body.agents.map((agent: { name: string }) => agent.name).sort()).toEqual([
      'Keeper',
      'Squatter',
    ]);
    expect(queue.body.agents[0]).toMatchObject({ removed: true, held_for: 'review', email: null });
    expect(queue.headers['cache-control']).toBe('no-store');

    const approved = await admin.post(`/api/admin/review-queue/${keep}/approve`).expect(200);
    expect(approved.body.agent).toMatchObject({ id: keep, removed: false, held_for: null });
    await new Visitor(server.running.url).get(`/api/agents/${keep}`).expect(200);
    const rejected = await admin.post(`/api/admin/review-queue/${drop}/reject`).expect(200);
    expect(rejected.body.agent).toMatchObject({ id: drop, name: 'Squatter' });
    expect(await store().agents.get(drop)).toBeNull();
    // The name is free again for its real maker.
    await visitor('198.51.100.3')
      .post('/api/agents', agentForm({ email: 'maker@example.com', name: 'Squatter' }))
      .expect(201);

    // Twice, or an agent that is not waiting: 409, nothing changes.
    await admin.post(`/api/admin/review-queue/${keep}/approve`).expect(409);
    await admin.post(`/api/admin/review-queue/${keep}/reject`).expect(409);
    await admin.post('/api/admin/review-queue/999999/approve').expect(404);
    expect((await admin.get('/api/admin/review-queue').expect(200)).body.total).toBe(0);

    const audit = await admin.get('/api/admin/audit?entity_type=agent').expect(200);
    const actions = audit.body.entries.map((entry: { action: string; entity_label: string }) => [
      entry.action,
      entry.entity_label,
    ]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['approve', 'Keeper'],
        ['reject', 'Squatter'],
      ]),
    );
    const rejectEntry = audit.body.entries.find((entry: { action: string }) => entry.action === 'reject');
    expect(rejectEntry).toMatchObject({
      actor: 'staff',
      before: { name: 'Squatter', held_for: 'review' },
      after: null,
    });
  });

  it('refuses the queue to anyone but staff', async () => {
    await new Visitor(server.running.url).get('/api/admin/review-queue').expect(401);
    const id = await heldAgent('Held', '198.51.100.4');
    await new Visitor(server.running.url).post(`/api/admin/review-queue/${id}/approve`).expect(401);
    expect((await store().agents.get(id))!.held_for).toBe('review');
  });

  it('takes a "this is my product" report about a listing nobody owns into the admin inbox, where staff reply by e-mail', async () => {
    const squatted = await heldAgent('InboxPilot', '198.51.100.5');
    // The real maker is told it is registered, and how to claim it.
    const taken = await visitor('198.51.100.6')
      .post('/api/agents', agentForm({ email: 'ada@northwind.example' }))
      .expect(409);
    expect(taken.body.unclaimed_listing).toEqual({ agent_id: squatted, ways: ['report'] });

    const report = {
      name: 'Ada Lovelace',
      organization: 'Northwind Labs',
      email: 'ada@northwind.example',
      message: 'We make InboxPilot. Our site is inboxpilot.example.',
    };
    await visitor('198.51.100.6').post(`/api/agents/${squatted}/ownership-reports`, report).expect(201);
    const inbox = await admin.get('/api/admin/inbox').expect(200);
    expect(inbox.body.requests[0]).toMatchObject({
      kind: 'ownership',
      agent_id: squatted,
      agent_name: 'InboxPilot',
      contact_name: 'Ada Lovelace',
      company: 'Northwind Labs',
      contact_email: 'ada@northwind.example',
      status: 'new',
    });
    await admin
      .post(`/api/admin/inbox/${inbox.body.requests[0].id}/reply`, { message: 'Thank you: we removed it.' })
      .expect(200);
    const reply = await lastMail(server.dataDir, 'ada@northwind.example', 'contact_reply');
    expect(reply.text).toContain('Thank you: we removed it.');
    expect(reply.text).not.toContain('employer dashboard');
  });

  it('checks the report, refuses it for an owned listing, and counts reports per client (five a day)', async () => {
    const listed = await store().agents.create({ ...agentForm(), email: null, address: 'https://a.example' });
    const owned = await store().agents.create({
      ...agentForm({ name: 'Owned' }),
      email: null,
      owner_id: 'u1',
    });
    const reporter = visitor('198.51.100.7');
    const bad = await reporter
      .post(`/api/agents/${listed.id}/ownership-reports`, { name: '', email: 'x' })
      .expect(400);
    expect(bad.body.errors).toMatchObject({ name: 'Your name is required', email: 'Invalid email format' });
    const report = { name: 'Ada', email: 'ada@example.com', message: 'Ours.' };
    await reporter.post(`/api/agents/${owned.id}/ownership-reports`, report).expect(409);
    await reporter.post('/api/agents/999999/ownership-reports', report).expect(404);
    for (let i = 0; i < 5; i++)
      await reporter.post(`/api/agents/${listed.id}/ownership-reports`, report).expect(201);
    const sixth = await reporter.post(`/api/agents/${listed.id}/ownership-reports`, report).expect(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    await visitor('198.51.100.8').post(`/api/agents/${listed.id}/ownership-reports`, report).expect(201);
  });
});
