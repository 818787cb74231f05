import { seededRandom } from '@agentry/domain/testing/seeded-random';
import { ResultCache } from '@agentry/platform/search/embedded/result-cache';
import type { SearchResponse } from '@agentry/platform/search/port';

// A synthetic search log for the throughput test: real query logs are Zipf-like, a few queries
// asked very often and a long tail asked once. The k-th most popular query of the pool is asked
// with probability proportional to 1 / k^s (s = 1 is the classic web-search figure).

export function zipfLog(pool: string[], requests: number, s = 1, seed = 31): string[] {
  const cumulative = new Float64Array(pool.length);
  let total = 0;
  for (let k = 0; k < pool.length; k++) {
    total += 1 / (k + 1) ** s;
    cumulative[k] = total;
  }
  const random = seededRandom(seed);
  const log: string[] = [];
  for (let i = 0; i < requests; i++) {
    const target = random() * total;
    let low = 0;
    let high = pool.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    log.push(pool[low]!);
  }
  return log;
}

const ANSWER: SearchResponse = {
  hits: [],
  totalHits: 0,
  matchCount: 0,
  page: 0,
  hitsPerPage: 0,
  facets: {},
  processingTimeMs: 0,
};

/**
 * The share of a request sequence the engine's answer cache would answer (for the report): the
 * engine's own ResultCache, of this capacity and unbounded weight, keeping an answer on its second
 * ask as the API's engines do.
 */
export function lruHitRate(
  requests: string[],
  capacity: number,
  options: { keepOnSecondAsk?: boolean } = {},
): number {
  const cache = new ResultCache(capacity, Number.POSITIVE_INFINITY, options);
  let hits = 0;
  for (const key of requests) {
    if (cache.get(key)) hits += 1;
    else cache.set(key, ANSWER);
  }
  return requests.length === 0 ? 0 : hits / requests.length;
}
