import { FACET_FIELDS, type SearchRequest } from '../port';
import type { InvertedIndex } from './inverted-index';

/** Whether a live document number passes the request's filters. */
export type Filter = (n: number) => boolean;

/**
 * Facet filters (OR within a field, AND across), a monthly price range and excluded ids; null when
 * none. It reads the index's columns (flat arrays by document number), not the documents: a browse
 * without words tests every agent of the catalog, in sort order.
 */
export function buildFilter(request: SearchRequest, index: InvertedIndex): Filter | null {
  const facets = FACET_FIELDS.flatMap((field) => {
    const values = request.filters?.[field];
    return values && values.length > 0
      ? [index.columns.facetMatcher(field, new Set(values.map((v) => v.toLowerCase())))]
      : [];
  });
  const min = request.priceMonthly?.min;
  const max = request.priceMonthly?.max;
  const minExclusive = request.priceMonthly?.minExclusive === true;
  const maxExclusive = request.priceMonthly?.maxExclusive === true;
  const byPrice = min !== undefined || max !== undefined;
  const { price, priced } = index.columns.prices();
  const excluded = new Set(request.excludeIds ?? []);
  if (facets.length === 0 && !byPrice && excluded.size === 0) return null;
  return (n) => {
    for (let f = 0; f < facets.length; f++) {
      const { ids, accepts } = facets[f]!;
      if (accepts[ids[n]!] !== 1) return false;
    }
    if (byPrice) {
      if (priced[n] === 0) return false;
      const value = price[n]!;
      if (min !== undefined && (value < min || (minExclusive && value === min))) return false;
      if (max !== undefined && (value > max || (maxExclusive && value === max))) return false;
    }
    return excluded.size === 0 || !excluded.has(index.idOf(n));
  };
}
