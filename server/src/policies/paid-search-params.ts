import { FREE_FACETS, PAID_SORTS, paidSearchMessage } from '@agentry/domain/paid-boundary';
import type { FacetField, SearchRequest } from '@agentry/platform/search/port';
import { forbidden } from '../http/errors';

// The paid boundary on the public search (domain/src/paid-boundary.ts): the provider facet and
// filter, the profile facts' facets and filters (integration, language, deployment, certification,
// free trial; issue 28), price ranges and price sorts belong to the employer plan. The public multi-search was
// answering them byte for byte as the employer endpoint does (issue 21, finding 2). They are
// refused with a 403 that names what was asked and where it is offered, rather than silently
// dropped: a program that asked for a price range and got every agent would show wrong results.
// `facets: "*"` (every facet) is not a request for a paid one: it counts the free facets.

const FREE = new Set<string>(FREE_FACETS);
const PAID_SORT_SET = new Set<string>(PAID_SORTS);

/** The paid parts of a search request, named for people; empty when it is free. */
export function paidPartsOf(request: SearchRequest): string[] {
  const parts: string[] = [];
  const filtered = Object.entries(request.filters ?? {}).filter(
    ([field, values]) => !FREE.has(field) && (values?.length ?? 0) > 0,
  );
  if (filtered.length > 0) parts.push(`Filtering by ${filtered.map(([field]) => field).join(' and ')}`);
  const counted = (request.facets ?? []).filter((field) => !FREE.has(field));
  if (counted.length > 0) parts.push(`Counting the ${counted.join(' and ')} facet`);
  if (request.priceMonthly) parts.push('A price range (numericFilters on price_monthly)');
  if (request.startingPriceMonthly)
    parts.push('A starting price range (numericFilters on starting_price_monthly)');
  if (request.sort && PAID_SORT_SET.has(request.sort)) parts.push(`Sorting by price (${request.sort})`);
  return parts;
}

/** InstantSearch's `facets` parameter as sent: does it ask for every facet ("*")? */
const asksEveryFacet = (facets: unknown) => facets === '*' || (Array.isArray(facets) && facets.includes('*'));

/**
 * The request as the public search may run it: `*` facets (`rawFacets`, the parameter as sent)
 * narrowed to the free ones; any paid part asked for by name refused (403, `requires_subscription`).
 */
export function freeSearchRequest(request: SearchRequest, rawFacets?: unknown): SearchRequest {
  const facets = asksEveryFacet(rawFacets)
    ? (request.facets ?? []).filter((field): field is FacetField => FREE.has(field))
    : request.facets;
  const narrowed = { ...request, facets };
  const paid = paidPartsOf(narrowed);
  if (paid.length > 0) {
    throw forbidden(paidSearchMessage(paid), { success: false, requires_subscription: true });
  }
  return narrowed;
}
