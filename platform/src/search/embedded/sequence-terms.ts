import { type DocumentTerms, emptyTerms, FIELD_COUNT } from '../ranking/document-terms';
import type { QueryTerms } from '../ranking/query-terms';
import type { InvertedIndex } from './inverted-index';

// The query's stems in a document, read from the index's word sequences (stem ids in text order,
// fields separated by -1, fields in INDEXED_FIELDS order, which is RANKED_FIELDS' order): no text is
// tokenised again for the documents a search looks at closely.

export function sequenceTerms(index: InvertedIndex, terms: QueryTerms): (n: number) => DocumentTerms {
  const slotOfId = new Map<number, number>();
  terms.stems.forEach((stem, slot) => {
    const id = index.stemId(stem);
    if (id >= 0) slotOfId.set(id, slot);
  });
  const slots = terms.stems.length;
  return (n) => {
    const result = emptyTerms(slots);
    const sequence = index.sequenceOf(n);
    let field = 0;
    let length = 0;
    for (let i = 0; i < sequence.length; i++) {
      const id = sequence[i]!;
      if (id === -1) {
        result.lengths[field] = length;
        field += 1;
        length = 0;
        if (field >= FIELD_COUNT) break;
        continue;
      }
      length += 1;
      const slot = slotOfId.get(id);
      if (slot !== undefined) result.tf[slot * FIELD_COUNT + field]! += 1;
    }
    if (field < FIELD_COUNT) result.lengths[field] = length;
    return result;
  };
}
