import { searchDocumentsOf } from '@agentry/platform/search/agent-documents';
import { fingerprint } from '@agentry/platform/search/document';
import type { SearchEngine } from '@agentry/platform/search/port';
import type { Store } from '@agentry/platform/store/port';

// How the index and the store differ: agents missing from the index, documents the index should
// not have (removed or deleted agents), and documents whose content is out of date.

export interface IndexDifferences {
  missing: string[];
  extra: string[];
  stale: string[];
  /** Changes recorded in the store that the index has not applied yet. */
  pendingChanges: number;
}

export const totalDifferences = (d: IndexDifferences) => d.missing.length + d.extra.length + d.stale.length;

export async function compareIndex(store: Store, engine: SearchEngine): Promise<IndexDifferences> {
  const [indexed, head, checkpoint] = await Promise.all([
    engine.fingerprints(),
    store.changes.head(),
    engine.checkpoint(),
  ]);
  const missing: string[] = [];
  const stale: string[] = [];
  const seen = new Set<string>();
  for await (const agents of store.agents.scan(1000)) {
    for (const document of await searchDocumentsOf(store, agents)) {
      seen.add(document.id);
      const actual = indexed.get(document.id);
      if (actual === undefined) missing.push(document.id);
      else if (actual !== fingerprint(document)) stale.push(document.id);
    }
  }
  const extra = [...indexed.keys()].filter((id) => !seen.has(id));
  return { missing, extra, stale, pendingChanges: Math.max(0, head - checkpoint) };
}
