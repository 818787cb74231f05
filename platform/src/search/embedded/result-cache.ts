import type { SearchRequest, SearchResponse } from '../port';
import { featuresKey } from '../query/features';
import { rankerModelKey } from '../ranking/ranker-model';

// Popular searches repeat (home-page queries, category pages, crawlers): answers are kept until
// the index changes. A Map keeps insertion order, which makes it a simple LRU.

/** How many answers the engine keeps by default (the benchmark models its hit rate with it). */
export const RESULT_CACHE_SIZE = 1000;

export class ResultCache {
  private readonly entries = new Map<string, SearchResponse>();
  private version = -1;

  constructor(private readonly capacity = RESULT_CACHE_SIZE) {}

  get(request: SearchRequest, version: number): SearchResponse | undefined {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
      return undefined;
    }
    const key = keyOf(request);
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Forgets every answer (the index was replaced: its version numbers start again). */
  clear(): void {
    this.entries.clear();
    this.version = -1;
  }

  set(request: SearchRequest, version: number, response: SearchResponse): void {
    if (version !== this.version) return;
    const key = keyOf(request);
    this.entries.set(key, response);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** The request, and the ranking features turned off (none in production; the ablation turns some off). */
const keyOf = (request: SearchRequest) => `${featuresKey()}|${rankerModelKey()}|${JSON.stringify(request)}`;
