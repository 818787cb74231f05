import { LIST_PAGE } from '@agentry/domain/request-bounds';
import { agentInput } from '@agentry/platform/store/contract';
import { startTestServer, type TestServer } from '../../../testing/test-server';

// The catalog's lists never answer the whole catalog: one page (limit, offset), the total in
// X-Total-Count and the neighbouring pages in Link.

const CATALOG_SIZE = LIST_PAGE.maxLimit + 20;

/** Link header → { next: '/api/…', prev: '/api/…' }. */
function links(header: string | undefined): Record<string, string> {
  return Object.fromEntries(
    [...(header ?? '').matchAll(/<([^>]*)>; rel="(\w+)"/g)].map((match) => [match[2]!, match[1]!]),
  );
}

describe('paged catalog lists', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    // Finance: Bookkeeper ×10, Accountant ×10; Sales: Account Executive for the rest.
    await server.running.context.store.agents.importMany(
      Array.from({ length: CATALOG_SIZE }, (_, i) =>
        agentInput({
          name: `Agent ${String(i).padStart(4, '0')}`,
          category: i < 20 ? 'Finance' : 'Sales',
          role: i < 10 ? 'Bookkeeper' : i < 20 ? 'Accountant' : 'Account Executive',
        }),
      ),
    );
  });
  afterAll(() => server.stop());

  it(`answers the first ${LIST_PAGE.defaultLimit} agents by default, with the total and a link to the next page`, async () => {
    const response = await server.http.get('/api/agents?t=1732262400000').expect(200);
    expect(response.body).toHaveLength(LIST_PAGE.defaultLimit);
    expect(response.headers['x-total-count']).toBe(String(CATALOG_SIZE));
    expect(links(response.headers.link)).toEqual({ next: '/api/agents?t=1732262400000&offset=100' });
  });

  it('pages through the whole list in order, without overlap or gap, following the next links', async () => {
    const seen: string[] = [];
    let next: string | undefined = `/api/agents?limit=${LIST_PAGE.maxLimit}`;
    while (next) {
      const response: { body: Array<{ id: string }>; headers: Record<string, string> } = await server.http
        .get(next)
        .expect(200);
      seen.push(...response.body.map((agent) => agent.id));
      next = links(response.headers.link).next;
    }
    expect(seen).toHaveLength(CATALOG_SIZE);
    expect(new Set(seen).size).toBe(CATALOG_SIZE);
  });

  it('links back to the previous page, keeping the other query parameters', async () => {
    const response = await server.http
      .get('/api/directory/agents?category=Finance&role=Bookkeeper&limit=3&offset=3')
      .expect(200);
    expect(response.body.map((agent: { name: string }) => agent.name)).toEqual([
      'Agent 0003',
      'Agent 0004',
      'Agent 0005',
    ]);
    expect(response.headers['x-total-count']).toBe('10');
    expect(links(response.headers.link)).toEqual({
      next: '/api/directory/agents?category=Finance&role=Bookkeeper&limit=3&offset=6',
      prev: '/api/directory/agents?category=Finance&role=Bookkeeper&limit=3',
    });
  });

  it('gives no next link on the last page, and an empty page with the total past the end', async () => {
    const last = await server.http
      .get('/api/directory/agents?category=Finance&limit=5&offset=15')
      .expect(200);
    expect(last.body).toHaveLength(5);
    expect(links(last.headers.link)).toEqual({
      prev: '/api/directory/agents?category=Finance&limit=5&offset=10',
    });
    const past = await server.http.get('/api/directory/agents?category=Finance&offset=900').expect(200);
    expect(past.body).toEqual([]);
    expect(past.headers['x-total-count']).toBe('20');
    expect(links(past.headers.link)).toEqual({ prev: '/api/directory/agents?category=Finance' });
  });

  it(`answers up to ${LIST_PAGE.maxLimit} agents when asked, and refuses more with a 400 that says why`, async () => {
    const most = await server.http.get(`/api/directory/agents?limit=${LIST_PAGE.maxLimit}`).expect(200);
    expect(most.body).toHaveLength(LIST_PAGE.maxLimit);
    const tooMany = await server.http.get(`/api/agents?limit=${LIST_PAGE.maxLimit + 1}`).expect(400);
    expect(tooMany.body).toEqual({ error: `limit: must be a whole number from 1 to ${LIST_PAGE.maxLimit}` });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=1e3', 'offset'],
    [`offset=${LIST_PAGE.maxOffset + 1}`, 'offset'],
  ])('refuses ?%s with a 400 naming %s', async (query, name) => {
    for (const path of ['/api/agents', '/api/directory/agents']) {
      const response = await server.http.get(`${path}?${query}`).expect(400);
      expect(response.body.error).toMatch(new RegExp(`^${name}: must be a whole number from \\d+ to \\d+$`));
    }
  });

  it('counts agents per category, and per role within a category, sorted as the lists are', async () => {
    await server.http.get('/api/directory/counts').expect(200, [
      { name: 'Finance', count: 20 },
      { name: 'Sales', count: CATALOG_SIZE - 20 },
    ]);
    await server.http.get('/api/directory/counts?category=finance').expect(200, [
      { name: 'Accountant', count: 10 },
      { name: 'Bookkeeper', count: 10 },
    ]);
    await server.http.get('/api/directory/counts?category=Nothing').expect(200, []);
    const tooLong = await server.http.get(`/api/directory/counts?category=${'x'.repeat(51)}`).expect(400);
    expect(tooLong.body.error).toMatch(/^category: /);
  });

  it('follows the catalog in its counts and totals: an added agent counts at once', async () => {
    const { store } = server.running.context;
    const added = await store.agents.create(
      agentInput({ name: 'Newcomer', category: 'Legal', role: 'Paralegal' }),
    );
    const counts = await server.http.get('/api/directory/counts').expect(200);
    expect(counts.body).toContainEqual({ name: 'Legal', count: 1 });
    const total = await server.http.get('/api/agents?limit=1').expect(200);
    expect(total.headers['x-total-count']).toBe(String(CATALOG_SIZE + 1));
    await store.agents.update(added.id, { removed: true });
    expect((await server.http.get('/api/directory/counts').expect(200)).body).not.toContainEqual(
      expect.objectContaining({ name: 'Legal' }),
    );
  });
});
