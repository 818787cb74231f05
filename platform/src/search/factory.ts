import path from 'node:path';
import type { Config } from '../config/env';
import type { Logger } from '../log/logger';
import { EmbeddedSearchEngine } from './embedded/embedded-engine';
import type { SearchEngine } from './port';

export const SEARCH_FILE_NAME = 'search.db';

export interface OpenSearchOptions {
  /** The process answers searches (API) rather than only writing (indexer, reindex). */
  serve: boolean;
  logger?: Logger;
}

type SearchConfig = Pick<
  Config,
  | 'search'
  | 'dataDir'
  | 'INDEXER_POLL_MS'
  | 'MEILI_HOST'
  | 'MEILI_MASTER_KEY'
  | 'MEILI_INDEX'
  | 'MEILI_EMBEDDER'
  | 'MEILI_SEMANTIC_RATIO'
>;

/** The engine the config asks for: Meilisearch when MEILI_HOST is set, else the embedded engine in DATA_DIR. */
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
        apiKey: config.MEILI_MASTER_KEY,
        indexUid: config.MEILI_INDEX,
        embedder: config.MEILI_EMBEDDER,
        semanticRatio: config.MEILI_SEMANTIC_RATIO,
      },
      options.logger,
    );
  }
  return EmbeddedSearchEngine.open(path.join(config.dataDir, SEARCH_FILE_NAME), {
    serve: options.serve,
    pollMs: config.INDEXER_POLL_MS,
    logger: options.logger,
  });
}
