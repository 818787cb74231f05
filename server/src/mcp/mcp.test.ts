import { COMPARE_ROWS } from '@agentry/domain/compare-rows';
import { MCP_TOOLS } from '@agentry/domain/mcp';
import { PAID_MCP_ARGUMENTS, PAID_MCP_TOOLS } from '@agentry/domain/paid-boundary';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
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
import { eventually, type TestServer } from '../testing/test-server';
import { MCP_TOOL_NAMES } from './tools/all-tools';
import { UNEXPECTED_ERROR } from './tools/tool';

// The MCP server through the real app over real HTTP, driven by the SDK's own client as an
// assistant's host would: the tools it lists (the paid ones to an employer API key only), get_agent,
// the category and role lists and compare_agents with good and bad arguments, each answer checked
// against the tool's declared output schema, failures as tool errors, and removed agents nowhere.
// `client` holds an active employer's API key; `visitor` holds none (testing/mcp-app.ts). search_agents:
// mcp-search.test.ts.

describe('MCP server at /mcp', () => {
  let app: McpApp;
  let server: TestServer;
  let client: Client;
  let visitor: Client;
  let tools: Map<string, Tool>;
  let visitorTools: Map<string, Tool>;
  const answer = <T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}) =>
    expectAnswer<T>(app, name, args);
  const refusal = (name: string, args: Record<string, unknown>, message: RegExp) =>
    expectRefusal(app, name, args, message);
  const apiSearch = (query: string, limit?: number) => searchThroughApi(app.server, query, limit);

  beforeAll(async () => {
    app = await startMcpApp();
    ({ server, client, visitor, tools, visitorTools } = app);
  }, 30_000);
  afterAll(() => stopMcpApp(app));

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
