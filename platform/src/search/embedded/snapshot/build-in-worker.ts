import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerScript } from '../../../worker/worker-script';
import type { BuiltSnapshot } from './build-snapshot';

// A snapshot build on a worker thread, so that the thread answering requests never spends the
// seconds of analysis a large catalog takes (issue 24: requests waited 1.5-3 s while the API
// re-analysed 100,000 agents after a rebuild).

const ENTRY = workerScript(path.join(__dirname, 'snapshot-worker-entry.ts'));

export interface SnapshotWorker {
  done: Promise<BuiltSnapshot>;
  /** Stops the build (the API is shutting down); `done` then rejects. */
  stop(): Promise<void>;
}

export function buildSnapshotInWorker(searchFile: string, snapshotFile: string): SnapshotWorker {
  const worker = new Worker(ENTRY.script, { ...ENTRY.options, workerData: { searchFile, snapshotFile } });
  const done = new Promise<BuiltSnapshot>((resolve, reject) => {
    worker.once('message', (message: { ok: boolean; built?: BuiltSnapshot; error?: string }) => {
      if (message.ok) resolve(message.built!);
      else reject(new Error(`index snapshot build failed: ${message.error}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`index snapshot worker exited with code ${code}`)));
  });
  // The worker must not keep a process alive that is otherwise done (a CLI, a test).
  worker.unref();
  return {
    done,
    stop: async () => {
      await worker.terminate();
    },
  };
}
