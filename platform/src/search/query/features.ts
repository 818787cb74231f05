// Ranking components that the relevance ablation (`npm run eval:relevance -- … --without a,b`)
// can turn off one at a time. Production never changes them: each is on because the ablation
// table in BENCHMARKS.md shows it helps on the tuning queries and on the reported half alike.

export const FEATURES = {
  /** Curated concepts: a phrase also matches its synonyms. */
  concepts: true,
  /** Boost hits whose role is the one most of the first results share. */
  roleFeedback: true,
  /** A named product is followed by its alternatives. */
  alternatives: true,
  /** A literal phrase found only in the wrong order counts less. */
  phraseOrder: true,
};

export type Feature = keyof typeof FEATURES;

export function disableFeatures(names: string[]): void {
  for (const name of names) {
    if (!(name in FEATURES))
      throw new Error(`Unknown ranking feature "${name}"; known: ${Object.keys(FEATURES).join(', ')}`);
    FEATURES[name as Feature] = false;
  }
}
