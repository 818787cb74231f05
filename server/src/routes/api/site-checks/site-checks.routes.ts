import { normalizeAddress } from '@agentry/domain/address';
import { AgentIdParams } from '@agentry/domain/contract/catalog';
import type { SiteCheck } from '@agentry/domain/contract/trust';
import { Router } from 'express';
import type { AppContext } from '../../../context';
import { notFound } from '../../../http/errors';
import { allowAnyOrigin, answerPreflight } from '../../../http/public-read';
import { parse } from '../../../http/validate';

// GET /api/agents/:id/site-check: what the link checker last found of an agent's website (issue
// 26), for the agent page's "Site answered, checked 3 days ago" / "Site unreachable since …".

export function siteCheckRoutes({ store }: AppContext): Router {
  const router = Router();
  router.options('/agents/:id/site-check', answerPreflight);
  router.get('/agents/:id/site-check', allowAnyOrigin, async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const agent = await store.agents.get(id);
    if (!agent || agent.removed) throw notFound('Agent not found');
    const recorded = await store.linkChecks.get(agent.id);
    // A record of the listing's previous address says nothing of the one it has now.
    const record = recorded && recorded.url === normalizeAddress(agent.address) ? recorded : null;
    res.set('Cache-Control', 'no-cache').json({
      agent_id: agent.id,
      state: record?.state ?? 'unchecked',
      since: record?.state_since ?? null,
      checked_at: record?.checked_at ?? null,
      outcome: record?.outcome ?? null,
      http_status: record?.http_status ?? null,
    } satisfies SiteCheck);
  });
  return router;
}
