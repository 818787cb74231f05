import { loadConfigOrExit } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import { openSearchEngine } from '@agentry/platform/search/factory';
import { openStore } from '@agentry/platform/store/factory';
import { HEARTBEAT_FILE, heartbeat } from './heartbeat';
import { runIndexer } from './sync-loop';

// `npm run indexer`: the indexer as its own process (docker-compose runs it beside the API with
// INDEXER=external). Stops cleanly on SIGTERM after the batch in progress. It starts while the
// search engine is down or not yet migrated (the loop retries with backoff and logs why); a store
// it cannot reach, or that lacks this version's indexes, stops the start with the reason. Its
// health check reads the file the loop touches after each good turn (heartbeat.ts).

async function main() {
  // The indexer's role: MEILI_API_KEY, never the master key (platform/src/config/role.ts).
  const config = loadConfigOrExit(process.env, 'indexer');
  const logger = createLogger(config.LOG_LEVEL, 'indexer');
  const store = await openStore(config);
  const engine = await openSearchEngine(config, { serve: false, logger });
  const controller = new AbortController();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'stopping after the current batch');
      controller.abort();
    });
  }
  logger.info({ store: store.kind, search: engine.kind, heartbeat: HEARTBEAT_FILE }, 'indexer started');
  await runIndexer({
    store,
    engine,
    logger,
    pollMs: config.INDEXER_POLL_MS,
    signal: controller.signal,
    onAlive: heartbeat(),
    // The admin screen's Reindex, which the API (a search-only key) leaves to this process.
    takeReindexRequests: true,
  });
  await engine.close();
  await store.close();
  logger.info('indexer stopped');
}

main().catch((error) => {
  process.stderr.write(`Indexer failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
