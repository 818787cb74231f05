import type { SearchRequest } from '@agentry/platform/search/port';
import type { Request } from 'express';
import type { RequestCosts } from '../http/request-costs';
import type { SearchService, ServiceResponse } from './search-service';

/**
 * One search for a request: an answer the engine has kept (a popular query, a role list's page)
 * comes back at once; any other waits for the client's turn of the event loop (http/fair-turns.ts).
 * A kept answer costs a lookup, so queueing it gains no fairness and cost it a wait behind the
 * distinct searches queued before it (issue 24: role lists, nearly all kept, had the p50 of
 * searches, 42–208 ms, under the open loop).
 */
export function searchInTurn(
  search: Pick<SearchService, 'lookup'>,
  costs: Pick<RequestCosts, 'inTurn'>,
  req: Request,
  request: SearchRequest,
): Promise<ServiceResponse> {
  // One lookup: the request's key is built once, for the kept answers and the search on a miss.
  const { kept, search: searchNow } = search.lookup(request);
  return kept ? Promise.resolve(kept) : costs.inTurn(req, searchNow);
}
