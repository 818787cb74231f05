import { rebuildIndex } from '@agentry/indexer/rebuild';
import { REBUILD_WHEN_BEHIND } from '@agentry/indexer/sync-loop';
import type { Config } from '@agentry/platform/config/env';
import { openSearchEngine } from '@agentry/platform/search/factory';
import type { Store } from '@agentry/platform/store/port';

// A bulk import leaves the embedded index far behind the store, and the next `npm start` would
// spend its first seconds rebuilding it (12.9 s to searchable at 100,000 agents, measured with
// bench:search). The import builds it instead, while the person is already waiting at the
// terminal, so the start only loads it. Small imports are left to the running indexer, which
// replays them in moments; with Meilisearch the indexer process feeds the index as always.

export async function indexAfterImport(
  config: Config,
  store: Store,
  onProgress: (done: number, total: number) => void,
  rebuildWhenBehind = REBUILD_WHEN_BEHIND,
): Promise<{ documents: number } | null> {
  if (config.search !== 'embedded') return null;
  const engine = await openSearchEngine(config, { serve: false });
  try {
    const behind = (await store.changes.head()) - (await engine.checkpoint());
    if (behind <= rebuildWhenBehind) return null;
    const { documents } = await rebuildIndex(store, engine, ({ done, total }) => onProgress(done, total));
    return { documents };
  } finally {
    await engine.close();
  }
}
