import type { MatchExplanation, SearchSuggestions } from '@agentry/domain/search-match';

// What the search answer says about the match floor (server: instantsearch/adapt-response.ts):
// `matchCount` on the results and `_why` on each hit. Read defensively: an answer without them
// (an older server, a browse) counts every hit as a match.

export type HitWhy = MatchExplanation & { text: string };

export function whyOf(hit: Record<string, unknown>): HitWhy | undefined {
  const why = hit._why;
  return why && typeof why === 'object' && typeof (why as HitWhy).text === 'string'
    ? (why as HitWhy)
    : undefined;
}

export const isRelated = (hit: Record<string, unknown>) => whyOf(hit)?.match === false;

export function matchCountOf(results: unknown, fallback: number): number {
  const count = (results as { matchCount?: unknown } | undefined)?.matchCount;
  return typeof count === 'number' && Number.isFinite(count) ? count : fallback;
}

export function suggestionsOf(results: unknown): SearchSuggestions | undefined {
  const suggestions = (results as { suggestions?: unknown } | undefined)?.suggestions;
  return suggestions && typeof suggestions === 'object' ? (suggestions as SearchSuggestions) : undefined;
}
