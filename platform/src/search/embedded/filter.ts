import { isProfileFacet } from '@agentry/domain/search-fields';
import { FACET_FIELDS, type PriceRange, type SearchRequest } from '../port';
import type { InvertedIndex } from './inverted-index';

/** Whether a live document number passes the request's filters. */
export type Filter = (n: number) => boolean;

type PriceTest = (n: number) => boolean;

/** A range over a price column; a document without a price is outside every range. */
function priceTest(range: PriceRange | undefined, price: Float64Array, priced: Uint8Array): PriceTest | null {
  const min = range?.min;
  const max = range?.max;
  if (min === undefined && max === undefined) return null;
  const minExclusive = range?.minExclusive === true;
  const maxExclusive = range?.maxExclusive === true;
  return (n) => {
    if (priced[n] === 0) return false;
    const value = price[n]!;
    if (min !== undefined && (value < min || (minExclusive && value === min))) return false;
    return max === undefined || (value <= max && !(maxExclusive && value === max));
  };
}

/**
 * Facet filters (OR within a field, AND across), a monthly price range, a profile starting price
 * range and excluded ids; null when none. It reads the index's columns (flat arrays by document
 * number), not the documents: a browse without words tests every agent of the catalog, in sort
 * order. A profile facet keeps a document holding any of the values asked for; one that states
 * nothing of the fact holds none.
 */
export function buildFilter(request: SearchRequest, index: InvertedIndex): Filter | null {
  const facets: Array<{ ids: Int32Array; accepts: Uint8Array }> = [];
  const lists: Array<(n: number) => boolean> = [];
  for (const field of FACET_FIELDS) {
    const values = request.filters?.[field];
    if (!values || values.length === 0) continue;
    const wanted = new Set(values.map((v) => v.toLowerCase()));
    if (isProfileFacet(field)) lists.push(index.columns.listMatcher(field, wanted));
    else facets.push(index.columns.facetMatcher(field, wanted));
  }
  const { price, priced } = index.columns.prices();
  const byPrice = priceTest(request.priceMonthly, price, priced);
  const starting = index.columns.startingPrices();
  const byStartingPrice = priceTest(request.startingPriceMonthly, starting.price, starting.priced);
  const excluded = new Set(request.excludeIds ?? []);
  if (facets.length === 0 && lists.length === 0 && !byPrice && !byStartingPrice && excluded.size === 0)
    return null;
  return (n) => {
    for (let f = 0; f < facets.length; f++) {
      const { ids, accepts } = facets[f]!;
      if (accepts[ids[n]!] !== 1) return false;
    }
    for (let f = 0; f < lists.length; f++) if (!lists[f]!(n)) return false;
    if (byPrice && !byPrice(n)) return false;
    if (byStartingPrice && !byStartingPrice(n)) return false;
    return excluded.size === 0 || !excluded.has(index.idOf(n));
  };
}
