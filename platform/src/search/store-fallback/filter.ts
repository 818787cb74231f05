import { FACET_FIELDS, type SearchDocument, type SearchRequest } from '../port';

/**
 * Whether a candidate answers the request: its facet values (OR within a field, AND across, without
 * regard to case), its monthly price within the range (an agent without one is outside any range,
 * as in the engines), and neither an excluded id nor the agent a "similar" search is about.
 */
export function requestFilter(request: SearchRequest): (document: SearchDocument) => boolean {
  const sets = FACET_FIELDS.flatMap((field) => {
    const values = request.filters?.[field];
    return values && values.length > 0 ? [[field, new Set(values.map((v) => v.toLowerCase()))] as const] : [];
  });
  const { min, max, minExclusive, maxExclusive } = request.priceMonthly ?? {};
  const excluded = new Set([
    ...(request.excludeIds ?? []),
    ...(request.similarTo ? [request.similarTo] : []),
  ]);
  return (document) => {
    if (excluded.has(document.id)) return false;
    for (const [field, values] of sets) if (!values.has(String(document[field]).toLowerCase())) return false;
    if (min === undefined && max === undefined) return true;
    const price = document.price_monthly;
    if (price === null) return false;
    if (min !== undefined && (price < min || (minExclusive === true && price === min))) return false;
    return max === undefined || (price <= max && !(maxExclusive === true && price === max));
  };
}
