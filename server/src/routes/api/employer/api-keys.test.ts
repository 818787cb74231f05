import { API_KEYS_PER_EMPLOYER_MAX } from '@agentry/domain/api-keys';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { hashApiKey } from '../../../auth/api-key-tokens';
import { API_KEY_INVALID_MESSAGE } from '../../../auth/authenticate-api-key';
import { API_KEY_LAPSED_MESSAGE } from '../../../policies/employer';
import { callTool, connectMcp, textOf } from '../../../testing/mcp-client';
import { eventually, startTestServer, type TestServer } from '../../../testing/test-server';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from './fixtures';

// Employer API keys (issue 21): made in the dashboard through the API, shown once, stored hashed,
// named, listed with their last use, revoked for good. A key is a bearer token on /mcp (where it
// opens the paid tools) and on the employer endpoints, only while the employer's plan is active.

const KEYS = '/api/employer/api-keys';
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

describe('employer API keys', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let grace: Person;
  let agents: string[];
  const mcpUrl = () => `${server.running.url}/mcp`;

  const makeKey = async (person: Person, name = 'Claude Desktop') => {
    const created = await person.browser.post(KEYS, { name }).expect(201);
    return created.body as { api_key: { id: string; name: string; prefix: string }; key: string };
  };

  beforeAll(async () => {
    server = await startTestServer(EMPLOYER_TEST_ENV);
    grace = await fixtures.employer('grace@acme.example');
    agents = [
      (await fixtures.agent('InboxPilot')).id,
      (await fixtures.agent('MailMole')).id,
      (await fixtures.agent('LedgerLark')).id,
    ];
  });
  afterAll(() => server.stop());

  it('is shown once at creation, listed by name and prefix only, and stored as its SHA-256', async () => {
    const { api_key, key } = await makeKey(grace, '  Claude Desktop  ');
    expect(key).toMatch(/^agk_[A-Za-z0-9_-]{43}$/);
    expect(api_key).toEqual({
      id: expect.any(String),
      name: 'Claude Desktop',
      prefix: key.slice(0, 12),
      created_at: expect.any(String),
      last_used_at: null,
    });
    const listed = await grace.browser.get(KEYS).expect(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.body).toMatchObject({ success: true, max: API_KEYS_PER_EMPLOYER_MAX });
    expect(listed.body.api_keys).toContainEqual(api_key);
    expect(listed.text).not.toContain(key);
    expect(listed.text).not.toContain(hashApiKey(key));
    // The store holds the hash, by which the key is found; never the key.
    const stored = await server.running.context.store.apiKeys.findByHash(hashApiKey(key));
    expect(stored?.id).toBe(api_key.id);
  });

  it('opens compare_agents to the MCP SDK client until it is revoked; the next call is refused', async () => {
    const { api_key, key } = await makeKey(grace, 'Assistant');
    let client: Client | undefined = await connectMcp(mcpUrl(), { apiKey: key });
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('compare_agents');
      await eventually(async () => {
        const result = await callTool(client!, 'compare_agents', { ids: agents.slice(0, 2) });
        return result.isError !== true;
      });
      const compared = await callTool(client, 'compare_agents', { ids: agents.slice(0, 2) });
      expect(compared.isError).toBeFalsy();
      expect(textOf(compared)).toMatch(/^Comparing InboxPilot \[id \d+\], MailMole/);

      await grace.browser.delete(`${KEYS}/${api_key.id}`).expect(200, { success: true });

      const refused = callTool(client, 'compare_agents', { ids: agents.slice(0, 2) });
      await expect(refused).rejects.toThrow(/HTTP 401|Error POSTing to endpoint/);
      await expect(refused).rejects.toThrow(API_KEY_INVALID_MESSAGE);
      await client.close();
      client = undefined;
      // Nor can a new client connect with it.
      await expect(connectMcp(mcpUrl(), { apiKey: key })).rejects.toThrow(/revoked/);
      const listed = await grace.browser.get(KEYS).expect(200);
      expect(listed.body.api_keys.map((k: { id: string }) => k.id)).not.toContain(api_key.id);
    } finally {
      await client?.close();
    }
  });

  it('works as a bearer token on the employer endpoints, with no session and no CSRF token', async () => {
    const { key } = await makeKey(grace, 'Scripts');
    const compared = await server.http
      .get(`/api/compare?ids=${agents[0]},${agents[1]}`)
      .set(bearer(key))
      .expect(200);
    expect(compared.body.agents.map((agent: { id: string }) => agent.id)).toEqual(agents.slice(0, 2));
    expect(compared.headers['set-cookie']).toBeUndefined();

    const searched = await server.http
      .post('/api/employer/instantsearch/multi-search')
      .set(bearer(key))
      .send({ requests: [{ indexName: 'agents_price_asc', params: { query: '', facets: ['provider'] } }] })
      .expect(200);
    expect(searched.body.results[0].facets.provider).toEqual({ 'Northwind Labs': 3 });

    const list = await server.http
      .post('/api/shortlists')
      .set(bearer(key))
      .send({ name: 'From a script' })
      .expect(201);
    await server.http.delete(`/api/shortlists/${list.body.shortlist.id}`).set(bearer(key)).expect(200);
    await server.http.get('/api/employer/requests').set(bearer(key)).expect(200);
  });

  it('is refused on every surface once the employer plan has lapsed, saying why', async () => {
    const lapsing = await fixtures.employer('lapsing@acme.example');
    const { key } = await makeKey(lapsing, 'Nightly job');
    const client = await connectMcp(mcpUrl(), { apiKey: key });
    await server.running.context.store.users.update(lapsing.userId, { subscription_status: 'inactive' });

    const api = await server.http
      .get(`/api/compare?ids=${agents[0]},${agents[1]}`)
      .set(bearer(key))
      .expect(403);
    expect(api.body).toEqual({ success: false, requires_subscription: true, error: API_KEY_LAPSED_MESSAGE });

    const mcp = await server.http
      .post('/mcp')
      .set({ ...bearer(key), Accept: 'application/json, text/event-stream' })
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
      .expect(403);
    expect(mcp.body).toMatchObject({ jsonrpc: '2.0', error: { message: API_KEY_LAPSED_MESSAGE } });
    await expect(callTool(client, 'search_agents', { query: 'mail' })).rejects.toThrow(
      /no active subscription/,
    );
    await client.close();

    // The lapsed employer still sees and revokes their keys; making one needs the plan.
    const listed = await lapsing.browser.get(KEYS).expect(200);
    expect(listed.body.api_keys).toHaveLength(1);
    await lapsing.browser.post(KEYS, { name: 'Another' }).expect(403);
    await lapsing.browser.delete(`${KEYS}/${listed.body.api_keys[0].id}`).expect(200);
  });

  it('refuses a bad or malformed key with 401 and a challenge, never falling back to the session', async () => {
    for (const header of [`Bearer agk_${'x'.repeat(43)}`, 'Bearer not-a-key', 'Basic Z3JhY2U6cGFzcw==']) {
      const response = await grace.browser
        .get('/api/employer/requests')
        .set('Authorization', header)
        .expect(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="rolecall", error="invalid_token"');
      expect(response.body.error).toMatch(header.startsWith('Basic') ? /Authorization: Bearer/ : /not valid/);
    }
    const mcp = await server.http
      .post('/mcp')
      .set({ Authorization: 'Bearer agk_nope', Accept: 'application/json, text/event-stream' })
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
      .expect(401);
    expect(mcp.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(mcp.body.error.message).toBe(API_KEY_INVALID_MESSAGE);
  });

  it("opens neither the keys' own endpoints nor the rest of the account", async () => {
    const { key } = await makeKey(grace, 'Limited');
    await server.http.get(KEYS).set(bearer(key)).expect(401);
    await server.http.post(KEYS).set(bearer(key)).send({ name: 'Minted by a key' }).expect(403);
    await server.http.get('/api/users/subscription').set(bearer(key)).expect(401);
    await server.http.get('/api/auth/me').set(bearer(key)).expect(200, { success: false, user: null });
  });

  it("keeps each employer's keys their own: another's key is a 404, a provider has none", async () => {
    const other = await fixtures.employer('other@acme.example');
    const { api_key } = await makeKey(grace, 'Mine');
    await other.browser.delete(`${KEYS}/${api_key.id}`).expect(404, { error: 'API key not found' });
    expect((await other.browser.get(KEYS).expect(200)).body.api_keys).toEqual([]);
    const provider = await fixtures.provider('maker@northwind.example', { subscribed: true });
    await provider.browser.get(KEYS).expect(403);
    await provider.browser.post(KEYS, { name: 'x' }).expect(403);
    await server.http.get(KEYS).expect(401);
  });

  it(`checks the name and holds at most ${API_KEYS_PER_EMPLOYER_MAX} keys per employer`, async () => {
    const busy = await fixtures.employer('busy@acme.example');
    await busy.browser.post(KEYS, { name: '   ' }).expect(400);
    await busy.browser.post(KEYS, { name: 'x'.repeat(61) }).expect(400, {
      error: 'A key name has at most 60 characters',
    });
    await busy.browser.post(KEYS, {}).expect(400);
    for (let n = 0; n < API_KEYS_PER_EMPLOYER_MAX; n++) await makeKey(busy, `Key ${n}`);
    const refused = await busy.browser.post(KEYS, { name: 'One too many' }).expect(409);
    expect(refused.body.error).toMatch(/at most 10 API keys/);
  });

  it('shows when a key was last used, written in batches rather than on every request', async () => {
    const { api_key, key } = await makeKey(grace, 'Counted');
    const touch = jest.spyOn(server.running.context.store.apiKeys, 'touch');
    // The writes that carry this key: the periodic flush (every 10 s) may come during the requests
    // on a slow machine, and write other keys' notes too, so its calls are not counted as a whole.
    const writesOfKey = () =>
      touch.mock.calls.filter(([entries]) => entries.some((entry) => entry.id === api_key.id)).length;
    try {
      for (let n = 0; n < 5; n++)
        await server.http.get(`/api/compare?ids=${agents[0]},${agents[1]}`).set(bearer(key)).expect(200);
      expect(writesOfKey()).toBeLessThanOrEqual(1);
      await server.running.context.apiKeyLastUse.flush();
      expect(writesOfKey()).toBe(1);
      const listed = await grace.browser.get(KEYS).expect(200);
      const shown = listed.body.api_keys.find((k: { id: string }) => k.id === api_key.id);
      expect(Date.now() - Date.parse(shown.last_used_at)).toBeLessThan(60_000);
      // Used again within the minute: nothing new to write.
      await server.http.get(`/api/compare?ids=${agents[0]},${agents[1]}`).set(bearer(key)).expect(200);
      await server.running.context.apiKeyLastUse.flush();
      expect(writesOfKey()).toBe(1);
    } finally {
      touch.mockRestore();
    }
  });
});
