import { MCP_HEADERS, openRead, page, type RoutePolicy } from './policy';

// Health probes and discovery: public, and the MCP server described to anyone.
// One part of ROUTE_POLICIES (../route-policies.ts), in the order of the app.

export const PROBES_AND_DISCOVERY: Record<string, RoutePolicy> = {
  // Probes and discovery.
  'GET /livez': page,
  'GET /healthz': page,
  'GET /readyz': page,
  // Discovery of the MCP server: readable from anywhere, like the server it describes.
  'GET /.well-known/mcp.json': openRead,
  'GET /api/openapi.yaml': page,
};

export const MCP: Record<string, RoutePolicy> = {
  // MCP: listings only, no cookies read, so neither session nor token; an employer API key opens
  // the paid tools, and a lapsed employer's key is refused (403).
  'OPTIONS /mcp': openRead,
  'POST /mcp': {
    access: 'public',
    apiKey: true,
    crossOrigin: true,
    probe: () => ({ body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers: MCP_HEADERS }),
    csrfExempt: 'Reads public listings only and never reads a cookie: a forged call gains nothing.',
  },
  // Any other method: 405 (the server is stateless and takes POST only).
  '* /mcp': { access: 'public', crossOrigin: true, probe: () => ({ method: 'GET' }), alsoOk: [405] },
};
