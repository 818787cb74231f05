import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  expectAnswer,
  expectRefusal,
  ids,
  type Listed,
  type McpApp,
  MCP_ORIGIN as ORIGIN,
  searchThroughApi,
  startMcpApp,
  stopMcpApp,
} from '../testing/mcp-app';
import { callTool, textOf } from '../testing/mcp-client';

// search_agents through the real app over real HTTP, driven by the SDK's own client as an
// assistant's host would: the same agents as GET /api/search, the public fields only, the filters
// (the monthly price ceiling for an employer API key only), why each agent was found, and clear
// tool errors for bad arguments. `client` holds an active employer's API key; `visitor` holds none
// (testing/mcp-app.ts). The other tools: mcp.test.ts.

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

type Searched = Listed & { match: boolean; why: string };

describe('MCP server at /mcp', () => {
  let app: McpApp;
  let client: Client;
  let visitor: Client;
  const answer = <T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}) =>
    expectAnswer<T>(app, name, args);
  const refusal = (name: string, args: Record<string, unknown>, message: RegExp) =>
    expectRefusal(app, name, args, message);
  const apiSearch = (query: string, limit?: number) => searchThroughApi(app.server, query, limit);

  beforeAll(async () => {
    app = await startMcpApp();
    ({ client, visitor } = app);
  }, 30_000);
  afterAll(() => stopMcpApp(app));

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
});
