import type { Alternative, QueryPlan } from '../query/plan';
import type { InvertedIndex } from './inverted-index';

// The index keeps no word positions in its postings, so a phrase matches wherever its words
// appear: "english to french" would match "french-to-english". For the few documents that reach the top
// of a ranking we check the order in the document's word sequence (stem ids, kept by the index).

const WINDOW = 3;

interface PhraseCheck {
  /** Stem ids of the literal phrase, in query order. */
  literal: Int32Array;
  /**
   * Other readings of the same group, except the phrase reversed ("text to speech" for "speech to
   * text"): a document matching one of them is not penalised.
   */
  others: Int32Array[];
}

function idsOf(index: InvertedIndex, alternative: Alternative): Int32Array {
  return Int32Array.from(alternative.stems, (s) => index.stemId(s));
}

function holdsAll(sequence: Int32Array, ids: Int32Array): boolean {
  for (let i = 0; i < ids.length; i++) if (ids[i]! < 0 || sequence.indexOf(ids[i]!) < 0) return false;
  return true;
}

/** The phrase's ids in order within one field, each at most WINDOW words after the previous one. */
function inOrder(sequence: Int32Array, phrase: Int32Array): boolean {
  for (let start = 0; start < sequence.length; start++) {
    if (sequence[start] !== phrase[0]) continue;
    let at = start;
    let ok = true;
    for (let k = 1; k < phrase.length && ok; k++) {
      let next = -1;
      for (let j = at + 1; j <= at + WINDOW && j < sequence.length && sequence[j] !== -1; j++) {
        if (sequence[j] === phrase[k]) {
          next = j;
          break;
        }
      }
      if (next < 0) ok = false;
      else at = next;
    }
    if (ok) return true;
  }
  return false;
}

/**
 * A function giving 1 for a document where every literal phrase of the query that it matches only
 * through that phrase appears in order, and the penalty factor otherwise; null when the query
 * has no literal phrase (nothing to check).
 */
export function phraseOrderChecker(
  index: InvertedIndex,
  plan: QueryPlan,
  penalty: number,
): ((n: number) => number) | null {
  const checks: PhraseCheck[] = [];
  for (const group of plan.groups) {
    const literal = group.alternatives.find((a) => a.source === 'literal' && a.stems.length > 1);
    if (!literal) continue;
    const reversed = [...literal.stems].reverse().join();
    checks.push({
      literal: idsOf(index, literal),
      others: group.alternatives
        .filter((a) => a !== literal && a.stems.join() !== reversed)
        .map((a) => idsOf(index, a)),
    });
  }
  if (checks.length === 0) return null;
  return (n) => {
    const sequence = index.sequenceOf(n);
    let factor = 1;
    for (const { literal, others } of checks) {
      if (!holdsAll(sequence, literal)) continue;
      if (others.some((ids) => holdsAll(sequence, ids))) continue;
      if (!inOrder(sequence, literal)) factor *= penalty;
    }
    return factor;
  };
}
