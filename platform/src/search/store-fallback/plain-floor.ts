import type { MatchExplanation } from '@agentry/domain/search-match';
import { heldMask, queryTokens } from '../../store/basic-search';
import type { SearchDocument, SearchRequest } from '../port';
import { RELATED_MAX } from '../ranking/match-floor';

// The match floor of the store's plain matching: a match holds two thirds of the query's words
// (every word of a query of one or two); agents holding fewer are related, listed after the
// matches (a page of them at most), and a sorted list holds the matches only. Plainer than the engines' floor (no typo, no synonym, no
// weight), but the same promise: the count is of matches, and the rest are said to be related.

const FIELDS = ['name', 'role', 'category', 'description', 'provider'] as const;

export interface PlainFloor<T = SearchDocument> {
  listed: T[];
  matches: T[];
  matchCount: number;
  why(document: T): MatchExplanation;
}

/** The query words a search document's five texts hold (its texts are shown as they are). */
const documentHeld = (document: SearchDocument, tokens: readonly string[]) =>
  heldMask(
    FIELDS.map((field) => String(document[field]).toLowerCase()),
    tokens,
  );

/**
 * Null for a request without words (a browse, similar agents): every hit counts. `heldOf`: which of
 * the query's words (queryTokens) a candidate's five texts hold, bit i for word i, without regard
 * to case (a search document's own texts by default; the store tells its candidates' own,
 * searchBasicHeld, with no text sent).
 */
export function plainFloor<T = SearchDocument>(
  request: SearchRequest,
  found: T[],
  heldOf: (candidate: T, tokens: readonly string[]) => number = documentHeld as never,
): PlainFloor<T> | null {
  const tokens = queryTokens(request.query);
  if (request.similarTo || tokens.length === 0) return null;
  // Each candidate's words told once in the loop, a number each (a page of the store's 1,000
  // candidates was tested three times over, 10-15 ms of the request thread at 100,000 agents, then
  // a thousand flag arrays kept its collector busy); again only for the page's why().
  const needed = Math.ceil((tokens.length * 2) / 3);
  const isMatch = (mask: number) => wordsIn(mask) >= needed;
  const matches: T[] = [];
  const others: T[] = [];
  for (const document of found) (isMatch(heldOf(document, tokens)) ? matches : others).push(document);
  const sorted = request.sort !== undefined && request.sort !== 'relevance';
  const related = sorted ? [] : others.slice(0, RELATED_MAX);
  return {
    listed: [...matches, ...related],
    matches,
    matchCount: matches.length,
    why: (document) => {
      const mask = heldOf(document, tokens);
      const holds = (i: number) => (mask & (1 << i)) !== 0;
      return {
        match: isMatch(mask),
        matched: tokens.filter((_, i) => holds(i)).map((words) => ({ words })),
        missing: tokens.filter((_, i) => !holds(i)),
      };
    },
  };
}

/** How many words a mask of held words holds. */
function wordsIn(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}
