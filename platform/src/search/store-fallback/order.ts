import type { SearchDocument, SortOrder } from '../port';

type Compare = (a: SearchDocument, b: SearchDocument) => number;

const byName: Compare = (a, b) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Unpriced agents go last whichever way prices run; equal prices by name. */
const byPrice =
  (direction: 1 | -1): Compare =>
  (a, b) => {
    const x = a.price_monthly;
    const y = b.price_monthly;
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return (x - y) * direction || byName(a, b);
  };

/** ISO timestamps compare as text; a document without one goes last. */
const newestFirst: Compare = (a, b) => {
  const x = a.created_at ?? '';
  const y = b.created_at ?? '';
  return x > y ? -1 : x < y ? 1 : byName(a, b);
};

/**
 * How a sort order compares two candidates; null for relevance, where the store's own order stands.
 * Array sort is stable, so ties keep the store's order too.
 */
export function comparatorOf(sort: SortOrder | undefined): Compare | null {
  switch (sort) {
    case undefined:
    case 'relevance':
      return null;
    case 'name':
      return byName;
    case 'newest':
      return newestFirst;
    case 'price_asc':
      return byPrice(1);
    case 'price_desc':
      return byPrice(-1);
  }
}
