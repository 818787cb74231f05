import { MultiSearchBody } from '@agentry/domain/contract/search';
import type { RequestHandler } from 'express';
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

// The one InstantSearch multi-search answer, behind both endpoints: the public one (visitors; the
// paid boundary applies) and the employer dashboard's (an active employer; every facet, filter and
// sort). The routes differ only in who may call and in what `audience` allows, so a change to the
// protocol (a new parameter, a cap, a message) is made here once.

export type MultiSearchAudience = 'visitor' | 'employer';

export function answerMultiSearch(
  { search, analytics }: Pick<AppContext, 'search' | 'analytics'>,
  costs: RequestCosts,
  audience: MultiSearchAudience,
): RequestHandler {
  return async (req, res) => {
    const { requests } = parseBody(MultiSearchBody, req);
    const adapted = requests.map(adaptQuery).map((query) =>
      // The paid boundary: provider facets and filters, price ranges and price sorts are refused here.
      audience === 'visitor'
        ? { ...query, request: freeSearchRequest(query.request, query.params.facets) }
        : query,
    );
    // Each search runs on a turn of its own and is serialised there too (http/request-costs.ts).
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
    // A subscriber's answers are theirs alone: no shared cache may keep them.
    if (audience === 'employer') res.set('Cache-Control', 'no-store');
    sendResults(res, results);
  };
}
