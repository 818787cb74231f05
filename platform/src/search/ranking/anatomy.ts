import type { Alternative } from '../query/plan';
import { type DocumentTerms, FIELD_COUNT, fieldsOfSlot } from './document-terms';
import type { QueryTerms } from './query-terms';

// How a document matched each part (group) of the query: by which reading (the words typed, a
// corrected typo, the completion of the word being typed, a synonym), and in which fields. The
// "why this matched" line, the highlights' choice of words and the ranking features all read it.

export interface GroupMatch {
  /** The reading that matched, best first by weight; null when the group did not match. */
  best: Alternative | null;
  /** Fields (bit per RANKED_FIELDS index) where the best reading's words are. */
  fields: number;
  /** Fields where a reading of what was typed (literal, corrected or completed) is. */
  typedFields: number;
  /** Fields where a synonym or association of it is. */
  relatedFields: number;
}

/** Readings that stand for what the person typed, as opposed to words related to it. */
export const isTypedReading = (alternative: Alternative) =>
  alternative.source === 'literal' || alternative.source === 'typo' || alternative.source === 'prefix';

/** Fields holding every word of the reading (all in one field), else fields holding any of them. */
function readingFields(document: DocumentTerms, slots: number[]): number {
  let all = (1 << FIELD_COUNT) - 1;
  let any = 0;
  for (const slot of slots) {
    const bits = fieldsOfSlot(document, slot);
    if (bits === 0) return 0;
    all &= bits;
    any |= bits;
  }
  return all !== 0 ? all : any;
}

export function anatomy(terms: QueryTerms, document: DocumentTerms): GroupMatch[] {
  return terms.groups.map((readings) => {
    let best: Alternative | null = null;
    let fields = 0;
    let typedFields = 0;
    let relatedFields = 0;
    for (const { alternative, slots } of readings) {
      const found = readingFields(document, slots);
      if (found === 0) continue;
      if (isTypedReading(alternative)) typedFields |= found;
      else relatedFields |= found;
      if (!best || alternative.weight > best.weight) {
        best = alternative;
        fields = found;
      }
    }
    return { best, fields, typedFields, relatedFields };
  });
}
