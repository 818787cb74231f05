import { CompareQuery, type ComparisonAnswer } from '@agentry/domain/contract/employer';
import { Router } from 'express';
import { employerAudienceOf } from '../../../analytics/audience';
import { compareAgents, compareIds } from '../../../commands/employer/compare-agents';
import { withProfiles } from '../../../commands/save-agent-profile';
import type { AppContext } from '../../../context';
import { requireUser } from '../../../http/require-user';
import { parseQuery } from '../../../http/validate';
import { requireActiveEmployer } from '../../../policies/employer';
import { presentAgents } from '../../../presenters/agent';

/** GET /api/compare?ids=1,2,3: two to four listed agents side by side, in the order asked. */
export function compareRoutes({ store, services, analytics }: AppContext): Router {
  const router = Router();
  const activeEmployer = requireActiveEmployer(store);
  router.get('/compare', requireUser, activeEmployer, async (req, res) => {
    const ids = compareIds(parseQuery(CompareQuery, req).ids);
    const agents = await compareAgents(services, { ids });
    // Provider analytics: each agent put side by side counts as 'compared', once per employer and day.
    analytics?.countFor(employerAudienceOf(req), 'compared', ids);
    // Each with its structured profile (issue 28), which the table sets side by side.
    const compared = await withProfiles({ store }, { agents: presentAgents(agents) });
    res.set('Cache-Control', 'no-store').json({ success: true, agents: compared } satisfies ComparisonAnswer);
  });
  return router;
}
