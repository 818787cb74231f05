import { agentInput } from '@agentry/platform/store/contract';
import { eventually, startTestServer, type TestServer } from '../../../testing/test-server';
import { AdminBrowser, accountForm, BUSY_ADMIN_ENV, Visitor } from '../../../testing/visitor';

// The admin API's staff work through the real app on a real embedded store and index: agents added,
// edited, removed and restored (search follows), subscribers switched on and off, the reindex, the
// dashboard's figures, and the audit log of each change. Who may call it: admin-access.test.ts; the
// spreadsheet round trip: admin-spreadsheets.test.ts.

describe('admin API', () => {
  let server: TestServer;
  const store = () => server.running.context.store;
  const admin = () => new AdminBrowser(server.running.url).signIn();

  beforeAll(async () => {
    server = await startTestServer(BUSY_ADMIN_ENV);
  });
  afterAll(() => server.stop());

  describe('agents', () => {
    it('names every missing required field in one message', async () => {
      const browser = await admin();
      const response = await browser.post('/api/admin/agents', { name: 'Half', provider: '' }).expect(400);
      expect(response.body).toMatchObject({
        success: false,
        error: 'Please fill in all required fields: Provider, Category, Role, Description, Cost, Address',
      });
    });

    it('adds, edits, soft-deletes and restores an agent; search follows; the audit log records each change', async () => {
      const browser = await admin();
      const created = await browser
        .post('/api/admin/agents', {
          ...agentInput({ name: 'Quokka Scheduler' }),
          address: 'quokka.example',
          email: '',
        })
        .expect(201);
      const id = created.body.agent.id as string;
      expect(created.body.agent).toMatchObject({
        address: 'https://quokka.example',
        email: null,
        removed: false,
      });
      const found = async (query: string) =>
        (
          (await server.http.get(`/api/search?query=${encodeURIComponent(query)}`)).body as Array<{
            id: string;
          }>
        ).some((agent) => agent.id === id);
      await eventually(() => found('Quokka Scheduler'));

      const edited = await browser
        .put(`/api/admin/agents/${id}`, {
          ...agentInput({ name: 'Quokka Scheduler', cost: '$99/month' }),
          status: 'Verified',
        })
        .expect(200);
      expect(edited.body.agent).toMatchObject({ cost: '$99/month', status: 'Verified' });

      const deleted = await browser.delete(`/api/admin/agents/${id}`).expect(200);
      expect(deleted.body.agent.removed).toBe(true);
      await eventually(async () => !(await found('Quokka Scheduler')));
      await server.http.get(`/api/agents/${id}`).expect(404);
      // The admin list still shows it, marked removed.
      const listed = await browser.get('/api/admin/agents?limit=500').expect(200);
      expect(listed.body.agents.find((agent: { id: string }) => agent.id === id)).toMatchObject({
        removed: true,
      });

      await browser.post(`/api/admin/agents/${id}/restore`).expect(200);
      await eventually(() => found('Quokka Scheduler'));

      const audit = await browser.get(`/api/admin/audit?entity_type=agent&entity_id=${id}`).expect(200);
      expect(audit.body.entries.map((entry: { action: string }) => entry.action)).toEqual([
        'restore',
        'delete',
        'update',
        'create',
      ]);
      expect(audit.body.entries[2]).toMatchObject({
        actor: 'staff',
        entity_label: 'Quokka Scheduler',
        before: { cost: '$29/month', status: null },
        after: { cost: '$99/month', status: 'Verified' },
      });
    });

    it('pages the admin list with removed agents and the total in a header', async () => {
      const browser = await admin();
      const page = await browser.get('/api/admin/agents?limit=1').expect(200);
      expect(page.body.agents).toHaveLength(1);
      expect(Number(page.headers['x-total-count'])).toBe(page.body.total);
      await browser.get('/api/admin/agents?limit=501').expect(400);
      await browser.put('/api/admin/agents/999999', agentInput()).expect(404);
    });
  });

  describe('subscribers', () => {
    it('lists subscribers with their agent counts and switches a subscription on and off', async () => {
      const browser = await admin();
      const signup = new Visitor(server.running.url);
      const created = await signup.post('/api/users', accountForm({ email: 'sub@example.com' })).expect(201);
      const id = created.body.user_id as string;
      const list = await browser.get('/api/admin/subscribers?limit=500').expect(200);
      const listed = list.body.subscribers.find((subscriber: { id: string }) => subscriber.id === id);
      expect(listed).toMatchObject({
        email: 'sub@example.com',
        subscription_status: 'inactive',
        agent_count: 0,
      });
      expect(listed).not.toHaveProperty('password_hash');
      expect(listed).not.toHaveProperty('stripe_customer_id');

      const on = await browser
        .put(`/api/admin/subscribers/${id}/subscription-status`, { subscription_status: 'active' })
        .expect(200);
      expect(on.body.subscriber.subscription_status).toBe('active');
      await browser
        .put(`/api/admin/subscribers/${id}/subscription-status`, { subscription_status: 'paused' })
        .expect(400);
      await browser
        .put(`/api/admin/subscribers/${id}/subscription-status`, { subscription_status: 'inactive' })
        .expect(200);
      const audit = await browser.get(`/api/admin/audit?entity_type=subscriber&entity_id=${id}`).expect(200);
      expect(audit.body.entries.map((entry: { after: object }) => entry.after)).toEqual([
        { subscription_status: 'inactive' },
        { subscription_status: 'active' },
      ]);
    });
  });

  describe('reindex and dashboard', () => {
    it('rebuilds the index on request, reports progress until done, and refuses a second one meanwhile', async () => {
      const browser = await admin();
      const started = await browser.post('/api/admin/reindex').expect(202);
      expect(started.body.job).toMatchObject({ state: 'running', started_by: 'staff' });
      const second = await browser.post('/api/admin/reindex').response();
      expect([202, 409]).toContain(second.status);
      let job = started.body.job;
      await eventually(async () => {
        job = (await browser.get('/api/admin/reindex').expect(200)).body.job;
        return job.state !== 'running';
      }, 20_000);
      expect(job).toMatchObject({ state: 'done', documents: await store().agents.count() });
      await eventually(
        async () => (await browser.get('/api/admin/audit?action=reindex').expect(200)).body.total > 0,
      );
    });

    it('answers the dashboard figures: counts, agents per category, weekly series and subscriptions', async () => {
      const browser = await admin();
      const stats = (await browser.get('/api/admin/stats').expect(200)).body;
      expect(stats.agents.total).toBe(await store().agents.count({ includeRemoved: true }));
      expect(stats.agents.active).toBe(await store().agents.count());
      expect(stats.weekly).toHaveLength(12);
      expect(stats.weekly.at(-1).agents).toBeGreaterThan(0);
      expect(stats.per_category.reduce((sum: number, entry: { count: number }) => sum + entry.count, 0)).toBe(
        stats.agents.active,
      );
      expect(stats.subscriptions.active + stats.subscriptions.inactive).toBe(await store().users.count());
    });
  });
});
