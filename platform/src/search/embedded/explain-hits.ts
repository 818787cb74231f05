import type { SearchDocument, SearchHit, SearchRequest } from '../port';
import type { QueryPlan } from '../query/plan';
import { explainer, notableGroups } from '../ranking/explain';
import { queryTerms } from '../ranking/query-terms';
import type { Alternatives } from './alternatives';
import { highlightDocument } from './highlight';
import type { InvertedIndex } from './inverted-index';
import { nameBoostOf, nameQuery, rolesNamed } from './named-in-query';
import type { Ranked } from './rank-plan';
import { RANKING } from './ranking-weights';
import { groupImportance } from './scorer';
import { sequenceTerms } from './sequence-terms';

// Why each hit of a words search is listed (ranking/explain.ts) and what its highlights mark.

/** Why hit n (its document as read for the page) is listed. */
export type ExplainHit = (n: number, document: SearchDocument, match: boolean) => SearchHit['why'];

/** What a page's hits are explained with. */
export interface HitExplanations {
  plan: QueryPlan;
  isMatch: (n: number) => boolean;
  explain: ExplainHit;
  /** The groups worth marking in highlights. */
  notable: boolean[];
}

/** How a words search explains its hits, with what that needs of the query worked out once for all of them. */
export function hitExplainer(
  index: InvertedIndex,
  plan: QueryPlan,
  ranked: Ranked,
  query: string,
  alternatives: Alternatives | undefined,
): { explain: ExplainHit; notable: boolean[] } {
  // What explaining the page's hits needs of the query, worked out once for all of them.
  const terms = queryTerms(plan);
  // The ranking's weights, unless it cut a long query's groups short (MAX_COVERAGE_GROUPS).
  const importance =
    ranked.importance.length === plan.groups.length ? ranked.importance : groupImportance(index, plan);
  const explainHit = explainer({ terms, importance, plan, query });
  const termsOf = sequenceTerms(index, terms);
  const names = nameQuery(index, plan);
  const named = rolesNamed(index, plan).flags;
  return {
    explain: (n, document, match) =>
      explainHit(document, termsOf(n), {
        match,
        nameAsked: nameBoostOf(index, n, names) >= RANKING.nameInQuery,
        roleNamed: named[index.roleIds[n]!] === 1,
        alternativeTo: alternatives?.agents.has(n) ? alternatives.of : undefined,
      }),
    notable: notableGroups(importance),
  };
}

/**
 * The page's hits: their documents, and for a words search why each is listed and, when the
 * request asks, its highlights.
 */
export function pageHits(
  index: InvertedIndex,
  page: number[],
  request: SearchRequest,
  words: HitExplanations | undefined,
): SearchHit[] {
  return page.map((n) => {
    const document = index.document(n)!;
    const hit: SearchHit = { document };
    if (words) {
      hit.why = words.explain(n, document, words.isMatch(n));
      if (request.highlight) hit.highlight = highlightDocument(document, words.plan, words.notable);
    }
    return hit;
  });
}
