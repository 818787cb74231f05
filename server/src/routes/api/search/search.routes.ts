import type { SearchResponse } from '@agentry/platform/search/port';
import { Router } from 'express';
import type { AppContext } from '../../../context';
import { notFound } from '../../../http/errors';
import { parse, parseQuery } from '../../../http/validate';
import { presentAgent } from '../../../presenters/agent';
import { AgentIdParams } from '../catalog/schema';
import { SearchByRoleQuery, SearchQuery, SimilarQuery } from './schema';
import { timed } from './timed';

const ROLE_LIST_LIMIT = 100;

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

export function searchRoutes({ search, store }: AppContext): Router {
  const router = Router();

  /** Spec: an array of agents, best first. Blank queries answer an empty array. */
  router.get('/search', async (req, res) => {
    const { query, limit } = parseQuery(SearchQuery, req);
    if (query.trim() === '') {
      res.json([]);
      return;
    }
    const { response } = await timed(res, () => search.search({ query, hitsPerPage: limit }));
    res.type('json').send(presentedBody(response));
  });

  router.get('/search-by-role', async (req, res) => {
    const { role, category } = parseQuery(SearchByRoleQuery, req);
    const filters = category ? { role: [role], category: [category] } : { role: [role] };
    const { response } = await timed(res, () =>
      search.search({ query: '', filters, hitsPerPage: ROLE_LIST_LIMIT, sort: 'name' }),
    );
    res.type('json').send(presentedBody(response));
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
