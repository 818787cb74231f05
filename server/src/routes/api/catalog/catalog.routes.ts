import type { AgentList } from '@agentry/domain/contract/agents';
import {
  type AgentCount,
  AgentIdParams,
  AgentsQuery,
  DirectoryAgentsQuery,
  type DirectoryCount,
  DirectoryCountsQuery,
  RolesQuery,
} from '@agentry/domain/contract/catalog';
import type { AgentFilter } from '@agentry/platform/store/port';
import { Router } from 'express';
import { audienceOf } from '../../../analytics/audience';
import { readAgentPage } from '../../../commands/read-agent-page';
import type { AppContext } from '../../../context';
import { CatalogLastChange } from '../../../http/catalog-last-change';
import { type JsonBody, jsonBody, sendJson } from '../../../http/conditional-get';
import { notFound } from '../../../http/errors';
import { setPageHeaders } from '../../../http/pagination';
import { allowAnyOrigin, answerPreflight } from '../../../http/public-read';
import { StoreVersionCache } from '../../../http/store-version-cache';
import { parse, parseQuery } from '../../../http/validate';
import { presentAgents } from '../../../presenters/agent';

// The public catalog read straight from the store (the source of record). Removed agents never
// appear here; lists come sorted by category, then role, one page at a time (LIST_PAGE), with the
// total and the neighbouring pages in headers (http/pagination.ts). The agents, their count, one
// agent, the categories and the roles are open to other origins (http/public-read.ts) and, but the
// count, carry validators for 304s (http/conditional-get.ts). What is not `no-store` is `no-cache`:
// with a Last-Modified and no Cache-Control, caches would guess a freshness and show old lists.

export function catalogRoutes({ store, analytics, replyBadges }: AppContext): Router {
  const router = Router();
  // Totals and counts change only with the listing's groups (an agent listed or unlisted, or a
  // listed one's category or role): counted once per such change, not per request nor per edit.
  const totals = StoreVersionCache.ofGroups<number>(store);
  const counts = StoreVersionCache.ofGroups<DirectoryCount[]>(store);
  const totalOf = (filter: Pick<AgentFilter, 'category' | 'role'>) =>
    totals.get(JSON.stringify(filter), () => store.agents.count(filter));
  // Lists of distinct values, asked by every directory and registration visit: a DISTINCT over the
  // whole catalog each time cost more than any other read (profiled at 100,000 agents). Kept as
  // their JSON text and its ETag, so a request sends bytes without serialising or hashing anything.
  const lists = StoreVersionCache.ofGroups<JsonBody>(store);
  const listOf = async (values: Promise<string[]>) => jsonBody(JSON.stringify(await values));
  const lastChange = new CatalogLastChange(store);

  // The preflights of the public GETs below (OPTIONS /agents is answered by the registration
  // router, which sees it first).
  router.options(['/agents/count', '/agents/:id', '/categories', '/roles'], answerPreflight);

  router.get('/agents', allowAnyOrigin, async (req, res) => {
    const { limit, offset } = parseQuery(AgentsQuery, req);
    const changedAt = await lastChange.get();
    const [agents, total] = await Promise.all([store.agents.list({ limit, offset }), totalOf({})]);
    setPageHeaders(req, res, { total, limit, offset });
    res.set('Cache-Control', 'no-store');
    sendJson(res, jsonBody(JSON.stringify(presentAgents(agents)), String(total)), changedAt);
  });

  router.get('/agents/count', allowAnyOrigin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ count: await totalOf({}) } satisfies AgentCount);
  });

  router.get('/agents/:id', allowAnyOrigin, async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const page = await readAgentPage({ store, replyBadges }, { id });
    if (!page) throw notFound('Agent not found');
    // Counted as opened only when the agent page reads it (?view=page, a HEAD when the page's HTML
    // carried the agent): not the server-rendered HTML (crawlers read it too), nor other readers
    // (shortlists, programs).
    if (req.query.view === 'page') analytics?.countFor(audienceOf(req), 'opened', [id]);
    res.set('Cache-Control', 'no-cache');
    // The structured profile rides along; saving it touches the agent, so updated_at (the ETag)
    // moves with it, and the ETag hashes the body anyway.
    sendJson(res, jsonBody(JSON.stringify(page.answer)), page.changedAt);
  });

  router.get('/categories', allowAnyOrigin, async (_req, res) => {
    const changedAt = await lastChange.get();
    const body = await lists.get('categories', () => listOf(store.agents.categories()));
    res.set('Cache-Control', 'no-cache');
    sendJson(res, body, changedAt);
  });

  router.get('/roles', allowAnyOrigin, async (req, res) => {
    const { category } = parseQuery(RolesQuery, req);
    const changedAt = await lastChange.get();
    const key = `roles\u0000${category ?? ''}`;
    const body = await lists.get(key, () => listOf(store.agents.roles(category || undefined)));
    res.set('Cache-Control', 'no-cache');
    sendJson(res, body, changedAt);
  });

  router.get('/directory/agents', async (req, res) => {
    const { category, role, limit, offset } = parseQuery(DirectoryAgentsQuery, req);
    const filter = { category: category || undefined, role: role || undefined };
    const [agents, total] = await Promise.all([
      store.agents.list({ ...filter, limit, offset }),
      totalOf(filter),
    ]);
    setPageHeaders(req, res, { total, limit, offset });
    res.json(presentAgents(agents) satisfies AgentList);
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
