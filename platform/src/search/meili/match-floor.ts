import type { MatchExplanation } from '@agentry/domain/search-match';
import type { Highlight, HighlightFieldName, SearchDocument } from '../port';
import type { QueryGroup } from '../query/plan';
import { termsFromText } from '../ranking/document-terms';
import { explainMatch } from '../ranking/explain';
import { RELATED_MAX } from '../ranking/match-floor';
import { queryTerms } from '../ranking/query-terms';
import type { MeiliSearchParams } from './translate';

// The match floor in Meilisearch's terms. Meilisearch gives each hit a ranking score from 0 to 1
// that does not depend on the other documents (https://www.meilisearch.com/docs/learn/relevancy/
// ranking_score), and a search can leave out the hits below a threshold, its count and facets
// included (rankingScoreThreshold, https://www.meilisearch.com/docs/reference/api/search). So:
// a hit scoring MEILI_MATCH_SCORE or more is a match; the count of matches (and the facets shown)
// come from a request with that threshold and no hits, sent beside the main search; the page lists
// the matches first, then related agents (at most RELATED_MAX); a sorted list asks for the matches
// only. Hits a follow-up brought (second tier, loose retry, a named product's alternatives) are
// related; a product the query names is a match.
//
// The score is not the embedded engine's: its first rule counts the query words a hit holds, every
// word alike, where the embedded floor weighs each part by its rarity. 0.6 reads as "most of the
// query's words, well placed"; it was chosen from Meilisearch's documented formula, not measured
// against a server here (none runs on this machine): docs/search.md says so.

export const MEILI_MATCH_SCORE = 0.6;

/** Where a hit stands, set by the merges of follow-up answers (merge.ts). */
export type HitStanding = {
  _rankingScore?: number;
  /** A follow-up's hit: related, whatever its score. */
  _related?: boolean;
  /** A product the query names (a match, whatever its score). */
  _named?: boolean;
  /** Listed as an alternative to this named product. */
  _alternativeTo?: string;
};

/** The same search as a count of the matches: no hits, the threshold, the facets kept. */
export function matchCountParams(params: MeiliSearchParams): MeiliSearchParams {
  const {
    attributesToHighlight: _a,
    highlightPreTag: _p,
    highlightPostTag: _q,
    showRankingScore: _s,
    ...rest
  } = params;
  return { ...rest, page: 1, hitsPerPage: 0, rankingScoreThreshold: MEILI_MATCH_SCORE };
}

export function isMatchHit(hit: HitStanding): boolean {
  if (hit._named) return true;
  if (hit._related || hit._alternativeTo) return false;
  return (hit._rankingScore ?? 0) >= MEILI_MATCH_SCORE;
}

/** Hits listed: the matches, then at most RELATED_MAX related agents. */
export const listedTotal = (matchCount: number, totalHits: number) =>
  matchCount + Math.min(RELATED_MAX, Math.max(0, totalHits - matchCount));

/**
 * Why a Meilisearch hit was found: the parts of the query its text holds (the same reading as the
 * embedded engine's, without word rarities), and the parts Meilisearch matched by a typo or a
 * completion, read from its highlights.
 */
export function explainHit(
  query: string,
  groups: QueryGroup[],
  document: SearchDocument,
  highlight: Partial<Record<HighlightFieldName, Highlight>> | undefined,
  standing: HitStanding,
): MatchExplanation {
  const plan = { groups, literalStems: [], words: [] };
  const terms = queryTerms(plan);
  const why = explainMatch(
    { query, plan, terms, importance: groups.map(() => 1) },
    document,
    termsFromText(document, terms),
    {
      match: isMatchHit(standing),
      nameAsked: standing._named === true,
      roleNamed: false,
      alternativeTo: standing._alternativeTo,
    },
  );
  const marked = new Set(Object.values(highlight ?? {}).flatMap((field) => field?.matchedWords ?? []));
  const found = why.missing.filter((part) => part.split(' ').some((word) => marked.has(word)));
  if (found.length > 0) {
    why.missing = why.missing.filter((part) => !found.includes(part));
    why.matched.push(...found.map((words) => ({ words })));
  }
  if (!why.role && (highlight?.role?.matchedWords.length ?? 0) > 0) why.role = document.role;
  return why;
}
