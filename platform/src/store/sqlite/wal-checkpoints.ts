import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { workerScript } from '../../worker/worker-script';

// SQLite folds its write-ahead log into the file when a commit finds the log over 1,000 pages, on
// the committing connection: on the API, a worker's event loop. An analytics flush writes about
// 4 MB of log at 100,000 agents (its counts touch most pages of agent_stats), so nearly every flush
// paid for a checkpoint inside one of its 10 ms writes: copying the pages and syncing the file, 50 to
// 290 ms on the serving thread at load 16 against 50 at most without (issue 24, BENCHMARKS.md). Here
// the serving connection never checkpoints (wal_autocheckpoint = 0) and a worker thread with its own
// connection does it every CHECKPOINT_EVERY_MS. Should that thread fail, the connection checkpoints
// itself again, as before: the log never grows without bound.

export const CHECKPOINT_EVERY_MS = 1_000;
/** SQLite's own threshold, restored if the thread fails. */
const AUTOCHECKPOINT_PAGES = 1_000;

const ENTRY = workerScript(path.join(__dirname, 'wal-checkpoint-worker-entry.ts'));

export interface CheckpointReport {
  /** Frames in the log when it ran. */
  log: number;
  /** Frames of them now in the file. */
  checkpointed: number;
}

export class CheckpointsOffThread {
  private readonly worker: Worker;
  private stopped = false;

  constructor(
    db: Database.Database,
    file: string,
    options: { everyMs?: number; onCheckpoint?: (report: CheckpointReport) => void } = {},
  ) {
    this.worker = new Worker(ENTRY.script, {
      ...ENTRY.options,
      workerData: { file, everyMs: options.everyMs ?? CHECKPOINT_EVERY_MS },
    });
    // Never what keeps a finished process alive.
    this.worker.unref();
    db.pragma('wal_autocheckpoint = 0');
    this.worker.on('message', (report: CheckpointReport) => options.onCheckpoint?.(report));
    const fallBack = () => {
      if (this.stopped || !db.open) return;
      this.stopped = true;
      db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    };
    this.worker.on('error', fallBack);
    this.worker.on('exit', fallBack);
  }

  /**
   * Stops the thread, at once even while it starts (the store's close checkpoints what is left
   * itself). A checkpoint under way ends first: a thread stops between JavaScript calls.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.worker.terminate();
  }
}
