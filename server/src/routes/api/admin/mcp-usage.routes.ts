import type { McpUsageAnswer } from '@agentry/domain/contract/admin';
import { Router } from 'express';
import type { AppContext } from '../../../context';
import { mcpUsage } from '../../../mcp/usage/mcp-usage';

// GET /api/admin/mcp-usage: how often AI assistants called each MCP tool, per ISO week, the last 12
// weeks newest first. Counts only: nothing says who called. Mounted inside the admin router, after
// its admin check.

export function mcpUsageRoutes({ store, mcpUsage: counter, services }: AppContext): Router {
  const router = Router();
  router.get('/mcp-usage', async (_req, res) => {
    const weeks = await mcpUsage({ store, counter, now: new Date(services.now()) });
    res.json({ success: true, weeks } satisfies McpUsageAnswer);
  });
  return router;
}
