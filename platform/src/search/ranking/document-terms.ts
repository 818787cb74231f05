import { indexWords } from '../analysis/index-words';
import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { HIGHLIGHT_FIELDS, type SearchDocument } from '../port';
import type { QueryTerms } from './query-terms';

// What one document holds of the query: how often each slot's stem occurs in each field, and each
// field's length in words (stop words left out, camel-case parts counted, as the index does).

/** The fields ranked, in the order of HIGHLIGHT_FIELDS (name, role, category, description, provider). */
export const RANKED_FIELDS = HIGHLIGHT_FIELDS;
export const FIELD_COUNT = RANKED_FIELDS.length;
export const NAME_FIELD = 0;
export const ROLE_FIELD = 1;
export const CATEGORY_FIELD = 2;
export const DESCRIPTION_FIELD = 3;
export const PROVIDER_FIELD = 4;

export interface DocumentTerms {
  /** tf[slot * FIELD_COUNT + field]. */
  tf: Uint16Array;
  lengths: Uint16Array;
}

export function emptyTerms(slots: number): DocumentTerms {
  return { tf: new Uint16Array(slots * FIELD_COUNT), lengths: new Uint16Array(FIELD_COUNT) };
}

/** From the document's text (an engine that hands back documents, not its index). */
export function termsFromText(document: SearchDocument, terms: QueryTerms): DocumentTerms {
  const result = emptyTerms(terms.stems.length);
  RANKED_FIELDS.forEach((field, f) => {
    let length = 0;
    for (const word of indexWords(String(document[field] ?? ''))) {
      if (STOPWORDS.has(word)) continue;
      length += 1;
      const slot = terms.slotOf.get(stem(word));
      if (slot !== undefined) result.tf[slot * FIELD_COUNT + f]! += 1;
    }
    result.lengths[f] = Math.min(length, 0xffff);
  });
  return result;
}

/** Bit f set when the slot's stem occurs in field f. */
export function fieldsOfSlot(document: DocumentTerms, slot: number): number {
  let bits = 0;
  for (let f = 0; f < FIELD_COUNT; f++) if (document.tf[slot * FIELD_COUNT + f]! > 0) bits |= 1 << f;
  return bits;
}
