import { parentPort, workerData } from 'node:worker_threads';
import { runInBackground } from '../../../worker/background-priority';
import { SearchDb } from '../search-db';
import { buildSnapshot } from './build-snapshot';

// The worker thread of buildSnapshotInWorker: its own connection to search.db, one build, one message,
// at the lowest priority (background-priority.ts): the threads answering requests get the cores first.

runInBackground();

const { searchFile, snapshotFile } = workerData as { searchFile: string; snapshotFile: string };
const db = new SearchDb(searchFile);
buildSnapshot(db, snapshotFile)
  .then(
    (built) => parentPort?.postMessage({ ok: true, built }),
    (error: unknown) =>
      parentPort?.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) }),
  )
  .finally(() => db.close());
