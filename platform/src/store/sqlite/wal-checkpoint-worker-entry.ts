import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

// The worker thread of CheckpointsOffThread (wal-checkpoints.ts): a connection of its own to the
// store's file that folds the write-ahead log into it every `everyMs`, so that no write on the
// serving thread pays for it. PASSIVE: it never waits for a reader or a writer, and copies what no
// reader still needs; the next one copies the rest.

const { file, everyMs } = workerData as { file: string; everyMs: number };
const db = new Database(file, { fileMustExist: true });
// This connection commits nothing, so it never checkpoints on its own; a busy lock is skipped.
db.pragma('busy_timeout = 0');

setInterval(() => {
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{
      busy: number;
      log: number;
      checkpointed: number;
    }>;
    if (row && row.log > 0) parentPort?.postMessage({ log: row.log, checkpointed: row.checkpointed });
  } catch (error) {
    // SQLITE_BUSY (another checkpoint under way, in another process): the next tick tries again.
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
  }
}, everyMs);
