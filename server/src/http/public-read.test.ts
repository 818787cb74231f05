import { agentInput } from '@agentry/platform/store/contract';
import { eventually, startTestServer, type TestServer } from '../testing/test-server';
import { Visitor } from '../testing/visitor';
import { PREFLIGHT_MAX_AGE_SECONDS } from './public-read';

// The public reads are open to pages on other origins; nothing with a session is.

const ELSEWHERE = 'https://jobs.example.org';

describe('CORS on the public reads', () => {
  let server: TestServer;
  let publicGets: string[];

  beforeAll(async () => {
    server = await startTestServer();
    const { store } = server.running.context;
    const agent = await store.agents.create(
      agentInput({ name: 'LedgerLark', category: 'Finance', role: 'Bookkeeper' }),
    );
    await eventually(async () => (await server.http.get('/api/search?query=ledgerlark')).body.length > 0);
    publicGets = [
      '/api/search?query=bookkeeping',
      '/api/search-by-role?role=Bookkeeper',
      '/api/categories',
      '/api/roles?category=Finance',
      '/api/agents',
      '/api/agents/count',
      `/api/agents/${agent.id}`,
      `/api/agents/${agent.id}/similar`,
    ];
  });
  afterAll(() => server.stop());

  it('When another origin reads a public endpoint, then any origin may read it, without credentials', async () => {
    for (const path of publicGets) {
      const response = await server.http.get(path).set('Origin', ELSEWHERE).expect(200);
      expect([path, response.headers['access-control-allow-origin']]).toEqual([path, '*']);
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['access-control-expose-headers']).toBe(
        'ETag, Last-Modified, X-Total-Count, Link, Server-Timing, X-Search-Degraded, X-Match-Count, RateLimit, RateLimit-Policy, Retry-After',
      );
    }
  });

  it('When a page preflights a public GET, then 204 allows GET, any header, for a while', async () => {
    for (const path of publicGets) {
      const response = await server.http
        .options(path)
        .set('Origin', ELSEWHERE)
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'if-none-match')
        .expect(204);
      expect([path, response.headers['access-control-allow-origin']]).toEqual([path, '*']);
      expect(response.headers['access-control-allow-methods']).toBe('GET');
      expect(response.headers['access-control-allow-headers']).toBe('*');
      expect(response.headers['access-control-max-age']).toBe(String(PREFLIGHT_MAX_AGE_SECONDS));
      expect(response.text).toBe('');
    }
  });

  it('When a public read fails, then its error can be read from another origin too', async () => {
    const missing = await server.http.get('/api/agents/999999').set('Origin', ELSEWHERE).expect(404);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    const invalid = await server.http.get('/api/search-by-role').set('Origin', ELSEWHERE).expect(400);
    expect(invalid.headers['access-control-allow-origin']).toBe('*');
  });

  it('When an anonymous caller reads, then no session cookie is set (sessions start only at /api/csrf-token or sign-in)', async () => {
    for (const path of publicGets) {
      const response = await server.http.get(path).set('Origin', ELSEWHERE).expect(200);
      expect([path, response.headers['set-cookie']]).toEqual([path, undefined]);
    }
    const preflight = await server.http.options('/api/agents').set('Origin', ELSEWHERE).expect(204);
    expect(preflight.headers['set-cookie']).toBeUndefined();
  });

  it('When a session route, a write or the admin API is called from elsewhere, then no CORS header lets it through', async () => {
    const visitor = new Visitor(server.running.url);
    const sessionRoutes = [
      await server.http.get('/api/csrf-token').set('Origin', ELSEWHERE),
      await server.http.get('/api/auth/me').set('Origin', ELSEWHERE),
      await server.http.get('/api/users/agents').set('Origin', ELSEWHERE),
      await server.http.get('/api/admin/me').set('Origin', ELSEWHERE),
      await server.http
        .options('/api/auth/me')
        .set('Origin', ELSEWHERE)
        .set('Access-Control-Request-Method', 'GET'),
      await visitor.post('/api/agents', {}).set('Origin', ELSEWHERE).response(),
      await server.http.post('/api/agents').set('Origin', ELSEWHERE).send({}),
    ];
    for (const response of sessionRoutes) {
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('When a page preflights a write to a public path, then only GET is allowed', async () => {
    const response = await server.http
      .options('/api/agents')
      .set('Origin', ELSEWHERE)
      .set('Access-Control-Request-Method', 'POST')
      .expect(204);
    expect(response.headers['access-control-allow-methods']).toBe('GET');
  });
});
