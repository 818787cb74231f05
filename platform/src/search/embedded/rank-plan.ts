import { FEATURES } from '../query/features';
import type { QueryPlan } from '../query/plan';
import { CoverageTable, MAX_COVERAGE_GROUPS } from './coverage-table';
import type { Filter } from './filter';
import type { InvertedIndex } from './inverted-index';
import { nameBoost, nameQuery, rolesNamed } from './named-in-query';
import { RANKING } from './ranking-weights';
import { groupImportance, scorePlanSteps } from './scorer';
import type { Scratch } from './scratch';
import { BLOCK, runWhole, type Steps } from './search-steps';
import { topKPositions } from './top-k';

// The first stage of a search: every document the plan touches scored, kept when it passes the
// filter and covers enough of the query (then a second tier when few do), with its name and role
// boosts.

export interface Ranked {
  hits: Int32Array;
  /** After the ranking window, with role feedback where it decides anything (boostedWindow). */
  scores: Float32Array;
  /** Each group's weight (groupImportance): what the match floor is a share of. */
  importance: number[];
}

/** The group mask of each part of the query (none when the plan has no parts or just one). */
function partMasks(plan: QueryPlan, groups: number): number[] {
  const masks: number[] = [];
  plan.partOf?.slice(0, groups).forEach((part, g) => {
    masks[part] = (masks[part] ?? 0) | (1 << g);
  });
  return masks.filter((mask) => mask !== undefined);
}

/** Groups up to this many get their first-tier weights worked out for every mask up front. */
const TIER_TABLE_GROUPS = 8;

/**
 * For every mask of a query of at most TIER_TABLE_GROUPS groups: its coverage weight when it covers
 * enough of the query for the first tier, else -1 (the same numbers the table gives). Null for
 * longer queries, whose masks are looked up as documents meet them.
 */
function firstTierWeights(
  table: CoverageTable,
  groups: number,
  minCoverage: number,
  into: Float64Array,
): Float64Array | null {
  if (groups > TIER_TABLE_GROUPS) return null;
  const size = 1 << groups;
  for (let mask = 0; mask < size; mask++)
    into[mask] = table.coverage(mask) < minCoverage ? -1 : table.weight(mask);
  return into;
}

/** How a plan's groups cover the query: their weights, the table, and each mask's first-tier weight. */
export interface PlanCoverage {
  /** Each group's weight (groupImportance). */
  importance: number[];
  table: CoverageTable;
  /**
   * Each mask's weight for the first tier (-1 below the coverage it needs), read with one array
   * lookup per document when a query has few groups (most have): the table's two lookups per
   * document were 7 % of a search. Null for longer queries (firstTierWeight asks the table).
   */
  tier: Float64Array | null;
}

export function planCoverage(index: InvertedIndex, scratch: Scratch, plan: QueryPlan): PlanCoverage {
  const importance = groupImportance(index, plan).slice(0, MAX_COVERAGE_GROUPS);
  const table = new CoverageTable(
    importance,
    RANKING.coveragePower,
    scratch.coverage,
    FEATURES.partCoverage ? partMasks(plan, importance.length) : [],
    RANKING.partPower,
  );
  const tier = firstTierWeights(table, importance.length, RANKING.minCoverage, scratch.tierWeights);
  return { importance, table, tier };
}

/** The first-tier weight of a document that matched `mask`: -1 when it covers too little of the query. */
export function firstTierWeight({ table, tier }: PlanCoverage, mask: number): number {
  const low = mask & table.allGroups;
  if (tier) return tier[low]!;
  return table.coverage(low) < RANKING.minCoverage ? -1 : table.weight(low);
}

/**
 * A touched document's score (scratch.total, nameHit as scored) at a coverage weight, with its name
 * and role boosts; -1 when the filter leaves it out. Every pass that ranks a plan scores with it.
 */
export function hitScorer(
  index: InvertedIndex,
  scratch: Scratch,
  plan: QueryPlan,
  filter: Filter | null,
): (n: number, weight: number) => number {
  const { flags: named, any: anyRoleNamed } = rolesNamed(index, plan);
  const names = nameQuery(index, plan);
  const roleIds = index.roleIds;
  const { total, nameHit } = scratch;
  // A name boost needs every name word in the query or every query word in the name: documents
  // whose signatures rule out both skip the comparisons (most name hits are a shared "AI").
  const querySignature = names.signature;
  const { words: nameSignatures, parts: partSignatures } = index.nameSignatures;
  return (n: number, weight: number): number => {
    if (filter && (!index.isAlive(n) || !filter(n))) return -1;
    let score = total[n]! * weight;
    if (
      nameHit[n] === 1 &&
      ((nameSignatures[n]! & ~querySignature) === 0 || (querySignature & ~partSignatures[n]!) === 0)
    )
      score *= nameBoost(index.nameOf(n), names);
    if (anyRoleNamed && named[roleIds[n]!] === 1) score *= RANKING.roleNamed;
    return score;
  };
}

/** Scores a plan; returns the hits (documents covering enough of it, then a second tier when few do) with their final scores. */
export function rankPlan(
  index: InvertedIndex,
  scratch: Scratch,
  plan: QueryPlan,
  filter: Filter | null,
  slot: 0 | 1 = 0,
): Ranked {
  return runWhole(rankPlanSteps(index, scratch, plan, filter, slot));
}

/** rankPlan as steps (search-steps.ts): it may stop between blocks of the documents it scores. */
export function* rankPlanSteps(
  index: InvertedIndex,
  scratch: Scratch,
  plan: QueryPlan,
  filter: Filter | null,
  slot: 0 | 1 = 0,
): Steps<Ranked> {
  yield* scorePlanSteps(index, plan, scratch);
  const { importance, table, tier } = planCoverage(index, scratch, plan);
  const scoreOf = hitScorer(index, scratch, plan, filter);
  const { touched, matchMask } = scratch;
  const touchedCount = scratch.touchedCount;
  const lowMask = table.allGroups;
  const minCoverage: number = RANKING.minCoverage;

  // Hits cover enough of the query. When few do, the documents matching less of it follow them
  // as a second tier ("track zebra sightings on social media" still lists the social media
  // managers after the few agents that monitor brands), as Meilisearch drops query words to fill
  // a page.
  const hits = scratch.hits[slot];
  const scores = scratch.hitScores[slot];
  let count = 0;
  let lowest = Number.POSITIVE_INFINITY;
  /** The touched documents from..to that cover enough of the query, kept with their scores. */
  const firstTierOf = (from: number, to: number): void => {
    let kept = count;
    let low = lowest;
    for (let i = from; i < to; i++) {
      const n = touched[i]!;
      const mask = matchMask[n]! & lowMask;
      const weight = tier ? tier[mask]! : table.coverage(mask) < minCoverage ? -1 : table.weight(mask);
      if (weight < 0) continue;
      const score = scoreOf(n, weight);
      if (score < 0) continue;
      hits[kept] = n;
      scores[kept++] = score;
      if (score < low) low = score;
    }
    count = kept;
    lowest = low;
  };
  // In blocks (search-steps.ts): a name compared per document makes this the dearest loop of a
  // broad search. The loops are plain functions: V8 optimises a long loop in a generator less well.
  for (let from = 0; from < touchedCount; from += BLOCK) {
    firstTierOf(from, Math.min(touchedCount, from + BLOCK));
    yield;
  }
  if (count < RANKING.minHits && FEATURES.secondTier) {
    const firstTier = count;
    let highest = 0;
    /** The touched documents from..to that cover less of the query: the second tier. */
    const secondTierOf = (from: number, to: number): void => {
      let kept = count;
      let high = highest;
      for (let i = from; i < to; i++) {
        const n = touched[i]!;
        const mask = matchMask[n]! & lowMask;
        if (table.coverage(mask) >= minCoverage) continue;
        const score = scoreOf(n, table.weight(mask));
        if (score < 0) continue;
        hits[kept] = n;
        scores[kept++] = score;
        if (score > high) high = score;
      }
      count = kept;
      highest = high;
    };
    for (let from = 0; from < touchedCount; from += BLOCK) {
      secondTierOf(from, Math.min(touchedCount, from + BLOCK));
      yield;
    }
    // Only enough of them to fill the page: the rest matched too little of the query to count.
    if (firstTier > 0) {
      const tier = topKPositions(
        scores.subarray(firstTier, count),
        count - firstTier,
        RANKING.minHits - firstTier,
        (a, b) => index.compareIds(hits[firstTier + a]!, hits[firstTier + b]!),
      );
      const kept = tier.map((p) => hits[firstTier + p]!);
      const keptScores = tier.map((p) => scores[firstTier + p]!);
      const scale = highest > 0 ? Math.min(1, (RANKING.secondTierGap * lowest) / highest) : 1;
      for (let k = 0; k < kept.length; k++) {
        hits[firstTier + k] = kept[k]!;
        scores[firstTier + k] = keptScores[k]! * scale;
      }
      count = firstTier + kept.length;
    }
  }
  scratch.reset();
  return { hits: hits.subarray(0, count), scores: scores.subarray(0, count), importance };
}
