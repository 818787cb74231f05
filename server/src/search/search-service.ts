import { SEARCH_PAGE_MAX } from '@agentry/domain/limits';
import type { Logger } from '@agentry/platform/log/logger';
import { toSearchDocument } from '@agentry/platform/search/document';
import type { FacetField, SearchEngine, SearchRequest, SearchResponse } from '@agentry/platform/search/port';
import type { Store } from '@agentry/platform/store/port';

export interface ServiceResponse {
  /** The engine's answer as it gave it (a cached answer is the same object each time). */
  response: SearchResponse;
  /** True when the engine could not answer and the store's plain matching did. */
  degraded: boolean;
}

/**
 * Search for the API: the engine when it answers, else the store's plain matching with a logged
 * warning, so that search degrades instead of failing with a 500.
 */
/** An engine that has not answered by then is treated as down for this request. */
export const ENGINE_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`search engine did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class SearchService {
  constructor(
    private readonly engine: SearchEngine | null,
    private readonly store: Store,
    private readonly logger: Logger,
  ) {}

  async search(asked: SearchRequest): Promise<ServiceResponse> {
    // The one gate to every engine: no answer holds more than SEARCH_PAGE_MAX agents, whoever asks.
    const request = { ...asked, hitsPerPage: Math.min(asked.hitsPerPage ?? 20, SEARCH_PAGE_MAX) };
    if (this.engine) {
      try {
        return {
          response: await withTimeout(this.engine.search(request), ENGINE_TIMEOUT_MS),
          degraded: false,
        };
      } catch (error) {
        this.logger.warn(
          { err: error, query: request.query },
          'search engine failed; answering from the store',
        );
      }
    }
    return { response: await this.fromStore(request), degraded: true };
  }

  private async fromStore(request: SearchRequest): Promise<SearchResponse> {
    const started = performance.now();
    const page = request.page ?? 0;
    const hitsPerPage = request.hitsPerPage ?? 20;
    const query = request.query.trim();
    const similar = request.similarTo ? await this.store.agents.get(request.similarTo) : null;
    // Each candidate list is bounded (list() answers at most AGENT_LIST_MAX agents): without the
    // engine, the facets and totals of a browse or a "similar" count those candidates only.
    const candidates = similar
      ? await this.store.agents.list({ category: similar.category, role: similar.role })
      : query === ''
        ? await this.store.agents.list()
        : await this.store.agents.searchBasic(query, 1000);
    const excluded = new Set([
      ...(request.excludeIds ?? []),
      ...(request.similarTo ? [request.similarTo] : []),
    ]);
    const matches = candidates
      .map(toSearchDocument)
      .filter((document) => !excluded.has(document.id))
      .filter((document) =>
        Object.entries(request.filters ?? {}).every(([field, values]) => {
          if (!values || values.length === 0) return true;
          const actual = String(document[field as FacetField]).toLowerCase();
          return values.some((value) => value.toLowerCase() === actual);
        }),
      );
    const facets: SearchResponse['facets'] = {};
    for (const field of request.facets ?? []) {
      const counts: Record<string, number> = {};
      for (const document of matches) counts[document[field]] = (counts[document[field]] ?? 0) + 1;
      facets[field] = counts;
    }
    return {
      hits: matches.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((document) => ({ document })),
      totalHits: matches.length,
      page,
      hitsPerPage,
      facets,
      processingTimeMs: Math.round(performance.now() - started),
    };
  }
}
