import { parentPort, workerData } from 'node:worker_threads';
import { readCheckedBytes, SnapshotRefused } from './snapshot-bytes';

// The worker thread of readCheckedOffThread: one snapshot read and checked through the descriptor
// the serving thread opened, the image's bytes handed over (moved, not copied), one message.

try {
  const checked = readCheckedBytes((workerData as { fd: number }).fd);
  parentPort?.postMessage({ ok: true, checked }, [checked.image]);
} catch (error) {
  parentPort?.postMessage({
    ok: false,
    refused: error instanceof SnapshotRefused,
    error: error instanceof Error ? error.message : String(error),
  });
}
