import { SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG } from '@agentry/domain/contract/search';
import { STARTING_PRICE_FIELD } from '@agentry/domain/profile-facets';
import {
  FACET_FILTER_VALUES_MAX,
  FACET_VALUES_MAX,
  HIGHLIGHT_TAG_MAX,
  INSTANTSEARCH_MAX_DEPTH,
  SEARCH_PAGE_MAX,
} from '@agentry/domain/request-bounds';
import { searchableText } from '@agentry/domain/search-text';
import {
  FACET_FIELDS,
  type FacetField,
  type PriceRange,
  type SearchRequest,
  type SortOrder,
} from '@agentry/platform/search/port';
import { badRequest } from '../../../../http/errors';

// InstantSearch (algoliasearch-helper) sends Algolia-style queries: {indexName, params}. These
// functions turn one into our engine-neutral SearchRequest. Index names may carry a sort
// ("agents_price_asc"), which is how InstantSearch's SortBy widget switches order.

export interface AlgoliaQuery {
  indexName?: string;
  params?: Record<string, unknown> | string;
}

export const MAX_HITS_PER_PAGE = SEARCH_PAGE_MAX;
/**
 * The nine facets (the spec's four, the profile's five), the two range attributes InstantSearch's
 * range widget asks to count (price_monthly, starting_price_monthly: dropped, they are no facets)
 * and `*` make 12; more than 16 is a mistake, never a need, bounded like every list a body carries.
 */
export const FACETS_MAX = 16;
/** A range takes two bounds, two ranges four; ten leaves room and bounds the work. */
export const NUMERIC_FILTERS_MAX = 10;
export const DEFAULT_PRE_TAG = '<em>';
export const DEFAULT_POST_TAG = '</em>';

const SORTS: Record<string, SortOrder> = {
  price_asc: 'price_asc',
  price_desc: 'price_desc',
  name: 'name',
  newest: 'newest',
};

/** Algolia clients may send params as a URL-encoded string; InstantSearch sends an object. */
export function readParams(params: AlgoliaQuery['params']): Record<string, unknown> {
  if (params === undefined) return {};
  if (typeof params !== 'string') return params;
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(params)) {
    try {
      out[key] = JSON.parse(value);
    } catch {
      out[key] = value;
    }
  }
  return out;
}

function isFacetField(value: string): value is FacetField {
  return (FACET_FIELDS as readonly string[]).includes(value);
}

/**
 * facetFilters: strings are AND-ed, inner arrays OR-ed ("category:Finance"). Escaped "\-" starts a
 * literal dash. At most FACET_FILTER_VALUES_MAX values in all; each field's values are gathered
 * once, in the order given, duplicates dropped. (They used to be merged by copying the field's
 * list for every value, quadratic: 9,000 values held the event loop 0.5 to 1.7 s.)
 */
export function adaptFacetFilters(raw: unknown): Partial<Record<FacetField, string[]>> {
  const groups = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : [];
  let count = 0;
  for (const group of groups) count += Array.isArray(group) ? group.length : 1;
  if (count > FACET_FILTER_VALUES_MAX) {
    throw badRequest(
      `A search may filter on at most ${FACET_FILTER_VALUES_MAX} facet values; this one has ${count}`,
    );
  }
  const values = new Map<FacetField, Set<string>>();
  for (const group of groups) {
    for (const filter of Array.isArray(group) ? group : [group]) {
      if (typeof filter !== 'string') continue;
      if (filter.startsWith('-')) throw badRequest('Negative facet filters are not supported');
      const separator = filter.indexOf(':');
      const field = filter.slice(0, separator);
      if (separator < 1 || !isFacetField(field)) throw badRequest(`Unknown facet in filter: ${filter}`);
      const value = filter.slice(separator + 1).replace(/^\\-/, '-');
      const seen = values.get(field);
      if (seen) seen.add(value);
      else values.set(field, new Set([value]));
    }
  }
  const filters: Partial<Record<FacetField, string[]>> = {};
  for (const [field, seen] of values) filters[field] = [...seen];
  return filters;
}

/** The numeric fields a range may bound: the monthly price read from the cost, the profile's starting price per month. */
export const NUMERIC_FIELDS = ['price_monthly', STARTING_PRICE_FIELD] as const;
export type NumericField = (typeof NUMERIC_FIELDS)[number];

const NUMERIC_FILTER = new RegExp(`^(${NUMERIC_FIELDS.join('|')})\\s*(>=|<=|=|>|<)\\s*(-?\\d+(?:\\.\\d+)?)$`);

/**
 * numericFilters on price_monthly or starting_price_monthly: "price_monthly>=10",
 * "starting_price_monthly<29" (AND-ed), at most NUMERIC_FILTERS_MAX in all. `>` and `<` are
 * strict: "price_monthly>29" leaves out agents at 29. Of two bounds on one side of one field the
 * tighter holds (at one value, the strict one). Answers a range per field bounded.
 */
export function adaptNumericFilters(raw: unknown): Partial<Record<NumericField, PriceRange>> {
  const items = (typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw.flat() : []).filter(
    (item): item is string => typeof item === 'string',
  );
  if (items.length > NUMERIC_FILTERS_MAX) {
    throw badRequest(
      `A search may hold at most ${NUMERIC_FILTERS_MAX} numeric filters; this one has ${items.length}`,
    );
  }
  const ranges: Partial<Record<NumericField, PriceRange>> = {};
  for (const item of items) {
    const match = NUMERIC_FILTER.exec(item.trim());
    if (!match) throw badRequest(`Unsupported numeric filter: ${item}`);
    const field = match[1] as NumericField;
    const range = ranges[field] ?? {};
    ranges[field] = range;
    const value = Number(match[3]);
    const op = match[2]!;
    if (op === '>=' || op === '>' || op === '=') tightenMin(range, value, op === '>');
    if (op === '<=' || op === '<' || op === '=') tightenMax(range, value, op === '<');
  }
  return ranges;
}

function tightenMin(range: PriceRange, value: number, exclusive: boolean): void {
  const current = range.min;
  if (current !== undefined && (value < current || (value === current && !exclusive))) return;
  range.min = value;
  if (exclusive) range.minExclusive = true;
  else delete range.minExclusive;
}

function tightenMax(range: PriceRange, value: number, exclusive: boolean): void {
  const current = range.max;
  if (current !== undefined && (value > current || (value === current && !exclusive))) return;
  range.max = value;
  if (exclusive) range.maxExclusive = true;
  else delete range.maxExclusive;
}

export function adaptFacets(raw: unknown): FacetField[] {
  const list = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : [];
  if (list.length > FACETS_MAX) {
    throw badRequest(`A search may count at most ${FACETS_MAX} facets; this one names ${list.length}`);
  }
  if (list.includes('*')) return [...FACET_FIELDS];
  return list.filter((facet): facet is FacetField => typeof facet === 'string' && isFacetField(facet));
}

/**
 * maxValuesPerFacet (InstantSearch asks for what its lists can show): a whole number from 0. Each
 * facet then answers the most counted that many values and the values filtered on (the engines do
 * it: platform/src/search/facet-values.ts), at most FACET_VALUES_MAX, which is also the default.
 */
export function adaptMaxValuesPerFacet(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0) {
    throw badRequest(
      `maxValuesPerFacet must be a whole number from 0 (a facet answers at most ${FACET_VALUES_MAX} values)`,
    );
  }
  return Math.min(raw, FACET_VALUES_MAX);
}

export function sortFromIndexName(indexName: string | undefined): SortOrder {
  const suffix = /_(price_asc|price_desc|name|newest)$/.exec(indexName ?? '')?.[1];
  return suffix ? (SORTS[suffix] ?? 'relevance') : 'relevance';
}

/** A highlight tag as asked (the default when none is), refused past HIGHLIGHT_TAG_MAX characters. */
function highlightTag(value: unknown, name: string, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  if (value.length > HIGHLIGHT_TAG_MAX) {
    throw badRequest(`${name} must be at most ${HIGHLIGHT_TAG_MAX} characters`);
  }
  return value;
}

function toInt(value: unknown, fallback: number, min: number, max: number): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? Math.min(max, Math.max(min, Math.trunc(number))) : fallback;
}

export interface AdaptedQuery {
  request: SearchRequest;
  preTag: string;
  postTag: string;
  indexName: string;
  params: Record<string, unknown>;
}

export function adaptQuery(query: AlgoliaQuery): AdaptedQuery {
  const params = readParams(query.params);
  const text = typeof params.query === 'string' ? params.query : '';
  // The same cap and message as GET /api/search and MCP's search_agents: refused, not cut.
  if (text.length > SEARCH_QUERY_MAX) throw badRequest(SEARCH_QUERY_TOO_LONG);
  const ranges = adaptNumericFilters(params.numericFilters);
  const hitsPerPage = toInt(params.hitsPerPage, 20, 0, MAX_HITS_PER_PAGE);
  // The last page that ends within INSTANTSEARCH_MAX_DEPTH results; deeper asks get that page.
  const lastPage = hitsPerPage > 0 ? Math.floor(INSTANTSEARCH_MAX_DEPTH / hitsPerPage) - 1 : 0;
  return {
    indexName: query.indexName ?? 'agents',
    params,
    preTag: highlightTag(params.highlightPreTag, 'highlightPreTag', DEFAULT_PRE_TAG),
    postTag: highlightTag(params.highlightPostTag, 'highlightPostTag', DEFAULT_POST_TAG),
    request: {
      // One character is no words (domain/search-text.ts): a browse, as from either box.
      query: searchableText(text),
      page: toInt(params.page, 0, 0, lastPage),
      hitsPerPage,
      facets: adaptFacets(params.facets),
      maxValuesPerFacet: adaptMaxValuesPerFacet(params.maxValuesPerFacet),
      filters: adaptFacetFilters(params.facetFilters),
      priceMonthly: ranges.price_monthly,
      startingPriceMonthly: ranges[STARTING_PRICE_FIELD],
      highlight: true,
      sort: sortFromIndexName(query.indexName),
    },
  };
}
