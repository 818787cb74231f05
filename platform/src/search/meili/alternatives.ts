import type { MultiSearchParams, MultiSearchQuery } from 'meilisearch';
import type { SearchRequest } from '../port';
import { FEATURES } from '../query/features';
import { saysMoreThanName } from '../query/name-intent';
import type { QueryGroup } from '../query/plan';
import { fromStoredDocument } from './documents';
import { shortenLongPhrases } from './long-phrases';
import type { MeiliHit } from './merge';
import type { NamedHits } from './name-match';
import { similarQuery } from './similar';
import { buildFilter, type MeiliResult, type MeiliSearchParams, quote } from './translate';

// A named product is followed by its alternatives (embedded alternatives.ts withAlternatives): agents
// matching what the query says besides the name ("pixelforge logo maker" → logo makers), or,
// when it says nothing more ("vidora alternative", "otterly ai"), agents like the named one. Both
// candidate searches, and the word counts that choose between them, go in one multi-search
// request; the answer is picked from its results.

export interface AlternativesStep {
  search: MultiSearchParams;
  named: MeiliHit[];
  /** The parts of the query that may say more than the name, as compared with it. */
  candidates: string[][];
  nameParts: ReadonlySet<string>;
  /** Where each query's answer is in the results. */
  at: { likeness?: number; rest?: number; catalog?: number; counts: Map<string, number> };
}

/** saysMoreThanName with every word rare, and with every word in every agent: equal when counts cannot change it. */
function decidedWithoutCounts(words: string[], nameParts: ReadonlySet<string>): boolean | undefined {
  const rare = saysMoreThanName(words, nameParts, () => 0, 1);
  const everywhere = saysMoreThanName(words, nameParts, () => Number.POSITIVE_INFINITY, 1);
  return rare === everywhere ? rare : undefined;
}

/**
 * The alternatives' searches: agents like the first named one (its role, category and description
 * words, similar.ts), agents matching the parts of the query that may say more, and, when whether
 * they do depends on how common their words are ("ai" in "otterly ai"), a count of the catalog and of
 * the agents holding each such word exactly (a quoted word: no typo, prefix or synonym), each counted
 * by countQuery.
 */
export function alternativesStep(
  request: SearchRequest,
  main: MeiliSearchParams,
  groups: readonly QueryGroup[],
  named: NamedHits,
  indexUid: string,
): AlternativesStep {
  const nameParts = new Set(named.name.parts);
  // A misspelt name is compared as meant; with nameAlternatives off, as typed (like
  // embedded/alternatives.ts).
  const compared = (group: QueryGroup) =>
    FEATURES.nameAlternatives ? group.words.map((word) => named.meant.get(word) ?? word) : group.words;
  const candidates: Array<{ typed: string[]; compared: string[]; decided?: boolean }> = [];
  for (const group of groups) {
    const words = compared(group);
    const decided = decidedWithoutCounts(words, nameParts);
    if (decided !== false) candidates.push({ typed: group.words, compared: words, decided });
  }
  const filter = buildFilter(
    request,
    named.hits.map((hit) => `id != ${quote(hit.id)}`),
  );
  // Only hits are read from these two: offset/limit, whose count Meilisearch may estimate, rather
  // than page/hitsPerPage, which asks for an exhaustive count
  // (https://www.meilisearch.com/docs/capabilities/full_text_search/how_to/paginate_search_results).
  const page = { offset: 0, limit: main.hitsPerPage };
  const queries: MultiSearchQuery[] = [];
  const at: AlternativesStep['at'] = { counts: new Map() };
  const likeness = similarQuery(fromStoredDocument(named.hits[0]!));
  if (likeness !== '') {
    // As similarTo without an embedder (meili-engine.ts): words from most to least telling.
    at.likeness = queries.push({ indexUid, q: likeness, matchingStrategy: 'last', filter, ...page }) - 1;
  }
  if (candidates.length > 0) {
    const { facets: _facets, page: _page, hitsPerPage: _size, ...searched } = main;
    const q = shortenLongPhrases(candidates.map((candidate) => candidate.typed.join(' ')).join(' '));
    at.rest = queries.push({ ...searched, indexUid, q, filter, ...page }) - 1;
    const counted = new Set(candidates.filter((c) => c.decided === undefined).flatMap((c) => c.compared));
    if (counted.size > 0) {
      at.catalog = queries.push(countQuery(indexUid, '')) - 1;
      for (const word of counted) at.counts.set(word, queries.push(countQuery(indexUid, `"${word}"`)) - 1);
    }
  }
  return {
    search: { queries },
    named: named.hits,
    candidates: candidates.map((candidate) => candidate.compared),
    nameParts,
    at,
  };
}

/**
 * The facet every stored document holds exactly one value of (documents.ts: pricing, 'unknown' when
 * the cost says nothing), so the sum of its distribution counts the documents a query matches.
 */
export const COUNTING_FACET = 'pricing';

/**
 * A query that counts the agents matching `q` and returns none. Not from totalHits, which Meilisearch
 * never lets pass maxTotalHits (10,000: settings.ts MAX_TOTAL_HITS), so that at 100,000 agents the
 * catalog would read as 10,000 and a word in 1.5 % of it as "generic": facet counts are taken over
 * every matching document (v1.28.2 crates/meilisearch/src/search/mod.rs computes the distribution
 * from all candidates, the hit count from `min(candidates, max_total_hits)`).
 */
export function countQuery(indexUid: string, q: string): MultiSearchQuery {
  return { indexUid, q, limit: 0, facets: [COUNTING_FACET] };
}

/** How many documents a countQuery matched: the sum of its facet distribution, exact past maxTotalHits. */
export function countOf(result: MeiliResult | undefined): number {
  const distribution = result?.facetDistribution?.[COUNTING_FACET];
  if (distribution) return Object.values(distribution).reduce((sum, count) => sum + count, 0);
  return result?.totalHits ?? result?.estimatedTotalHits ?? 0;
}

/**
 * The alternatives from the multi-search's results: the search for what the query says besides the
 * name when some part of it does, otherwise agents like the named one.
 */
export function pickAlternatives(step: AlternativesStep, results: readonly MeiliResult[]): MeiliResult {
  const { at } = step;
  const catalog = at.catalog === undefined ? 0 : countOf(results[at.catalog]);
  const agentsWith = (word: string) => {
    const position = at.counts.get(word);
    return position === undefined ? 0 : countOf(results[position]);
  };
  const saysMore = step.candidates.some((words) =>
    saysMoreThanName(words, step.nameParts, agentsWith, catalog),
  );
  const chosen = saysMore ? at.rest : at.likeness;
  return (chosen === undefined ? undefined : results[chosen]) ?? { hits: [], totalHits: 0 };
}
