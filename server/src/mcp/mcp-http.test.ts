import { MCP_MAX_BATCH } from '@agentry/domain/request-bounds';
import { employerWithApiKey } from '../testing/api-keys';
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

  // Found by the fuzzer's pass over /mcp (scripts/src/fuzz/mcp-checks.ts); each failed before.
  it('answers params the protocol does not take as invalid params naming the field, not an internal error showing the validator', async () => {
    const call = (params: unknown) => ({ jsonrpc: '2.0', id: 7, method: 'tools/call', params });
    for (const params of [
      { name: 42, arguments: {} },
      { name: 'list_roles', arguments: 'text' },
      undefined,
    ]) {
      const response = await post(call(params)).expect(200);
      expect(response.body.error.code).toBe(-32602);
      expect(response.body.error.message).toMatch(
        /^Invalid params: params(\.name|\.arguments)?: Invalid input/,
      );
      expect(response.text).not.toMatch(/invalid_type|"expected"/);
    }
  });

  it('sends what a tool quotes of the request with < > & escaped, as the API does', async () => {
    const response = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_agent', arguments: { id: '<script>probe()</script>&' } },
    }).expect(200);
    expect(response.text).not.toContain('<script>');
    expect(response.text).toContain('\\u003cscript\\u003eprobe()\\u003c/script\\u003e\\u0026');
    expect(response.body.result.content[0].text).toContain('<script>probe()</script>&');
  });

  it('refuses an empty batch as an invalid request', async () => {
    const response = await post([]).expect(400);
    expect(response.body.error).toEqual({ code: -32600, message: expect.stringMatching(/empty batch/) });
  });

  it('refuses a revoked key before reading the body: 401 whatever the body holds', async () => {
    const { apiKey, keyId, userId } = await employerWithApiKey(server.running.context.store);
    await server.running.context.store.apiKeys.revoke(keyId, userId);
    const withKey = { ...MCP_HEADERS, Authorization: `Bearer ${apiKey}` };
    const batch = Array.from({ length: MCP_MAX_BATCH + 1 }, (_, id) => ({ ...listTools, id }));
    for (const body of [batch, [], '{"jsonrpc":']) {
      const response = await post(body, withKey).expect(401);
      expect(response.body.error.code).toBe(-32001);
      expect(response.headers['www-authenticate']).toMatch(/invalid_token/);
    }
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
