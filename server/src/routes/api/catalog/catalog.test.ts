import { agentInput } from '@agentry/platform/store/contract';
import { startTestServer, type TestServer } from '../../../testing/test-server';

describe('catalog API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const { store } = server.running.context;
    await store.agents.create(
      agentInput({ name: 'Zed', category: 'Sales', role: 'Account Executive', email: 'private@example.com' }),
    );
    await store.agents.create(
      agentInput({ name: 'Beta', category: 'Finance', role: 'Bookkeeper', status: 'Verified' }),
    );
    await store.agents.create(agentInput({ name: 'Alpha', category: 'Finance', role: 'Accountant' }));
    const removed = await store.agents.create(
      agentInput({ name: 'Gone', category: 'Legal', role: 'Paralegal' }),
    );
    await store.agents.update(removed.id, { removed: true });
  });
  afterAll(() => server.stop());

  it('lists public agents sorted by category then role, without private fields or removed agents', async () => {
    const response = await server.http.get('/api/agents?t=1732262400000').expect(200);
    expect(response.body.map((agent: { name: string }) => agent.name)).toEqual(['Alpha', 'Beta', 'Zed']);
    expect(Object.keys(response.body[0]).sort()).toEqual(
      [
        'address',
        'category',
        'cost',
        'description',
        'id',
        'name',
        'price_monthly',
        'pricing',
        'provider',
        'role',
        // Trust signals (issue 26).
        'verified_domain',
        'site_state',
        'site_since',
        'rating_average',
        'rating_count',
        // Its logo as we serve it, and its provider's page (issue 25).
        'logo',
        'provider_page',
      ].sort(),
    );
    expect(JSON.stringify(response.body)).not.toContain('private@example.com');
  });

  it('counts the agents that are not removed', async () => {
    await server.http.get('/api/agents/count').expect(200, { count: 3 });
  });

  it('lists categories and roles of live agents, optionally within a category', async () => {
    await server.http.get('/api/categories').expect(200, ['Finance', 'Sales']);
    await server.http.get('/api/roles').expect(200, ['Account Executive', 'Accountant', 'Bookkeeper']);
    await server.http.get('/api/roles?category=Finance').expect(200, ['Accountant', 'Bookkeeper']);
  });

  it('serves the directory, filtered by category and role when asked', async () => {
    const all = await server.http.get('/api/directory/agents').expect(200);
    expect(all.body).toHaveLength(3);
    const some = await server.http.get('/api/directory/agents?category=Finance&role=Bookkeeper').expect(200);
    expect(some.body.map((agent: { name: string }) => agent.name)).toEqual(['Beta']);
  });

  it('shows one agent, and 404 for a removed or unknown one', async () => {
    const [first] = (await server.http.get('/api/agents').expect(200)).body;
    await server.http
      .get(`/api/agents/${first.id}`)
      .expect(200)
      .expect((res) => expect(res.body.name).toBe('Alpha'));
    const gone = (await server.running.context.store.agents.list({ includeRemoved: true })).find(
      (a) => a.removed,
    )!;
    await server.http.get(`/api/agents/${gone.id}`).expect(404, { error: 'Agent not found' });
    await server.http.get('/api/agents/999999').expect(404, { error: 'Agent not found' });
  });

  it('keeps categories, roles and counts across edits that cannot change them, and follows those that do', async () => {
    const { store } = server.running.context;
    const read = async () => ({
      categories: (await server.http.get('/api/categories').expect(200)).body,
      roles: (await server.http.get('/api/roles?category=Finance').expect(200)).body,
      counts: (await server.http.get('/api/directory/counts').expect(200)).body,
      total: (await server.http.get('/api/agents/count').expect(200)).body.count,
      finance: (await server.http.get('/api/directory/agents?category=Finance').expect(200)).headers[
        'x-total-count'
      ],
    });
    const before = await read();
    const reads = [
      jest.spyOn(store.agents, 'categories'),
      jest.spyOn(store.agents, 'roles'),
      jest.spyOn(store.agents, 'countBy'),
      jest.spyOn(store.agents, 'count'),
    ];
    try {
      const [alpha] = await store.agents.list({ category: 'Finance', role: 'Accountant' });
      // An edit of the description and a touch: the same answers, none read from the store again.
      await store.agents.update(alpha!.id, { description: 'Keeps the books, in French too.' });
      await store.agents.touch([alpha!.id]);
      expect(await read()).toEqual(before);
      for (const spy of reads) expect(spy).not.toHaveBeenCalled();
      // A change of category: every answer follows it.
      await store.agents.update(alpha!.id, { category: 'Legal' });
      expect(await read()).toEqual({
        categories: ['Finance', 'Legal', 'Sales'],
        roles: ['Bookkeeper'],
        counts: [
          { name: 'Finance', count: 1 },
          { name: 'Legal', count: 1 },
          { name: 'Sales', count: 1 },
        ],
        total: 3,
        finance: '1',
      });
      await store.agents.update(alpha!.id, { category: 'Finance' });
      expect(await read()).toEqual(before);
    } finally {
      for (const spy of reads) spy.mockRestore();
    }
  });

  it('rejects an over-long category with a 400 and a message', async () => {
    const response = await server.http.get(`/api/roles?category=${'x'.repeat(51)}`).expect(400);
    expect(response.body.error).toMatch(/category/);
  });
});
