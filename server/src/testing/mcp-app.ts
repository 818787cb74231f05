import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { employerWithApiKey } from './api-keys';
import { callTool, connectMcp, outputSchemaProblem, textOf } from './mcp-client';
import { eventually, startTestServer, type TestServer } from './test-server';

// The app the MCP tests drive (mcp.test.ts, mcp-search.test.ts): the demo catalog indexed, and two
// assistants' hosts connected over real HTTP, `client` with an active employer's API key and
// `visitor` with none; plus the two checks every tool call meets, an answer or a refusal.

export const MCP_ORIGIN = 'https://agentry.example';

/** An agent as the tools list it: its public fields and its page on the site. */
export type Listed = { id: string; name: string; page_url: string } & Record<string, unknown>;

export interface McpApp {
  server: TestServer;
  client: Client;
  visitor: Client;
  /** The tools listed to the employer's key, and to the visitor, by name. */
  tools: Map<string, Tool>;
  visitorTools: Map<string, Tool>;
}

export async function startMcpApp(): Promise<McpApp> {
  // The demo catalog (100 agents in 16 categories); one test client makes many calls a minute.
  const server = await startTestServer({
    SEED_DEMO: 'true',
    PUBLIC_URL: MCP_ORIGIN,
    RATE_LIMIT_READS_PER_MINUTE: '10000',
  });
  const connected: Client[] = [];
  try {
    const listed = await server.running.context.store.agents.count();
    await eventually(async () => (await server.running.context.engine!.stats()).documents === listed, 20_000);
    const { apiKey } = await employerWithApiKey(server.running.context.store);
    const client = await connectMcp(`${server.running.url}/mcp`, { apiKey });
    connected.push(client);
    const tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
    const visitor = await connectMcp(`${server.running.url}/mcp`);
    connected.push(visitor);
    const visitorTools = new Map((await visitor.listTools()).tools.map((tool) => [tool.name, tool]));
    return { server, client, visitor, tools, visitorTools };
  } catch (error) {
    for (const client of connected) await client.close();
    await server.stop();
    throw error;
  }
}

export async function stopMcpApp(app: McpApp | undefined): Promise<void> {
  await app?.client.close();
  await app?.visitor.close();
  await app?.server.stop();
}

/** Calls a tool that must answer: no error, a text, and structured content matching its output schema. */
export async function expectAnswer<T = Record<string, unknown>>(
  app: McpApp,
  name: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const result = await callTool(app.client, name, args);
  expect({ isError: result.isError ?? false, text: textOf(result) }).toEqual({
    isError: false,
    text: expect.any(String),
  });
  expect(textOf(result).length).toBeGreaterThan(0);
  expect(outputSchemaProblem(app.tools.get(name)!, result.structuredContent)).toBeNull();
  return result.structuredContent as T;
}

/** Calls a tool that must refuse: a tool error whose text matches `message` (never an HTTP error). */
export async function expectRefusal(
  app: McpApp,
  name: string,
  args: Record<string, unknown>,
  message: RegExp,
): Promise<string> {
  const result: CallToolResult = await callTool(app.client, name, args);
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(textOf(result)).toMatch(message);
  return textOf(result);
}

export const ids = (agents: Array<{ id: string }>) => agents.map((agent) => agent.id);

/** GET /api/search's answer, for the tools' answers to equal. */
export async function searchThroughApi(server: TestServer, query: string, limit?: number) {
  return (
    await server.http
      .get('/api/search')
      .query(limit === undefined ? { query } : { query, limit })
      .expect(200)
  ).body as Array<{ id: string }>;
}
