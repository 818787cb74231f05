import type { SearchRequest, SearchResponse } from '../port';
import { didYouMean } from '../query/did-you-mean';
import { FEATURES } from '../query/features';
import { planQuery } from '../query/plan';
import { floorScore, MEANING_FLOOR, RELATED_MAX } from '../ranking/match-floor';
import { suggestionsFrom } from '../ranking/suggestions';
import { type Alternatives, withAlternativesSteps } from './alternatives';
import { type HitExplanations, hitExplainer } from './explain-hits';
import { FEEDBACK_RECALL, feedbackRecall } from './feedback-recall';
import type { Filter } from './filter';
import { countMatches, matchesOf } from './floor-matches';
import { matchesMeanQuery } from './floor-meaning';
import type { InvertedIndex } from './inverted-index';
import { type Ranked, rankPlanSteps } from './rank-plan';
import { planSearchSteps, roleContext } from './request-plan';
import { weighByCatalog } from './role-focus';
import type { Scratch } from './scratch';
import type { Steps } from './search-steps';
import { firstK } from './top-k';
import { addMatch, relevanceOrder } from './window';

// A search with words, as a story: plan and rank (request-plan.ts), the window put in order
// (window.ts), a named product's alternatives (alternatives.ts), the matches counted at the floor
// (floor-matches.ts), the page's hits explained (explain-hits.ts), "did you mean" when none match.

export interface WordsSearch extends HitExplanations {
  /**
   * The hits the facets count: the matches (when none: the related agents listed). Listed only
   * when the request asks for facets.
   */
  hits: ArrayLike<number>;
  /** The first `wanted` documents: matches, then related agents. */
  order: number[];
  matchCount: number;
  totalHits: number;
  suggestions?: SearchResponse['suggestions'];
}

/**
 * A search with words: planned from what the query asks for, ranked, cut at the match floor
 * (ranking/match-floor.ts). In relevance order the matches come first, then up to RELATED_MAX
 * related agents; a sorted list holds the matches only.
 */
export function* searchWithWords(
  index: InvertedIndex,
  scratch: Scratch,
  request: SearchRequest,
  query: string,
  filter: Filter | null,
  wanted: number,
): Steps<WordsSearch> {
  const { text, plan, ranked, floor, pending } = yield* planSearchSteps(index, scratch, query, filter, true);
  let order: number[];
  let matches: ReadonlySet<number>;
  let matchCount: number;
  let relatedCount: number;
  let facetHits: ArrayLike<number>;
  let alternatives: Alternatives | undefined;
  if (request.sort && request.sort !== 'relevance') {
    // A sorted list has no best match to put first: it holds the matches only.
    let kept: ArrayLike<number> = matchesOf(ranked, floor, scratch);
    if (FEATURES.meaningFloor && kept.length > 0) {
      const first = bestScored(ranked, floor, MEANING_FIRST);
      if (!matchesMeanQuery(index, plan, ranked.importance, query, first)) kept = [];
    }
    const sorted = index.columns.comparator(request.sort, (a, b) => index.compareIds(a, b));
    order = firstK(kept, sorted, wanted);
    matches = new Set(order);
    matchCount = kept.length;
    relatedCount = 0;
    facetHits = kept;
  } else {
    const relevance = yield* relevanceOrder(index, scratch, ranked, plan, wanted, text, floor, pending);
    const top = relevance.order.slice(0, wanted);
    // A named product's look-alikes (alternatives.ts): a second plan, bounded and in steps.
    const expanded = yield* withAlternativesSteps(index, scratch, plan, filter, ranked, top, wanted);
    yield;
    // A product the query asks for by name is a match, whatever its score.
    for (const n of expanded.named ?? []) addMatch(relevance, scratch, n);
    matches = relevance.matches;
    // Every match is a ranked hit (the window's, named products among them, and those below it
    // meeting the floor). They are listed only for facets; a count is one plain pass over the scores.
    const kept = request.facets?.length ? matchesOf(ranked, floor, scratch, relevance) : null;
    matchCount = kept ? kept.length : countMatches(floor, scratch, relevance);
    const matched = expanded.order.filter((n) => matches.has(n));
    // Few matches: agents their words point to, listed first among the related (feedback-recall.ts).
    const recalled = FEATURES.feedbackRecall
      ? feedbackRecall(index, plan, matched, new Set(expanded.order), filter)
      : [];
    const others = expanded.order.filter((n) => !matches.has(n));
    const keep = FEEDBACK_RECALL.after;
    const related = [...others.slice(0, keep), ...recalled, ...others.slice(keep)].slice(0, RELATED_MAX);
    order = [...matched, ...related];
    relatedCount = Math.min(RELATED_MAX, expanded.hits.length + recalled.length - matchCount);
    facetHits = matchCount === 0 ? related : (kept ?? []);
    // The meaning check (ranking/match-floor.ts meansTheQuery): a named product always matches.
    if (FEATURES.meaningFloor && matchCount > 0 && !expanded.named?.length) {
      const first = order.filter((n) => matches.has(n)).slice(0, MEANING_FIRST);
      if (!matchesMeanQuery(index, plan, ranked.importance, query, first)) {
        matches = new Set();
        matchCount = 0;
        order = expanded.order.slice(0, RELATED_MAX);
        relatedCount = order.length;
        facetHits = order;
      }
    }
    alternatives = expanded.alternatives;
  }
  const { explain, notable } = hitExplainer(index, plan, ranked, text, alternatives);
  const found: WordsSearch = {
    plan,
    hits: facetHits,
    order,
    matchCount,
    totalHits: matchCount + Math.max(0, relatedCount),
    isMatch: (n) => matches.has(n),
    explain,
    notable,
  };
  if (matchCount === 0) {
    const correction = yield* correctionWithMatches(index, scratch, text, filter);
    found.suggestions = suggestionsFrom(
      order.map((n) => index.document(n)!),
      correction,
    );
  }
  return found;
}

/** The matches the meaning check reads: as many as it reads at most. */
const MEANING_FIRST = Math.max(MEANING_FLOOR.first, MEANING_FLOOR.shareOf);

/** The `count` best-scored ranked hits meeting the floor, best first (a sorted list's first matches). */
function bestScored(ranked: Ranked, floor: number, count: number): number[] {
  const best: Array<{ n: number; score: number }> = [];
  for (let i = 0; i < ranked.hits.length; i++) {
    const score = ranked.scores[i]!;
    if (score < floor || (best.length === count && score <= best[count - 1]!.score)) continue;
    best.push({ n: ranked.hits[i]!, score });
    if (best.length > count) {
      best.sort((a, b) => b.score - a.score);
      best.pop();
    }
  }
  return best.sort((a, b) => b.score - a.score).map((entry) => entry.n);
}

/** "Did you mean": the query with likely corrections, offered only when it would find matches. */
function* correctionWithMatches(
  index: InvertedIndex,
  scratch: Scratch,
  text: string,
  filter: Filter | null,
): Steps<string | undefined> {
  const corrected = didYouMean(text, index.vocabulary.asVocabulary());
  if (!corrected) return undefined;
  const plan = planQuery(corrected, index.vocabulary.asVocabulary(), { asYouType: true });
  weighByCatalog(index, plan, roleContext(index).isRoleWord);
  yield;
  const ranked = yield* rankPlanSteps(index, scratch, plan, filter);
  const floor = floorScore(ranked.importance);
  for (let i = 0; i < ranked.scores.length; i++) if (ranked.scores[i]! >= floor) return corrected;
  return undefined;
}
