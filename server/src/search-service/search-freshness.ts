import type { Logger } from '@agentry/platform/log/logger';
import type { SearchEngine } from '@agentry/platform/search/port';
import type { Store } from '@agentry/platform/store/port';

// Whether the search engine's answers can be trusted yet. A process that starts on an index that is
// missing or far behind the store (a new machine, a lost volume, a crash) would answer "no agents"
// for every query until the index is rebuilt; such an index is not current, and search answers
// from the store meanwhile (search-service.ts), marked `X-Search-Degraded: store`, while /readyz
// says so (`checks.search`).
//
// Current means: the index this process searches reflects every change the store had made when the
// process started. Once current it stays so for the life of the process: later changes reach the
// index in moments (the indexer), and a rebuild is swapped in only once it is whole, so the index
// searched never goes back to empty. An engine that is down is another matter (it fails, and the
// service falls back on each request).

/** loading: no index to search yet; catching_up: an index behind the store's position at start. */
export type FreshnessState = 'current' | 'loading' | 'catching_up';

/** An index this many changes behind catches up for seconds (a rebuild, a long replay). */
export const LONG_CATCH_UP = 1000;
/** An index still loading this long after start is being built, not read from its snapshot. */
export const LONG_LOAD_MS = 3000;

export interface SearchFreshnessOptions {
  logger: Logger;
  /** How often the engine's position is compared while it is not current. */
  pollMs?: number;
  /**
   * Called once when search is going to answer from the store for a while: the index catching up
   * from more than LONG_CATCH_UP changes behind (rebuilt after it was lost), or still loading
   * LONG_LOAD_MS after start (its snapshot being built). The API warms the store's plain matching
   * with it, so that no visitor's search pays for its first read of every agent.
   */
  onLongWait?: () => void;
  now?: () => number;
}

export class SearchFreshness {
  private current: FreshnessState = 'loading';
  /** The store's change-log head when this process started: what the index must reach. */
  private target: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private checking = false;
  private stopped = false;
  private startedAt = 0;
  private waitedLong = false;
  /** Called once the index is current: each a search that the store has not answered yet. */
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly engine: SearchEngine,
    private readonly store: Store,
    private readonly options: SearchFreshnessOptions,
  ) {}

  /** Starts comparing; resolves after the first comparison (the state may still not be current). */
  async start(): Promise<void> {
    this.startedAt = this.now();
    await this.check();
    if (this.current === 'current' || this.stopped) return;
    this.timer = setInterval(() => void this.check(), this.options.pollMs ?? 100);
    this.timer.unref();
  }

  get state(): FreshnessState {
    // An engine that says where its index stands synchronously is asked on each request until
    // current, so search leaves the store the moment the index has caught up, not a poll later.
    if (this.current !== 'current' && this.target !== null && this.engine.servingPosition)
      this.record(this.engine.servingPosition());
    return this.current;
  }

  /**
   * Calls `then` once the index is current (seen by a request or by the poll, every pollMs), at
   * once if it is. Returns what forgets it: a search the store answered first lets go of its
   * waiter, so an index that stays behind for hours (a rebuild that keeps failing) does not keep
   * every degraded search of those hours alive, as one shared promise's handlers would.
   */
  onCurrent(then: () => void): () => void {
    if (this.current === 'current') {
      then();
      return () => {};
    }
    this.waiters.add(then);
    return () => this.waiters.delete(then);
  }

  /** Searches waiting for the index (for tests). */
  get waiting(): number {
    return this.waiters.size;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  /** The state for the engine's position `served` (null: nothing loaded), logged when it changes. */
  private record(served: number | null): void {
    if (this.target === null) return;
    this.noteLongWait(served);
    const next: FreshnessState =
      served === null ? 'loading' : served >= this.target ? 'current' : 'catching_up';
    if (next === this.current) return;
    this.options.logger.info(
      { search_index: next, position: served, store_position: this.target },
      next === 'current'
        ? 'search index current: search answers from it'
        : 'search index not current yet: search answers from the store meanwhile',
    );
    this.current = next;
    if (next !== 'current') return;
    if (this.timer) clearInterval(this.timer);
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const then of waiters) then();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private noteLongWait(served: number | null): void {
    if (this.waitedLong || !this.options.onLongWait || this.target === null) return;
    const farBehind = served !== null && this.target - served > LONG_CATCH_UP;
    const longLoading = served === null && this.now() - this.startedAt >= LONG_LOAD_MS;
    if (!farBehind && !longLoading) return;
    this.waitedLong = true;
    this.options.onLongWait();
  }

  private async check(): Promise<void> {
    if (this.checking || this.current === 'current') return;
    this.checking = true;
    try {
      this.target ??= await this.store.changes.head();
      this.record(
        this.engine.servingPosition ? this.engine.servingPosition() : await this.engine.checkpoint(),
      );
    } catch {
      // The store or the engine does not answer: asked again at the next poll. Meanwhile search
      // answers from the store if it can; an engine that is down fails its requests anyway.
    } finally {
      this.checking = false;
    }
  }
}
