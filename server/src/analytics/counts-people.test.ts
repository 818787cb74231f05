import { agentInput } from '@agentry/platform/store/contract';
import type { AgentWeekCounts } from '@agentry/platform/store/port';
import { employerWithApiKey } from '../testing/api-keys';
import { eventually, startTestServer, type TestServer } from '../testing/test-server';

// Issue 21, finding 3: a provider's numbers could be inflated by anyone. Two anonymous MCP
// requests of 110 compare_agents calls raised an agent's `compared` from 0 to 110, and one public
// multi-search of 20 sub-searches added 20 `appeared`. Through the real app: anonymous compares
// move nothing, a key holder's move each agent once a day, and searches, page views and clicks
// count once per client (here told apart by X-Forwarded-For behind TRUST_PROXY), agent and day.

const NOW = Date.parse('2026-11-18T12:00:00Z');
const THIS_WEEK = '2026-11-16';
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

describe('counts that count people, not requests', () => {
  let server: TestServer;
  let clock = NOW;
  const context = () => server.running.context;
  let target: string;
  let other: string;

  async function counts(agentId: string): Promise<Partial<AgentWeekCounts>> {
    await context().analytics!.flush();
    const [row] = await context().store.agentStats.forAgents([agentId], THIS_WEEK);
    const { agent_id: _id, week: _week, ...rest } = row ?? { agent_id: '', week: '' };
    return { appeared: 0, opened: 0, clicked: 0, compared: 0, ...rest };
  }

  const compareCall = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'compare_agents', arguments: { ids: [target, other] } },
  });
  const from = (address: string) => ({ 'X-Forwarded-For': address });

  beforeAll(async () => {
    server = await startTestServer(
      { TRUST_PROXY: '1', RATE_LIMIT_READS_PER_MINUTE: '100000', RATE_LIMIT_WRITES_PER_MINUTE: '100000' },
      { now: () => clock },
    );
    target = (await context().store.agents.create(agentInput({ name: 'InboxPilot' }))).id;
    other = (await context().store.agents.create(agentInput({ name: 'MailMole' }))).id;
    await eventually(
      async () => (await context().search.search({ query: 'inboxpilot' })).response.hits.length > 0,
    );
  });
  afterAll(() => server.stop());

  it('110 anonymous compare_agents calls move no compared count', async () => {
    for (let call = 0; call < 110; call++) {
      const response = await server.http.post('/mcp').set(MCP_HEADERS).send(compareCall(call)).expect(200);
      expect(response.body.result.isError).toBe(true);
    }
    expect((await counts(target)).compared).toBe(0);
  }, 30_000);

  it("110 compare calls with an employer's API key move each agent's compared count once a day", async () => {
    const { apiKey } = await employerWithApiKey(context().store);
    for (let call = 0; call < 110; call++) {
      await server.http
        .post('/mcp')
        .set({ ...MCP_HEADERS, Authorization: `Bearer ${apiKey}` })
        .send(compareCall(call))
        .expect(200);
    }
    expect((await counts(target)).compared).toBe(1);
    expect((await counts(other)).compared).toBe(1);
    // The same employer through the API, the same day: still once.
    await server.http
      .get(`/api/compare?ids=${target},${other}`)
      .set('Authorization', `Bearer ${apiKey}`)
      .expect(200);
    expect((await counts(target)).compared).toBe(1);
  }, 30_000);

  it('a 20-sub-search POST moves appeared once, and again only for another client', async () => {
    const before = (await counts(target)).appeared!;
    const twenty = {
      requests: Array.from({ length: 20 }, () => ({
        indexName: 'agents',
        params: { query: 'inboxpilot', hitsPerPage: 1 },
      })),
    };
    await server.http
      .post('/api/instantsearch/multi-search')
      .set(from('198.51.100.1'))
      .send(twenty)
      .expect(200);
    expect((await counts(target)).appeared).toBe(before + 1);
    await server.http
      .post('/api/instantsearch/multi-search')
      .set(from('198.51.100.1'))
      .send(twenty)
      .expect(200);
    await server.http.get('/api/search?query=inboxpilot').set(from('198.51.100.1')).expect(200);
    expect((await counts(target)).appeared).toBe(before + 1);
    await server.http
      .post('/api/instantsearch/multi-search')
      .set(from('198.51.100.2'))
      .send(twenty)
      .expect(200);
    expect((await counts(target)).appeared).toBe(before + 2);
  });

  it('page views and clicks count once per client and day, and again the next day', async () => {
    for (let n = 0; n < 30; n++) {
      await server.http.get(`/api/agents/${target}?view=page`).set(from('198.51.100.3')).expect(200);
      await server.http
        .post('/api/events')
        .set(from('198.51.100.3'))
        .send({ type: 'clicked', agent_id: target })
        .expect(204);
    }
    expect(await counts(target)).toMatchObject({ opened: 1, clicked: 1 });
    clock += 24 * 60 * 60 * 1000;
    await server.http.get(`/api/agents/${target}?view=page`).set(from('198.51.100.3')).expect(200);
    expect(await counts(target)).toMatchObject({ opened: 2, clicked: 1 });
    clock = NOW;
  }, 30_000);
});
