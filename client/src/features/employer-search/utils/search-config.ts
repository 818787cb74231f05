import { SEARCH_INDEX } from '../../../config/site';

// What the advanced search offers, in one place.

/** The facets shown as filters, in order, with their titles. */
export const FACETS = [
  { attribute: 'category', title: 'Category' },
  { attribute: 'role', title: 'Role' },
  { attribute: 'provider', title: 'Provider' },
  { attribute: 'pricing', title: 'Pricing tier' },
] as const;
export type FacetAttribute = (typeof FACETS)[number]['attribute'];

/** The numeric attribute of the price range (USD a month). */
export const PRICE_ATTRIBUTE = 'price_monthly';

export const HITS_PER_PAGE = 12;

/**
 * The orders of the results: InstantSearch switches order by switching index (the server reads the
 * order from the index name). `key` is what the URL says (?sort=price_asc); the first is the
 * default. Add or remove an order here: the select, the URL and the tests follow. An order the
 * server does not know (it answers 400) is taken off the list for the rest of the visit.
 */
export const SORT_OPTIONS = [
  { key: 'relevance', indexName: SEARCH_INDEX, label: 'Relevance' },
  { key: 'price_asc', indexName: `${SEARCH_INDEX}_price_asc`, label: 'Price: low to high' },
  { key: 'price_desc', indexName: `${SEARCH_INDEX}_price_desc`, label: 'Price: high to low' },
  { key: 'newest', indexName: `${SEARCH_INDEX}_newest`, label: 'Newest' },
  { key: 'name', indexName: `${SEARCH_INDEX}_name`, label: 'Name: A to Z' },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]['key'];
