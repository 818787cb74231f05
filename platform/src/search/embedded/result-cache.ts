import type { SearchRequest, SearchResponse } from '../port';
import { featuresKey } from '../query/features';
import { rankerModelKey } from '../ranking/ranker-model';

// Popular searches repeat (home-page queries, category pages, crawlers): answers are kept until
// the index changes in a way that can alter them. A Map keeps insertion order, which makes it a simple LRU. It is bounded by
// count and by weight: each answer holds its own copies of its documents (read back from the
// index's text), and a thousand pages of 100 agents (role lists) would hold 100 MB or more.

/** How many answers the engine keeps by default (the benchmark models its hit rate with it). */
export const RESULT_CACHE_SIZE = 1000;
/** About how much memory the kept answers may take (their documents and what the API makes of them). */
export const RESULT_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * A rough weight of an answer in memory: its documents' text, twice (as objects, and as the JSON
 * the API keeps beside a cached answer), and a little per hit. Cheap: no serialising.
 */
export function weightOf(response: SearchResponse): number {
  let bytes = 512;
  for (const { document, why } of response.hits) {
    bytes += 400 + 2 * (document.name.length + document.description.length + document.cost.length);
    bytes += 2 * (document.role.length + document.category.length + document.provider.length);
    // Why the hit matched: a few short strings and lists (once per answer computed, not per request).
    if (why) bytes += 300 + 2 * JSON.stringify(why).length;
  }
  return bytes;
}

/**
 * The key an answer is kept under: the request, and the ranking features turned off (none in
 * production; the ablation turns some off). Built once per request and passed along
 * (search-in-turn.ts: the lookup, and the search on a miss).
 */
export const answerKey = (request: SearchRequest): string =>
  `${featuresKey()}|${rankerModelKey()}|${JSON.stringify(request)}`;

/** Keys remembered as asked once, for a cache that keeps an answer on its second ask: a few hundred kB. */
const ASKED_ONCE_PER_ENTRY = 4;

/**
 * The kept answers. The engine says what a change to the index can alter (embedded-engine.ts):
 * any answer (clear), or only the answers that show a given agent (dropShowing).
 */
export class ResultCache {
  private readonly entries = new Map<string, { response: SearchResponse; weight: number }>();
  private weight = 0;
  /**
   * With `keepOnSecondAsk`, the keys offered once and not kept, oldest first. Most distinct searches
   * are never asked again (issue 24): keeping each one's answer copied its documents into the cache,
   * where it lived long enough to be promoted to the old generation and pushed a popular answer out,
   * only to be collected unread. An answer is kept the second time its key is offered instead.
   */
  private readonly askedOnce: Set<string> | null;

  constructor(
    private readonly capacity = RESULT_CACHE_SIZE,
    private readonly budget = RESULT_CACHE_BYTES,
    options: { keepOnSecondAsk?: boolean } = {},
  ) {
    this.askedOnce = options.keepOnSecondAsk ? new Set() : null;
  }

  get(key: string): SearchResponse | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit?.response;
  }

  /** Forgets every answer (a change that can move any of them). */
  clear(): void {
    this.entries.clear();
    this.weight = 0;
    this.askedOnce?.clear();
  }

  /**
   * Forgets the answers that show any of these agents (a change only to what a hit shows of
   * them); keeps the others. One pass over the kept hits (at most 1,000 answers of up to 100).
   */
  dropShowing(ids: ReadonlySet<string>): number {
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (!entry.response.hits.some((hit) => ids.has(hit.document.id))) continue;
      this.entries.delete(key);
      this.weight -= entry.weight;
      dropped++;
    }
    return dropped;
  }

  set(key: string, response: SearchResponse): void {
    if (this.askedOnce && !this.entries.has(key) && !this.askedOnce.delete(key)) {
      this.askedOnce.add(key);
      if (this.askedOnce.size > this.capacity * ASKED_ONCE_PER_ENTRY) {
        this.askedOnce.delete(this.askedOnce.values().next().value!);
      }
      return;
    }
    const weight = weightOf(response);
    // An answer heavier than the whole budget is not kept at all.
    if (weight > this.budget) return;
    const previous = this.entries.get(key);
    if (previous) this.weight -= previous.weight;
    this.entries.set(key, { response, weight });
    this.weight += weight;
    while (this.entries.size > this.capacity || this.weight > this.budget) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.weight -= entry.weight;
    }
  }

  /** Answers kept and their weight (tests). */
  get size(): { entries: number; weight: number } {
    return { entries: this.entries.size, weight: this.weight };
  }
}
