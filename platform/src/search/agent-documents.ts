import type { Agent } from '@agentry/domain/agent';
import { PROFILE_BATCH_MAX, type Store } from '../store/port';
import { toSearchDocument } from './document';
import type { SearchDocument } from './port';

/**
 * The search documents of these agents, each with the facts of its structured profile: one batched
 * read of the profiles per PROFILE_BATCH_MAX agents (the indexer's batches, a rebuild's pages and
 * the index check all go through here, so the index carries what the store's profiles say).
 */
export async function searchDocumentsOf(
  store: Pick<Store, 'profiles'>,
  agents: readonly Agent[],
): Promise<SearchDocument[]> {
  const documents: SearchDocument[] = [];
  for (let from = 0; from < agents.length; from += PROFILE_BATCH_MAX) {
    const slice = agents.slice(from, from + PROFILE_BATCH_MAX);
    const stored = await store.profiles.getMany(slice.map((agent) => agent.id));
    const byId = new Map(stored.map((entry) => [entry.agent_id, entry.profile]));
    for (const agent of slice) documents.push(toSearchDocument(agent, byId.get(agent.id)));
  }
  return documents;
}
