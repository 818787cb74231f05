import {
  PROFILE_FACET_FIELDS,
  PROFILE_FACET_TITLES,
  type ProfileFacetField,
  STARTING_PRICE_FIELD,
} from '@agentry/domain/profile-facets';
import { SEARCH_INDEX } from '../../../config/site';

// What the advanced search offers, in one place.

/** The facets of the spec's fields, shown as filters, in order, with their titles. */
const SPEC_FACETS = [
  { attribute: 'category', title: 'Category' },
  { attribute: 'role', title: 'Role' },
  { attribute: 'provider', title: 'Provider' },
  { attribute: 'pricing', title: 'Pricing tier' },
] as const;

/** The facts of agent profiles (issue 28): counted over the agents that state them. */
const PROFILE_FACETS = PROFILE_FACET_FIELDS.map((attribute) => ({
  attribute,
  title: PROFILE_FACET_TITLES[attribute],
  profile: true as const,
}));

/** Every facet shown as filters, in order: the spec's, then the profile's. */
export const FACETS: ReadonlyArray<
  (typeof SPEC_FACETS)[number] | { attribute: ProfileFacetField; title: string; profile: true }
> = [...SPEC_FACETS, ...PROFILE_FACETS];
export type FacetAttribute = (typeof SPEC_FACETS)[number]['attribute'] | ProfileFacetField;

/** The numeric attribute of the price range (USD a month). */
export const PRICE_ATTRIBUTE = 'price_monthly';

/**
 * The ranges offered: the monthly price read from the cost, and the profile's starting price per
 * month (converted to USD, domain/profile-facets.ts). `route` names their bounds in the URL.
 */
export const RANGES = [
  {
    attribute: PRICE_ATTRIBUTE,
    title: 'Price per month (USD)',
    chip: 'Price per month',
    apply: 'price range',
    hint: 'Agents without a stated monthly price are left out once a price is set.',
    route: { min: 'price_min', max: 'price_max' },
  },
  {
    attribute: STARTING_PRICE_FIELD,
    title: 'Starting price per month (USD)',
    chip: 'Starting price',
    apply: 'starting price range',
    hint: 'From agent profiles: yearly prices divided by 12, other currencies converted. Agents stating no price are left out once a price is set.',
    route: { min: 'from_min', max: 'from_max' },
  },
] as const;
export type RangeConfig = (typeof RANGES)[number];
export type RangeAttribute = RangeConfig['attribute'];
export type RangeBoundKey = RangeConfig['route']['min'] | RangeConfig['route']['max'];

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
