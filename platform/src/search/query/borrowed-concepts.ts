import { stem } from '../analysis/stem';
import type { CompiledConcepts } from './compiled-concepts';
import { editsBetween, plausibleSlip, worthCorrecting } from './typo-rule';

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

/**
 * A concept word the word misspells (`conceptTypos`): "thumbnials" → "thumbnails", a word of the
 * concept list that no agent uses, which the catalog's own corrections cannot reach. The same rule
 * as a catalog word's correction (the typo budget, a plausible slip, far likelier in English than
 * what was typed); of several, the fewest edits, then the first in the list. Read only for a word
 * neither the catalog nor the concept list has and the catalog could not correct: one pass over the
 * concept list's single words.
 */
export function conceptWordMeant(
  word: string,
  budget: number,
  concepts: CompiledConcepts,
): { word: string; stem: string; distance: number } | undefined {
  let best: { word: string; stem: string; distance: number } | undefined;
  const letters = letterCounts(word, new Int16Array(27));
  const scratch = new Int16Array(27);
  for (const known of concepts.singleWords.keys()) {
    if (Math.abs(known.length - word.length) > budget || known === word) continue;
    if (bagDistance(letters, letterCounts(known, scratch)) > budget) continue;
    const edits = editsBetween(word, known, budget);
    if (!edits || (best && edits.length >= best.distance) || !worthCorrecting(word, known)) continue;
    best = { word: known, stem: stem(known), distance: edits.length };
  }
  return best;
}

/** The word's letter counts, a to z and one for anything else, into `counts` (cleared first). */
function letterCounts(word: string, counts: Int16Array): Int16Array {
  counts.fill(0);
  for (let i = 0; i < word.length; i++) {
    const letter = word.charCodeAt(i) - 97;
    counts[letter >= 0 && letter < 26 ? letter : 26]! += 1;
  }
  return counts;
}

/**
 * The bag distance of two words by their letter counts: the larger of the letters either has that
 * the other lacks. Never more than their edit distance (a swap moves no letter), so a word farther
 * than the budget by it needs no alignment (without this test, 1.3 ms a word against the 300
 * concept words, under load).
 */
function bagDistance(a: Int16Array, b: Int16Array): number {
  let extra = 0;
  let missing = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    if (d > 0) missing += d;
    else extra -= d;
  }
  return Math.max(extra, missing);
}
