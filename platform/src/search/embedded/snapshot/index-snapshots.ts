import type { Logger } from '../../../log/logger';
import type { SearchDb } from '../search-db';
import type { TimeSlices } from '../time-slices';
import { analysisSignature } from './analysis-signature';
import { buildSnapshotInWorker, type SnapshotWorker } from './build-in-worker';
import { buildSnapshot } from './build-snapshot';
import { indexFromSnapshot, type LoadedIndex } from './load-index';
import { readSnapshotHeader, SnapshotRefused } from './snapshot-file';
import { SnapshotLock } from './snapshot-lock';

// The snapshot of one search.db (DATA_DIR/search-index.snapshot) as the embedded engine uses it:
//   - a serving engine (the API) loads its index from it; when it is missing, old or damaged, the
//     snapshot is built on a worker thread first (or awaited while another process builds it),
//     never on the thread that answers requests;
//   - a serving engine has it rebuilt (on a worker) once REFRESH_OPS writes have gone by since,
//     so that a restart replays a few thousand ops at most;
//   - a writer (the indexer's rebuild, `npm run import`, `npm run reindex`) writes the snapshot of
//     the generation it swapped in, before the serving engines look for it.

/** Ops past the snapshot after which a serving engine has a new one built... */
export const REFRESH_OPS = 5000;
/**
 * ...once no op has come for this long: a build takes a core for seconds at 100,000 agents, which
 * a burst of writes (an upload, an import) needs for itself.
 */
export const REFRESH_QUIET_MS = 30_000;
/** How often a process waiting for another's build looks at the lock. */
const WAIT_STEP_MS = 100;
/** Builds and loads tried before giving up on snapshots (the engine then analyses the file itself). */
const ATTEMPTS = 3;
/** How long a writer waits for a build under way elsewhere before swapping without a snapshot. */
const WRITER_WAIT_MS = 5 * 60 * 1000;
/**
 * How long a replacing load waits for another process's before it loads anyway: a load of 100,000
 * agents takes a few seconds of a busy machine; one that takes longer is not waited for.
 */
export const LOAD_TURN_WAIT_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The lock file of loadInTurn, beside the snapshot. */
export const loadTurnFileOf = (snapshotFile: string) => `${snapshotFile}.load-turn`;

export class IndexSnapshots {
  private readonly lock: SnapshotLock;
  private worker: SnapshotWorker | null = null;
  private refreshing: Promise<void> | null = null;
  /** The last op the snapshot on disk reflects, as this process last saw it. */
  private snapshotSeq = -1;
  /** The snapshot loaded was laid out by older code: rewritten once the index is quiet. */
  private outdated = false;
  private loadedWrittenAt: string | undefined;
  /** The last op the index had reached, and since when. */
  private seenSeq = -1;
  private seenAt = 0;
  private stopped = false;

  /** One replacing load at a time among the processes serving this search.db (loadInTurn). */
  private readonly loadTurn: SnapshotLock;

  constructor(
    private readonly db: SearchDb,
    private readonly searchFile: string,
    private readonly snapshotFile: string,
    private readonly logger?: Logger,
  ) {
    this.lock = new SnapshotLock(`${snapshotFile}.lock`);
    this.loadTurn = new SnapshotLock(loadTurnFileOf(snapshotFile));
    // Worked out now, as the process starts, not when the first snapshot is read: its first time
    // compiles the analysis' Unicode expressions, which held a serving thread 100-144 ms at load
    // 8-11 in the middle of a lost mirror's start (issue 24), answers waiting behind it.
    analysisSignature();
  }

  /**
   * The live generation's index from the snapshot, the snapshot built first when needed; null
   * when none could be had (the caller then analyses the file on its own thread). `inTurn`: the
   * index replaces one that serves, the store answering meanwhile (a rebuild's, a lost mirror's):
   * loaded in turn with the other processes' (loadInTurn).
   */
  async load(
    slices: TimeSlices,
    options: { warmSearches?: boolean; inTurn?: boolean } = {},
  ): Promise<LoadedIndex | null> {
    for (let attempt = 0; attempt < ATTEMPTS && !this.stopped; attempt++) {
      let reason: string;
      try {
        const loaded = await this.loadInTurn(options.inTurn === true, () =>
          indexFromSnapshot(this.db, this.snapshotFile, slices, options),
        );
        if (loaded) {
          this.snapshotSeq = loaded.seq;
          this.outdated = loaded.outdated === true;
          this.loadedWrittenAt = loaded.writtenAt;
          return loaded;
        }
        reason = 'no snapshot yet';
      } catch (error) {
        if (!(error instanceof SnapshotRefused)) throw error;
        reason = error.message;
      }
      if (!(await this.buildOrAwait(reason))) return null;
    }
    return null;
  }

  /**
   * `load` run while no other process serving this search.db runs its own (when `inTurn`). After a
   * rebuild every API worker loads the new snapshot at once: on two cores, the two workers' decode
   * slices and first searches took both cores while the store still answered every search, and the
   * slowest of those answers fell there (issue 24: 100-172 ms at 21-27 s into a lost mirror's
   * start, goal 100 ms). One at a time, the other worker's requests have a core, and once the
   * first is current, its own answers come from the engine. Not for a process's first load (a
   * restart, whose searches wait for it): that would delay the last worker's by the others'.
   */
  private async loadInTurn<T>(inTurn: boolean, load: () => Promise<T>): Promise<T> {
    if (!inTurn) return load();
    const deadline = Date.now() + LOAD_TURN_WAIT_MS;
    let waited = false;
    while (!this.loadTurn.tryTake() && !this.stopped && Date.now() < deadline) {
      if (!waited) this.logger?.info('search index: waiting for another process to load the new index first');
      waited = true;
      await sleep(WAIT_STEP_MS);
    }
    try {
      return await load();
    } finally {
      this.loadTurn.release();
    }
  }

  /** Builds the snapshot on a worker (or waits while another holds the lock); false when that failed. */
  private async buildOrAwait(reason: string): Promise<boolean> {
    if (this.lock.tryTake()) {
      this.logger?.info({ reason }, 'search index snapshot not usable: building it on a worker thread');
      try {
        const started = performance.now();
        this.worker = buildSnapshotInWorker(this.searchFile, this.snapshotFile);
        const built = await this.worker.done;
        this.logger?.info(
          {
            documents: built.documents,
            generation: built.generation,
            ms: Math.round(performance.now() - started),
          },
          'search index snapshot built',
        );
        return true;
      } catch (error) {
        if (!this.stopped) this.logger?.error({ err: error }, 'search index snapshot could not be built');
        return false;
      } finally {
        this.worker = null;
        this.lock.release();
      }
    }
    this.logger?.info({ reason }, 'search index snapshot not usable: waiting for the one being built');
    while (this.lock.held() && !this.stopped) await sleep(WAIT_STEP_MS);
    return !this.stopped;
  }

  /**
   * Has a new snapshot built (on a worker) when the index has moved REFRESH_OPS ops past it, or
   * the one loaded was laid out by older code (each start would work out its missing parts again),
   * and the last op is REFRESH_QUIET_MS old.
   */
  refreshIfBehind(lastSeq: number, now = Date.now()): void {
    if (lastSeq !== this.seenSeq) {
      this.seenSeq = lastSeq;
      this.seenAt = now;
    }
    if (this.refreshing || this.stopped || !this.behind(lastSeq)) return;
    if (now - this.seenAt < REFRESH_QUIET_MS) return;
    this.refreshing = (async () => {
      // Another process may have refreshed it already.
      const header = await readSnapshotHeader(this.snapshotFile).catch(() => null);
      if (header && header.fileId === this.db.fileId()) {
        this.snapshotSeq = Math.max(this.snapshotSeq, header.seq);
        // Written since this process loaded the outdated one: by current code.
        if (header.createdAt !== this.loadedWrittenAt) this.outdated = false;
      }
      if (!this.behind(lastSeq) || !this.lock.tryTake()) return;
      try {
        this.worker = buildSnapshotInWorker(this.searchFile, this.snapshotFile);
        const built = await this.worker.done;
        this.snapshotSeq = built.seq;
        this.outdated = false;
        this.logger?.info({ documents: built.documents, seq: built.seq }, 'search index snapshot refreshed');
      } finally {
        this.worker = null;
        this.lock.release();
      }
    })()
      .catch((error) => {
        if (!this.stopped) this.logger?.warn({ err: error }, 'search index snapshot refresh failed');
      })
      .finally(() => {
        this.refreshing = null;
      });
  }

  private behind(lastSeq: number): boolean {
    return this.outdated || lastSeq - this.snapshotSeq > REFRESH_OPS;
  }

  /**
   * For a writer about to swap a generation in: takes the lock, so that serving engines wait for
   * the new generation's snapshot instead of building their own. False when it could not be had.
   */
  async lockForSwap(): Promise<boolean> {
    const deadline = Date.now() + WRITER_WAIT_MS;
    while (!this.lock.tryTake()) {
      if (Date.now() > deadline || this.stopped) return false;
      await sleep(WAIT_STEP_MS);
    }
    return true;
  }

  /** For a writer that holds the lock (lockForSwap): builds the live generation's snapshot here. */
  async writeHere(): Promise<void> {
    const started = performance.now();
    const built = await buildSnapshot(this.db, this.snapshotFile);
    this.logger?.info(
      {
        documents: built.documents,
        generation: built.generation,
        ms: Math.round(performance.now() - started),
      },
      'search index snapshot written',
    );
  }

  releaseLock(): void {
    this.lock.release();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.worker?.stop();
    await this.refreshing;
  }
}
