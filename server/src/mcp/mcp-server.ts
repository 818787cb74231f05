import { MCP_SERVER_NAME } from '@agentry/domain/mcp';
import { SITE_NAME } from '@agentry/domain/seo';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MCP_SERVER_TOOLS } from './tools/all-tools';
import type { ToolDeps } from './tools/tool';

// The MCP server: tools only (no resources, prompts or sampling), each a read of public data.
// Built afresh for every request (stateless Streamable HTTP); what lasts lives in ToolDeps.

const INSTRUCTIONS = `${SITE_NAME} is a public directory of AI agents. Use search_agents to find agents for a job described in plain words, get_agent for one agent's full listing and alternatives, compare_agents to set 2 to 4 of them side by side, and list_categories / list_roles to browse. Give people the page_url of the agents you mention.`;

export function createMcpServer(deps: ToolDeps): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, title: SITE_NAME, version: '1.0.0' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  for (const tool of MCP_SERVER_TOOLS) tool.register(server, deps);
  return server;
}
