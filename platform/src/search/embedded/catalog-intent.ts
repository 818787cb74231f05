import type { QueryPlan } from '../query/plan';
import type { InvertedIndex } from './inverted-index';
import { eachFieldStem, FIELD_INDEX } from './word-sequences';

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
};

/** One classification: documents' class ids and, per stem id, how many documents of each class have it. */
interface Classes {
  /** Class id of each document number (-1: none). */
  of: Int32Array;
  count: number;
  /** Documents per class. */
  documents: Float64Array;
  /** Distinct stems summed over each class's documents. */
  words: Float64Array;
  /** Per stem id: [class, documents of that class with the stem, …]. */
  stems: Map<number, number[]>;
}

interface Model {
  roles: Classes;
  categories: Classes;
  /** Documents having each stem id, summed (the background for smoothing). */
  background: Map<number, number>;
  totalWords: number;
  documents: number;
}

const models = new WeakMap<InvertedIndex, { version: number; model: Model }>();

function emptyClasses(capacity: number): Classes {
  return {
    of: new Int32Array(capacity).fill(-1),
    count: 0,
    documents: new Float64Array(0),
    words: new Float64Array(0),
    stems: new Map(),
  };
}

function addTo(classes: Classes, id: number, n: number, stems: Iterable<number>): void {
  classes.of[n] = id;
  if (id >= classes.documents.length) {
    const size = Math.max(16, id * 2);
    const documents = new Float64Array(size);
    documents.set(classes.documents);
    classes.documents = documents;
    const words = new Float64Array(size);
    words.set(classes.words);
    classes.words = words;
  }
  classes.count = Math.max(classes.count, id + 1);
  classes.documents[id]! += 1;
  for (const stem of stems) {
    classes.words[id]! += 1;
    const list = classes.stems.get(stem);
    if (!list) {
      classes.stems.set(stem, [id, 1]);
      continue;
    }
    // Documents are visited in order, so a class's entry, when there, is usually the last one.
    let at = -1;
    for (let i = list.length - 2; i >= 0; i -= 2)
      if (list[i] === id) {
        at = i;
        break;
      }
    if (at >= 0) list[at + 1]! += 1;
    else list.push(id, 1);
  }
}

/**
 * The model of the index as it is, rebuilt when its version moves: a pass over every live
 * document's words (1.1–1.9 s at 20,000 agents on a loaded machine). The switch is off; kept on,
 * the counts would have to be kept as documents are indexed.
 */
function modelOf(index: InvertedIndex): Model {
  const known = models.get(index);
  if (known && known.version === index.version) return known.model;
  const capacity = index.capacity;
  const roles = emptyClasses(capacity);
  const categories = emptyClasses(capacity);
  const categoryIds = new Map<string, number>();
  const background = new Map<number, number>();
  let totalWords = 0;
  let documents = 0;
  const seen = new Set<number>();
  const categoryStems: number[] = [];
  for (let n = 0; n < capacity; n++) {
    if (!index.isAlive(n)) continue;
    documents += 1;
    seen.clear();
    categoryStems.length = 0;
    eachFieldStem(index.sequenceOf(n), FIELD_INDEX.role, FIELD_INDEX.description, (id, field) => {
      if (field === FIELD_INDEX.category) categoryStems.push(id);
      if (seen.has(id)) return;
      seen.add(id);
      background.set(id, (background.get(id) ?? 0) + 1);
      totalWords += 1;
    });
    addTo(roles, index.roleIds[n]!, n, seen);
    const key = categoryStems.join(' ');
    let category = categoryIds.get(key);
    if (category === undefined) {
      category = categoryIds.size;
      categoryIds.set(key, category);
    }
    addTo(categories, category, n, seen);
  }
  const model = { roles, categories, background, totalWords, documents };
  models.set(index, { version: index.version, model });
  return model;
}

/** Each class's probability given the query's stem ids (null when no stem of the query is known). */
function posterior(classes: Classes, model: Model, stems: number[]): Float64Array | null {
  const { temperature, smoothing, prior } = CATALOG_INTENT;
  const count = classes.count;
  const logs = new Float64Array(count);
  for (let c = 0; c < count; c++)
    logs[c] =
      classes.documents[c]! > 0
        ? (prior * Math.log(classes.documents[c]! / model.documents)) / temperature
        : -Infinity;
  const has = new Float64Array(count);
  let known = 0;
  for (const stem of stems) {
    const total = model.background.get(stem);
    if (!total) continue;
    known += 1;
    const background = total / model.totalWords;
    has.fill(0);
    for (const [c, documents] of pairs(classes.stems.get(stem)!)) has[c] = documents;
    for (let c = 0; c < count; c++)
      logs[c]! +=
        Math.log((has[c]! + smoothing * background) / (classes.words[c]! + smoothing)) / temperature;
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

function* pairs(list: number[]): Generator<[number, number]> {
  for (let i = 0; i < list.length; i += 2) yield [list[i]!, list[i + 1]!];
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
  const stems = [...new Set(plan.literalStems)]
    .map((stemmed) => index.stemId(stemmed))
    .filter((id) => id >= 0);
  if (stems.length === 0) return null;
  const model = modelOf(index);
  const roles = roleStrength > 0 ? posterior(model.roles, model, stems) : null;
  const categories = categoryStrength > 0 ? posterior(model.categories, model, stems) : null;
  if (!roles && !categories) return null;
  return Float64Array.from(candidates, ({ n, score }) => {
    const role = model.roles.of[n]!;
    const category = model.categories.of[n]!;
    const byRole = roles && role >= 0 ? 1 + roleStrength * roles[role]! : 1;
    const byCategory = categories && category >= 0 ? 1 + categoryStrength * categories[category]! : 1;
    return score >= floor ? byRole * byCategory : (byRole * byCategory) ** relatedPower;
  });
}

/** The query's likeliest roles and categories with their probabilities (best first), for tests and tuning. */
export function likelyClasses(
  index: InvertedIndex,
  plan: QueryPlan,
  top = 3,
): { roles: Array<[number, number]>; categories: Array<[number, number]> } {
  const stems = [...new Set(plan.literalStems)]
    .map((stemmed) => index.stemId(stemmed))
    .filter((id) => id >= 0);
  const model = modelOf(index);
  const best = (probabilities: Float64Array | null) =>
    probabilities
      ? [...probabilities]
          .map((p, c) => [c, p] as [number, number])
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
      : [];
  return {
    roles: best(stems.length ? posterior(model.roles, model, stems) : null),
    categories: best(stems.length ? posterior(model.categories, model, stems) : null),
  };
}
