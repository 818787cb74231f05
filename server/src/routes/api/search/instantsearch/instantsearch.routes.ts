import { Router } from 'express';
import { z } from 'zod';
import { countAppeared } from '../../../../analytics/count-hits';
import type { AppContext } from '../../../../context';
import { parseBody } from '../../../../http/validate';
import { timed } from '../timed';
import { adaptQuery } from './adapt-request';
import { adaptResponse } from './adapt-response';

const MultiSearchBody = z.object({
  requests: z
    .array(
      z.object({
        indexName: z.string().max(100).optional(),
        params: z.union([z.record(z.string(), z.unknown()), z.string().max(10_000)]).optional(),
      }),
    )
    .min(1, 'requests must not be empty')
    .max(20, 'at most 20 requests at once'),
});

/** POST /api/instantsearch/multi-search: what react-instantsearch's searchClient calls, in every mode. */
export function instantSearchRoutes({ search, analytics }: AppContext): Router {
  const router = Router();
  router.post('/instantsearch/multi-search', async (req, res) => {
    const { requests } = parseBody(MultiSearchBody, req);
    const adapted = requests.map(adaptQuery);
    const results = await timed(res, () =>
      Promise.all(
        adapted.map(async (query) => {
          const { response } = await search.search(query.request);
          countAppeared(analytics, response.hits);
          return adaptResponse(query, response);
        }),
      ),
    );
    res.json({ results });
  });
  return router;
}
