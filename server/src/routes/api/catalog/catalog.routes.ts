import type { AgentFilter } from '@agentry/platform/store/port';
import { type Response, Router } from 'express';
import type { AppContext } from '../../../context';
import { notFound } from '../../../http/errors';
import { setPageHeaders } from '../../../http/pagination';
import { StoreVersionCache } from '../../../http/store-version-cache';
import { parse, parseQuery } from '../../../http/validate';
import { presentAgent, presentAgents } from '../../../presenters/agent';
import { AgentIdParams, AgentsQuery, DirectoryAgentsQuery, DirectoryCountsQuery, RolesQuery } from './schema';

// The public catalog read straight from the store (the source of record). Removed agents never
// appear here; lists come sorted by category, then role, one page at a time (LIST_PAGE), with the
// total and the neighbouring pages in headers (http/pagination.ts).

export function catalogRoutes({ store, analytics }: AppContext): Router {
  const router = Router();
  // Totals and counts change only with the catalog: counted once per change, not per request.
  const totals = new StoreVersionCache<number>(store);
  const counts = new StoreVersionCache<Array<{ name: string; count: number }>>(store);
  const totalOf = (filter: Pick<AgentFilter, 'category' | 'role'>) =>
    totals.get(JSON.stringify(filter), () => store.agents.count(filter));
  // Lists of distinct values, asked by every directory and registration visit: a DISTINCT over the
  // whole catalog each time cost more than any other read (profiled at 100,000 agents). Kept as
  // their JSON text, so a request sends bytes without serialising anything.
  const lists = new StoreVersionCache<string>(store);
  const sendList = (res: Response, body: string) => res.type('json').send(body);

  router.get('/agents', async (req, res) => {
    const { limit, offset } = parseQuery(AgentsQuery, req);
    const [agents, total] = await Promise.all([store.agents.list({ limit, offset }), totalOf({})]);
    setPageHeaders(req, res, { total, limit, offset });
    res.set('Cache-Control', 'no-store').json(presentAgents(agents));
  });

  router.get('/agents/count', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ count: await totalOf({}) });
  });

  router.get('/agents/:id', async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const agent = await store.agents.get(id);
    if (!agent || agent.removed) throw notFound('Agent not found');
    // Counted as opened only when the agent page reads it (?view=page): its server-rendered HTML
    // is not counted (the page calls this too), nor other readers (shortlists, programs).
    if (req.query.view === 'page') analytics?.count('opened', [agent.id]);
    res.json(presentAgent(agent));
  });

  router.get('/categories', async (_req, res) => {
    sendList(res, await lists.get('categories', async () => JSON.stringify(await store.agents.categories())));
  });

  router.get('/roles', async (req, res) => {
    const { category } = parseQuery(RolesQuery, req);
    const key = `roles\u0000${category ?? ''}`;
    sendList(
      res,
      await lists.get(key, async () => JSON.stringify(await store.agents.roles(category || undefined))),
    );
  });

  router.get('/directory/agents', async (req, res) => {
    const { category, role, limit, offset } = parseQuery(DirectoryAgentsQuery, req);
    const filter = { category: category || undefined, role: role || undefined };
    const [agents, total] = await Promise.all([
      store.agents.list({ ...filter, limit, offset }),
      totalOf(filter),
    ]);
    setPageHeaders(req, res, { total, limit, offset });
    res.json(presentAgents(agents));
  });

  /** How many agents each category lists, or each role of one category: the directory's overview. */
  router.get('/directory/counts', async (req, res) => {
    const { category } = parseQuery(DirectoryCountsQuery, req);
    const body = await counts.get(category || '', async () => {
      const groups = category
        ? await store.agents.countBy('role', { category })
        : await store.agents.countBy('category');
      return groups.map((group) => ({ name: group.value, count: group.count }));
    });
    res.json(body);
  });

  return router;
}
