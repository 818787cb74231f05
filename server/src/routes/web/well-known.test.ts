import { MCP_TOOL_NAMES } from '../../mcp/tools/all-tools';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { canonicalOf, PUBLIC_URL, startWebTestServer } from '../../testing/web-test-server';

describe('GET /.well-known/mcp.json', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWebTestServer();
  });
  afterAll(() => server.stop());

  it('describes the MCP server at PUBLIC_URL/mcp over Streamable HTTP, with its tools', async () => {
    const response = await server.http.get('/.well-known/mcp.json').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toMatchObject({
      name: 'rolecall',
      description: expect.stringContaining('directory of AI agents'),
      transport: { type: 'streamable-http', endpoint: `${PUBLIC_URL}/mcp` },
      links: {
        documentation: `${PUBLIC_URL}/for-ai-assistants`,
        openapi: `${PUBLIC_URL}/api/openapi.yaml`,
      },
    });
    expect(response.body.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'search_agents',
      'get_agent',
      'list_categories',
      'list_roles',
      'compare_agents',
    ]);
    // The summaries (domain/src/mcp.ts) follow the tools the server registers, in their order.
    expect(response.body.tools.map((tool: { name: string }) => tool.name)).toEqual(MCP_TOOL_NAMES);
    for (const tool of response.body.tools) expect(tool.description).toEqual(expect.any(String));
    // The employer plan's tool says what opens it; the public ones say nothing of the kind.
    expect(response.body.tools.filter((tool: { requires?: string }) => tool.requires)).toEqual([
      expect.objectContaining({
        name: 'compare_agents',
        requires: expect.stringMatching(/employer API key/),
      }),
    ]);
  });

  it('may be read by scripts of any origin and cached for an hour', async () => {
    const response = await server.http
      .get('/.well-known/mcp.json')
      .set('Origin', 'https://assistant.example')
      .expect(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('links to pages that are served: the API description and the page for people', async () => {
    await server.http.get('/api/openapi.yaml').expect(200);
    const page = await server.http.get('/for-ai-assistants').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<title>For AI assistants: connect to Rolecall over MCP</title>');
    expect(canonicalOf(page.text)).toBe(`${PUBLIC_URL}/for-ai-assistants`);
    expect(page.text).not.toContain('noindex');
  });

  it('is not taken for an unknown page (which is not found)', async () => {
    await server.http.get('/.well-known/other.json').expect(404);
  });
});

describe('a server without a client build', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('still describes its MCP server', async () => {
    const response = await server.http.get('/.well-known/mcp.json').expect(200);
    expect(response.body.transport.type).toBe('streamable-http');
  });
});
