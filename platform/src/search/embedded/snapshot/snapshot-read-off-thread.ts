import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerScript } from '../../../worker/worker-script';
import { type CheckedBytes, SnapshotRefused } from './snapshot-bytes';

// A snapshot read and checked on a worker thread (snapshot-bytes.ts says why), for a thread that
// answers requests meanwhile: its part is to wait.

const ENTRY = workerScript(path.join(__dirname, 'snapshot-read-worker-entry.ts'));

type Answer = { ok: true; checked: CheckedBytes } | { ok: false; refused: boolean; error: string };

/** readCheckedBytes(fd) on a worker thread: the descriptor stays open, the caller's to close. */
export function readCheckedOffThread(fd: number): Promise<CheckedBytes> {
  const worker = new Worker(ENTRY.script, { ...ENTRY.options, workerData: { fd } });
  // A process that is otherwise done (a test, a CLI) does not wait for it.
  worker.unref();
  return new Promise<CheckedBytes>((resolve, reject) => {
    worker.once('message', (answer: Answer) => {
      if (answer.ok) resolve(answer.checked);
      else reject(answer.refused ? new SnapshotRefused(answer.error) : new Error(answer.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`snapshot read worker exited with code ${code}`)));
  });
}
