// Cross-validation by query, shared by the ranking experiments (train-ranker, tune-feature,
// tune-fields, sentence-embedding): each query's fold comes from its text, so the same query is in
// the same fold in every script and run, and figures from different scripts compare fold by fold.

/** A query's fold, from its text (FNV-1a). */
export function foldOf(query: string, folds: number): number {
  let hash = 2166136261;
  for (let i = 0; i < query.length; i++) hash = Math.imul(hash ^ query.charCodeAt(i), 16777619);
  return (hash >>> 0) % folds;
}

/** The mean of the values kept (nulls, queries without a score, left out); 0 when none is. */
export function meanWhere(values: Array<number | null>, keep: (i: number) => boolean): number {
  let sum = 0;
  let count = 0;
  values.forEach((value, i) => {
    if (value === null || !keep(i)) return;
    sum += value;
    count += 1;
  });
  return count ? sum / count : 0;
}
