import {
  buildForAiAssistantsMeta,
  MCP_TOOLS,
  mcpClientConfig,
  mcpClientConfigText,
  mcpClientConfigWithKey,
  mcpClientConfigWithKeyText,
} from './mcp';
import { PAID_MCP_TOOLS } from './paid-boundary';

describe('MCP client configuration', () => {
  it('points the client at /mcp on the given origin, whatever its trailing slash', () => {
    expect(mcpClientConfig('https://agentry.example/')).toEqual({
      mcpServers: { rolecall: { url: 'https://agentry.example/mcp' } },
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

  it('marks the employer plan’s tools as paid, and only those', () => {
    expect(MCP_TOOLS.filter((tool) => tool.paid).map((tool) => tool.name)).toEqual([...PAID_MCP_TOOLS]);
  });

  it('sends an employer API key as a bearer header in the keyed configuration', () => {
    expect(mcpClientConfigWithKey('https://agentry.example', 'agk_x')).toEqual({
      mcpServers: {
        rolecall: { url: 'https://agentry.example/mcp', headers: { Authorization: 'Bearer agk_x' } },
      },
    });
    expect(mcpClientConfigWithKeyText('https://agentry.example')).toContain(
      '"Authorization": "Bearer <your employer API key>"',
    );
  });

  it('gives the page indexable meta with its canonical path', () => {
    const meta = buildForAiAssistantsMeta('https://agentry.example');
    expect(meta.canonicalPath).toBe('/for-ai-assistants');
    expect(meta.noindex).toBe(false);
    expect(meta.description.length).toBeLessThanOrEqual(160);
  });
});
