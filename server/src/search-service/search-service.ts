import { SEARCH_PAGE_MAX } from '@agentry/domain/request-bounds';
import type { Logger } from '@agentry/platform/log/logger';
import { StoreFallbackEngine } from '@agentry/platform/search/factory';
import type { SearchEngine, SearchRequest, SearchResponse } from '@agentry/platform/search/port';
import type { Store } from '@agentry/platform/store/port';
import type { FreshnessState } from './search-freshness';

export interface ServiceResponse {
  /** The engine's answer as it gave it (a cached answer is the same object each time). */
  response: SearchResponse;
  /** True when the engine could not answer and the store's plain matching did. */
  degraded: boolean;
}

/** An engine that has not answered by then is treated as down for this request. */
export const ENGINE_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`search engine did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A search looked up in the engine's kept answers (SearchService.lookup). */
export interface SearchLookup {
  /** The kept answer, when the engine has one. */
  kept?: ServiceResponse;
  /** The search, for when nothing was kept (on the client's turn: search-in-turn.ts). */
  search: () => Promise<ServiceResponse>;
}

export interface SearchServiceOptions {
  /** Whether the engine's index is current (search-freshness.ts); absent: always taken as current. */
  freshness?: { readonly state: FreshnessState; onCurrent?(then: () => void): () => void };
  /** How long the engine may take before the store answers instead (ENGINE_TIMEOUT_MS). */
  timeoutMs?: number;
  /**
   * While the index loads from its snapshot (state 'loading': a plain restart), a search waits for
   * it rather than starting the store's plain matching, until warmFallback() is called (the API
   * calls it when the load lasts LONG_LOAD_MS, the snapshot being built, or the index is far
   * behind). The store's first query reads every agent's text (1.4 s of CPU at 100,000 agents on
   * this project's machines), taken from the load it races on two cores (issue 24: every agent
   * searchable 3.2-3.9 s after a restart, goal 3 s). Off: the store answers whenever it comes first.
   */
  waitWhileLoading?: boolean;
}

/**
 * Search for the API: the engine when its index is current and it answers, else the store's plain
 * matching (with a logged warning when the engine failed), so that search degrades instead of
 * failing with a 500 or answering from an index that does not hold the catalog yet.
 */
export class SearchService {
  /** The store itself as an engine: plainer, but up whenever the store is. */
  private readonly fallback: StoreFallbackEngine;
  private readonly timeoutMs: number;
  /** Set by warmFallback(): from then on the store answers while the index is not current. */
  private storeAsked = false;
  /** Searches waiting for the index to load (waitWhileLoading), let go when the store is asked for. */
  private readonly waitingForLoad = new Set<() => void>();

  constructor(
    private readonly engine: SearchEngine | null,
    store: Store,
    private readonly logger: Logger,
    private readonly options: SearchServiceOptions = {},
  ) {
    this.fallback = new StoreFallbackEngine(store);
    this.timeoutMs = options.timeoutMs ?? ENGINE_TIMEOUT_MS;
  }

  /**
   * Readies the store's answers ahead of the searches that will need them (the index is far
   * behind): their first one reads every agent's text (search-freshness.ts's onLongWait). Never
   * rejects: a store that cannot ready them answers each search as it can.
   */
  async warmFallback(): Promise<void> {
    this.storeAsked = true;
    const waiting = [...this.waitingForLoad];
    this.waitingForLoad.clear();
    for (const go of waiting) go();
    const started = performance.now();
    try {
      // The store's texts are read on its own thread meanwhile: the engine's planner warms beside it.
      await Promise.all([this.fallback.warmUp(), this.prepareEngine()]);
      this.logger.info(
        { ms: Math.round(performance.now() - started) },
        'search answers from the store meanwhile: plain matching ready',
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'plain matching could not be readied');
    }
  }

  /** The engine's own one-off work, ahead of the index it will load (SearchEngine.prepare). */
  private async prepareEngine(): Promise<void> {
    try {
      await this.engine?.prepare?.();
    } catch (error) {
      this.logger.warn({ err: error }, 'search engine could not prepare its first searches');
    }
  }

  /**
   * One request's search, looked up once: `kept` is the engine's answer when it has it kept (a
   * popular query, a role list's page), given at once without searching; else `search` searches.
   * The request is bounded and the engine's key for it built here, once, for the lookup and for
   * the search on a miss. Never a kept answer of the store's: its plain matching keeps none.
   */
  lookup(asked: SearchRequest): SearchLookup {
    const request = bounded(asked);
    const engine = this.engine;
    if (!engine?.cached || !this.engineIsCurrent()) return { search: () => this.searchBounded(request) };
    const key = engine.answerKey?.(request);
    const response = engine.cached(request, key);
    return {
      kept: response ? { response, degraded: false } : undefined,
      search: () => this.searchBounded(request, key),
    };
  }

  search(asked: SearchRequest): Promise<ServiceResponse> {
    return this.searchBounded(bounded(asked));
  }

  private async searchBounded(request: SearchRequest, key?: string): Promise<ServiceResponse> {
    const current = this.engineIsCurrent();
    if (this.engine && current) {
      try {
        // The embedded engine answers in this thread, all at once: no timer can cut it short, so
        // none is set (a timer and a race per search were measurable on cached answers). Engines
        // on the network get the timeout.
        const answer = this.engine.search(request, key);
        return {
          response: await (this.engine.kind === 'embedded' ? answer : withTimeout(answer, this.timeoutMs)),
          degraded: false,
        };
      } catch (error) {
        this.logger.warn(
          { err: error, query: request.query },
          'search engine failed; answering from the store',
        );
      }
    }
    if (this.engine && !current && this.waitsForLoad()) {
      await this.loadedOrStoreWanted();
      return this.searchBounded(request, key);
    }
    const degraded = this.fallback.search(request);
    const onCurrent = this.engine && !current ? this.options.freshness?.onCurrent : undefined;
    if (!onCurrent) return { response: await degraded, degraded: true };
    // The index may become current while the store's plain matching still reads: its first query
    // reads every agent (seconds on a busy machine at 100,000 agents, the first search of a
    // restart). The engine answers then instead of keeping the request waiting (issue 24). Whichever
    // comes second is dropped (a store failure that comes too late too); the engine is not asked
    // once the store has answered, and the store's answer forgets the wait for the index.
    return new Promise<ServiceResponse>((resolve, reject) => {
      let settled = false;
      const forget = onCurrent.call(this.options.freshness, () => {
        if (settled) return;
        settled = true;
        this.searchBounded(request, key).then(resolve, reject);
      });
      degraded.then(
        (response) => {
          if (settled) return;
          settled = true;
          forget();
          resolve({ response, degraded: true });
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          forget();
          reject(error);
        },
      );
    });
  }

  /** Whether a search now waits for the index to load (waitWhileLoading) rather than ask the store. */
  private waitsForLoad(): boolean {
    const freshness = this.options.freshness;
    return (
      this.options.waitWhileLoading === true &&
      // The embedded engine's load ends, or turns into a long wait that readies the store (its
      // position is read on each request); an engine on the network may not answer at all.
      this.engine?.kind === 'embedded' &&
      !this.storeAsked &&
      freshness?.onCurrent !== undefined &&
      freshness.state === 'loading'
    );
  }

  /** Settles once the index is current or the store is wanted (warmFallback), whichever comes first. */
  private loadedOrStoreWanted(): Promise<void> {
    const freshness = this.options.freshness!;
    return new Promise<void>((resolve) => {
      let done = false;
      let forget = () => {};
      const go = () => {
        done = true;
        forget();
        this.waitingForLoad.delete(go);
        resolve();
      };
      forget = freshness.onCurrent!.call(freshness, go);
      if (!done) this.waitingForLoad.add(go);
    });
  }

  /**
   * An index still loading or catching up would answer "nothing" for agents it lacks: the store
   * answers until it is current (logged once by the freshness check, not per request).
   */
  private engineIsCurrent(): boolean {
    return (this.options.freshness?.state ?? 'current') === 'current';
  }
}

/** The one gate to every engine: no answer holds more than SEARCH_PAGE_MAX agents, whoever asks. */
function bounded(asked: SearchRequest): SearchRequest {
  return { ...asked, hitsPerPage: Math.min(asked.hitsPerPage ?? 20, SEARCH_PAGE_MAX) };
}
