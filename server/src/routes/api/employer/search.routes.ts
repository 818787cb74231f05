import { Router } from 'express';
import type { AppContext } from '../../../context';
import type { RequestCosts } from '../../../http/request-costs';
import { requireUser } from '../../../http/require-user';
import { requireActiveEmployer } from '../../../policies/employer';
import { answerMultiSearch } from '../search/instantsearch/answer-multi-search';
import { searchesIn } from '../search/instantsearch/multi-search-units';

/**
 * POST /api/employer/instantsearch/multi-search: the public InstantSearch protocol and engine, for
 * the employer dashboard's advanced search. Unlike the public one it needs a session (an active
 * employer), so it takes the CSRF token like any other POST; each search costs a read of the
 * client's budget.
 */
export function employerSearchRoutes(context: AppContext, costs: RequestCosts): Router {
  const router = Router();
  const activeEmployer = requireActiveEmployer(context.store);
  router.post(
    '/employer/instantsearch/multi-search',
    requireUser,
    activeEmployer,
    costs.charge(searchesIn),
    answerMultiSearch(context, costs, 'employer'),
  );
  return router;
}
