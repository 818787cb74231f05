import { Router } from 'express';
import type { AppContext } from '../../../../context';
import type { RequestCosts } from '../../../../http/request-costs';
import { answerMultiSearch } from './answer-multi-search';
import { searchesIn } from './multi-search-units';

/**
 * POST /api/instantsearch/multi-search: what react-instantsearch's searchClient calls, in every
 * mode. Each search costs a read of the client's budget (charged before the body is read).
 */
export function instantSearchRoutes(context: AppContext, costs: RequestCosts): Router {
  const router = Router();
  router.post(
    '/instantsearch/multi-search',
    costs.charge(searchesIn),
    answerMultiSearch(context, costs, 'visitor'),
  );
  return router;
}
