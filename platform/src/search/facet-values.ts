import { FACET_VALUES_MAX } from '@agentry/domain/request-bounds';
import type { FacetField, SearchRequest, SearchResponse } from './port';

// InstantSearch's maxValuesPerFacet (issue 25): how many values of each facet a search answers.
// Each engine counts as it always did, then keeps the most counted `request.maxValuesPerFacet`
// values of each facet (ties by value, as InstantSearch's RefinementList orders them), and every
// value the request filters on, so a checked box never drops out of its own list. At most
// FACET_VALUES_MAX (also the default): Meilisearch cannot be asked per search (its
// faceting.maxValuesPerFacet is an index setting, set to that cap in meili/settings.ts), so its
// adapter cuts its answer here like the others.

/** The values per facet a request answers: its maxValuesPerFacet, at most FACET_VALUES_MAX. */
export function facetValuesWanted(request: Pick<SearchRequest, 'maxValuesPerFacet'>): number {
  const asked = request.maxValuesPerFacet;
  if (typeof asked !== 'number' || !Number.isFinite(asked)) return FACET_VALUES_MAX;
  return Math.min(FACET_VALUES_MAX, Math.max(0, Math.trunc(asked)));
}

/**
 * The `most` most counted values (ties by value), and those of `kept` that are counted, in the
 * order `counts` lists them. The same object when it holds no more than `most`.
 */
export function mostCountedValues(
  counts: Record<string, number>,
  most: number,
  kept: readonly string[] = [],
): Record<string, number> {
  const values = Object.keys(counts);
  if (values.length <= most) return counts;
  const ranked = values
    .map((value) => [value, counts[value]!] as const)
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0));
  const keep = new Set(ranked.slice(0, most).map(([value]) => value));
  // A filter matches without regard to case (port.ts): so does keeping its value.
  const filtered = new Set(kept.map((value) => value.toLowerCase()));
  // Prototype-free: a facet value may be any text, "__proto__" included.
  const answer: Record<string, number> = Object.create(null);
  for (const value of values)
    if (keep.has(value) || filtered.has(value.toLowerCase())) answer[value] = counts[value]!;
  return answer;
}

/** Every facet of a response cut to the values its request asked for. */
export function withFacetValuesWanted(
  facets: SearchResponse['facets'],
  request: Pick<SearchRequest, 'maxValuesPerFacet' | 'filters'>,
): SearchResponse['facets'] {
  const most = facetValuesWanted(request);
  const answer: SearchResponse['facets'] = {};
  for (const field of Object.keys(facets) as FacetField[])
    answer[field] = mostCountedValues(facets[field]!, most, request.filters?.[field]);
  return answer;
}
