import { parentPort, workerData } from 'node:worker_threads';
import { runInBackground } from '../../../worker/background-priority';
import { readCheckedBytes, SnapshotRefused } from './snapshot-bytes';

// The worker thread of readCheckedOffThread: one snapshot read and checked through the descriptor
// the serving thread opened, the image's bytes handed over (shared, not copied: snapshot-bytes.ts
// says why not an ArrayBuffer moved), one message. At background priority like the snapshot's
// build (background-priority.ts): in a lost-mirror start a profile had the slowest search waiting
// for its plain-matching thread while two of these reads held the cores at the same priority.

runInBackground();

try {
  const checked = readCheckedBytes((workerData as { fd: number }).fd);
  parentPort?.postMessage({ ok: true, checked });
} catch (error) {
  parentPort?.postMessage({
    ok: false,
    refused: error instanceof SnapshotRefused,
    error: error instanceof Error ? error.message : String(error),
  });
}
