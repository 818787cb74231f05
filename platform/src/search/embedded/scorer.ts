import type { QueryPlan } from '../query/plan';
import { K1 } from './fields';
import type { InvertedIndex } from './inverted-index';
import type { Postings } from './postings';
import type { Scratch } from './scratch';

// Scores every document that matches at least one group of the plan. Within a group only the best
// alternative counts (a synonym never adds to the word it stands for); across groups scores add
// up. A phrase alternative counts only where all its stems appear.

export function inverseDocumentFrequency(documents: number, frequency: number): number {
  return Math.log(1 + (documents - frequency + 0.5) / (frequency + 0.5));
}

const saturate = (weight: number) => (weight * (K1 + 1)) / (weight + K1);

/**
 * A synonym, completion or correction that happens to be an agent's name says little about the
 * agent ("copilot" as a synonym of coding assistant should not pull in every product called
 * Copilot), so only the literal query words get the name field's full weight.
 */
export const DERIVED_NAME_SHARE = 0.2;

function termWeight(postings: Postings, i: number, literal: boolean): number {
  const weight = postings.weights[i]!;
  return literal ? weight : weight - postings.nameWeights[i]! * (1 - DERIVED_NAME_SHARE);
}

/** How much each group matters for coverage: the rarity of its best literal reading. */
export function groupImportance(index: InvertedIndex, plan: QueryPlan): number[] {
  const documents = Math.max(1, index.size);
  return plan.groups.map((group) => {
    let best = 0;
    for (const alternative of group.alternatives) {
      const idf =
        alternative.stems.reduce(
          (sum, s) => sum + inverseDocumentFrequency(documents, index.documentFrequency(s)),
          0,
        ) / alternative.stems.length;
      best = Math.max(best, idf * alternative.weight);
    }
    return best;
  });
}

/** Fills scratch.total / scratch.matchMask for matching documents; scratch.touched lists them. */
export function scorePlan(index: InvertedIndex, plan: QueryPlan, scratch: Scratch): void {
  scratch.ensure(index.capacity);
  scratch.reset();
  const documents = Math.max(1, index.size);
  const groups = plan.groups.slice(0, 32);
  groups.forEach((group, g) => {
    scratch.groupTouchedCount = 0;
    const offer = (doc: number, value: number) => {
      if (value <= scratch.groupBest[doc]!) return;
      if (scratch.groupBest[doc] === 0) scratch.groupTouched[scratch.groupTouchedCount++] = doc;
      scratch.groupBest[doc] = value;
    };
    for (const alternative of group.alternatives) {
      if (alternative.stems.length === 1) {
        const postings = index.postingsOf(alternative.stems[0]!);
        if (!postings) continue;
        const factor = alternative.weight * inverseDocumentFrequency(documents, postings.length);
        const literal = alternative.source === 'literal';
        for (let i = 0; i < postings.length; i++) {
          const doc = postings.docs[i]!;
          if (!index.isAlive(doc)) continue;
          const weight = termWeight(postings, i, literal);
          if (weight > 0) offer(doc, factor * saturate(weight));
        }
        continue;
      }
      scorePhrase(
        index,
        alternative.stems,
        alternative.weight,
        alternative.source === 'literal',
        documents,
        scratch,
        offer,
      );
    }
    const bit = 1 << g;
    for (let i = 0; i < scratch.groupTouchedCount; i++) {
      const doc = scratch.groupTouched[i]!;
      if (scratch.matchMask[doc] === 0) scratch.touched[scratch.touchedCount++] = doc;
      scratch.total[doc]! += scratch.groupBest[doc]!;
      scratch.matchMask[doc]! |= bit;
      scratch.groupBest[doc] = 0;
    }
  });
}

function scorePhrase(
  index: InvertedIndex,
  stems: string[],
  weight: number,
  literal: boolean,
  documents: number,
  scratch: Scratch,
  offer: (doc: number, value: number) => void,
): void {
  const lists = stems.map((s) => index.postingsOf(s));
  if (lists.some((list) => !list)) return;
  scratch.phraseTouchedCount = 0;
  for (const postings of lists) {
    const idf = inverseDocumentFrequency(documents, postings!.length);
    for (let i = 0; i < postings!.length; i++) {
      const doc = postings!.docs[i]!;
      if (!index.isAlive(doc)) continue;
      if (scratch.phraseCount[doc] === 0) scratch.phraseTouched[scratch.phraseTouchedCount++] = doc;
      scratch.phraseCount[doc]! += 1;
      scratch.phraseScore[doc]! += idf * saturate(termWeight(postings!, i, literal));
    }
  }
  // Several words matched together are worth more than one, but not in proportion to their number.
  const lengthFactor = weight / Math.sqrt(stems.length);
  for (let i = 0; i < scratch.phraseTouchedCount; i++) {
    const doc = scratch.phraseTouched[i]!;
    if (scratch.phraseCount[doc] === stems.length) offer(doc, scratch.phraseScore[doc]! * lengthFactor);
    scratch.phraseCount[doc] = 0;
    scratch.phraseScore[doc] = 0;
  }
}
