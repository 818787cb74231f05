import type { CompiledConcepts } from './compiled-concepts';
import { plausibleSlip } from './typo-rule';

// What the loose retry (nothing matched) reads in a word that is no known word: a name built on a
// concept word ("grammarly" → grammar), or on one misspelt ("grammerly"), borrows that concept.

/**
 * The shortest beginning a loose reading completes ("gramm" of "grammarly"): four letters ("flor"
 * of a made-up "florp") reach too many unrelated words.
 */
export const LOOSE_PREFIX = 5;

/** The concepts of the longest concept word (LOOSE_PREFIX letters or more) the word begins with. */
export function conceptWordBegun(word: string, concepts: CompiledConcepts): number[] | undefined {
  for (let length = word.length - 1; length >= LOOSE_PREFIX; length--) {
    const borrowed = concepts.singleWords.get(word.slice(0, length));
    if (borrowed) return borrowed;
  }
  return undefined;
}

/**
 * The concepts of the longest concept word of LOOSE_PREFIX + 1 letters or more that the word's
 * beginning misspells by one letter past its first two ("grammerly" → "grammar"), the letter a
 * plausible slip by the typo rule (its frequency test is not read: "grammer" is no word typed). Read only by the loose retry, when nothing matched: one pass
 * over the concept list's single words per word of the query.
 */
export function misspeltConceptWordBegun(word: string, concepts: CompiledConcepts): number[] | undefined {
  let best: { word: string; concepts: number[] } | undefined;
  for (const [known, borrowed] of concepts.singleWords) {
    if (
      known.length <= LOOSE_PREFIX ||
      known.length >= word.length ||
      (best && known.length <= best.word.length)
    )
      continue;
    if (known[0] !== word[0] || known[1] !== word[1]) continue;
    const begun = word.slice(0, known.length);
    let differ = 0;
    for (let i = 2; i < known.length && differ < 2; i++) if (known[i] !== begun[i]) differ += 1;
    if (differ === 1 && plausibleSlip(begun, known)) best = { word: known, concepts: borrowed };
  }
  return best?.concepts;
}
