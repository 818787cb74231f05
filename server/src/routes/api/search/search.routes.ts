import { SEARCH_MAX_DEPTH } from '@agentry/domain/limits';
import type { SearchRequest, SearchResponse } from '@agentry/platform/search/port';
import { Router } from 'express';
import { countAppeared } from '../../../analytics/count-hits';
import type { AppContext } from '../../../context';
import { notFound } from '../../../http/errors';
import { setPageHeaders } from '../../../http/pagination';
import { parse, parseQuery } from '../../../http/validate';
import { presentAgent } from '../../../presenters/agent';
import type { SearchService } from '../../../search/search-service';
import { AgentIdParams } from '../catalog/schema';
import { SearchByRoleQuery, SearchQuery, SimilarQuery } from './schema';
import { timed } from './timed';

// Popular searches come back from the engine's cache as the same object: their JSON is kept
// beside it rather than rebuilt for every request.
const bodies = new WeakMap<SearchResponse, string>();
function presentedBody(response: SearchResponse): string {
  let body = bodies.get(response);
  if (body === undefined) {
    body = JSON.stringify(response.hits.map((hit) => presentAgent(hit.document)));
    bodies.set(response, body);
  }
  return body;
}

/**
 * `limit` results after `offset`, from the engine's pages of `limit` (one page, or the two that
 * straddle an offset that is not a multiple of the limit).
 */
async function searchWindow(search: SearchService, request: SearchRequest, offset: number, limit: number) {
  const first = Math.floor(offset / limit);
  const pages = offset % limit === 0 ? [first] : [first, first + 1];
  const responses = await Promise.all(
    pages.map(async (page) => (await search.search({ ...request, page, hitsPerPage: limit })).response),
  );
  if (responses.length === 1) {
    const [response] = responses as [SearchResponse];
    return { body: presentedBody(response), total: response.totalHits, hits: response.hits };
  }
  const start = offset - first * limit;
  const hits = responses.flatMap((response) => response.hits).slice(start, start + limit);
  return {
    body: JSON.stringify(hits.map((hit) => presentAgent(hit.document))),
    total: responses[0]!.totalHits,
    hits,
  };
}

export function searchRoutes({ search, store, analytics }: AppContext): Router {
  const router = Router();

  /** Spec: an array of agents, best first. Blank queries answer an empty array. */
  router.get('/search', async (req, res) => {
    const { query, limit } = parseQuery(SearchQuery, req);
    if (query.trim() === '') {
      res.json([]);
      return;
    }
    const { response, degraded } = await timed(res, () => search.search({ query, hitsPerPage: limit }));
    // Said, not hidden: monitoring and the benchmarks tell the store's plain matching apart.
    if (degraded) res.set('X-Search-Degraded', 'store');
    countAppeared(analytics, response.hits);
    res.type('json').send(presentedBody(response));
  });

  /** Spec: an array of agents, by name; one page of them, paged like the catalog's lists. */
  router.get('/search-by-role', async (req, res) => {
    const { role, category, limit, offset } = parseQuery(SearchByRoleQuery, req);
    const filters = category ? { role: [role], category: [category] } : { role: [role] };
    const { body, total, hits } = await timed(res, () =>
      searchWindow(search, { query: '', filters, sort: 'name' }, offset, limit),
    );
    countAppeared(analytics, hits);
    setPageHeaders(req, res, { total, limit, offset, end: SEARCH_MAX_DEPTH });
    res.type('json').send(body);
  });

  /** Agents like this one (same job first), itself left out. */
  router.get('/agents/:id/similar', async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const { limit } = parseQuery(SimilarQuery, req);
    const agent = await store.agents.get(id);
    if (!agent || agent.removed) throw notFound('Agent not found');
    const { response } = await timed(res, () =>
      search.search({ query: '', similarTo: agent.id, hitsPerPage: limit }),
    );
    res.type('json').send(presentedBody(response));
  });

  return router;
}
