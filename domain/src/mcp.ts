import { PAID_MCP_TOOLS } from './paid-boundary';
import { PRODUCT_KEY } from './product';
import { ROUTES } from './routes';
import { absoluteUrl, buildBasicPageMeta, type PageMeta, SITE_NAME } from './seo';

// What the site tells people and programs about its MCP server (the "For AI assistants" page and
// /.well-known/mcp.json), written once so the two cannot drift. The server itself lives in
// server/src/mcp/.

/** Where the MCP server answers (Streamable HTTP). */
export const MCP_PATH = '/mcp';
/** The key a client's configuration files the server under. */
export const MCP_SERVER_NAME = PRODUCT_KEY;
export const MCP_TRANSPORT = 'streamable-http';

export interface McpToolSummary {
  name: string;
  /** One line, for people choosing whether to connect. */
  description: string;
  /** Listed and answered only with an employer API key (paid-boundary.ts). */
  paid: boolean;
}

const TOOLS: ReadonlyArray<Omit<McpToolSummary, 'paid'>> = [
  {
    name: 'search_agents',
    description: 'Finds AI agents for a job described in plain words, best matches first.',
  },
  {
    name: 'get_agent',
    description: 'Gives one agent’s public listing: what it does, who makes it, its price.',
  },
  { name: 'list_categories', description: 'Lists the directory’s categories.' },
  { name: 'list_roles', description: 'Lists the roles agents fill, within a category if given.' },
  { name: 'compare_agents', description: 'Sets two to four agents side by side.' },
];

export const MCP_TOOLS: readonly McpToolSummary[] = TOOLS.map((tool) => ({
  ...tool,
  paid: (PAID_MCP_TOOLS as readonly string[]).includes(tool.name),
}));

/** What an employer pastes in place of it in the keyed configuration. */
export const API_KEY_PLACEHOLDER = '<your employer API key>';

/** The configuration an MCP client (Claude Desktop, Cursor, VS Code…) reads, for a site at `origin`. */
export function mcpClientConfig(origin: string) {
  return { mcpServers: { [MCP_SERVER_NAME]: { url: absoluteUrl(origin, MCP_PATH) } } };
}

/** The same, as the text to paste into the client's configuration file. */
export function mcpClientConfigText(origin: string): string {
  return JSON.stringify(mcpClientConfig(origin), null, 2);
}

/** The configuration with an employer API key, which opens the paid tools (clients that take headers). */
export function mcpClientConfigWithKey(origin: string, key = API_KEY_PLACEHOLDER) {
  return {
    mcpServers: {
      [MCP_SERVER_NAME]: { url: absoluteUrl(origin, MCP_PATH), headers: { Authorization: `Bearer ${key}` } },
    },
  };
}

export function mcpClientConfigWithKeyText(origin: string, key?: string): string {
  return JSON.stringify(mcpClientConfigWithKey(origin, key), null, 2);
}

export function buildForAiAssistantsMeta(origin: string): PageMeta {
  return buildBasicPageMeta(origin, {
    title: `For AI assistants: connect to ${SITE_NAME} over MCP`,
    description: `Let your AI assistant search ${SITE_NAME}’s directory of AI agents: connect any MCP client to our server with one line of configuration.`,
    path: ROUTES.forAiAssistants,
    keywords: `${SITE_NAME}, MCP, Model Context Protocol, MCP server, AI assistant, AI agent directory`,
  });
}
