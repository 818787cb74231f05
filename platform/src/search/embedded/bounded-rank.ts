import { FEATURES } from '../query/features';
import type { QueryPlan } from '../query/plan';
import type { Filter } from './filter';
import { type GroupLookup, lookupOf, scoreCandidate } from './group-lookup';
import type { InvertedIndex } from './inverted-index';
import { nameQuery, rolesNamed } from './named-in-query';
import { firstTierWeight, hitScorer, type PlanCoverage, planCoverage } from './rank-plan';
import { RANKING } from './ranking-weights';
import { severalReadings, soleScoring } from './scorer';
import type { Scratch } from './scratch';
import { BLOCK, type Steps } from './search-steps';
import { TopKHeap } from './top-k';

// The k best hits of a plan without scoring every document it touches (a named product's
// look-alikes: the product's role, category and eight words of its description touch some 60,000
// of 100,000 agents through 112,000 postings, for 20 wanted). MaxScore (Turtle and Flood, 1995):
// each group's highest possible share of a score is known from its postings; the groups that can
// lift a document highest are "essential", and only the documents they match (the candidates)
// are scored, exactly as the whole pass would (every group's share looked up in its postings, in
// the plan's order, rounded as the accumulators round). The k-th best candidate's score is then a
// threshold: when a document matching only the other groups cannot reach it even with every one
// of them at its maximum, the candidates hold the k best, the same ones in the same order as
// rankPlan then topK. Otherwise one more group is made essential, until the candidates would cost
// about as much as the whole pass (null: the caller ranks the plan whole).

export interface BestOfPlan {
  /** The k best hits, best first, equal scores by the engine's rule for equals. */
  order: number[];
  /** Postings read to score the candidates, one per (candidate, group) that matched. */
  scored: number;
}

/** Past this share of the plan's postings in the candidates' lists, the whole pass is as cheap. */
const MAX_SHARE = 0.5;
/** A bound a rounding cannot break: sums of float32 shares may exceed the exact sum by a few ulps. */
const SLACK = 1 + 1e-5;

/**
 * The k best first-tier hits of `plan` (rankPlan's, then topK's order), scoring only the documents
 * the essential groups match; null when it cannot tell them cheaper than the whole pass (too few
 * hits, a second tier, associations, a long plan).
 */
export function* bestOfPlanSteps(
  index: InvertedIndex,
  scratch: Scratch,
  plan: QueryPlan,
  filter: Filter | null,
  k: number,
): Steps<BestOfPlan | null> {
  const groups = plan.groups;
  if (k <= 0 || groups.length === 0 || groups.length > 16) return null;
  // Associations add to documents that lack a group: bounds per group would not hold.
  if (FEATURES.associations && groups.some((g) => g.alternatives.some((a) => a.source === 'association')))
    return null;
  scratch.ensure(index.capacity);
  scratch.reset();
  const documents = Math.max(1, index.size);
  const lookups: GroupLookup[] = [];
  for (const group of groups) {
    lookups.push(
      lookupOf(
        soleScoring(index, group, documents),
        () => severalReadings(index, group, documents, scratch),
        scratch,
      ),
    );
    yield;
  }
  const coverage = planCoverage(index, scratch, plan);
  const scoreOf = hitScorer(index, scratch, plan, filter);
  const boost = highestBoost(index, plan);
  const byReach = groups
    .map((_, g) => g)
    .sort((a, b) => lookups[b]!.max - lookups[a]!.max || lookups[a]!.length - lookups[b]!.length);
  const allLength = lookups.reduce((sum, lookup) => sum + lookup.length, 0);
  const heap = new TopKHeap(k, (a, b) => index.compareIds(a, b));
  const { touched, matchMask } = scratch;
  const alive = index.aliveFlags;
  const minHits = FEATURES.secondTier ? RANKING.minHits : 0;
  let hits = 0;
  let scored = 0;
  let essential = 0;
  let essentialLength = 0;
  let found: BestOfPlan | null = null;
  for (const g of byReach) {
    essentialLength += lookups[g]!.length;
    if (essentialLength > MAX_SHARE * allLength) break;
    essential |= 1 << g;
    // The new candidates: group g's documents not met before, listed in scratch.touched (so that
    // scratch.reset() clears what they wrote), in ascending order for the lookups.
    const first = scratch.touchedCount;
    addCandidates(lookups[g]!, alive, scratch);
    const batch = touched.subarray(first, scratch.touchedCount).sort();
    const cursors = new Int32Array(groups.length);
    for (let from = 0; from < batch.length; from += BLOCK) {
      const block = batch.subarray(from, Math.min(batch.length, from + BLOCK));
      for (let i = 0; i < block.length; i++) scored += scoreCandidate(block[i]!, lookups, cursors, scratch);
      hits += offerHits(block, coverage, scoreOf, matchMask, heap);
      yield;
    }
    // Fewer hits than a page: the whole pass may add a second tier (rank-plan.ts).
    if (hits < minHits) continue;
    // The best a document outside the candidates can score: every other group at its maximum (none
    // when they cover too little of the query; a heap short of k has no threshold yet).
    const rest = coverage.table.allGroups & ~essential;
    const restWeight = firstTierWeight(coverage, rest);
    let reach = 0;
    for (let other = 0; other < groups.length; other++) if (rest & (1 << other)) reach += lookups[other]!.max;
    if (restWeight < 0 || reach * restWeight * boost * SLACK < heap.threshold) {
      found = { order: yield* heap.sortedSteps(), scored };
      break;
    }
  }
  for (let i = 0; i < scratch.touchedCount; i++) scratch.seen[touched[i]!] = 0;
  scratch.reset();
  return found;
}

// The loops are plain functions: V8 optimises a long loop in a generator less well.

/** Lists the lookup's live documents not yet candidates in scratch.touched, marked in scratch.seen. */
function addCandidates({ docs, length }: GroupLookup, alive: Uint8Array, scratch: Scratch): void {
  const { seen, touched } = scratch;
  let count = scratch.touchedCount;
  for (let i = 0; i < length; i++) {
    const doc = docs[i]! < 0 ? ~docs[i]! : docs[i]!;
    if (seen[doc] === 1 || alive[doc] === 0) continue;
    seen[doc] = 1;
    touched[count++] = doc;
  }
  scratch.touchedCount = count;
}

/** Offers the scored candidates that are first-tier hits to the heap; returns how many are. */
function offerHits(
  block: Int32Array,
  coverage: PlanCoverage,
  scoreOf: (n: number, weight: number) => number,
  matchMask: Uint32Array,
  heap: TopKHeap,
): number {
  let hits = 0;
  for (let i = 0; i < block.length; i++) {
    const doc = block[i]!;
    const weight = matchMask[doc] === 0 ? -1 : firstTierWeight(coverage, matchMask[doc]!);
    if (weight < 0) continue;
    const score = scoreOf(doc, weight);
    if (score < 0) continue;
    hits += 1;
    // As the hits' scores are kept (a Float32Array) before topK reads them.
    heap.offer(doc, Math.fround(score));
  }
  return hits;
}

/** The largest factor the name and role boosts can multiply a score by for this plan. */
function highestBoost(index: InvertedIndex, plan: QueryPlan): number {
  const names = nameQuery(index, plan);
  const name =
    names.words.length === 0 ? 1 : Math.max(1, RANKING.exactName, RANKING.nameInQuery, RANKING.queryInName);
  return name * (rolesNamed(index, plan).any ? Math.max(1, RANKING.roleNamed) : 1);
}
