import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '@agentry/platform/config/env';
import { openSearchEngine } from '@agentry/platform/search/factory';
import { openStore } from '@agentry/platform/store/factory';
import { runInBackground } from '@agentry/platform/worker/background-priority';
import { rebuildIndex } from './rebuild';

// The worker thread of rebuildInWorker: its own store and index writer, one rebuild, one message, at
// the lowest priority (background-priority.ts): the threads answering requests get the cores first.

runInBackground();

async function run() {
  const { config, reportProgress } = workerData as { config: Config; reportProgress: boolean };
  const store = await openStore(config);
  const writer = await openSearchEngine(config, { serve: false });
  try {
    return await rebuildIndex(
      store,
      writer,
      reportProgress ? (progress) => parentPort?.postMessage({ progress }) : undefined,
    );
  } finally {
    await writer.close();
    await store.close();
  }
}

run().then(
  (result) => parentPort?.postMessage({ ok: true, result }),
  (error: unknown) =>
    parentPort?.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) }),
);
