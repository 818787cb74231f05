import path from 'node:path';
import type { Logger } from '../../log/logger';
import { fingerprint } from '../document';
import type {
  ApplyBatch,
  ApplyResult,
  IndexBuild,
  IndexStats,
  SearchDocument,
  SearchEngine,
  SearchRequest,
  SearchResponse,
} from '../port';
import { changeKind } from './change-kind';
import { Exclusive } from './exclusive';
import { searchSteps } from './execute';
import { InvertedIndex } from './inverted-index';
import { answerKey, ResultCache } from './result-cache';
import { Scratch } from './scratch';
import { SearchDb } from './search-db';
import { runInSlices, type SliceOptions } from './search-steps';
import { IndexSnapshots } from './snapshot/index-snapshots';
import { indexFromFile } from './snapshot/load-index';
import { SNAPSHOT_FILE_NAME } from './snapshot/snapshot-file';
import { BESIDE_THE_STORE_MS, TimeSlices } from './time-slices';
import { warmPlanner } from './warm-planner';

// The embedded search engine. Its durable state is a SQLite file (search.db); a process that
// serves searches also keeps an in-memory index of it and follows the file's ops log, so an
// indexer or a reindex in another process shows up within one poll. Writes made through this
// instance reach its memory at once. A large index is loaded from its snapshot
// (snapshot/index-snapshots.ts), built on a worker thread when missing: never analysed on the
// thread that answers requests. A search runs in slices of the event loop (search-steps.ts), other
// requests between them; searches and changes to the in-memory index take turns (exclusive.ts), so
// a search never sees another's scratch or a change half-made.

export interface EmbeddedOptions {
  /** Keep an in-memory index and answer searches (the API). Writers only (indexer, reindex) don't. */
  serve: boolean;
  /**
   * Serving: return before a large index is loaded (the API, which answers from the store
   * meanwhile: servingPosition() is null until the index is loaded). Otherwise open() waits.
   */
  loadInBackground?: boolean;
  /**
   * Keep a snapshot of the index beside the file (DATA_DIR/search-index.snapshot): serving engines
   * load large indexes from it, writers write it after a rebuild. Off for ':memory:'.
   */
  snapshots?: boolean;
  /** Up to this many documents an index is analysed in this thread, with no snapshot involved. */
  inThreadLimit?: number;
  /** How often a serving instance looks for writes from other processes. */
  pollMs?: number;
  logger?: Logger;
  cacheSize?: number;
  /** Keep a search's answer only when it is asked a second time (result-cache.ts; the API's engines). */
  keepOnSecondAsk?: boolean;
  /** How searches are sliced (search-steps.ts); tests pass clocks and pauses of their own. */
  slices?: SliceOptions;
}

/**
 * Ops replayed between two turns of the event loop, so a burst of writes from another process (an
 * import, a 10,000-row admin upload) never holds this process's requests up for long. 500 was
 * measured at up to 300 ms of one turn at 100,000 agents on two busy cores (bench:upload); 100
 * keeps a turn near 50 ms.
 */
const OPS_PER_TURN = 100;

/**
 * Indexes up to this many documents are analysed on the serving thread (in slices; about 50 ms of
 * CPU for 2,000 agents): tests and small catalogs need no snapshot and no worker thread.
 */
export const IN_THREAD_LIMIT = 2000;

export class EmbeddedSearchEngine implements SearchEngine {
  readonly kind = 'embedded' as const;
  private index = new InvertedIndex();
  private readonly scratch = new Scratch();
  /** Searches and changes to the in-memory index, one at a time (exclusive.ts). */
  private readonly turns = new Exclusive();
  private readonly cache: ResultCache;
  private readonly snapshots: IndexSnapshots | null;
  private readonly inThreadLimit: number;
  private generation = 0;
  private lastSeq = 0;
  /** The change-log position the in-memory index reflects; null until it is first loaded. */
  private served: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> | undefined;
  private closed = false;

  private constructor(
    private readonly db: SearchDb,
    file: string,
    private readonly options: EmbeddedOptions,
  ) {
    this.cache = new ResultCache(options.cacheSize, undefined, { keepOnSecondAsk: options.keepOnSecondAsk });
    this.inThreadLimit = options.inThreadLimit ?? IN_THREAD_LIMIT;
    this.snapshots =
      options.snapshots && file !== ':memory:'
        ? new IndexSnapshots(db, file, path.join(path.dirname(file), SNAPSHOT_FILE_NAME), options.logger)
        : null;
  }

  static async open(file: string, options: EmbeddedOptions): Promise<EmbeddedSearchEngine> {
    const engine = new EmbeddedSearchEngine(new SearchDb(file), file, options);
    if (options.serve) {
      const loading = engine.reload();
      // A small index is in before open() returns, whoever asks: only a large one loads behind.
      if (options.loadInBackground && !engine.loadsInThread()) {
        loading.catch((error) => options.logger?.error({ err: error }, 'search index load failed'));
      } else {
        await loading;
      }
      let polling = false;
      const poll = () => {
        // A catch-up spans several turns of the event loop: never two at once.
        if (polling) return;
        polling = true;
        engine
          .sync()
          .catch((error) => options.logger?.warn({ err: error }, 'search index sync failed'))
          .finally(() => {
            polling = false;
          });
      };
      engine.timer = setInterval(poll, options.pollMs ?? 100);
      engine.timer.unref();
    }
    return engine;
  }

  servingPosition(): number | null {
    return this.options.serve ? this.served : null;
  }

  /** Documents in the in-memory index (serving instances). */
  get size(): number {
    return this.index.size;
  }

  /** Whether the live generation is small enough to analyse on this thread (no snapshot). */
  private loadsInThread(): boolean {
    return this.snapshots === null || !this.db.holdsMoreThan(this.inThreadLimit);
  }

  answerKey(request: SearchRequest): string {
    return answerKey(request);
  }

  cached(request: SearchRequest, key = answerKey(request)): SearchResponse | undefined {
    return this.options.serve ? this.cache.get(key) : undefined;
  }

  async search(request: SearchRequest, key = answerKey(request)): Promise<SearchResponse> {
    if (!this.options.serve) throw new Error('This engine instance only writes; it does not serve searches');
    // A kept answer at once, whatever runs: it waits for nothing.
    const cached = this.cache.get(key);
    if (cached) return cached;
    // A search takes its turn with the others and with changes to the index: none comes between
    // its slices, so it answers from one state of the index, and the answer it keeps is current
    // (a change drops the kept answers it can alter before the next search starts).
    return this.turns.run(async () => {
      const kept = this.cache.get(key);
      if (kept) return kept;
      const response = await runInSlices(searchSteps(this.index, this.scratch, request), this.options.slices);
      this.cache.set(key, response);
      return response;
    });
  }

  /**
   * Null when no search or index change is running; else a promise that settles when none is (the
   * server's fair turns wait for it before starting the next search: http/fair-turns.ts).
   */
  idle(): Promise<void> | null {
    return this.turns.idle();
  }

  /**
   * The planner's one-off work (warm-planner.ts) on the index served now (empty after a lost
   * mirror): the rebuilt index's load then finds done what held the serving thread 35-48 ms a
   * piece (CPU, load 20) among the degraded answers (issue 24). Not while an index loads.
   */
  async prepare(): Promise<void> {
    if (!this.options.serve || this.served === null || this.reloading) return;
    await warmPlanner(this.index, new TimeSlices());
  }

  async apply(batch: ApplyBatch): Promise<ApplyResult> {
    // The store write and the in-memory change in one turn: no search is suspended between them,
    // and no catch-up from the change log comes in between (it would see these ops half-applied).
    return this.turns.run(() => this.applyNow(batch));
  }

  private applyNow(batch: ApplyBatch): ApplyResult {
    const rejected: Array<{ id: string; reason: string }> = [];
    const upserts = batch.upserts.filter((document) => {
      const problem = invalidDocument(document);
      if (problem) rejected.push({ id: String(document?.id), reason: problem });
      return !problem;
    });
    const written = this.db.apply(upserts, batch.deletes, batch.checkpoint, batch.expectCheckpoint);
    if (written.skipped) return { rejected: [], skipped: true };
    if (this.options.serve && written.generation === this.generation) {
      const changes = new MemoryChanges();
      for (const document of upserts) this.upsertInMemory(document, changes);
      for (const id of batch.deletes) this.removeInMemory(id, changes);
      this.forgetAnswers(changes);
      // Skip our own ops when the poller reaches them, unless another process wrote in between.
      if (this.lastSeq === written.first - 1) {
        this.lastSeq = written.last;
        this.served = batch.checkpoint;
      }
    }
    return { rejected };
  }

  async checkpoint(): Promise<number> {
    return this.db.checkpoint();
  }

  async beginRebuild(): Promise<IndexBuild> {
    const generation = this.db.beginGeneration();
    return {
      add: async (documents) =>
        this.db.insertInto(
          generation,
          documents.filter((document) => !invalidDocument(document)),
        ),
      swap: async (checkpoint) => {
        // A writer holds the snapshot lock from before the swap until the new generation's
        // snapshot is written, so serving engines wait for it instead of each building their own.
        const snapshots = !this.options.serve && this.db.holdsMoreThan(this.inThreadLimit, generation);
        const locked = snapshots && this.snapshots ? await this.snapshots.lockForSwap() : false;
        try {
          // A build that a newer one has superseded is dropped; the newer one is already live.
          const swapped = this.db.swap(generation, checkpoint);
          if (swapped && this.options.serve) await this.reload();
          if (swapped && locked) await this.snapshots!.writeHere();
        } finally {
          if (locked) this.snapshots!.releaseLock();
        }
      },
      abort: async () => this.db.discard(generation),
    };
  }

  async fingerprints(): Promise<Map<string, string>> {
    const result = new Map<string, string>();
    for (const body of this.db.bodies(this.db.activeGeneration())) {
      const document = JSON.parse(body) as SearchDocument;
      result.set(document.id, fingerprint(document));
    }
    return result;
  }

  async stats(): Promise<IndexStats> {
    return { documents: this.db.count(), checkpoint: this.db.checkpoint() };
  }

  async ping(): Promise<void> {
    this.db.ping();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.snapshots?.stop();
    await this.reloading?.catch(() => {});
    // A search still running in slices finishes on the index before it is closed.
    await this.turns.run(() => undefined);
    await this.index.close();
    this.db.close();
  }

  /** Catches up with writes from other processes: replays ops, or reloads after a swap. */
  async sync(): Promise<void> {
    if (this.closed || this.reloading) return;
    if (this.db.activeGeneration() !== this.generation) return this.reload();
    for (;;) {
      // Each batch read and applied on the engine's turn: never between a search's slices.
      const next = await this.turns.run(() => this.replayBatch());
      if (next === 'reload') return this.reload();
      if (next === 'done') return;
      await new Promise((resolve) => setImmediate(resolve));
      if (this.closed || this.reloading) return;
    }
  }

  /** Up to OPS_PER_TURN ops from the change log into memory; what sync() does next. */
  private replayBatch(): 'reload' | 'done' | 'more' {
    if (this.closed || this.reloading) return 'done';
    const { ops, checkpoint } = this.db.opsWithCheckpoint(this.generation, this.lastSeq, OPS_PER_TURN);
    if (ops === null) return 'reload';
    const changes = new MemoryChanges();
    for (const op of ops) {
      if (op.body === null) this.removeInMemory(op.id, changes);
      else this.upsertInMemory(JSON.parse(op.body) as SearchDocument, changes);
      this.lastSeq = op.seq;
    }
    // Before this turn ends: no answer computed before these ops is served after them.
    this.forgetAnswers(changes);
    if (ops.length < OPS_PER_TURN) {
      // Every op of the generation up to the head read with them is in: so is their checkpoint.
      this.served = Math.max(this.served ?? 0, checkpoint);
      if (this.index.capacity > this.inThreadLimit) this.snapshots?.refreshIfBehind(this.lastSeq);
      return 'done';
    }
    return 'more';
  }

  /**
   * One document into the in-memory index, as far as it changed (change-kind.ts): not at all when
   * it is as the index holds it; only its body when only what a hit shows changed (its postings,
   * scores and place in every order stay exactly as they were); else analysed again.
   */
  private upsertInMemory(document: SearchDocument, changes: MemoryChanges): void {
    const kind = changeKind(this.index.get(document.id), document);
    if (kind === 'none') return;
    if (kind === 'shown' && this.index.replaceShown(document)) {
      changes.shown.add(document.id);
      return;
    }
    this.index.upsert(document);
    changes.ranked = true;
  }

  private removeInMemory(id: string, changes: MemoryChanges): void {
    if (this.index.remove(id)) changes.ranked = true;
  }

  /** The kept answers that the changes can alter: all of them, or those showing a changed agent. */
  private forgetAnswers(changes: MemoryChanges): void {
    if (changes.ranked) this.cache.clear();
    else if (changes.shown.size > 0) this.cache.dropShowing(changes.shown);
  }

  /**
   * A fresh in-memory index of the live generation, beside the current one (which serves until it
   * is in): from the snapshot for a large index, else analysed here a slice at a time.
   */
  private reload(): Promise<void> {
    this.reloading ??= (async () => {
      const started = performance.now();
      const inThread = this.loadsInThread();
      // An index already serves (a rebuild swapped in, a lost mirror's): the store answers while
      // this one loads, so it runs its first searches' cold code first (warm-search.ts).
      const warmSearches = this.served !== null;
      const loaded =
        (inThread
          ? null
          : await this.snapshots!.load(new TimeSlices(warmSearches ? BESIDE_THE_STORE_MS : undefined), {
              warmSearches,
              inTurn: warmSearches,
            })) ?? (await indexFromFile(this.db, { warm: !inThread }));
      if (this.closed) return void (await loaded.index.close());
      // Swapped on the engine's turn: no search is suspended reading the previous index's bodies.
      const previous = await this.turns.run(() => {
        const swapped = this.index;
        this.index = loaded.index;
        this.cache.clear();
        this.generation = loaded.generation;
        this.lastSeq = loaded.seq;
        this.served = loaded.checkpoint;
        return swapped;
      });
      await previous.close();
      this.options.logger?.info(
        {
          documents: loaded.index.size,
          ms: Math.round(performance.now() - started),
          from: inThread ? 'file' : 'snapshot',
        },
        'search index loaded',
      );
    })().finally(() => {
      this.reloading = undefined;
    });
    // Writes that landed while the new index was loading are in the ops log: replay them at once.
    return this.reloading.then(() => this.sync());
  }
}

/** What writes did to the in-memory index, for the kept answers (forgetAnswers). */
class MemoryChanges {
  /** A change any answer can show (words, facets, a document added or removed). */
  ranked = false;
  /** Documents whose shown fields alone changed. */
  readonly shown = new Set<string>();
}

function invalidDocument(document: SearchDocument): string | null {
  if (!document || typeof document.id !== 'string' || document.id === '') return 'document has no id';
  if (typeof document.name !== 'string' || typeof document.description !== 'string')
    return 'document lacks name or description';
  return null;
}
