import type { InstantSearchResult, MultiSearchRequest } from '@agentry/domain/contract/search';

// The employer search asks each facet for at most `maxValuesPerFacet` values (InstantSearch's
// RefinementList asks for what its "Show more" can show, 50), but the embedded engine answers
// every value it has: at 100,000 agents, 400 providers. InstantSearch sorts every value of every
// facet twice a render for each of its widgets, and compares them all again to decide whether to
// re-render: most of its work on a new answer (issue 25: a keystroke answers within 200 ms; traced
// at 4x CPU slowdown). The list a person sees is the same once the answer keeps only the values
// the widget could show, as Algolia, whose protocol this is, answers: the most counted first
// (ties by name, as RefinementList orders them), plus any value that is refined.

type Facets = NonNullable<InstantSearchResult['facets']>;

/** "provider:Fenwick &amp; Grove" and ["role:A", "role:B"] → provider and role values refined. */
function refinedValues(facetFilters: unknown): Map<string, Set<string>> {
  const refined = new Map<string, Set<string>>();
  const filters = Array.isArray(facetFilters) ? facetFilters.flat() : [];
  for (const filter of filters) {
    if (typeof filter !== 'string') continue;
    const at = filter.indexOf(':');
    if (at <= 0) continue;
    const attribute = filter.slice(0, at).replace(/^-/, '');
    // InstantSearch escapes a value that begins with "-" as "\-".
    const value = filter.slice(at + 1).replace(/^\\-/, '-');
    refined.set(attribute, (refined.get(attribute) ?? new Set()).add(value));
  }
  return refined;
}

const byCountThenName = ([a, countA]: [string, number], [b, countB]: [string, number]) =>
  countB - countA || (a < b ? -1 : a > b ? 1 : 0);

/** `result` with each facet cut to the values the request asked for; the same object when none is longer. */
export function withFacetValuesAsked(
  result: InstantSearchResult,
  request: MultiSearchRequest,
): InstantSearchResult {
  const params = request.params;
  const most = typeof params === 'object' && params !== null ? params.maxValuesPerFacet : undefined;
  if (typeof most !== 'number' || !Number.isInteger(most) || most < 0 || !result.facets) return result;
  const entries = Object.entries(result.facets) as Array<[keyof Facets, Record<string, number>]>;
  if (entries.every(([, values]) => Object.keys(values).length <= most)) return result;
  const refined = refinedValues((params as Record<string, unknown>).facetFilters);
  const facets: Facets = {};
  for (const [attribute, values] of entries) {
    const all = Object.entries(values);
    if (all.length <= most) {
      facets[attribute] = values;
      continue;
    }
    const kept = Object.fromEntries(all.sort(byCountThenName).slice(0, most));
    for (const value of refined.get(attribute) ?? []) {
      const count = values[value];
      if (count !== undefined) kept[value] = count;
    }
    facets[attribute] = kept;
  }
  return { ...result, facets };
}
