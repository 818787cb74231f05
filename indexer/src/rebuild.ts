import { searchDocumentsOf } from '@agentry/platform/search/agent-documents';
import type { SearchEngine } from '@agentry/platform/search/port';
import type { Store } from '@agentry/platform/store/port';

// A full rebuild with no downtime: note where the change log stands, copy every live agent into a
// new index beside the live one, swap, and record that position. The indexer then replays the
// changes made during the copy (idempotent upserts that re-read the store), so nothing is lost.

export interface RebuildProgress {
  done: number;
  total: number;
}

export const REBUILD_BATCH = 1000;

export async function rebuildIndex(
  store: Store,
  engine: SearchEngine,
  onProgress: (progress: RebuildProgress) => void = () => {},
): Promise<{ documents: number; checkpoint: number }> {
  const checkpoint = await store.changes.head();
  const total = await store.agents.count();
  const build = await engine.beginRebuild();
  let done = 0;
  try {
    for await (const agents of store.agents.scan(REBUILD_BATCH)) {
      await build.add(await searchDocumentsOf(store, agents));
      done += agents.length;
      onProgress({ done, total: Math.max(total, done) });
    }
    await build.swap(checkpoint);
  } catch (error) {
    await build.abort().catch(() => {});
    throw error;
  }
  return { documents: done, checkpoint };
}
