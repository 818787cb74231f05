import fs from 'node:fs';
import path from 'node:path';
import { MCP_SERVER_NAME, mcpClientConfig } from '@agentry/domain/mcp';
import { loadConfig } from '@agentry/platform/config/env';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eventually, startTestServer, type TestServer } from '../testing/test-server';

// The README's "For AI assistants (MCP)" section is what people paste into their MCP client: its
// configuration snippet, the Claude Code line and the curl example are read out of README.md and
// used against the running app, only their host and port changed to the test server's.

const README = fs.readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');

function mcpSection(): string {
  const start = README.indexOf('## For AI assistants (MCP)');
  expect(start).toBeGreaterThanOrEqual(0);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end === -1 ? undefined : end);
}

function codeBlock(section: string, language: string): string {
  const match = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(section);
  if (!match) throw new Error(`no ${language} block in the MCP section of README.md`);
  return match[1]!;
}

/** The snippet's server entry: its URL and transport ("http" and a bare URL both mean Streamable HTTP). */
function snippetServer() {
  const config = JSON.parse(codeBlock(mcpSection(), 'json')) as {
    mcpServers: Record<string, { url: string; type?: string }>;
  };
  const entry = config.mcpServers[MCP_SERVER_NAME]!;
  return { config, url: entry.url, transport: entry.type ?? 'streamable-http' };
}

describe('the README snippet for MCP clients', () => {
  let server: TestServer;
  /** The snippet's URL with the test server's host and port, and nothing else changed. */
  const onTestServer = (url: string) => {
    const rewritten = new URL(url);
    rewritten.host = new URL(server.running.url).host;
    return rewritten;
  };

  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO: 'true' });
    const listed = await server.running.context.store.agents.count();
    await eventually(async () => (await server.running.context.engine!.stats()).documents === listed, 20_000);
  }, 30_000);
  afterAll(() => server.stop());

  it('is the configuration the site gives, for the origin `npm start` serves by default', () => {
    const { config, url, transport } = snippetServer();
    expect(config).toEqual(mcpClientConfig(loadConfig({}).publicUrl));
    expect(url).toBe('http://localhost:3000/mcp');
    expect(['http', 'streamable-http']).toContain(transport);
  });

  it('connects an MCP client over Streamable HTTP to the running app, which lists and runs its tools', async () => {
    const { url } = snippetServer();
    const client = new Client({ name: 'readme-snippet', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(onTestServer(url)));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('search_agents');
    const result = await client.callTool({ name: 'search_agents', arguments: { query: 'customer emails' } });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { agents: unknown[] }).agents.length).toBeGreaterThan(0);
    await client.close();
  });

  it('gives Claude Code the same URL and transport', () => {
    const line = /claude mcp add --transport (\S+) (\S+) (\S+)/.exec(codeBlock(mcpSection(), 'sh'));
    expect(line).not.toBeNull();
    const [, transport, name, url] = line!;
    expect({ transport, name, url }).toEqual({
      transport: 'http',
      name: MCP_SERVER_NAME,
      url: snippetServer().url,
    });
  });

  it('has a curl example that calls a tool with one POST, no session needed', async () => {
    const curl = codeBlock(mcpSection(), 'sh').replace(/\s*\\\n\s*/g, ' ');
    const command = /curl -s (\S+)((?: -H '[^']+')+) -d '([^']+)'/.exec(curl);
    expect(command).not.toBeNull();
    const [, url, headerFlags, body] = command!;
    expect(url).toBe(snippetServer().url);
    const headers = Object.fromEntries(
      [...headerFlags!.matchAll(/-H '([^:]+): ([^']+)'/g)].map(([, name, value]) => [name!, value!]),
    );
    const response = await fetch(onTestServer(url!), { method: 'POST', headers, body });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      result: { isError?: boolean; structuredContent: { agents: unknown[] } };
    };
    expect(answer.result.isError).toBeFalsy();
    expect(answer.result.structuredContent.agents).toHaveLength(3);
  });
});
