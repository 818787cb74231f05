import { compareAgentsTool } from './compare-agents';
import { getAgentTool } from './get-agent';
import { listCategoriesTool } from './list-categories';
import { listRolesTool } from './list-roles';
import { searchAgentsTool } from './search-agents';
import type { McpTool } from './tool';

/** The MCP server's tools, in the order tools/list answers them. */
export const MCP_SERVER_TOOLS: readonly McpTool[] = [
  searchAgentsTool,
  getAgentTool,
  listCategoriesTool,
  listRolesTool,
  compareAgentsTool,
];

export const MCP_TOOL_NAMES: readonly string[] = MCP_SERVER_TOOLS.map((tool) => tool.name);
