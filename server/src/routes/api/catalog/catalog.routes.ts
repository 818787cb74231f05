import { Router } from 'express';
import type { AppContext } from '../../../context';
import { notFound } from '../../../http/errors';
import { parse, parseQuery } from '../../../http/validate';
import { presentAgent, presentAgents } from '../../../presenters/agent';
import { AgentIdParams, AgentsQuery, DirectoryQuery, RolesQuery } from './schema';

// The public catalog read straight from the store (the source of record). Removed agents never
// appear here; lists come sorted by category, then role.

export function catalogRoutes({ store }: AppContext): Router {
  const router = Router();

  router.get('/agents', async (req, res) => {
    parseQuery(AgentsQuery, req);
    res.set('Cache-Control', 'no-store').json(presentAgents(await store.agents.list()));
  });

  router.get('/agents/count', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ count: await store.agents.count() });
  });

  router.get('/agents/:id', async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const agent = await store.agents.get(id);
    if (!agent || agent.removed) throw notFound('Agent not found');
    res.json(presentAgent(agent));
  });

  router.get('/categories', async (_req, res) => {
    res.json(await store.agents.categories());
  });

  router.get('/roles', async (req, res) => {
    const { category } = parseQuery(RolesQuery, req);
    res.json(await store.agents.roles(category || undefined));
  });

  router.get('/directory/agents', async (req, res) => {
    const { category, role } = parseQuery(DirectoryQuery, req);
    res.json(
      presentAgents(await store.agents.list({ category: category || undefined, role: role || undefined })),
    );
  });

  return router;
}
