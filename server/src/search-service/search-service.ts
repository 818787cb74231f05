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
    const started = performance.now();
    try {
      await this.fallback.warmUp();
      this.logger.info(
        { ms: Math.round(performance.now() - started) },
        'search answers from the store meanwhile: plain matching ready',
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'plain matching could not be readied');
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
