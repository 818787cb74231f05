import type { Agent, PublicAgent } from '@agentry/domain/agent';
import { SHOWCASE } from '@agentry/domain/home-showcase';
import type { Store } from '@agentry/platform/store/port';
import type { SearchService } from '../search-service/search-service';
import type { Query } from './command';
import type { Services } from './services';

// The home page's three agent lists (issue 25, part 2; domain/home-showcase.ts). Each is a bounded
// read, never a scan of the catalog: the newest from the search engine's newest-first order (kept
// sorted by the embedded engine, sortable in Meilisearch, the store's plain order when both are
// down); verified agents from the newest verified domains' owners (a page of domains, then each
// owner's agents by its index); well-reviewed from the reviews grouped per agent (the reviews, not
// the agents). The route caches the result for SHOWCASE.cacheMinutes.

export interface HomeShowcase {
  newest: PublicAgent[];
  verified: Agent[];
  well_reviewed: Agent[];
}

const { listLength } = SHOWCASE;

async function newest(search: SearchService): Promise<PublicAgent[]> {
  const { response } = await search.search({ query: '', sort: 'newest', hitsPerPage: listLength });
  return response.hits.map((hit) => hit.document);
}

async function verified(store: Store): Promise<Agent[]> {
  const domains = await store.verifications.list({ status: 'verified', limit: SHOWCASE.verifiedOwners });
  const owners = [...new Set(domains.map((domain) => domain.user_id))];
  const found: Agent[] = [];
  // One provider at a time, until the list is full: a provider with many agents shows at most two
  // of them, so one catalog does not fill the row.
  for (const ownerId of owners) {
    const agents = await store.agents.list({ ownerId, limit: listLength });
    found.push(...agents.filter((agent) => agent.verified_domain).slice(0, 2));
    if (found.length >= listLength) break;
  }
  return found.slice(0, listLength);
}

async function wellReviewed(store: Store): Promise<Agent[]> {
  // More candidates than shown: a removed agent is skipped and the next takes its place.
  const rated = (await store.reviews.topRated(SHOWCASE.minReviews, listLength * 3)).filter(
    (row) => row.sum / row.count >= SHOWCASE.minAverage,
  );
  const agents = new Map(
    (await store.agents.getMany(rated.map((row) => row.agent_id))).map((a) => [a.id, a]),
  );
  return rated
    .map((row) => agents.get(row.agent_id))
    .filter((agent): agent is Agent => agent !== undefined && !agent.removed)
    .slice(0, listLength);
}

export const homeShowcase: Query<
  Pick<Services, 'store'> & { search: SearchService },
  void,
  HomeShowcase
> = async ({ store, search }, _input) => {
  const [newestAgents, verifiedAgents, reviewed] = await Promise.all([
    newest(search),
    verified(store),
    wellReviewed(store),
  ]);
  return { newest: newestAgents, verified: verifiedAgents, well_reviewed: reviewed };
};
