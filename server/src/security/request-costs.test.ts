import {
  FACET_FILTER_VALUES_MAX,
  MCP_MAX_BATCH,
  MULTI_SEARCH_MAX_REQUESTS,
} from '@agentry/domain/request-bounds';
import { CSRF_HEADER } from '../http/csrf';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from '../routes/api/employer/fixtures';
import { startTestServer, type TestServer } from '../testing/test-server';

// Issue 21, finding 1: a request that carries several units of work pays for each. An MCP batch of
// N tool calls costs N reads, a multi-search of N searches costs N (public and employer), a batch
// the client's reads cannot cover is refused whole with 429, batches and facet filter lists are
// bounded with a clear refusal. Each client has its own address (TRUST_PROXY, X-Forwarded-For).

const READS = 20;
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

const searchCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'search_agents', arguments: { query: 'answer customer emails', limit: 5 } },
});
const mcpBatch = (calls: number) => Array.from({ length: calls }, (_, i) => searchCall(i + 1));
const searches = (count: number, params: Record<string, unknown> = {}) => ({
  requests: Array.from({ length: count }, (_, i) => ({
    indexName: 'agents',
    params: { query: `support ${i}`, ...params },
  })),
});

/** What the RateLimit header says is left. */
const remaining = (response: { headers: Record<string, string> }) =>
  Number(/remaining=(\d+)/.exec(response.headers.ratelimit ?? '')?.[1]);

describe('what a request carrying several units of work costs', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let grace: Person;
  let address = 0;
  /** A client of its own for each test: its own budget of READS reads. */
  const client = () => `10.21.0.${++address}`;
  const mcp = (ip: string, body: unknown) =>
    server.http
      .post('/mcp')
      .set(MCP_HEADERS)
      .set('X-Forwarded-For', ip)
      .send(body as object);
  const multiSearch = (ip: string, body: object) =>
    server.http.post('/api/instantsearch/multi-search').set('X-Forwarded-For', ip).send(body);
  const read = (ip: string) => server.http.get('/api/categories').set('X-Forwarded-For', ip);

  beforeAll(async () => {
    server = await startTestServer({
      ...EMPLOYER_TEST_ENV,
      RATE_LIMIT_READS_PER_MINUTE: String(READS),
      TRUST_PROXY: '1',
    });
    grace = await fixtures.employer('grace@acme.example');
    await fixtures.agent('InboxPilot');
    // A sign-up hashes a password: slow on a busy machine.
  }, 30_000);
  afterAll(() => server.stop());

  it(`When a client sends an MCP batch of ${MCP_MAX_BATCH} tool calls, then it costs ${MCP_MAX_BATCH} reads, and the read past its budget gets 429`, async () => {
    const ip = client();
    const first = await mcp(ip, mcpBatch(MCP_MAX_BATCH)).expect(200);
    expect(first.body).toHaveLength(MCP_MAX_BATCH);
    expect(
      first.body.every((answer: { result?: { isError?: boolean } }) => answer.result?.isError !== true),
    ).toBe(true);
    expect(remaining(first)).toBe(READS - MCP_MAX_BATCH);
    const second = await mcp(ip, mcpBatch(MCP_MAX_BATCH)).expect(200);
    expect(remaining(second)).toBe(0);
    const refused = await read(ip).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await mcp(ip, searchCall(1)).expect(429);
  });

  it('When a client’s reads do not cover a whole batch, then the batch is refused with 429 before any call runs', async () => {
    const ip = client();
    for (let i = 0; i < READS - 5; i++) await read(ip).expect(200);
    const refused = await mcp(ip, mcpBatch(MCP_MAX_BATCH)).expect(429);
    expect(refused.body).toEqual({ error: 'Too many requests, please slow down' });
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it(`When an MCP batch holds more than ${MCP_MAX_BATCH} messages, then it is refused whole with a JSON-RPC error naming the bound`, async () => {
    const refused = await mcp(client(), mcpBatch(MCP_MAX_BATCH + 1)).expect(400);
    expect(refused.body).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message: expect.stringContaining(
          `at most ${MCP_MAX_BATCH} messages (this one has ${MCP_MAX_BATCH + 1})`,
        ),
      },
      id: null,
    });
  });

  it(`When a client sends a multi-search of ${MULTI_SEARCH_MAX_REQUESTS} searches, then it costs ${MULTI_SEARCH_MAX_REQUESTS} reads`, async () => {
    const ip = client();
    const answered = await multiSearch(ip, searches(MULTI_SEARCH_MAX_REQUESTS)).expect(200);
    expect(answered.body.results).toHaveLength(MULTI_SEARCH_MAX_REQUESTS);
    expect(remaining(answered)).toBe(READS - MULTI_SEARCH_MAX_REQUESTS);
    await read(ip).expect(429);
    await multiSearch(ip, searches(1)).expect(429);
  });

  it('When an employer sends a multi-search of several searches, then each costs a read there too', async () => {
    const ip = client();
    const token = await grace.browser.csrfToken();
    const answered = await grace.browser.http
      .post('/api/employer/instantsearch/multi-search')
      .set(CSRF_HEADER, token)
      .set('X-Forwarded-For', ip)
      .send(searches(12))
      .expect(200);
    expect(answered.body.results).toHaveLength(12);
    expect(remaining(answered)).toBe(READS - 12);
  });

  it(`When a search filters on more than ${FACET_FILTER_VALUES_MAX} facet values, then it is refused with 400 saying so; ${FACET_FILTER_VALUES_MAX} are answered`, async () => {
    // Short values, so that 9,000 fit in the 100 kB a JSON body may weigh.
    const values = (count: number) => Array.from({ length: count }, (_, i) => `role:${i.toString(36)}`);
    const refused = await multiSearch(client(), searches(1, { facetFilters: [values(9_000)] })).expect(400);
    expect(refused.body.error).toBe(
      `A search may filter on at most ${FACET_FILTER_VALUES_MAX} facet values; this one has 9000`,
    );
    const split = await multiSearch(
      client(),
      searches(1, { facetFilters: [values(60), ...values(FACET_FILTER_VALUES_MAX - 60 + 1)] }),
    ).expect(400);
    expect(split.body.error).toMatch(/at most 100 facet values; this one has 101/);
    const allowed = await multiSearch(
      client(),
      searches(1, { facetFilters: [values(FACET_FILTER_VALUES_MAX)] }),
    ).expect(200);
    expect(allowed.body.results[0].nbHits).toBe(0);
  });
});
