import { connectMcp } from '../testing/mcp-client';
import { startTestServer, type TestServer } from '../testing/test-server';

// /mcp as HTTP: POST only (stateless), no session or CSRF token, the app's request log and
// security headers, a bounded body, and the per-client read limit of the public API.

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

describe('/mcp over HTTP', () => {
  let server: TestServer;
  const post = (body: unknown, headers: Record<string, string> = MCP_HEADERS) =>
    server.http
      .post('/mcp')
      .set(headers)
      .send(body as object);

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_READS_PER_MINUTE: '10000' });
  });
  afterAll(() => server.stop());

  it('answers a single JSON-RPC request as JSON, with no session, cookie or CSRF token', async () => {
    const response = await post(listTools).expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body.result.tools.map((tool: { name: string }) => tool.name)).toContain('search_agents');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['mcp-session-id']).toBeUndefined();
  });

  it('goes through the request log and the security headers', async () => {
    const response = await post(listTools).expect(200);
    expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it.each(['get', 'delete', 'put'] as const)(
    'refuses %s with 405: stateless, it takes POST only',
    async (method) => {
      const response = await server.http[method]('/mcp').expect(405);
      expect(response.headers.allow).toBe('POST, OPTIONS');
      expect(response.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
    },
  );

  it('lets any origin call it (public data, no credentials), preflight included', async () => {
    const preflight = await server.http
      .options('/mcp')
      .set({ Origin: 'https://assistant.example', 'Access-Control-Request-Method': 'POST' })
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('POST');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Mcp-Protocol-Version/);
    const response = await post(listTools).set('Origin', 'https://assistant.example').expect(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses a body over 64 kB, one that is not JSON, and one of another media type', async () => {
    const big = { ...listTools, params: { padding: 'x'.repeat(70 * 1024) } };
    expect((await post(big).expect(413)).body.error.message).toMatch(/larger than 64kb/);
    expect((await post('{"jsonrpc": ', MCP_HEADERS).expect(400)).body.error.code).toBe(-32700);
    const text = await server.http
      .post('/mcp')
      .set({ ...MCP_HEADERS, 'Content-Type': 'text/plain' })
      .send('x');
    expect(text.status).toBe(415);
  });

  it('answers a message that is not JSON-RPC with a JSON-RPC error, never a 500', async () => {
    const response = await post({ hello: 'world' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toMatchObject({ jsonrpc: '2.0', error: expect.any(Object) });
  });
});

describe('/mcp rate limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_READS_PER_MINUTE: '6' });
  });
  afterAll(() => server.stop());

  it('answers 429 once a client has spent its reads, counting MCP calls with its API reads', async () => {
    const mcp = () => server.http.post('/mcp').set(MCP_HEADERS).send(listTools);
    for (let call = 0; call < 4; call++) await mcp().expect(200);
    await server.http.get('/api/categories').expect(200);
    await server.http.get('/api/categories').expect(200);

    const refused = await mcp().expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-policy']).toBe('6;w=60');
    await server.http.get('/api/categories').expect(429);
    // The SDK's client reports it to its host as an error saying 429.
    await expect(connectMcp(`${server.running.url}/mcp`)).rejects.toThrow(/429|Too many requests/);
  });
});
