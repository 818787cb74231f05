import { STARTING_PRICE_FIELD } from '@agentry/domain/profile-facets';
import { facetValuesOf } from '../document';
import { FACET_FIELDS, type PriceRange, type SearchDocument, type SearchRequest } from '../port';

/** Whether a price is within the range; an agent without one is outside any range. */
function inRange(price: number | null | undefined, range: PriceRange | undefined): boolean {
  const { min, max, minExclusive, maxExclusive } = range ?? {};
  if (min === undefined && max === undefined) return true;
  if (price === null || price === undefined) return false;
  if (min !== undefined && (price < min || (minExclusive === true && price === min))) return false;
  return max === undefined || (price <= max && !(maxExclusive === true && price === max));
}

/** Whether requestFilter() lets every candidate through (no filter, range, exclusion or likeness). */
export function filtersNothing(request: SearchRequest): boolean {
  const unbounded = (range: PriceRange | undefined) => range?.min === undefined && range?.max === undefined;
  return (
    FACET_FIELDS.every((field) => (request.filters?.[field]?.length ?? 0) === 0) &&
    (request.excludeIds?.length ?? 0) === 0 &&
    !request.similarTo &&
    unbounded(request.priceMonthly) &&
    unbounded(request.startingPriceMonthly)
  );
}

/**
 * Whether a candidate answers the request: its facet values (OR within a field, AND across, without
 * regard to case; a profile fact passes when any of its values is asked for, never when it is not
 * stated), its monthly price and its profile's starting price within their ranges (as in the
 * engines), and neither an excluded id nor the agent a "similar" search is about.
 */
export function requestFilter(request: SearchRequest): (document: SearchDocument) => boolean {
  const sets = FACET_FIELDS.flatMap((field) => {
    const values = request.filters?.[field];
    return values && values.length > 0 ? [[field, new Set(values.map((v) => v.toLowerCase()))] as const] : [];
  });
  const excluded = new Set([
    ...(request.excludeIds ?? []),
    ...(request.similarTo ? [request.similarTo] : []),
  ]);
  return (document) => {
    if (excluded.has(document.id)) return false;
    for (const [field, values] of sets)
      if (!facetValuesOf(document, field).some((value) => values.has(value.toLowerCase()))) return false;
    return (
      inRange(document.price_monthly, request.priceMonthly) &&
      inRange(document[STARTING_PRICE_FIELD], request.startingPriceMonthly)
    );
  };
}
