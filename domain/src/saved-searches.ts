import { PROFILE_FACET_TITLES, profileFacetLabel } from './profile-facets';
import { FACET_FIELDS, type FacetField, isProfileFacet } from './search-fields';

// Saved searches that watch (issue 28, item 3), written once for the server (store, commands, the
// digest e-mail) and the client (the save form, the dashboard list): what a saved search holds,
// how often its digest goes, and the address that opens it on the employer search screen.

/**
 * Saved searches (issue 28): searches one employer may keep (the list answers them all), and the
 * most agents one digest e-mail names (the rest are counted, and the link opens the search).
 */
export const SAVED_SEARCHES_PER_OWNER_MAX = 25;
export const DIGEST_AGENTS_SHOWN_MAX = 10;

export const SAVED_SEARCH_NAME_MAX = 60;
/** Values one facet of a saved search may hold (the employer search screen shows far fewer). */
export const SAVED_SEARCH_VALUES_MAX = 20;
/** A facet value's length at most (a provider's name, a category, a role). */
export const SAVED_SEARCH_VALUE_MAX = 100;

/** E-mail alerts: none, or a digest of the new and changed matches once a day or once a week. */
export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DIGEST_FREQUENCY_LABELS: Record<DigestFrequency, string> = {
  off: 'No e-mail',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
};
const DAY_MS = 24 * 60 * 60 * 1000;
export const DIGEST_PERIOD_MS: Record<Exclude<DigestFrequency, 'off'>, number> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
};

/** The orders of the employer search, as its address names them (`?sort=price_asc`). */
export const SAVED_SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'name'] as const;
export type SavedSearchSort = (typeof SAVED_SEARCH_SORTS)[number];

/** A search as the employer search screen holds it: the words, the refinements, the price range. */
export interface SavedSearchQuery {
  query: string;
  /** Values OR-ed within a facet, facets AND-ed, as on the screen. */
  filters: Partial<Record<FacetField, string[]>>;
  /** USD a month, inclusive; null for no bound. */
  price_min: number | null;
  price_max: number | null;
  /** The profile's starting price, USD a month, inclusive (issue 28); null for no bound. */
  starting_price_min: number | null;
  starting_price_max: number | null;
  /** The order shown when the search is opened (the digest ignores it). */
  sort: SavedSearchSort | null;
}

/** When a search's next digest is due, from when the last one went; null when alerts are off. */
export function nextDigestAt(alert: DigestFrequency, from: Date): Date | null {
  return alert === 'off' ? null : new Date(from.getTime() + DIGEST_PERIOD_MS[alert]);
}

/**
 * The employer search screen's address for a saved search, with the parameters the screen reads
 * (client/src/features/employer-search/utils/search-route.ts): q, one parameter per facet value,
 * price_min, price_max, sort. The digest's link and the dashboard's "Open" both use it.
 */
export function savedSearchPath(search: SavedSearchQuery): string {
  const params = new URLSearchParams();
  if (search.query.trim()) params.set('q', search.query);
  for (const field of FACET_FIELDS)
    for (const value of search.filters[field] ?? []) params.append(field, value);
  if (search.price_min !== null) params.set('price_min', String(search.price_min));
  if (search.price_max !== null) params.set('price_max', String(search.price_max));
  if (search.starting_price_min !== null) params.set('from_min', String(search.starting_price_min));
  if (search.starting_price_max !== null) params.set('from_max', String(search.starting_price_max));
  if (search.sort && search.sort !== 'relevance') params.set('sort', search.sort);
  const query = params.toString();
  return `/employer/search${query ? `?${query}` : ''}`;
}

/** A short description of the search for lists and e-mails: '"crm" · Category: Finance · $10–$50 a month'. */
export function describeSavedSearch(search: SavedSearchQuery): string {
  const parts: string[] = [];
  if (search.query.trim()) parts.push(`"${search.query.trim()}"`);
  for (const field of FACET_FIELDS) {
    const values = search.filters[field] ?? [];
    if (values.length === 0) continue;
    const title = isProfileFacet(field) ? PROFILE_FACET_TITLES[field] : (SPEC_FACET_TITLES[field] ?? field);
    const shown = isProfileFacet(field) ? values.map((value) => profileFacetLabel(field, value)) : values;
    parts.push(`${title}: ${shown.join(', ')}`);
  }
  if (search.price_min !== null || search.price_max !== null)
    parts.push(range(search.price_min, search.price_max));
  if (search.starting_price_min !== null || search.starting_price_max !== null)
    parts.push(`starting at ${range(search.starting_price_min, search.starting_price_max)}`);
  return parts.length > 0 ? parts.join(' · ') : 'Every agent';
}

const SPEC_FACET_TITLES: Record<string, string> = {
  category: 'Category',
  role: 'Role',
  provider: 'Provider',
  pricing: 'Pricing tier',
};

function range(min: number | null, max: number | null): string {
  return `$${min ?? 0}–${max === null ? 'any' : `$${max}`} a month`;
}

/** The key two saved searches that find the same agents share (the digest runs each once). */
export function savedSearchMatchKey(search: SavedSearchQuery): string {
  const filters = FACET_FIELDS.map((field) => [field, [...(search.filters[field] ?? [])].sort()]);
  return JSON.stringify([
    search.query.trim().toLowerCase(),
    filters,
    search.price_min,
    search.price_max,
    search.starting_price_min,
    search.starting_price_max,
  ]);
}
