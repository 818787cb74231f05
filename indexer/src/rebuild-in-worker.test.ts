import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import { openSearchEngine } from '@agentry/platform/search/factory';
import { agentInput } from '@agentry/platform/store/contract';
import { openStore } from '@agentry/platform/store/factory';
import { rebuildInWorker } from './rebuild-in-worker';
import { runIndexer } from './sync-loop';

// A bulk import leaves the index far behind the store; the indexer then rebuilds it whole, on a
// worker thread, and the serving engine picks the new index up by itself.

describe('rebuilding the index on a worker thread', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-rebuild-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('copies every agent into a new index that a serving engine then answers from', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, INDEXER_POLL_MS: '10' });
    const store = await openStore(config);
    const engine = await openSearchEngine(config, { serve: true });
    try {
      await store.agents.importMany(
        Array.from({ length: 30 }, (_, i) => agentInput({ name: `Bulk agent ${i}`, provider: `P${i}` })),
      );
      const result = await rebuildInWorker(config);
      expect(result).toEqual({ documents: 30, checkpoint: await store.changes.head() });
      // The serving engine follows the swap at its next poll.
      const deadline = Date.now() + 20_000; // a hang's limit, not a figure
      while ((await engine.search({ query: 'bulk agent' })).totalHits < 30 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await engine.search({ query: 'bulk agent' })).totalHits).toBe(30);
    } finally {
      await engine.close();
      await store.close();
    }
  });

  it('is what the indexer does when the store is far ahead, instead of catching up change by change', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, INDEXER_POLL_MS: '10' });
    const store = await openStore(config);
    const engine = await openSearchEngine(config, { serve: true });
    const controller = new AbortController();
    let rebuilds = 0;
    const running = runIndexer({
      store,
      engine,
      logger: createLogger('silent', 'test'),
      pollMs: 5,
      signal: controller.signal,
      rebuildWhenBehind: 10,
      rebuild: async () => {
        rebuilds += 1;
        return rebuildInWorker(config);
      },
    });
    try {
      await store.agents.importMany(
        Array.from({ length: 25 }, (_, i) => agentInput({ name: `Imported ${i}`, provider: `Q${i}` })),
      );
      const deadline = Date.now() + 20_000; // a hang's limit, not a figure
      while ((await engine.checkpoint()) < (await store.changes.head()) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(rebuilds).toBe(1);
      expect((await engine.stats()).documents).toBe(25);
      // A small change afterwards goes the ordinary way.
      await store.agents.create(agentInput({ name: 'Afterwards', provider: 'Later' }));
      while ((await engine.checkpoint()) < (await store.changes.head()) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(rebuilds).toBe(1);
      expect((await engine.stats()).documents).toBe(26);
    } finally {
      controller.abort();
      await running;
      await engine.close();
      await store.close();
    }
  });
});
