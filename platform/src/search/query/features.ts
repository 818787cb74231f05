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
  /** "hire a video editor", "replace my bookkeeper": the job named, not recruiting (intent.ts). */
  jobFraming: true,
  /** A product's name counts as asked for only when the query reads like that name. */
  nameIntent: true,
  /** Alternatives of a named product follow it also when the name was misspelt or came with a generic word ("pixelforge ai"). */
  nameAlternatives: true,
  /** A group of the query weighs as much as the words typed, not as its rarest synonym. */
  literalImportance: true,
  /** A word typed in two parts ("pixel frog" for "pixelfrog") is read as the known word they make. */
  joinWords: true,
};

export type Feature = keyof typeof FEATURES;

export function disableFeatures(names: string[]): void {
  for (const name of names) {
    if (!(name in FEATURES))
      throw new Error(`Unknown ranking feature "${name}"; known: ${Object.keys(FEATURES).join(', ')}`);
    FEATURES[name as Feature] = false;
  }
}
