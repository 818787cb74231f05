import { FACET_FIELDS, type SearchRequest } from '../port';
import type { IndexedDocument } from './inverted-index';

export type Filter = (entry: IndexedDocument) => boolean;

/** Facet filters (OR within a field, AND across), a monthly price range and excluded ids; null when none. */
export function buildFilter(request: SearchRequest): Filter | null {
  const sets = FACET_FIELDS.flatMap((field) => {
    const values = request.filters?.[field];
    return values && values.length > 0 ? [[field, new Set(values.map((v) => v.toLowerCase()))] as const] : [];
  });
  const min = request.priceMonthly?.min;
  const max = request.priceMonthly?.max;
  const excluded = new Set(request.excludeIds ?? []);
  if (sets.length === 0 && min === undefined && max === undefined && excluded.size === 0) return null;
  return (entry) => {
    for (const [field, values] of sets) if (!values.has(entry.keys[field])) return false;
    if (min !== undefined || max !== undefined) {
      const price = entry.document.price_monthly;
      if (price === null || (min !== undefined && price < min) || (max !== undefined && price > max))
        return false;
    }
    return excluded.size === 0 || !excluded.has(entry.document.id);
  };
}
