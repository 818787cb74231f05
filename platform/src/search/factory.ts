import path from 'node:path';
import type { Config } from '../config/env';
import { meiliAccessOf } from '../config/role';
import type { Logger } from '../log/logger';
import { EmbeddedSearchEngine } from './embedded/embedded-engine';
import type { SearchEngine } from './port';

export const SEARCH_FILE_NAME = 'search.db';

/** The store's plain matching, the engine search answers from while the configured one cannot. */
export { StoreFallbackEngine } from './store-fallback/store-fallback-engine';

export interface OpenSearchOptions {
  /** The process answers searches (API) rather than only writing (indexer, reindex). */
  serve: boolean;
  /** Serving: return before the index is loaded (the API; see EmbeddedOptions.loadInBackground). */
  loadInBackground?: boolean;
  logger?: Logger;
}

type SearchConfig = Pick<
  Config,
  | 'search'
  | 'dataDir'
  | 'INDEXER_POLL_MS'
  | 'SEARCH_SLICE_MS'
  | 'MEILI_HOST'
  | 'MEILI_API_KEY'
  | 'MEILI_SEARCH_KEY'
  | 'INDEXER'
  | 'MEILI_INDEX'
  | 'MEILI_EMBEDDER'
  | 'MEILI_SEMANTIC_RATIO'
>;

/**
 * The engine the config asks for: Meilisearch when MEILI_HOST is set, else the embedded engine in
 * DATA_DIR. Meilisearch is opened without waiting for it (meili-engine.ts): a process starts while
 * it is down, with the key of its role (config/role.ts: the API's search key, the indexer's key).
 */
export async function openSearchEngine(
  config: SearchConfig,
  options: OpenSearchOptions,
): Promise<SearchEngine> {
  if (config.search === 'meilisearch') {
    // Loaded only when used: the meilisearch client is ESM-only and unneeded in embedded mode.
    const { openMeiliEngine } = await import('./meili/meili-engine');
    return openMeiliEngine(
      {
        host: config.MEILI_HOST!,
        ...meiliAccessOf(config, options.serve ? 'api' : 'indexer'),
        indexUid: config.MEILI_INDEX,
        embedder: config.MEILI_EMBEDDER,
        semanticRatio: config.MEILI_SEMANTIC_RATIO,
      },
      options.logger,
    );
  }
  return EmbeddedSearchEngine.open(path.join(config.dataDir, SEARCH_FILE_NAME), {
    serve: options.serve,
    loadInBackground: options.loadInBackground,
    // The index's snapshot beside search.db: ready in about a second after a restart at 100,000 agents.
    snapshots: true,
    pollMs: config.INDEXER_POLL_MS,
    logger: options.logger,
    slices: { budgetMs: config.SEARCH_SLICE_MS === 0 ? Number.POSITIVE_INFINITY : config.SEARCH_SLICE_MS },
    // Most distinct searches are asked once: their answers are not worth copying into the cache.
    keepOnSecondAsk: true,
  });
}

/**
 * `npm run migrate` for search: Meilisearch's indexes and this version's settings, once per deploy
 * (meili/migrate.ts), with the indexer's key. The embedded engine keeps its settings in the code
 * and needs nothing.
 */
export async function migrateSearch(
  config: SearchConfig,
  options: { force?: boolean; logger?: Logger } = {},
): Promise<{ engine: 'embedded' | 'meilisearch'; applied: boolean; fingerprint?: string }> {
  if (config.search !== 'meilisearch') return { engine: 'embedded', applied: false };
  const { migrateMeiliIndex } = await import('./meili/migrate');
  const result = await migrateMeiliIndex({
    host: config.MEILI_HOST!,
    apiKey: meiliAccessOf(config, 'indexer').writeKey,
    indexUid: config.MEILI_INDEX,
    ...options,
  });
  return { engine: 'meilisearch', applied: result.applied, fingerprint: result.fingerprint };
}

/**
 * `npm run meili:keys`: the indexer's and the API's scoped keys (meili/keys.ts), made with the
 * master key, the one use Meilisearch documents for it.
 */
export async function createMeiliKeys(
  config: Pick<Config, 'MEILI_HOST' | 'MEILI_MASTER_KEY' | 'MEILI_INDEX'>,
  options: { rotate?: boolean } = {},
): Promise<{ apiKey: string; searchKey: string; created: string[]; replaced: string[] }> {
  const [{ Meilisearch }, { ensureScopedKeys }] = await Promise.all([
    import('meilisearch'),
    import('./meili/keys'),
  ]);
  const client = new Meilisearch({
    host: config.MEILI_HOST!,
    apiKey: config.MEILI_MASTER_KEY,
    timeout: 15_000,
  });
  return ensureScopedKeys(client, config.MEILI_INDEX, options);
}
