import { Router } from 'express';
import type { AppContext } from '../../../context';
import { notFound } from '../../../http/errors';
import { parse, parseQuery } from '../../../http/validate';
import { presentAgent } from '../../../presenters/agent';
import { AgentIdParams } from '../catalog/schema';
import { SearchByRoleQuery, SearchQuery, SimilarQuery } from './schema';

const ROLE_LIST_LIMIT = 100;

export function searchRoutes({ search, store }: AppContext): Router {
  const router = Router();

  /** Spec: an array of agents, best first. Blank queries answer an empty array. */
  router.get('/search', async (req, res) => {
    const { query, limit } = parseQuery(SearchQuery, req);
    if (query.trim() === '') {
      res.json([]);
      return;
    }
    const result = await search.search({ query, hitsPerPage: limit });
    res.json(result.hits.map((hit) => presentAgent(hit.document)));
  });

  router.get('/search-by-role', async (req, res) => {
    const { role, category } = parseQuery(SearchByRoleQuery, req);
    const filters = category ? { role: [role], category: [category] } : { role: [role] };
    const result = await search.search({ query: '', filters, hitsPerPage: ROLE_LIST_LIMIT, sort: 'name' });
    res.json(result.hits.map((hit) => presentAgent(hit.document)));
  });

  /** Agents like this one (same job first), itself left out. */
  router.get('/agents/:id/similar', async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const { limit } = parseQuery(SimilarQuery, req);
    const agent = await store.agents.get(id);
    if (!agent || agent.removed) throw notFound('Agent not found');
    const result = await search.search({ query: '', similarTo: agent.id, hitsPerPage: limit });
    res.json(result.hits.map((hit) => presentAgent(hit.document)));
  });

  return router;
}
