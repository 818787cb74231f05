import { MCP_SERVER_NAME } from '@agentry/domain/mcp';
import { SITE_NAME } from '@agentry/domain/seo';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MCP_SERVER_TOOLS } from './tools/all-tools';
import type { RequestDeps } from './tools/tool';

// The MCP server: tools only (no resources, prompts or sampling), each a read of public data.
// Built afresh for every request (stateless Streamable HTTP) for its caller; what lasts lives in ToolDeps.

const instructions = (paid: boolean) =>
  `${SITE_NAME} is a public directory of AI agents. Use search_agents to find agents for a job described in plain words, get_agent for one agent's full listing and alternatives, ${paid ? 'compare_agents to set 2 to 4 of them side by side, ' : ''}and list_categories / list_roles to browse. Give people the page_url of the agents you mention.${paid ? '' : ' Comparison and price filters are part of the employer plan: connect with an employer API key to use them.'}`;

/** The server as this caller sees it: the paid tools only for an employer API key. */
export function createMcpServer(deps: RequestDeps): McpServer {
  const { paid } = deps.caller;
  const server = new McpServer(
    { name: MCP_SERVER_NAME, title: SITE_NAME, version: '1.0.0' },
    { capabilities: { tools: {} }, instructions: instructions(paid) },
  );
  for (const tool of MCP_SERVER_TOOLS) if (paid || !tool.paid) tool.register(server, deps);
  return server;
}
