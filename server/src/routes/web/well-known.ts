import { MCP_PATH, MCP_SERVER_NAME, MCP_TOOLS, MCP_TRANSPORT } from '@agentry/domain/mcp';
import { ROUTES } from '@agentry/domain/routes';
import { absoluteUrl, SITE_NAME } from '@agentry/domain/seo';
import { Router } from 'express';

// GET /.well-known/mcp.json: how a program finds this site's MCP server before connecting to it.
// The shape follows the MCP "server card" draft (SEP-1649: name, description, transport, tools),
// which is not settled yet, so it stays small; links lead to the page for people and the REST API.

const CACHE_DISCOVERY = 'public, max-age=3600';
/** Served by docsRoutes under /api (app.ts). */
const OPENAPI_PATH = '/api/openapi.yaml';

export function renderMcpDiscovery(origin: string) {
  return {
    name: MCP_SERVER_NAME,
    title: SITE_NAME,
    description: `Search ${SITE_NAME}, the public directory of AI agents: find agents for a job, read their listings, browse categories and roles; with an employer API key, compare agents.`,
    transport: { type: MCP_TRANSPORT, endpoint: absoluteUrl(origin, MCP_PATH) },
    capabilities: { tools: {} },
    // Every tool, the paid ones marked: a client without an employer API key is not offered them.
    tools: MCP_TOOLS.map(({ name, description, paid }) => ({
      name,
      description,
      ...(paid ? { requires: 'employer API key (Authorization: Bearer)' } : {}),
    })),
    links: {
      documentation: absoluteUrl(origin, ROUTES.forAiAssistants),
      openapi: absoluteUrl(origin, OPENAPI_PATH),
    },
  };
}

export function wellKnownRoutes(origin: string): Router {
  const body = JSON.stringify(renderMcpDiscovery(origin), null, 2);
  const router = Router();
  router.get('/.well-known/mcp.json', (_req, res) => {
    // Public facts about public tools: any site's script (an assistant in a browser) may read them.
    res
      .set({ 'Access-Control-Allow-Origin': '*', 'Cache-Control': CACHE_DISCOVERY })
      .type('application/json')
      .send(body);
  });
  return router;
}
