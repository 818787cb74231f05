import { buildForAiAssistantsMeta, MCP_TOOLS, mcpClientConfig, mcpClientConfigText } from './mcp';

describe('MCP client configuration', () => {
  it('points the client at /mcp on the given origin, whatever its trailing slash', () => {
    expect(mcpClientConfig('https://agentry.example/')).toEqual({
      mcpServers: { agentry: { url: 'https://agentry.example/mcp' } },
    });
  });

  it('is pretty-printed JSON, ready to paste', () => {
    const text = mcpClientConfigText('http://localhost:3000');
    expect(JSON.parse(text)).toEqual(mcpClientConfig('http://localhost:3000'));
    expect(text.split('\n')).toHaveLength(7);
  });

  it('names each tool once, each with a one-line description', () => {
    const names = MCP_TOOLS.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const tool of MCP_TOOLS) expect(tool.description).toMatch(/^[A-Z][^\n]+\.$/);
  });

  it('gives the page indexable meta with its canonical path', () => {
    const meta = buildForAiAssistantsMeta('https://agentry.example');
    expect(meta.canonicalPath).toBe('/for-ai-assistants');
    expect(meta.noindex).toBe(false);
    expect(meta.description.length).toBeLessThanOrEqual(160);
  });
});
