import { FEATURES } from '../../query/features';
import type { InvertedIndex } from '../inverted-index';

// A model of meaning in the ranking window (issue 27): a factor per window document, (1 + w·cos)
// of the query's and the document's vectors, that multiplies the engine's own order as the
// catalog's intent does (window.ts relevanceOrder); the floor and the count are untouched. Off
// unless the `meaning` feature is on and a model is registered (the static encoder measured by
// scripts/src/eval/static-encoder/: BENCHMARKS.md "A static sentence encoder").

export interface MeaningModel {
  /** One factor per candidate, in their order; null to leave the order as it is. */
  factors(index: InvertedIndex, query: string, candidates: ReadonlyArray<{ n: number }>): Float64Array | null;
}

let registered: MeaningModel | undefined;

/** Registers the model the `meaning` feature reads (undefined: none). */
export function useMeaningModel(model: MeaningModel | undefined): void {
  registered = model;
}

export function meaningFactors(
  index: InvertedIndex,
  query: string,
  candidates: ReadonlyArray<{ n: number }>,
): Float64Array | null {
  return FEATURES.meaning && registered ? registered.factors(index, query, candidates) : null;
}
