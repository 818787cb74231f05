import { FEATURES } from '../query/features';
import type { QueryPlan } from '../query/plan';
import { rankerModel } from '../ranking/ranker-model';
import { catalogIntent } from './catalog-intent';
import type { InvertedIndex } from './inverted-index';
import { meaningFactors } from './meaning/meaning-factors';
import { nameBoostOf, nameQuery, rolesNamed } from './named-in-query';
import { phraseOrderChecker } from './phrase-order';
import type { Ranked } from './rank-plan';
import { RANKING } from './ranking-weights';
import { type Candidate, queryContext, rerank } from './rerank';
import { scorePlan } from './scorer';
import type { Scratch } from './scratch';
import { BLOCK, runWhole, type Steps } from './search-steps';
import { sortSteps } from './sort-steps';
import { termFeedback } from './term-feedback';
import { TopKHeap, topKPositions } from './top-k';

// The second stage of a relevance search: the engine's best documents (the ranking window) after
// role feedback and the word-order check, put in their final order (the learned model, word
// feedback, catalog intent, the word being typed), matches first.

/**
 * Pseudo-relevance feedback on roles: the score-weighted share of each role among the top results,
 * and the factor by which each role's hits move up when its share is large enough (null when none
 * does). The shares (by role id; null when there is no top to speak of) are a feature of the
 * learned ranker. The factors are applied by boostedWindow, in its one pass over the hits.
 */
function roleFeedback(
  index: InvertedIndex,
  ranked: Ranked,
): { shares: Float64Array | null; boost: Float64Array | null } {
  if (ranked.hits.length < 3) return { shares: null, boost: null };
  const { hits } = ranked;
  const top = topKPositions(ranked.scores, hits.length, RANKING.roleFeedbackTop, (a, b) =>
    index.compareIds(hits[a]!, hits[b]!),
  );
  const roleIds = index.roleIds;
  const shares = new Float64Array(index.roleIdLimit);
  let total = 0;
  for (const position of top) {
    const score = ranked.scores[position]!;
    shares[roleIds[ranked.hits[position]!]!]! += score;
    total += score;
  }
  if (total <= 0) return { shares: null, boost: null };
  for (let role = 0; role < shares.length; role++) shares[role]! /= total;
  if (!FEATURES.roleFeedback || RANKING.roleFeedback <= 0) return { shares, boost: null };
  // One factor per role id, read in the loop over every hit (a Map lookup there cost 4 % of a search).
  const boost = new Float64Array(index.roleIdLimit).fill(1);
  let boosted = false;
  for (let role = 0; role < shares.length; role++) {
    const share = shares[role]!;
    if (share >= RANKING.roleFeedbackMinShare) {
      boost[role] = 1 + RANKING.roleFeedback * share;
      boosted = true;
    }
  }
  return { shares, boost: boosted ? boost : null };
}

/**
 * One pass over every hit: its score multiplied by its role's feedback factor (in place, rounded
 * to the scores' Float32 as before) wherever that decides something, the k best kept, and how many
 * score at least `floor` counted. Three passes once (the boost, the window's top k, the match
 * count: 10 % of a search). Afterwards a hit's score holds its factor if it is in the window or
 * could meet the floor only with it; any other score is on the same side of the floor with or
 * without it, which is all that is read of them (matchesOf).
 */
function* boostedWindow(
  index: InvertedIndex,
  ranked: Ranked,
  boost: Float64Array | null,
  k: number,
  floor: number,
): Steps<{ window: Array<{ n: number; score: number }>; atFloor: number }> {
  const { hits, scores } = ranked;
  const roleIds = index.roleIds;
  // Positions in the hits, equal scores by the rule for equals (equal-order.ts).
  const heap = new TopKHeap(k, (a, b) => index.compareIds(hits[a]!, hits[b]!));
  let atFloor = 0;
  const count = hits.length;
  let most = 1;
  if (boost) for (let role = 0; role < boost.length; role++) if (boost[role]! > most) most = boost[role]!;
  /** Hits from..to boosted where it matters, offered to the heap, counted at the floor. */
  const pass = (from: number, to: number): void => {
    let meeting = atFloor;
    if (boost) {
      for (let i = from; i < to; i++) {
        let score = scores[i]!;
        // A hit's role is looked up (a read scattered over the catalog: 7 % of a search when done for
        // every hit) only where its factor can change something: the score could cross the floor, or
        // enter the window (reaching its threshold is enough: an equal may be ruled first). Elsewhere
        // the boosted score would land on the same side of both as this one (the factor is at most
        // `most`, and rounding to Float32 keeps order), so it is left as it is.
        const highest = Math.fround(score * most);
        if ((score < floor && highest >= floor) || highest >= heap.threshold) {
          scores[i]! *= boost[roleIds[hits[i]!]!]!;
          score = scores[i]!;
        }
        if (score >= floor) meeting += 1;
        heap.offer(i, score);
      }
    } else {
      for (let i = from; i < to; i++) {
        const score = scores[i]!;
        if (score >= floor) meeting += 1;
        heap.offer(i, score);
      }
    }
    atFloor = meeting;
  };
  // In blocks (search-steps.ts), the loops in a plain function (V8 optimises them better there).
  for (let from = 0; from < count; from += BLOCK) {
    pass(from, Math.min(count, from + BLOCK));
    yield;
  }
  yield;
  const window = k > 0 ? (yield* heap.sortedSteps()).map((i) => ({ n: hits[i]!, score: scores[i]! })) : [];
  return { window, atFloor };
}

/**
 * The engine's best documents for the second stage (a window of RANKING.rerankWindow, or the page
 * when deeper), with their scores after role feedback and the word-order check, and how many hits
 * score at least `floor` after role feedback.
 */
export function rankingWindow(
  index: InvertedIndex,
  ranked: Ranked,
  plan: QueryPlan,
  wanted: number,
  floor: number,
): { candidates: Candidate[]; atFloor: number } {
  return runWhole(rankingWindowSteps(index, ranked, plan, wanted, floor));
}

/** rankingWindow as steps (search-steps.ts): it may stop between blocks of the hits. */
function* rankingWindowSteps(
  index: InvertedIndex,
  ranked: Ranked,
  plan: QueryPlan,
  wanted: number,
  floor: number,
): Steps<{ candidates: Candidate[]; atFloor: number }> {
  const { shares, boost } = roleFeedback(index, ranked);
  yield;
  const { window, atFloor } = yield* boostedWindow(
    index,
    ranked,
    boost,
    Math.max(wanted, RANKING.rerankWindow),
    floor,
  );
  const order = FEATURES.phraseOrder ? phraseOrderChecker(index, plan, RANKING.phraseOutOfOrder) : null;
  const names = nameQuery(index, plan);
  const named = rolesNamed(index, plan).flags;
  const roleIds = index.roleIds;
  const candidate = ({ n, score }: { n: number; score: number }): Candidate => {
    const factor = order ? order(n) : 1;
    const role = roleIds[n]!;
    return {
      n,
      score: score * factor,
      baseScore: score,
      signals: {
        nameBoost: nameBoostOf(index, n, names),
        roleNamed: named[role] === 1,
        roleShare: shares ? shares[role]! : 0,
        phraseOutOfOrder: factor < 1,
      },
    };
  };
  // A deep page's window is every hit, a name compared for each: in blocks.
  const candidates: Candidate[] = [];
  for (let from = 0; from < window.length; from += BLOCK) {
    for (const entry of window.slice(from, from + BLOCK)) candidates.push(candidate(entry));
    yield;
  }
  return { candidates, atFloor };
}

/** The relevance order of a search, matches first, and which hits meet the match floor. */
export interface RelevanceOrder {
  /** The window in final order: matches (by the learned model, else the engine), then the rest. */
  order: number[];
  /** Window documents that meet the floor. */
  matches: Set<number>;
  /**
   * Which documents are in the window, as scratch.windowStamps marks them (this search's stamp),
   * and whether each meets the floor (scratch.windowMatch): read for every hit, where a Set
   * lookup cost 5 % of a search.
   */
  windowStamp: number;
  /** The window's documents with their ranked scores (before the word-order check). */
  window: Candidate[];
  /** How many ranked hits score at least the floor (counted in the window's pass). */
  atFloor: number;
}

/** Counts a window document as a match (a product the query names). */
export function addMatch(relevance: RelevanceOrder, scratch: Scratch, n: number): void {
  relevance.matches.add(n);
  scratch.windowMatch[n] = 1;
}

/** The relevance order as steps (search-steps.ts). */
export function* relevanceOrder(
  index: InvertedIndex,
  scratch: Scratch,
  ranked: Ranked,
  plan: QueryPlan,
  wanted: number,
  query: string,
  floor: number,
  pending: QueryPlan | null,
): Steps<RelevanceOrder> {
  const { candidates, atFloor } = yield* rankingWindowSteps(index, ranked, plan, wanted, floor);
  const model = FEATURES.learnedRanking ? rankerModel() : null;
  // The word being typed orders the window (its completions' scores added), never the floor.
  const typing = pending ? pendingScores(index, scratch, pending, candidates) : null;
  // Word feedback re-orders the window only: `candidate.score`, which the floor reads, is left as it is.
  const feedback = !model && FEATURES.termFeedback ? termFeedback(index, plan, candidates) : null;
  // Catalog-learned role and category intent, the same way: the window's order only.
  const intent = !model && FEATURES.catalogIntent ? catalogIntent(index, plan, candidates, floor) : null;
  // A model of meaning (off by default), the same way.
  const meaning = model ? null : meaningFactors(index, query, candidates);
  yield;
  const ordered = model
    ? rerank(index, queryContext(index, plan, query), candidates, model)
    : yield* sortSteps(
        candidates.map(({ n, score }, i) => ({
          n,
          score:
            score * (feedback ? feedback[i]! : 1) * (intent ? intent[i]! : 1) * (meaning ? meaning[i]! : 1) +
            (typing ? typing[i]! : 0),
        })),
        // A total order (ids tell any two apart): sortSteps gives sort's order.
        (a, b) => b.score - a.score || index.compareIds(a.n, b.n),
      );
  yield;
  const matches = new Set<number>();
  const windowStamp = scratch.beginWindow();
  const { windowStamps, windowMatch } = scratch;
  for (const candidate of candidates) {
    const n = candidate.n;
    windowStamps[n] = windowStamp;
    const match = candidate.score >= floor;
    windowMatch[n] = match ? 1 : 0;
    if (match) matches.add(n);
  }
  const order = ordered.map((entry) => entry.n);
  return { order: matchesFirst(order, matches), matches, windowStamp, window: candidates, atFloor };
}

/** Each candidate's score for the word being typed alone (0 without it). */
function pendingScores(
  index: InvertedIndex,
  scratch: Scratch,
  pending: QueryPlan,
  candidates: Candidate[],
): number[] {
  scorePlan(index, pending, scratch);
  const scores = candidates.map(({ n }) => scratch.total[n]!);
  scratch.reset();
  return scores;
}

/** The same documents, those meeting the floor first, each part in its order. */
function matchesFirst(order: number[], matches: ReadonlySet<number>): number[] {
  return [...order.filter((n) => matches.has(n)), ...order.filter((n) => !matches.has(n))];
}
