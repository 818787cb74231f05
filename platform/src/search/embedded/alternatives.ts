import { FEATURES } from '../query/features';
import { ALTERNATIVE_WORDS } from '../query/intent';
import { GENERIC_SHARE, NAME_WORD_MAX_AGENTS, saysMoreThanName } from '../query/name-intent';
import type { QueryPlan } from '../query/plan';
import { bestOfPlanSteps } from './bounded-rank';
import type { Filter } from './filter';
import type { InvertedIndex } from './inverted-index';
import { moreLikeThisPlan } from './more-like-this';
import { type NameQuery, nameBoostOf, nameQuery } from './named-in-query';
import { type Ranked, rankPlanSteps } from './rank-plan';
import { RANKING } from './ranking-weights';
import type { Scratch } from './scratch';
import type { Steps } from './search-steps';
import { topK } from './top-k';

// A query that names a product ("pixelforge", "pixelforge logo maker"): the product, then its
// alternatives.

/**
 * The `wanted` best hits of the look-alikes' plan, best first: bounded (bounded-rank.ts: only the
 * documents that can be among them are scored, some 13,000 postings of the 112,000 a product's
 * plan touches at 100,000 agents), or, when the bound cannot tell them apart cheaper, the plan
 * ranked whole (in the scratch's second set of hits: the query's own ranking is still in use).
 */
function* bestSimilar(
  index: InvertedIndex,
  scratch: Scratch,
  plan: QueryPlan,
  filter: Filter | null,
  wanted: number,
): Steps<number[]> {
  const bounded = yield* bestOfPlanSteps(index, scratch, plan, filter, wanted);
  if (bounded) return bounded.order;
  const similar = yield* rankPlanSteps(index, scratch, plan, filter, 1);
  yield;
  return topK(similar.hits, similar.scores, wanted, (a, b) => index.compareIds(a, b));
}

/**
 * A query that is a product's name short of its generic words ("pictory" for Pictory AI, "assemby
 * ai" for AssemblyAI, misspelt as people do) names the first hit (FEATURES.partialName): every word
 * the query means (typos corrected; "alternative" and the like aside) is in its name, each of its
 * name's words the query lacks is generic ("ai", in over GENERIC_SHARE of agents) or the query's
 * words run together ("assembly ai"), and the query's other words are the product's own (in at most
 * NAME_WORD_MAX_AGENTS agents). nameBoost asks for the whole name, so these named nothing, and the
 * page listed the product and then whatever shared a word with it.
 */
function partiallyNamed(index: InvertedIndex, plan: QueryPlan, order: number[], names: NameQuery): number[] {
  if (!FEATURES.partialName || order.length === 0) return [];
  const meant = plan.groups.flatMap((group) => group.meant).filter((word) => !ALTERNATIVE_WORDS.has(word));
  const generic = (word: string) => names.agentsWith(word) > index.size * GENERIC_SHARE;
  const own = meant.filter((word) => !generic(word));
  if (own.length === 0 || !own.every((word) => names.agentsWith(word) <= NAME_WORD_MAX_AGENTS)) return [];
  const first = order[0]!;
  const entry = index.nameOf(first);
  const parts = new Set(entry.nameParts);
  const joined = meant.join('');
  const named =
    meant.every((word) => parts.has(word)) &&
    entry.nameWords.every((word) => meant.includes(word) || generic(word) || joined.includes(word));
  return named ? [first] : [];
}

/** The agent a query names, and the agents listed after it as its alternatives. */
export interface Alternatives {
  of: string;
  agents: Set<number>;
}

/**
 * When the query names a product, people want it and then its alternatives: the named agents come
 * first, then agents like it (or, when the query says more than the name, "pixelforge logo
 * maker", agents matching the rest of the query), then the remaining matches.
 */
export function* withAlternativesSteps(
  index: InvertedIndex,
  scratch: Scratch,
  plan: QueryPlan,
  filter: Filter | null,
  ranked: Ranked,
  order: number[],
  wanted: number,
): Steps<{
  order: number[];
  hits: Int32Array;
  /** The agents the query names (matches, whatever their score), and the alternatives listed after them. */
  named?: number[];
  alternatives?: Alternatives;
}> {
  if (!FEATURES.alternatives) return { order, hits: ranked.hits };
  const names = nameQuery(index, plan);
  const whole = order.filter((n) => nameBoostOf(index, n, names) >= RANKING.nameInQuery);
  const named = whole.length > 0 ? whole : partiallyNamed(index, plan, order, names);
  if (named.length === 0 || named.length >= wanted) return { order, hits: ranked.hits };
  const first = named[0]!;
  const nameWords = new Set(index.nameOf(first).nameParts);
  // What the query says besides the name; a misspelt name is compared as corrected.
  const saysMore = (group: QueryPlan['groups'][number]) =>
    saysMoreThanName(
      FEATURES.nameAlternatives ? group.meant : group.words,
      nameWords,
      names.agentsWith,
      index.size,
    );
  const rest = plan.groups.filter(saysMore);
  const alternativePlan =
    rest.length > 0 ? { ...plan, groups: rest, words: [] } : moreLikeThisPlan(index, first);
  const taken = new Set(named);
  const alternatives = (yield* bestSimilar(index, scratch, alternativePlan, filter, wanted)).filter(
    (n) => !taken.has(n),
  );
  for (const n of alternatives) taken.add(n);
  const merged = [...named, ...alternatives, ...order.filter((n) => !taken.has(n))].slice(0, wanted);
  const listed = { of: index.document(first)!.name, agents: new Set(alternatives) };
  // The hits for the count and the facets: the ranked ones, and alternatives they lack. One pass
  // over the (possibly catalog-sized) hits with a page-sized set, no catalog-sized copy in between.
  const extra = new Set(alternatives);
  for (let i = 0; i < ranked.hits.length && extra.size > 0; i++) extra.delete(ranked.hits[i]!);
  if (extra.size === 0) return { order: merged, hits: ranked.hits, named, alternatives: listed };
  const hits = new Int32Array(ranked.hits.length + extra.size);
  hits.set(ranked.hits);
  hits.set(Int32Array.from(extra), ranked.hits.length);
  return { order: merged, hits, named, alternatives: listed };
}
