import { isoWeek } from '@agentry/domain/iso-weeks';
import { WEEK_MS } from '@agentry/domain/weeks';
import { callTool, connectMcp } from '../../testing/mcp-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { ADMIN_ENV, AdminBrowser, Visitor } from '../../testing/visitor';

// MCP usage as staff see it: calls per tool and ISO week through GET /api/admin/mcp-usage, counted
// for every call of a served tool (good arguments or not), nothing kept about the caller.

const NO_CALLS = { search_agents: 0, get_agent: 0, list_categories: 0, list_roles: 0, compare_agents: 0 };

describe('MCP usage', () => {
  let server: TestServer;
  const usage = async () =>
    (await (await new AdminBrowser(server.running.url).signIn()).get('/api/admin/mcp-usage').expect(200))
      .body;

  beforeAll(async () => {
    server = await startTestServer({ ...ADMIN_ENV, RATE_LIMIT_READS_PER_MINUTE: '10000' });
  });
  afterAll(() => server.stop());

  it('counts the calls of each tool this week, visible to staff at once and after the batch is written', async () => {
    const now = Date.now();
    const { store, mcpUsage } = server.running.context;
    // Counts written earlier: three weeks ago, a week too old to show, and a tool no longer served.
    await store.toolUsage.increment([
      { week: isoWeek(new Date(now - 3 * WEEK_MS)), tool: 'compare_agents', calls: 7 },
      { week: isoWeek(new Date(now - 12 * WEEK_MS)), tool: 'search_agents', calls: 99 },
      { week: isoWeek(new Date(now)), tool: 'retired_tool', calls: 5 },
    ]);

    const client = await connectMcp(`${server.running.url}/mcp`);
    await callTool(client, 'search_agents', { query: 'emails' });
    await callTool(client, 'search_agents', { query: 'invoices', limit: 3 });
    await callTool(client, 'search_agents', { query: '' });
    await callTool(client, 'get_agent', { id: '999999' });
    await callTool(client, 'list_categories');
    await callTool(client, 'list_categories');
    await callTool(client, 'no_such_tool');
    await client.listTools();
    await client.close();

    const expected = {
      success: true,
      weeks: Array.from({ length: 12 }, (_, index) => ({
        week: isoWeek(new Date(now - index * WEEK_MS)),
        calls:
          index === 0
            ? { ...NO_CALLS, search_agents: 3, get_agent: 1, list_categories: 2 }
            : index === 3
              ? { ...NO_CALLS, compare_agents: 7 }
              : NO_CALLS,
      })),
    };
    expect(await usage()).toEqual(expected);
    // Written to the store: the same figures, not counted twice.
    await mcpUsage!.flush();
    expect(await usage()).toEqual(expected);
  });

  it('keeps a tool, a week and a number: nothing about who called or with what', async () => {
    const rows = await server.running.context.store.toolUsage.since('2000-W01');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['calls', 'tool', 'week']);
  });

  it('is for staff only: a visitor gets 401', async () => {
    const visitor = new Visitor(server.running.url);
    const response = await visitor.get('/api/admin/mcp-usage').expect(401);
    expect(response.body).toMatchObject({ success: false });
    expect(response.body).not.toHaveProperty('weeks');
  });
});
