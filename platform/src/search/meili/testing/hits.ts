import { searchDocument } from '../../contract';
import type { SearchDocument } from '../../port';
import { toStoredDocument } from '../documents';
import type { MeiliHit } from '../merge';
import type { MeiliResult } from '../translate';

// Meilisearch hits and answers for the adapter's unit tests, built from the contract's documents.

export function hit(id: string, fields: Partial<SearchDocument> = {}): MeiliHit {
  return toStoredDocument(searchDocument(id, fields));
}

/** An answer holding these hits; totalHits defaults to their number. */
export function answer(hits: MeiliHit[], fields: Partial<MeiliResult> = {}): MeiliResult {
  return { hits, totalHits: hits.length, processingTimeMs: 1, ...fields };
}

export const idsOf = (result: { hits: ReadonlyArray<{ id: string }> }): string[] =>
  result.hits.map((h) => h.id);
