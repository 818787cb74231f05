import { type RebuildProgress, rebuildIndex } from '@agentry/indexer/rebuild';
import { rebuildInWorker } from '@agentry/indexer/rebuild-in-worker';
import type { Config } from '@agentry/platform/config/env';
import type { SearchEngine } from '@agentry/platform/search/port';
import type { Store } from '@agentry/platform/store/port';

/**
 * How this API rebuilds the search index when staff ask (the admin screen's Reindex,
 * commands/admin/reindex-job.ts): decided here, once, from the configured engine, so the command
 * never asks which engine it has.
 */
export interface IndexRebuilder {
  /** The engine's name, for the audit log ("Reindex (embedded)"). */
  engine: SearchEngine['kind'];
  /**
   * The indexer process runs rebuilds: with Meilisearch and the indexer apart (compose), the API
   * holds a search-only key and cannot build an index.
   */
  delegated: boolean;
  /** Builds a new index beside the live one, then swaps; search answers throughout. */
  rebuild(onProgress: (progress: RebuildProgress) => void): Promise<{ documents: number }>;
}

/** A rebuild still running after this long is stopped and reported failed (100,000 agents take seconds). */
export const REINDEX_DEADLINE_MS = 60 * 60 * 1000;

/** The rebuilder of the configured engine; null when search answers from the store (no index). */
export function indexRebuilderFor(
  config: Config,
  store: Store,
  engine: SearchEngine | null,
): IndexRebuilder | null {
  if (!engine) return null;
  return {
    engine: engine.kind,
    delegated: engine.kind === 'meilisearch' && config.INDEXER === 'external',
    // The embedded index is rebuilt on a worker thread, off the request thread; Meilisearch
    // rebuilds on its own server.
    rebuild: (onProgress) =>
      engine.kind === 'embedded'
        ? rebuildInWorker(config, onProgress, REINDEX_DEADLINE_MS)
        : rebuildIndex(store, engine, onProgress),
  };
}
