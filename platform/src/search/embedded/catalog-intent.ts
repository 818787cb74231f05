import type { QueryPlan } from '../query/plan';
import type { ClassCounts, IntentCounts } from './catalog-intent-counts';
import type { InvertedIndex } from './inverted-index';

// Category and role intent learned from the catalog itself (`catalogIntent`): a naive Bayes
// classifier trained on the agents' own words (role, category and description) against their role
// and their category, applied to the words of the query. The roles and categories it finds likely
// move their agents in the ranking window up by a bounded share. No judged query trains it, so it
// says something of topics nobody wrote a concept for: "bird songs" has no concept, but the catalog
// knows which roles say "audio" and "sounds". Only the window's order changes: the floor, the count
// and the matches stay those of the words typed, as with termFeedback.

// Settings: chosen by scripts/src/eval/ranker/tune-feature-main.ts --feature catalogIntent (grid on
// dev and the tune half, cross-validated by query); BENCHMARKS.md has the figures.
export const CATALOG_INTENT = {
  /** A document whose role the classifier is sure of scores this share more. */
  roleStrength: 0.2,
  /** The same for its category. */
  categoryStrength: 0.1,
  /**
   * Related agents (below the match floor) take the factor to this power: they matched too little
   * of the query for their scores to say much, so the likely role orders them almost alone.
   */
  relatedPower: 10,
  /** The query's log-likelihoods are divided by this before the softmax (1: plain naive Bayes). */
  temperature: 1,
  /** Dirichlet smoothing towards the catalog's word frequencies, in words. */
  smoothing: 20,
  /** 1: classes weighed by their agents (the prior); 0: every class alike. */
  prior: 1,
  /**
   * What a group's concept readings (curated synonyms: "thumbnails" → graphic design) weigh in the
   * likelihood, shared among that group's stems the query did not type; 0: the typed words alone.
   * Measured, not kept (tune-feature-main.ts --feature catalogIntentConcepts, 0–2: cross-validated
   * 0.747 against the engine's 0.752 on dev + tune; BENCHMARKS.md).
   */
  concepts: 0,
};

/**
 * The query's known stem ids with their weights in the likelihood: each typed stem 1, and each
 * group's concept stems (not typed) CATALOG_INTENT.concepts shared among them.
 */
function queryStems(index: InvertedIndex, plan: QueryPlan): { ids: number[]; weights: number[] } {
  const ids: number[] = [];
  const weights: number[] = [];
  const seen = new Set<number>();
  for (const stemmed of plan.literalStems) {
    const id = index.stemId(stemmed);
    if (id < 0 || seen.has(id)) continue;
    seen.add(id);
    ids.push(id);
    weights.push(1);
  }
  const share = CATALOG_INTENT.concepts;
  if (share <= 0) return { ids, weights };
  const typed = new Set(seen);
  for (const group of plan.groups) {
    const extra = new Set<number>();
    for (const alternative of group.alternatives) {
      if (alternative.source !== 'concept') continue;
      for (const stemmed of alternative.stems) {
        const id = index.stemId(stemmed);
        if (id >= 0 && !typed.has(id)) extra.add(id);
      }
    }
    for (const id of extra) {
      const at = ids.indexOf(id);
      if (at >= 0) weights[at]! += share / extra.size;
      else {
        ids.push(id);
        weights.push(share / extra.size);
      }
    }
  }
  return { ids, weights };
}

/** Each class's probability given the query's stem ids (null when no stem of the query is known). */
function posterior(
  classes: ClassCounts,
  model: IntentCounts,
  stems: number[],
  backgrounds: number[],
  weights?: number[],
): Float64Array | null {
  const { temperature, smoothing, prior } = CATALOG_INTENT;
  const count = classes.count;
  const logs = new Float64Array(count);
  for (let c = 0; c < count; c++)
    logs[c] =
      classes.documents[c]! > 0
        ? (prior * Math.log(classes.documents[c]! / model.documents)) / temperature
        : -Infinity;
  let known = 0;
  for (const [s, stem] of stems.entries()) {
    const total = backgrounds[s]!;
    if (total <= 0) continue;
    known += 1;
    const background = total / model.totalWords;
    for (let c = 0; c < count; c++) {
      if (!(classes.documents[c]! > 0)) continue;
      const has = classes.pairs.get(stem, c);
      logs[c]! +=
        ((weights ? weights[s]! : 1) *
          Math.log((has + smoothing * background) / (classes.words[c]! + smoothing))) /
        temperature;
    }
  }
  if (known === 0) return null;
  let highest = -Infinity;
  for (let c = 0; c < count; c++) highest = Math.max(highest, logs[c]!);
  let sum = 0;
  for (let c = 0; c < count; c++) {
    logs[c] = Math.exp(logs[c]! - highest);
    sum += logs[c]!;
  }
  for (let c = 0; c < count; c++) logs[c]! /= sum;
  return logs;
}

/**
 * The intent factor of each candidate (1 + strength × its role's probability, times the same for
 * its category), in the order given; null when the query has no word the catalog knows.
 */
export function catalogIntent(
  index: InvertedIndex,
  plan: QueryPlan,
  candidates: ReadonlyArray<{ n: number; score: number }>,
  floor = 0,
): Float64Array | null {
  const { roleStrength, categoryStrength, relatedPower } = CATALOG_INTENT;
  if (roleStrength <= 0 && categoryStrength <= 0) return null;
  const { ids: stems, weights } = queryStems(index, plan);
  if (stems.length === 0) return null;
  const model = index.intent;
  const backgrounds = stems.map((stem) => model.backgroundOf(stem));
  const roles = roleStrength > 0 ? posterior(model.roles, model, stems, backgrounds, weights) : null;
  const categories =
    categoryStrength > 0 ? posterior(model.categories, model, stems, backgrounds, weights) : null;
  if (!roles && !categories) return null;
  // A plain loop: Float64Array.from with a callback goes through the array's iterator.
  const factors = new Float64Array(candidates.length);
  for (let i = 0; i < candidates.length; i++) {
    const { n, score } = candidates[i]!;
    const role = index.roleIds[n]!;
    const category = model.categoryOfDocument(n);
    const byRole = roles && role >= 0 ? 1 + roleStrength * roles[role]! : 1;
    const byCategory = categories && category >= 0 ? 1 + categoryStrength * categories[category]! : 1;
    factors[i] = score >= floor ? byRole * byCategory : (byRole * byCategory) ** relatedPower;
  }
  return factors;
}

/**
 * The query's probability of each role and of each category (by class id; null when the query has
 * no word the catalog knows): the learned ranker's intent features (rerank.ts), which weigh them
 * with the other features instead of catalogIntent's fixed factors.
 */
export function intentPosteriors(
  index: InvertedIndex,
  plan: QueryPlan,
): { roles: Float64Array | null; categories: Float64Array | null } {
  const { ids: stems, weights } = queryStems(index, plan);
  if (stems.length === 0) return { roles: null, categories: null };
  const model = index.intent;
  const backgrounds = stems.map((stem) => model.backgroundOf(stem));
  return {
    roles: posterior(model.roles, model, stems, backgrounds, weights),
    categories: posterior(model.categories, model, stems, backgrounds, weights),
  };
}

/**
 * The role probabilities of the query's typed stems, each weighed as given (a stem id absent from
 * `weightOf` weighs 1): what catalogIntent would read from the query with some words softened.
 */
export function weightedRolePosterior(
  index: InvertedIndex,
  plan: QueryPlan,
  weightOf: (stemId: number) => number,
): Float64Array | null {
  const { ids: stems, weights } = queryStems(index, plan);
  if (stems.length === 0) return null;
  const model = index.intent;
  const backgrounds = stems.map((stem) => model.backgroundOf(stem));
  return posterior(
    model.roles,
    model,
    stems,
    backgrounds,
    weights.map((weight, s) => weight * weightOf(stems[s]!)),
  );
}

/** The query's likeliest roles and categories with their probabilities (best first), for tests and tuning. */
export function likelyClasses(
  index: InvertedIndex,
  plan: QueryPlan,
  top = 3,
): { roles: Array<[number, number]>; categories: Array<[number, number]> } {
  const { ids: stems, weights } = queryStems(index, plan);
  const model = index.intent;
  const backgrounds = stems.map((stem) => model.backgroundOf(stem));
  const best = (probabilities: Float64Array | null) =>
    probabilities
      ? [...probabilities]
          .map((p, c) => [c, p] as [number, number])
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
      : [];
  return {
    roles: best(stems.length ? posterior(model.roles, model, stems, backgrounds, weights) : null),
    categories: best(stems.length ? posterior(model.categories, model, stems, backgrounds, weights) : null),
  };
}
