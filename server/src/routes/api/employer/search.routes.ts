import { MultiSearchBody } from '@agentry/domain/contract/search';
import { Router } from 'express';
import { audienceOf } from '../../../analytics/audience';
import { countAppeared } from '../../../analytics/count-hits';
import type { AppContext } from '../../../context';
import { escapedJson, sendResults } from '../../../http/json-text';
import type { RequestCosts } from '../../../http/request-costs';
import { requireUser } from '../../../http/require-user';
import { parseBody } from '../../../http/validate';
import { requireActiveEmployer } from '../../../policies/employer';
import { adaptQuery } from '../search/instantsearch/adapt-request';
import { adaptResponse } from '../search/instantsearch/adapt-response';
import { searchesIn } from '../search/instantsearch/multi-search-units';
import { timed } from '../search/timed';

/**
 * POST /api/employer/instantsearch/multi-search: the public InstantSearch protocol and engine, for
 * the employer dashboard's advanced search. Unlike the public one it needs a session (an active
 * employer), so it takes the CSRF token like any other POST. Each search costs a read of the
 * client's budget and runs on a turn of its own (http/request-costs.ts).
 */
export function employerSearchRoutes({ search, analytics }: AppContext, costs: RequestCosts): Router {
  const router = Router();
  router.post(
    '/employer/instantsearch/multi-search',
    requireUser,
    requireActiveEmployer,
    costs.charge(searchesIn),
    async (req, res) => {
      const { requests } = parseBody(MultiSearchBody, req);
      const results = await timed(res, () =>
        Promise.all(
          requests.map(adaptQuery).map((query) =>
            costs.inTurn(req, async () => {
              const { response } = await search.search(query.request);
              countAppeared(analytics, response.hits, audienceOf(req));
              return escapedJson(adaptResponse(query, response));
            }),
          ),
        ),
      );
      res.set('Cache-Control', 'no-store');
      sendResults(res, results);
    },
  );
  return router;
}
