import type { Agent } from '@agentry/domain/agent';
import type { Store } from '../../store/port';
import type { SearchRequest } from '../port';

// Where the store-backed engine's answers come from. Every list is bounded (list() answers at most
// AGENT_LIST_MAX agents, the plain matching at most QUERY_CANDIDATES): without an index, the totals
// and facet counts of an answer count these candidates, not the whole catalog.

/** The most agents a query takes from the store's plain matching. */
export const QUERY_CANDIDATES = 1000;

/** The agents a request may answer, in the store's order (its relevance), before any filter. */
export async function readCandidates(store: Store, request: SearchRequest): Promise<Agent[]> {
  const similar = request.similarTo ? await store.agents.get(request.similarTo) : null;
  // The store cannot weigh likeness: agents that do the same job are the like ones.
  if (similar) return store.agents.list({ category: similar.category, role: similar.role });
  const query = request.query.trim();
  if (query !== '') return store.agents.searchBasic(query, QUERY_CANDIDATES);
  // A browse of one category or role asks the store for just those, so that the bound falls on
  // the agents asked for rather than on the first ones of the whole catalog.
  return store.agents.list({ category: only(request.filters?.category), role: only(request.filters?.role) });
}

const only = (values: string[] | undefined) => (values?.length === 1 ? values[0] : undefined);
