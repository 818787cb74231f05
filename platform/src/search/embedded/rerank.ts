import type { QueryPlan } from '../query/plan';
import { groupSpecificity } from '../query/term-specificity';
import { anatomy } from '../ranking/anatomy';
import { type EngineSignals, featuresOf, type QueryContext } from '../ranking/features';
import type { LinearModel } from '../ranking/linear-model';
import { partsOf } from '../ranking/query-parts';
import { queryTerms } from '../ranking/query-terms';
import { intentPosteriors } from './catalog-intent';
import type { InvertedIndex } from './inverted-index';
import { groupFocuses } from './role-focus';
import { groupImportance, inverseDocumentFrequency } from './scorer';
import { sequenceTerms } from './sequence-terms';

// The second stage of a search: the engine's best documents (a window of about a hundred) are
// described by general features (ranking/features.ts) and put in the order a learned model gives
// them. Also what the training script reads (scripts/src/eval/ranker/train-ranker-main.ts).

export interface Candidate {
  n: number;
  /** The engine's score after its own adjustments (role feedback, word order). */
  score: number;
  /** The same before the word-order check. */
  baseScore: number;
  signals: Omit<EngineSignals, 'relativeScore' | 'intentRole' | 'intentCategory'>;
}

export function queryContext(index: InvertedIndex, plan: QueryPlan, query: string): QueryContext {
  const terms = queryTerms(plan);
  const documents = Math.max(1, index.size);
  const idf = Float64Array.from(terms.stems, (stem) =>
    inverseDocumentFrequency(documents, index.documentFrequency(stem)),
  );
  const { partOf, parts } = partsOf(query, plan);
  return {
    terms,
    importance: groupImportance(index, plan),
    idf,
    partOf,
    parts,
    intent: intentPosteriors(index, plan),
    focus: groupFocuses(index, plan).map((focus) => focus ?? 1),
    specificity: plan.groups.map((group) => groupSpecificity(group)),
  };
}

/** Each candidate's features, in the order given. */
export function candidateFeatures(
  index: InvertedIndex,
  context: QueryContext,
  candidates: Candidate[],
): Float64Array[] {
  const termsOf = sequenceTerms(index, context.terms);
  let best = 0;
  for (const candidate of candidates) best = Math.max(best, candidate.score);
  const { roles, categories } = context.intent;
  return candidates.map((candidate) => {
    const document = termsOf(candidate.n);
    const role = index.roleIds[candidate.n]!;
    const category = index.intent.categoryOfDocument(candidate.n);
    return featuresOf(context, document, anatomy(context.terms, document), {
      ...candidate.signals,
      relativeScore: best > 0 ? candidate.score / best : 0,
      intentRole: roles && role >= 0 ? roles[role]! : 0,
      intentCategory: categories && category >= 0 ? categories[category]! : 0,
    });
  });
}

/** The candidates with the model's scores, best first (ties: the engine's order). */
export function rerank(
  index: InvertedIndex,
  context: QueryContext,
  candidates: Candidate[],
  model: LinearModel,
): Array<{ n: number; score: number }> {
  const features = candidateFeatures(index, context, candidates);
  return candidates
    .map((candidate, i) => ({ n: candidate.n, score: model.score(features[i]!), engine: i }))
    .sort((a, b) => b.score - a.score || a.engine - b.engine)
    .map(({ n, score }) => ({ n, score }));
}
