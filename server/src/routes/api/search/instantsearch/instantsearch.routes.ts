import { MULTI_SEARCH_MAX_REQUESTS } from '@agentry/domain/limits';
import { Router } from 'express';
import { z } from 'zod';
import { audienceOf } from '../../../../analytics/audience';
import { countAppeared } from '../../../../analytics/count-hits';
import type { AppContext } from '../../../../context';
import { escapedJson, sendResults } from '../../../../http/json-text';
import type { RequestCosts } from '../../../../http/request-costs';
import { parseBody } from '../../../../http/validate';
import { freeSearchRequest } from '../../../../policies/paid-search-params';
import { timed } from '../timed';
import { adaptQuery } from './adapt-request';
import { adaptResponse } from './adapt-response';
import { searchesIn } from './multi-search-units';

const MultiSearchBody = z.object({
  requests: z
    .array(
      z.object({
        indexName: z.string().max(100).optional(),
        params: z.union([z.record(z.string(), z.unknown()), z.string().max(10_000)]).optional(),
      }),
    )
    .min(1, 'requests must not be empty')
    .max(MULTI_SEARCH_MAX_REQUESTS, `at most ${MULTI_SEARCH_MAX_REQUESTS} requests at once`),
});

/**
 * POST /api/instantsearch/multi-search: what react-instantsearch's searchClient calls, in every
 * mode. Each search costs a read of the client's budget and runs on a turn of its own
 * (http/request-costs.ts), its result serialised there too (http/json-text.ts).
 */
export function instantSearchRoutes({ search, analytics }: AppContext, costs: RequestCosts): Router {
  const router = Router();
  router.post('/instantsearch/multi-search', costs.charge(searchesIn), async (req, res) => {
    const { requests } = parseBody(MultiSearchBody, req);
    // The paid boundary: provider facets and filters, price ranges and price sorts are refused here.
    const adapted = requests.map(adaptQuery).map((query) => ({
      ...query,
      request: freeSearchRequest(query.request, query.params.facets),
    }));
    const results = await timed(res, () =>
      Promise.all(
        adapted.map((query) =>
          costs.inTurn(req, async () => {
            const { response } = await search.search(query.request);
            countAppeared(analytics, response.hits, audienceOf(req));
            return escapedJson(adaptResponse(query, response));
          }),
        ),
      ),
    );
    sendResults(res, results);
  });
  return router;
}
