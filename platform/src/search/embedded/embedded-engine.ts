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
import { executeSearch } from './execute';
import { InvertedIndex } from './inverted-index';
import { ResultCache } from './result-cache';
import { Scratch } from './scratch';
import { SearchDb } from './search-db';

// The embedded search engine. Its durable state is a SQLite file (search.db); a process that
// serves searches also keeps an in-memory index of it and follows the file's ops log, so an
// indexer or a reindex in another process shows up within one poll. Writes made through this
// instance reach its memory at once.

export interface EmbeddedOptions {
  /** Keep an in-memory index and answer searches (the API). Writers only (indexer, reindex) don't. */
  serve: boolean;
  /** How often a serving instance looks for writes from other processes. */
  pollMs?: number;
  logger?: Logger;
  cacheSize?: number;
}

/**
 * Ops replayed between two turns of the event loop, so a burst of writes from another process (an
 * import, a 10,000-row admin upload) never holds this process's requests up for long. 500 was
 * measured at up to 300 ms of one turn at 100,000 agents on two busy cores (bench:upload); 100
 * keeps a turn near 50 ms.
 */
const OPS_PER_TURN = 100;

export class EmbeddedSearchEngine implements SearchEngine {
  readonly kind = 'embedded' as const;
  private index = new InvertedIndex();
  private readonly scratch = new Scratch();
  private readonly cache: ResultCache;
  private generation = 0;
  private lastSeq = 0;
  private timer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> | undefined;
  private closed = false;

  private constructor(
    private readonly db: SearchDb,
    private readonly options: EmbeddedOptions,
  ) {
    this.cache = new ResultCache(options.cacheSize);
  }

  static async open(file: string, options: EmbeddedOptions): Promise<EmbeddedSearchEngine> {
    const engine = new EmbeddedSearchEngine(new SearchDb(file), options);
    if (options.serve) {
      await engine.reload();
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

  /** Documents in the in-memory index (serving instances). */
  get size(): number {
    return this.index.size;
  }

  async search(request: SearchRequest): Promise<SearchResponse> {
    if (!this.options.serve) throw new Error('This engine instance only writes; it does not serve searches');
    const version = this.index.version;
    const cached = this.cache.get(request, version);
    if (cached) return cached;
    const response = executeSearch(this.index, this.scratch, request);
    this.cache.set(request, version, response);
    return response;
  }

  async apply(batch: ApplyBatch): Promise<ApplyResult> {
    const rejected: Array<{ id: string; reason: string }> = [];
    const upserts = batch.upserts.filter((document) => {
      const problem = invalidDocument(document);
      if (problem) rejected.push({ id: String(document?.id), reason: problem });
      return !problem;
    });
    const written = this.db.apply(upserts, batch.deletes, batch.checkpoint, batch.expectCheckpoint);
    if (written.skipped) return { rejected: [], skipped: true };
    if (this.options.serve && written.generation === this.generation) {
      for (const document of upserts) this.index.upsert(document);
      for (const id of batch.deletes) this.index.remove(id);
      // Skip our own ops when the poller reaches them, unless another process wrote in between.
      if (this.lastSeq === written.first - 1) this.lastSeq = written.last;
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
        // A build that a newer one has superseded is dropped; the newer one is already live.
        if (this.db.swap(generation, checkpoint) && this.options.serve) await this.reload();
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
    await this.reloading;
    this.db.close();
  }

  /** Catches up with writes from other processes: replays ops, or reloads after a swap. */
  async sync(): Promise<void> {
    if (this.closed || this.reloading) return;
    if (this.db.activeGeneration() !== this.generation) return this.reload();
    for (;;) {
      const ops = this.db.opsSince(this.generation, this.lastSeq, OPS_PER_TURN);
      if (ops === null) return this.reload();
      for (const op of ops) {
        if (op.body === null) this.index.remove(op.id);
        else this.index.upsert(JSON.parse(op.body) as SearchDocument);
        this.lastSeq = op.seq;
      }
      if (ops.length < OPS_PER_TURN) return;
      await new Promise((resolve) => setImmediate(resolve));
      if (this.closed || this.reloading) return;
    }
  }

  /** Builds a fresh in-memory index of the live generation beside the current one, then swaps. */
  private reload(): Promise<void> {
    this.reloading ??= (async () => {
      const started = performance.now();
      const generation = this.db.activeGeneration();
      const lastSeq = this.db.headSeq();
      const index = new InvertedIndex();
      await index.loadStream(parsed(this.db.bodies(generation)));
      // Sorted before it serves, in slices: the first browses would otherwise sort by themselves.
      await index.orders.prepare();
      this.index = index;
      this.generation = generation;
      this.lastSeq = lastSeq;
      this.options.logger?.info(
        { documents: index.size, ms: Math.round(performance.now() - started) },
        'search index loaded',
      );
    })().finally(() => {
      this.reloading = undefined;
    });
    // Writes that landed while the new index was loading are in the ops log: replay them at once.
    return this.reloading.then(() => this.sync());
  }
}

function* parsed(bodies: Iterable<string>): Generator<SearchDocument> {
  for (const body of bodies) yield JSON.parse(body) as SearchDocument;
}

function invalidDocument(document: SearchDocument): string | null {
  if (!document || typeof document.id !== 'string' || document.id === '') return 'document has no id';
  if (typeof document.name !== 'string' || typeof document.description !== 'string')
    return 'document lacks name or description';
  return null;
}
