import { type DocumentTerms, emptyTerms, FIELD_COUNT } from '../ranking/document-terms';
import type { QueryTerms } from '../ranking/query-terms';
import type { InvertedIndex } from './inverted-index';
import { eachFieldStem } from './word-sequences';

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
    eachFieldStem(index.sequenceOf(n), 0, FIELD_COUNT - 1, (id, field) => {
      result.lengths[field]! += 1;
      const slot = slotOfId.get(id);
      if (slot !== undefined) result.tf[slot * FIELD_COUNT + field]! += 1;
    });
    return result;
  };
}
