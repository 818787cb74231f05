import { COMPARE_ROWS } from '@agentry/domain/compare-rows';
import { MCP_TOOLS } from '@agentry/domain/mcp';
import { PAID_MCP_ARGUMENTS, PAID_MCP_TOOLS } from '@agentry/domain/paid-boundary';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { employerWithApiKey } from '../testing/api-keys';
import { callTool, connectMcp, outputSchemaProblem, textOf } from '../testing/mcp-client';
import { eventually, startTestServer, type TestServer } from '../testing/test-server';
import { MCP_TOOL_NAMES } from './tools/all-tools';
import { UNEXPECTED_ERROR } from './tools/tool';

// The MCP server through the real app over real HTTP, driven by the SDK's own client as an
// assistant's host would: the tools it lists (the paid ones to an employer API key only), every
// tool with good and bad arguments, each answer checked against the tool's declared output
// schema, search equal to GET /api/search, and removed agents nowhere. `client` holds an active
// employer's API key; `visitor` holds none.

const ORIGIN = 'https://agentry.example';
const PUBLIC_FIELDS = [
  'id',
  'name',
  'provider',
  'category',
  'role',
  'description',
  'cost',
  'pricing',
  'price_monthly',
  'address',
  'page_url',
  'verified_domain',
  'site_state',
  'site_since',
  'rating_average',
  'rating_count',
  'logo',
  // Its provider's page, absolute (issue 25), or null.
  'provider_page',
];

type Listed = { id: string; name: string; page_url: string } & Record<string, unknown>;
type Searched = Listed & { match: boolean; why: string };

describe('MCP server at /mcp', () => {
  let server: TestServer;
  let client: Client;
  let visitor: Client;
  let tools: Map<string, Tool>;
  let visitorTools: Map<string, Tool>;

  /** Calls a tool that must answer: no error, a text, and structured content matching its output schema. */
  async function answer<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}) {
    const result = await callTool(client, name, args);
    expect({ isError: result.isError ?? false, text: textOf(result) }).toEqual({
      isError: false,
      text: expect.any(String),
    });
    expect(textOf(result).length).toBeGreaterThan(0);
    expect(outputSchemaProblem(tools.get(name)!, result.structuredContent)).toBeNull();
    return result.structuredContent as T;
  }

  /** Calls a tool that must refuse: a tool error whose text matches `message` (never an HTTP error). */
  async function refusal(name: string, args: Record<string, unknown>, message: RegExp) {
    const result: CallToolResult = await callTool(client, name, args);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(message);
    return textOf(result);
  }

  const ids = (agents: Array<{ id: string }>) => agents.map((agent) => agent.id);
  const apiSearch = async (query: string, limit?: number) =>
    (
      await server.http
        .get('/api/search')
        .query(limit === undefined ? { query } : { query, limit })
        .expect(200)
    ).body as Array<{ id: string }>;

  beforeAll(async () => {
    // The demo catalog (100 agents in 16 categories); one test client makes many calls a minute.
    server = await startTestServer({
      SEED_DEMO: 'true',
      PUBLIC_URL: ORIGIN,
      RATE_LIMIT_READS_PER_MINUTE: '10000',
    });
    const listed = await server.running.context.store.agents.count();
    await eventually(async () => (await server.running.context.engine!.stats()).documents === listed, 20_000);
    const { apiKey } = await employerWithApiKey(server.running.context.store);
    client = await connectMcp(`${server.running.url}/mcp`, { apiKey });
    tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
    visitor = await connectMcp(`${server.running.url}/mcp`);
    visitorTools = new Map((await visitor.listTools()).tools.map((tool) => [tool.name, tool]));
  }, 30_000);
  afterAll(async () => {
    await client?.close();
    await visitor?.close();
    await server?.stop();
  });

  describe('tools/list', () => {
    it('lists the five tools the site announces to an employer API key, each read-only with a description an assistant can act on', () => {
      expect([...tools.keys()]).toEqual([...MCP_TOOL_NAMES]);
      expect([...tools.keys()].sort()).toEqual(MCP_TOOLS.map((tool) => tool.name).sort());
      for (const tool of tools.values()) {
        expect(tool.description!.length).toBeGreaterThan(100);
        expect(tool.title).toEqual(expect.any(String));
        expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      }
    });

    it('declares an input schema that refuses unknown arguments and an output schema for each tool', () => {
      for (const tool of tools.values()) {
        expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
        expect(tool.outputSchema).toMatchObject({ type: 'object', required: expect.any(Array) });
      }
      expect(tools.get('search_agents')!.inputSchema.required).toEqual(['query']);
      expect(tools.get('get_agent')!.inputSchema.required).toEqual(['id']);
      expect(tools.get('compare_agents')!.inputSchema.properties!.ids).toMatchObject({
        type: 'array',
        minItems: 2,
        maxItems: 4,
      });
    });

    it("lists only the public tools to a visitor's assistant, and search_agents without its paid argument", () => {
      expect([...visitorTools.keys()]).toEqual(
        MCP_TOOL_NAMES.filter((name) => !(PAID_MCP_TOOLS as readonly string[]).includes(name)),
      );
      expect(visitorTools.has('compare_agents')).toBe(false);
      const properties = Object.keys(visitorTools.get('search_agents')!.inputSchema.properties!);
      for (const paid of PAID_MCP_ARGUMENTS.search_agents!) {
        expect(properties).not.toContain(paid);
        expect(Object.keys(tools.get('search_agents')!.inputSchema.properties!)).toContain(paid);
      }
      expect(visitorTools.get('search_agents')!.description).not.toMatch(/compare_agents|price ceiling/);
      expect(visitor.getInstructions()).toMatch(/employer API key/);
      expect(visitor.getInstructions()).not.toMatch(/compare_agents/);
    });

    it('introduces itself with instructions on using the tools', () => {
      expect(client.getServerVersion()?.name).toBe('rolecall');
      expect(client.getInstructions()).toMatch(/search_agents/);
    });
  });

  describe('search_agents', () => {
    it.each([
      ['answer customer emails in Spanish', 20],
      ['bookkeeping', 20],
      ['meeting notes', 5],
      ['hire a recruiter', 50],
      ['replyranch', 20],
    ])('answers "%s" with the agents GET /api/search answers, in the same order', async (query, limit) => {
      const found = await answer<{ agents: Searched[]; total: number; query: string }>('search_agents', {
        query,
        limit,
      });
      const expected = await apiSearch(query, limit);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(found.agents)).toEqual(ids(expected));
      expect(found.query).toBe(query);
      // total counts the close matches; they come first, related agents after them.
      const matches = found.agents.filter((agent) => agent.match).length;
      expect(matches).toBe(Math.min(found.total, found.agents.length));
      expect(found.agents.slice(0, matches).every((agent) => agent.match)).toBe(true);
      for (const agent of found.agents) expect(agent.why).not.toBe('');
    });

    it('answers 10 agents unless told, the same 10 as GET /api/search?limit=10', async () => {
      const found = await answer<{ agents: Listed[]; total: number }>('search_agents', { query: 'emails' });
      expect(found.total).toBeGreaterThan(10);
      expect(found.agents).toHaveLength(10);
      expect(ids(found.agents)).toEqual(ids(await apiSearch('emails', 10)));
    });

    it('gives each agent its public fields only and the absolute URL of its page on the site', async () => {
      const result = await callTool(client, 'search_agents', { query: 'customer emails', limit: 3 });
      const { agents } = result.structuredContent as { agents: Listed[] };
      for (const agent of agents) {
        // The public fields, and whether and why the search found it.
        expect(Object.keys(agent).sort()).toEqual([...PUBLIC_FIELDS, 'match', 'why'].sort());
        expect(agent.page_url).toBe(`${ORIGIN}/agents/${agent.id}`);
        expect(agent.address).toMatch(/^https?:\/\//);
      }
      // The text names each agent with its page, for clients that show text only.
      for (const agent of agents) expect(textOf(result)).toContain(agent.page_url);
    });

    it('narrows by category, role, pricing tier and monthly price ceiling', async () => {
      const inCategory = await answer<{ agents: Listed[] }>('search_agents', {
        query: 'answers questions',
        category: 'customer service',
        limit: 50,
      });
      expect(inCategory.agents.length).toBeGreaterThan(0);
      for (const agent of inCategory.agents) expect(agent.category).toBe('Customer Service');

      const inRole = await answer<{ agents: Listed[] }>('search_agents', {
        query: 'emails',
        role: 'Customer Support Agent',
      });
      expect(inRole.agents.length).toBeGreaterThan(0);
      for (const agent of inRole.agents) expect(agent.role).toBe('Customer Support Agent');

      const free = await answer<{ agents: Listed[] }>('search_agents', { query: 'notes', pricing: 'free' });
      for (const agent of free.agents) expect(agent.pricing).toBe('free');

      const cheap = await answer<{ agents: Listed[] }>('search_agents', {
        query: 'writing',
        max_price_monthly: 30,
        limit: 50,
      });
      expect(cheap.agents.length).toBeGreaterThan(0);
      for (const agent of cheap.agents) {
        expect(agent.price_monthly).not.toBeNull();
        expect(agent.price_monthly as number).toBeLessThanOrEqual(30);
      }
    });

    it("refuses the monthly price ceiling to a visitor's assistant, naming it as the employer plan's", async () => {
      const result = await callTool(visitor, 'search_agents', { query: 'sales', max_price_monthly: 30 });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/The argument max_price_monthly is part of the employer plan/);
      // Without it, the visitor's search answers as the key holder's does.
      const plain = await callTool(visitor, 'search_agents', { query: 'sales' });
      expect(plain.structuredContent).toEqual(
        (await callTool(client, 'search_agents', { query: 'sales' })).structuredContent,
      );
    });

    it('says so in words when nothing matches', async () => {
      const result = await callTool(client, 'search_agents', {
        query: 'emails',
        category: 'No Such Category',
      });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ query: 'emails', total: 0, agents: [] });
      expect(textOf(result)).toMatch(/No agent matches "emails" closely with these filters/);
    });

    it('claims no match for made-up words, and says what to try', async () => {
      const result = await callTool(client, 'search_agents', { query: 'xyzzy qwerty' });
      const found = result.structuredContent as { total: number; agents: Searched[] };
      expect(found.total).toBe(0);
      expect(found.agents.every((agent) => !agent.match)).toBe(true);
      expect(textOf(result)).toMatch(/^No agent matches "xyzzy qwerty" closely/);
    });

    it('says why each agent was found', async () => {
      const found = await answer<{ agents: Searched[] }>('search_agents', {
        query: 'answer customer emails in Spanish',
        limit: 3,
      });
      expect(found.agents[0]).toMatchObject({ name: 'ReplyRanch', match: true });
      expect(found.agents[0]!.why).toMatch(
        /^matches: .*customer.*emails.*spanish.* · role: Customer Support Agent$/,
      );
    });

    it.each([
      [{}, /query/],
      [{ query: '   ' }, /query must not be blank/],
      [{ query: 'x'.repeat(501) }, /query must be at most 500 characters/],
      [{ query: 42 }, /query must be text/],
      [{ query: 'emails', limit: 0 }, /limit must be a whole number from 1 to 50/],
      [{ query: 'emails', limit: 51 }, /limit must be a whole number from 1 to 50/],
      [{ query: 'emails', limit: 2.5 }, /limit must be a whole number from 1 to 50/],
      [{ query: 'emails', limit: 'ten' }, /limit must be a whole number from 1 to 50/],
      [{ query: 'emails', pricing: 'cheap' }, /pricing/],
      [{ query: 'emails', max_price_monthly: -1 }, /max_price_monthly must be 0 or more/],
      [{ query: 'emails', category: '' }, /category must not be blank/],
      [{ query: 'emails', max_price: 10 }, /Unrecognized key: "max_price"/],
    ])('refuses %j with a clear tool error', async (args, message) => {
      await refusal('search_agents', args, message);
    });
  });

  describe('get_agent', () => {
    it('answers everything public about the agent, as the API shows it, with the similar agents', async () => {
      const [first] = await apiSearch('replyranch', 1);
      const { agent, profile, similar } = await answer<{
        agent: Listed;
        profile: unknown;
        similar: Listed[];
      }>('get_agent', { id: first!.id });
      // The API answers the structured profile (issue 28) inside the agent; MCP beside it.
      const { profile: apiProfile, ...api } = (await server.http.get(`/api/agents/${first!.id}`).expect(200))
        .body;
      expect(agent).toEqual({
        ...api,
        page_url: `${ORIGIN}/agents/${api.id}`,
        // The provider page (issue 25) as an absolute URL, like page_url; null while there is none.
        provider_page: api.provider_page === null ? null : `${ORIGIN}${api.provider_page}`,
        // The logo (issue 25) likewise.
        logo: api.logo === null ? null : `${ORIGIN}${api.logo}`,
      });
      expect(profile).toEqual(apiProfile);
      const apiSimilar = (await server.http.get(`/api/agents/${first!.id}/similar`).expect(200)).body;
      expect(ids(similar)).toEqual(ids(apiSimilar));
      expect(similar.length).toBeGreaterThan(0);
      expect(ids(similar)).not.toContain(agent.id);
    });

    it("answers the agent's trust signals and its newest reviews, hidden ones left out (issue 26)", async () => {
      const [first] = await apiSearch('replyranch', 1);
      const { store } = server.running.context;
      const written = [];
      for (const [org, rating] of [
        ['domain:one.example', 5],
        ['domain:two.example', 4],
        ['domain:three.example', 3],
        ['domain:four.example', 1],
      ] as const)
        written.push(
          (
            await store.reviews.write({
              agent_id: first!.id,
              org_key: org,
              author_id: org,
              organization: org.slice(7),
              rating,
              body: `A review from ${org.slice(7)}.`,
            })
          ).review,
        );
      await store.reviews.moderate(written[3]!.id, {
        hidden: true,
        reason: 'spam',
        at: new Date().toISOString(),
      });
      const { agent, reviews } = await answer<{
        agent: Listed;
        reviews: Array<{ rating: number; organization: string }>;
      }>('get_agent', { id: first!.id });
      expect(agent).toMatchObject({
        rating_count: 3,
        rating_average: 4,
        verified_domain: null,
        site_state: 'unchecked',
      });
      expect(reviews.map((review) => review.organization)).toEqual([
        'three.example',
        'two.example',
        'one.example',
      ]);
      expect(JSON.stringify(reviews)).not.toMatch(/author_id|org_key|domain:/);
    });

    it.each([
      [{ id: '999999' }, /No agent with id "999999" is listed/],
      [{ id: 'not-an-id' }, /No agent with id "not-an-id" is listed/],
      [{ id: ' ' }, /id must not be blank/],
      [{ id: 42 }, /id must be an agent id given as a string/],
      [{ id: 'x'.repeat(65) }, /at most 64 characters/],
      [{}, /id/],
    ])('refuses %j with a clear tool error', async (args, message) => {
      await refusal('get_agent', args, message);
    });
  });

  describe('list_categories and list_roles', () => {
    it('lists the categories with their counts, as the directory counts them, each with its page', async () => {
      const { categories } = await answer<{
        categories: Array<{ name: string; agents: number; page_url: string }>;
      }>('list_categories');
      const counts = (await server.http.get('/api/directory/counts').expect(200)).body;
      expect(categories.map(({ name, agents }) => ({ name, count: agents }))).toEqual(counts);
      expect(categories).toHaveLength(16);
      expect(categories[0]!.page_url).toBe(
        `${ORIGIN}/directory?category=${encodeURIComponent(categories[0]!.name).replace(/%20/g, '+')}`,
      );
    });

    it('lists the roles of a category named in any case, with their counts and pages', async () => {
      const { category, roles } = await answer<{
        category: string;
        roles: Array<{ name: string; agents: number; page_url: string | null }>;
      }>('list_roles', { category: 'customer SERVICE' });
      expect(category).toBe('Customer Service');
      const counts = (await server.http.get('/api/directory/counts?category=Customer%20Service').expect(200))
        .body;
      expect(roles.map(({ name, agents }) => ({ name, count: agents }))).toEqual(counts);
      const page = new URL(roles[0]!.page_url!);
      expect(page.origin + page.pathname).toBe(`${ORIGIN}/directory`);
      expect(Object.fromEntries(page.searchParams)).toEqual({
        category: 'Customer Service',
        role: roles[0]!.name,
      });
    });

    it('lists the roles of every category without one, as GET /api/roles names them', async () => {
      const { category, roles } = await answer<{
        category: null;
        roles: Array<{ name: string; page_url: null }>;
      }>('list_roles');
      expect(category).toBeNull();
      expect(roles.map((role) => role.name)).toEqual((await server.http.get('/api/roles').expect(200)).body);
      expect(roles.every((role) => role.page_url === null)).toBe(true);
    });

    it.each([
      [
        { category: 'Underwater Basket Weaving' },
        /No category named "Underwater Basket Weaving"\. Use list_categories/,
      ],
      [{ category: '' }, /category must not be blank/],
      [{ category: 'x'.repeat(51) }, /category must be at most 50 characters/],
      [{ category: ['Sales'] }, /category must be text/],
    ])('list_roles refuses %j with a clear tool error', async (args, message) => {
      await refusal('list_roles', args, message);
    });

    it('list_categories refuses arguments it does not take', async () => {
      await refusal('list_categories', { category: 'Sales' }, /Unrecognized key/);
    });
  });

  describe('compare_agents', () => {
    it('sets 2 to 4 agents side by side in the order asked, with the rows of the employer comparison', async () => {
      const picked = ids(await apiSearch('customer support', 4)).reverse();
      for (const count of [2, 3, 4]) {
        const asked = picked.slice(0, count);
        const { agents, rows } = await answer<{
          agents: Listed[];
          rows: Array<{ key: string; label: string; values: string[]; differs: boolean }>;
        }>('compare_agents', { ids: asked });
        expect(ids(agents)).toEqual(asked);
        expect(rows.map((row) => [row.key, row.label])).toEqual(
          COMPARE_ROWS.map((row) => [row.key, row.label]),
        );
        for (const row of rows) {
          expect(row.values).toHaveLength(count);
          expect(row.differs).toBe(new Set(row.values.map((value) => value.toLowerCase())).size > 1);
        }
        const name = rows.find((row) => row.key === 'provider')!;
        expect(name.values).toEqual(agents.map((agent) => agent.provider));
      }
    });

    it("is refused to a visitor's assistant, which is told it needs an employer API key", async () => {
      const [a, b] = ids(await apiSearch('bookkeeping', 2));
      const result = await callTool(visitor, 'compare_agents', { ids: [a, b] });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(textOf(result)).toMatch(
        /The tool compare_agents is part of the employer plan: it needs an employer API key/,
      );
      expect(textOf(result)).toMatch(/Authorization: Bearer/);
    });

    it.each([
      [{ ids: ['1'] }, /Choose 2 to 4 different agents to compare/],
      [{ ids: ['1', '2', '3', '4', '5'] }, /Choose 2 to 4 different agents to compare/],
      [{ ids: ['1', '1'] }, /Choose 2 to 4 different agents to compare/],
      [{ ids: '1,2' }, /Choose 2 to 4 different agents to compare/],
      [{ ids: ['1', ''] }, /each id must not be blank/],
      [{ ids: ['1', 2] }, /each id must be an agent id given as a string/],
      [{ ids: ['1', '999999', 'nope'] }, /These agents are not listed: 999999, nope/],
    ])('refuses %j with a clear tool error', async (args, message) => {
      await refusal('compare_agents', args, message);
    });
  });

  it('answers an internal failure with a generic tool error, keeping the cause out of the answer', async () => {
    const { store } = server.running.context;
    const failing = jest
      .spyOn(store.agents, 'get')
      .mockRejectedValueOnce(new Error('SQLITE_IOERR: disk I/O error at /srv/secret/agentry.db'));
    expect(await refusal('get_agent', { id: '1' }, /could not answer/)).toBe(UNEXPECTED_ERROR);
    failing.mockRestore();
  });

  it('answers a tool it does not have with a tool error naming it', async () => {
    await refusal('delete_agent', {}, /Tool delete_agent not found/);
  });

  describe('removed agents', () => {
    it('never appear: not in search, not by id, not in comparisons, not among similar agents', async () => {
      const [gone, kept, other] = await apiSearch('customer emails', 3);
      const { store } = server.running.context;
      await store.agents.update(gone!.id, { removed: true });
      await eventually(async () => !ids(await apiSearch('customer emails', 20)).includes(gone!.id));

      const found = await answer<{ agents: Listed[] }>('search_agents', {
        query: 'customer emails',
        limit: 50,
      });
      expect(ids(found.agents)).not.toContain(gone!.id);
      expect(ids(found.agents)).toEqual(ids(await apiSearch('customer emails', 50)));
      await refusal('get_agent', { id: gone!.id }, new RegExp(`No agent with id "${gone!.id}" is listed`));
      await refusal('compare_agents', { ids: [kept!.id, gone!.id] }, new RegExp(`not listed: ${gone!.id}$`));
      for (const id of [kept!.id, other!.id]) {
        const { similar } = await answer<{ similar: Listed[] }>('get_agent', { id });
        expect(ids(similar)).not.toContain(gone!.id);
      }
    });
  });
});
