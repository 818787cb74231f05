import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Config } from '@agentry/platform/config/env';
import { workerScript } from '@agentry/platform/worker/worker-script';
import type { RebuildProgress } from './rebuild';

// A full index rebuild on a worker thread: reading 100,000 agents from the store and writing them
// into a new generation of the index file is seconds of CPU that must not run on the thread that
// answers requests. The worker opens its own store and index writer from the same config; the API's
// engine sees the swap at its next poll and loads the new generation a slice at a time.

export interface WorkerRebuildResult {
  documents: number;
  checkpoint: number;
}

const ENTRY = workerScript(path.join(__dirname, 'rebuild-worker-entry.ts'));

/** Runs rebuildIndex(store, writer) in a worker thread; resolves when the new index is swapped in. */
export function rebuildInWorker(
  config: Config,
  onProgress?: (progress: RebuildProgress) => void,
  /** Stops the worker and rejects after this long (a store that stopped answering); none by default. */
  timeoutMs?: number,
): Promise<WorkerRebuildResult> {
  return new Promise((resolve, reject) => {
    // Compiled: dist/'s own bundle of the entry; from sources: the .ts entry through tsx.
    const worker = new Worker(ENTRY.script, {
      ...ENTRY.options,
      workerData: { config, reportProgress: onProgress !== undefined },
    });
    let settled = false;
    const deadline =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            if (settled) return;
            settled = true;
            void worker.terminate();
            reject(new Error(`index rebuild did not finish within ${Math.round(timeoutMs / 1000)} s`));
          }, timeoutMs);
    worker.once('exit', () => clearTimeout(deadline));
    type Message = { progress?: RebuildProgress; ok?: boolean; result?: WorkerRebuildResult; error?: string };
    worker.on('message', (message: Message) => {
      if (message.progress) {
        onProgress?.(message.progress);
        return;
      }
      if (settled) return;
      settled = true;
      if (message.ok) resolve(message.result!);
      else reject(new Error(`index rebuild failed: ${message.error}`));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`index rebuild worker exited with code ${code}`));
    });
  });
}
