import { AgentIdParams } from '@agentry/domain/contract/catalog';
import { SearchByRoleQuery, SearchQuery, SimilarQuery } from '@agentry/domain/contract/search';
import { SEARCH_MAX_DEPTH } from '@agentry/domain/request-bounds';
import type { SearchRequest, SearchResponse } from '@agentry/platform/search/port';
import { type Request, Router } from 'express';
import { audienceOf } from '../../../analytics/audience';
import { countAppeared } from '../../../analytics/count-hits';
import type { AppContext } from '../../../context';
import { type JsonBody, jsonBody, sendJson } from '../../../http/conditional-get';
import { notFound } from '../../../http/errors';
import { setPageHeaders } from '../../../http/pagination';
import { allowAnyOrigin, answerPreflight } from '../../../http/public-read';
import type { RequestCosts } from '../../../http/request-costs';
import { parse, parseQuery } from '../../../http/validate';
import { presentAgent } from '../../../presenters/agent';
import { searchInTurn } from '../../../search-service/search-in-turn';
import type { ServiceResponse } from '../../../search-service/search-service';

import { timed } from './timed';

// Popular searches come back from the engine's cache as the same object: their JSON (and its
// ETag) is kept beside it rather than rebuilt for every request; role lists, whose ETag also covers
// the total, keep theirs too.
const bodies = new WeakMap<SearchResponse, JsonBody>();
const pagedBodies = new WeakMap<SearchResponse, JsonBody>();
const presented = (hits: SearchResponse['hits']) =>
  JSON.stringify(hits.map((hit) => presentAgent(hit.document)));
function presentedBody(response: SearchResponse): JsonBody {
  let body = bodies.get(response);
  if (body === undefined) {
    body = jsonBody(presented(response.hits));
    bodies.set(response, body);
  }
  return body;
}

const EMPTY = jsonBody('[]');

/**
 * `limit` results after `offset`, from the engine's pages of `limit` (one page, or the two that
 * straddle an offset that is not a multiple of the limit), with the total in its ETag.
 */
async function searchWindow(
  answer: (request: SearchRequest) => Promise<ServiceResponse>,
  request: SearchRequest,
  offset: number,
  limit: number,
) {
  const first = Math.floor(offset / limit);
  const pages = offset % limit === 0 ? [first] : [first, first + 1];
  const responses = await Promise.all(
    pages.map(async (page) => (await answer({ ...request, page, hitsPerPage: limit })).response),
  );
  const total = responses[0]!.totalHits;
  if (responses.length === 1) {
    const [response] = responses as [SearchResponse];
    let body = pagedBodies.get(response);
    if (body === undefined) {
      body = jsonBody(presented(response.hits), String(total));
      pagedBodies.set(response, body);
    }
    return { body, total, hits: response.hits };
  }
  const start = offset - first * limit;
  const hits = responses.flatMap((response) => response.hits).slice(start, start + limit);
  return { body: jsonBody(presented(hits), String(total)), total, hits };
}

/**
 * Each search runs on its client's turn (http/fair-turns.ts): a burst of them interleaves with
 * others' requests. An answer the engine has kept needs no turn (search-in-turn.ts).
 */
export function searchRoutes({ search, store, analytics }: AppContext, costs: RequestCosts): Router {
  const router = Router();
  const answer = (req: Request) => (request: SearchRequest) => searchInTurn(search, costs, req, request);
  // Open to other origins (http/public-read.ts). ETags only, over what is sent: the engine follows
  // the catalog a little behind, so the catalog's last change cannot date its answers. `no-cache`:
  // a cache may keep an answer but asks again each time, so results stay current for a 304's cost.
  router.options(['/search', '/search-by-role', '/agents/:id/similar'], answerPreflight);

  /**
   * Spec: an array of agents, best first. Blank queries answer an empty array. The array keeps the
   * spec's shape; the match floor travels in a header: X-Match-Count says how many agents meet it
   * in all, and the first that many of the array (as far as it goes) are matches, the rest related
   * agents. The "why" of each agent is in the InstantSearch and MCP answers, whose shapes have room.
   */
  router.get('/search', allowAnyOrigin, async (req, res) => {
    const { query, limit } = parseQuery(SearchQuery, req);
    res.set('Cache-Control', 'no-cache');
    if (query.trim() === '') {
      sendJson(res, EMPTY);
      return;
    }
    const { response, degraded } = await timed(res, () => answer(req)({ query, hitsPerPage: limit }));
    // Said, not hidden: monitoring and the benchmarks tell the store's plain matching apart.
    if (degraded) res.set('X-Search-Degraded', 'store');
    res.set('X-Match-Count', String(response.matchCount));
    countAppeared(analytics, response.hits, audienceOf(req));
    sendJson(res, presentedBody(response));
  });

  /** Spec: an array of agents, by name; one page of them, paged like the catalog's lists. */
  router.get('/search-by-role', allowAnyOrigin, async (req, res) => {
    const { role, category, limit, offset } = parseQuery(SearchByRoleQuery, req);
    const filters = category ? { role: [role], category: [category] } : { role: [role] };
    const { body, total, hits } = await timed(res, () =>
      searchWindow(answer(req), { query: '', filters, sort: 'name' }, offset, limit),
    );
    countAppeared(analytics, hits, audienceOf(req));
    setPageHeaders(req, res, { total, limit, offset, end: SEARCH_MAX_DEPTH });
    res.set('Cache-Control', 'no-cache');
    sendJson(res, body);
  });

  /** Agents like this one (same job first), itself left out. */
  router.get('/agents/:id/similar', allowAnyOrigin, async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const { limit } = parseQuery(SimilarQuery, req);
    const agent = await store.agents.get(id);
    if (!agent || agent.removed) throw notFound('Agent not found');
    const { response } = await timed(res, () =>
      answer(req)({ query: '', similarTo: agent.id, hitsPerPage: limit }),
    );
    res.set('Cache-Control', 'no-cache');
    sendJson(res, presentedBody(response));
  });

  return router;
}
