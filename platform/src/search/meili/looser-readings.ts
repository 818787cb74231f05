import type { FederatedMultiSearchParams, MultiSearchQueryWithFederation } from 'meilisearch';
import type { QueryGroup } from '../query/plan';
import { shortenLongPhrases } from './long-phrases';
import type { MeiliSearchParams } from './translate';

// Two follow-ups that read the query more loosely than the main search, each one federated
// multi-search (one request) with a query per part of the query. Federation merges the queries'
// hits by ranking score, each agent once: an OR of the parts, which a single Meilisearch query
// cannot say ('frequency' always keeps the query's rarest word).

/**
 * A loose reading of a word: its beginning, the first max(4, length - 3) letters for words of 5
 * letters or more, as the embedded planner's loose mode (query/plan.ts) completes them.
 */
export function looseWord(word: string): string {
  return word.length >= 5 ? word.slice(0, Math.max(4, word.length - 3)) : word;
}

/** The main search as a query of a federated search, which takes neither pages nor facets per query. */
function federatedQuery(
  main: MeiliSearchParams,
  indexUid: string,
  q: string,
): MultiSearchQueryWithFederation {
  const { page: _page, hitsPerPage: _size, facets: _facets, ...rest } = main;
  // Each query is one part: all of its words must match ("social media" as a phrase of the query).
  return { ...rest, indexUid, q, matchingStrategy: 'all' };
}

function federated(
  main: MeiliSearchParams,
  indexUid: string,
  parts: string[],
  limit: number,
): FederatedMultiSearchParams {
  return {
    federation: { offset: 0, limit },
    queries: parts.map((part) => federatedQuery(main, indexUid, part)),
  };
}

/**
 * The second tier: agents matching any one part of the query (a concept phrase or a word), as the
 * embedded engine lists documents covering less of the query after the few that cover enough.
 * `limit` hits are asked for, enough to fill the page after the first tier's own hits come back.
 * Null when the query has a single part: that search is the main search again.
 */
export function secondTierSearch(
  main: MeiliSearchParams,
  groups: readonly QueryGroup[],
  indexUid: string,
  limit: number,
): FederatedMultiSearchParams | null {
  const parts = [...new Set(groups.map((group) => shortenLongPhrases(group.words.join(' '))))];
  return parts.length > 1 ? federated(main, indexUid, parts, limit) : null;
}

/**
 * The loose retry, when nothing matched: each word cut to its beginning (looseWord), each in a
 * query of its own. Meilisearch completes only the last word of a query as a prefix; alone in its
 * query, every cut word is that last word, so "grammarly" → "gramma" finds "grammar" wherever it
 * stands in the query. Null when that reads the query exactly as the main search did.
 */
export function looseSearch(
  main: MeiliSearchParams,
  groups: readonly QueryGroup[],
  indexUid: string,
  limit: number,
): FederatedMultiSearchParams | null {
  const words = [...new Set(groups.flatMap((group) => group.words))];
  const parts = [...new Set(words.map(looseWord))];
  // One short word alone, prefix-matched already: the main search was this search.
  if (parts.length === 0 || (words.length === 1 && parts[0] === words[0])) return null;
  return federated(main, indexUid, parts, limit);
}
