import type { FacetField, SearchDocument, SearchResponse } from '../port';

/** How many of the documents carry each value of each field asked for. */
export function countFacets(
  documents: SearchDocument[],
  fields: FacetField[] = [],
): SearchResponse['facets'] {
  const facets: SearchResponse['facets'] = {};
  for (const field of fields) {
    // Prototype-free: a facet value may be any text, "constructor" or "__proto__" included.
    const counts: Record<string, number> = Object.create(null);
    for (const document of documents) counts[document[field]] = (counts[document[field]] ?? 0) + 1;
    facets[field] = counts;
  }
  return facets;
}
