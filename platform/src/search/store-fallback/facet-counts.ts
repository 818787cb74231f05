import { FACET_VALUES_MAX } from '@agentry/domain/request-bounds';
import { isProfileFacet } from '@agentry/domain/search-fields';
import { facetValuesOf } from '../document';
import type { FacetField, SearchDocument, SearchResponse } from '../port';

/**
 * How many of the documents carry each value of each field asked for: a profile fact counts each
 * value an agent states (none when it states nothing), the most held first, at most
 * FACET_VALUES_MAX of them, as the engines do.
 */
export function countFacets(
  documents: SearchDocument[],
  fields: FacetField[] = [],
): SearchResponse['facets'] {
  const facets: SearchResponse['facets'] = {};
  for (const field of fields) {
    // Prototype-free: a facet value may be any text, "constructor" or "__proto__" included.
    const counts: Record<string, number> = Object.create(null);
    for (const document of documents)
      for (const value of facetValuesOf(document, field)) counts[value] = (counts[value] ?? 0) + 1;
    facets[field] = isProfileFacet(field) ? mostHeld(counts) : counts;
  }
  return facets;
}

function mostHeld(counts: Record<string, number>): Record<string, number> {
  const kept: Record<string, number> = Object.create(null);
  const entries = Object.keys(counts).map((value, order) => ({ value, count: counts[value]!, order }));
  entries.sort((a, b) => b.count - a.count || a.order - b.order);
  for (const { value, count } of entries.slice(0, FACET_VALUES_MAX)) kept[value] = count;
  return kept;
}
