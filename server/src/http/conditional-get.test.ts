import type { Agent } from '@agentry/domain/agent';
import { agentInput } from '@agentry/platform/store/contract';
import type { Response } from 'supertest';
import { eventually, startTestServer, type TestServer } from '../testing/test-server';

// Programs that ask again get 304 and no body while nothing they read changed.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A header the answer must carry. */
function header(response: Response, name: string): string {
  const value = response.headers[name];
  if (typeof value !== 'string') throw new Error(`no ${name} header on ${response.status}`);
  return value;
}

describe('ETag and Last-Modified on the public reads', () => {
  let server: TestServer;
  let agent: Agent;
  let lists: string[];

  beforeAll(async () => {
    server = await startTestServer();
    const { store } = server.running.context;
    agent = await store.agents.create(
      agentInput({ name: 'LedgerLark', category: 'Finance', role: 'Bookkeeper' }),
    );
    await store.agents.create(agentInput({ name: 'TallyTern', category: 'Finance', role: 'Bookkeeper' }));
    await eventually(
      async () => (await server.http.get('/api/search-by-role?role=Bookkeeper')).body.length === 2,
    );
    lists = [
      '/api/agents',
      `/api/agents/${agent.id}`,
      '/api/categories',
      '/api/roles?category=Finance',
      '/api/search-by-role?role=Bookkeeper',
      '/api/search?query=bookkeeper',
      `/api/agents/${agent.id}/similar`,
    ];
    // A Last-Modified is given only once its second has passed (HTTP dates have whole seconds).
    await sleep(1100);
  });
  afterAll(() => server.stop());

  it('When a program sends back the ETag, then it gets 304 with no body', async () => {
    for (const path of lists) {
      const first = await server.http.get(path).expect(200);
      expect([path, first.headers.etag]).toEqual([path, expect.stringMatching(/^W\/"[\w-]{27}"$/)]);
      const again = await server.http.get(path).set('If-None-Match', header(first, 'etag')).expect(304);
      expect([path, again.text]).toEqual([path, '']);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('When the catalog has not changed since Last-Modified, then If-Modified-Since gets 304', async () => {
    for (const path of ['/api/agents', `/api/agents/${agent.id}`, '/api/categories', '/api/roles']) {
      const first = await server.http.get(path).expect(200);
      const lastModified = header(first, 'last-modified');
      expect([path, Date.parse(lastModified)]).toEqual([path, expect.any(Number)]);
      expect(Date.parse(lastModified)).toBeLessThanOrEqual(Date.now());
      await server.http.get(path).set('If-Modified-Since', lastModified).expect(304, '');
      const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
      await server.http.get(path).set('If-Modified-Since', earlier).expect(200);
    }
  });

  it('keeps each route’s caching policy: the agents list is not stored, the others are asked again every time', async () => {
    const agents = await server.http.get('/api/agents').expect(200);
    expect(agents.headers['cache-control']).toBe('no-store');
    for (const path of lists.filter((path) => path !== '/api/agents')) {
      const response = await server.http.get(path).expect(200);
      expect([path, response.headers['cache-control']]).toEqual([path, 'no-cache']);
    }
  });

  it('When an agent changes, then the ETags of what shows it change, and the old ones get 200', async () => {
    const paths = [
      '/api/agents',
      `/api/agents/${agent.id}`,
      '/api/roles',
      '/api/search-by-role?role=Bookkeeper',
    ];
    const before = await Promise.all(paths.map((path) => server.http.get(path).expect(200)));
    await server.running.context.store.agents.update(agent.id, { role: 'Auditor' });
    await eventually(
      async () => (await server.http.get('/api/search-by-role?role=Bookkeeper')).body.length === 1,
    );
    for (const [index, path] of paths.entries()) {
      const etag = header(before[index]!, 'etag');
      const after = await server.http.get(path).set('If-None-Match', etag).expect(200);
      expect([path, after.headers.etag]).not.toEqual([path, etag]);
    }
  });

  it('When the newest change is this very second, then Last-Modified waits and the ETag alone validates', async () => {
    await server.running.context.store.agents.update(agent.id, { description: 'Keeps the books.' });
    const response = await server.http.get(`/api/agents/${agent.id}`).expect(200);
    expect(response.headers['last-modified']).toBeUndefined();
    expect(response.headers.etag).toBeDefined();
  });

  it('When a paged list is asked again, then the 304 still carries its paging headers', async () => {
    const first = await server.http.get('/api/agents?limit=1').expect(200);
    const again = await server.http
      .get('/api/agents?limit=1')
      .set('If-None-Match', header(first, 'etag'))
      .expect(304);
    expect(again.headers['x-total-count']).toBe('2');
    expect(again.headers.link).toBe('</api/agents?limit=1&offset=1>; rel="next"');
  });

  it('answers a blank search with an ETag too', async () => {
    const first = await server.http.get('/api/search?query=').expect(200, []);
    await server.http.get('/api/search?query=').set('If-None-Match', header(first, 'etag')).expect(304);
  });
});
