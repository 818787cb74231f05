import type { UiState } from 'instantsearch.js';
import { SEARCH_INDEX } from '../../../config/site';
import { FACETS, type FacetAttribute, RANGES, type RangeBoundKey, SORT_OPTIONS } from './search-config';

// The advanced search's whole state in a clean URL, and back:
//   /employer/search?q=crm&category=Finance&category=Legal&pricing=paid&languages=es&price_min=10&price_max=50&from_max=30&sort=price_asc&page=2
// Defaults (no query, no filter, relevance, page 1) stay out of the URL. Anything the URL says that
// the search does not know is dropped. stateToRoute and routeToState are InstantSearch's state
// mapping; routeToSearch and searchToRoute turn the route into a query string and back.

export type SearchRoute = {
  q?: string;
  sort?: string;
  page?: number;
} & Partial<Record<FacetAttribute, string[]>> &
  Partial<Record<RangeBoundKey, number>>;

const DEFAULT_SORT = SORT_OPTIONS[0];
const sortByKey = new Map<string, string>(SORT_OPTIONS.map((option) => [option.key, option.indexName]));
const sortByIndex = new Map<string, string>(SORT_OPTIONS.map((option) => [option.indexName, option.key]));

/** A price bound: a finite, non-negative number, or nothing. */
function priceBound(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

/** "10:50", "10:", ":50" (InstantSearch's range state) → its bounds. */
export function parsePriceRange(range: string | undefined): { min?: number; max?: number } {
  if (!range?.includes(':')) return {};
  const [min, max] = range.split(':');
  return { min: priceBound(min), max: priceBound(max) };
}

export function formatPriceRange(min: number | undefined, max: number | undefined): string | undefined {
  return min === undefined && max === undefined ? undefined : `${min ?? ''}:${max ?? ''}`;
}

function nonEmpty(values: readonly string[] | undefined): string[] | undefined {
  const kept = (values ?? []).filter((value) => typeof value === 'string' && value !== '');
  return kept.length > 0 ? kept : undefined;
}

/** Leaves out the keys whose value is undefined, so equal routes compare equal. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

export function stateToRoute(uiState: UiState): SearchRoute {
  const state = uiState[SEARCH_INDEX] ?? {};
  const sort = state.sortBy ? sortByIndex.get(state.sortBy) : undefined;
  const route: SearchRoute = {
    q: state.query?.trim() ? state.query : undefined,
    sort: sort === DEFAULT_SORT.key ? undefined : sort,
    page: state.page && state.page > 1 ? state.page : undefined,
  };
  for (const { attribute, route: keys } of RANGES) {
    const range = parsePriceRange(state.range?.[attribute]);
    route[keys.min] = range.min;
    route[keys.max] = range.max;
  }
  for (const { attribute } of FACETS) route[attribute] = nonEmpty(state.refinementList?.[attribute]);
  return compact(route);
}

export function routeToState(route: SearchRoute): UiState {
  const refinementList: Partial<Record<FacetAttribute, string[]>> = {};
  for (const { attribute } of FACETS) {
    const values = nonEmpty(route[attribute]);
    if (values) refinementList[attribute] = values;
  }
  const ranges: Record<string, string> = {};
  for (const { attribute, route: keys } of RANGES) {
    const range = formatPriceRange(priceBound(route[keys.min]), priceBound(route[keys.max]));
    if (range) ranges[attribute] = range;
  }
  const sortBy = route.sort ? sortByKey.get(route.sort) : undefined;
  return {
    [SEARCH_INDEX]: compact({
      query: route.q || undefined,
      refinementList: Object.keys(refinementList).length > 0 ? refinementList : undefined,
      range: Object.keys(ranges).length > 0 ? ranges : undefined,
      sortBy: sortBy === DEFAULT_SORT.indexName ? undefined : sortBy,
      page: route.page && route.page > 1 ? route.page : undefined,
    }),
  };
}

/** The route as a query string: "" or "?q=…", in a fixed order. */
export function routeToSearch(route: SearchRoute): string {
  const params = new URLSearchParams();
  if (route.q) params.set('q', route.q);
  for (const { attribute } of FACETS)
    for (const value of route[attribute] ?? []) params.append(attribute, value);
  for (const { route: keys } of RANGES)
    for (const key of [keys.min, keys.max]) if (route[key] !== undefined) params.set(key, String(route[key]));
  if (route.sort) params.set('sort', route.sort);
  if (route.page && route.page > 1) params.set('page', String(route.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function searchToRoute(search: string): SearchRoute {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const sort = params.get('sort') ?? undefined;
  const route: SearchRoute = {
    q: params.get('q')?.trim() ? (params.get('q') ?? undefined) : undefined,
    sort: sort && sortByKey.has(sort) && sort !== DEFAULT_SORT.key ? sort : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
  for (const { route: keys } of RANGES)
    for (const key of [keys.min, keys.max]) route[key] = priceBound(params.get(key));
  for (const { attribute } of FACETS) route[attribute] = nonEmpty([...new Set(params.getAll(attribute))]);
  return compact(route);
}
