import type { SearchRequest } from '../port';
import type { Compare } from './columns';
import type { Filter } from './filter';
import type { InvertedIndex } from './inverted-index';
import type { Scratch } from './scratch';
import { firstK } from './top-k';

// A search without words: browsing by filters, facets and a sort.

export interface Browse {
  hits: Int32Array;
  /** The first `wanted` hits in the sort's order. */
  order: number[];
  /**
   * The order facet values are listed in, when not the order of the hits: a browse lists them by
   * their first hit in the sort's order (its counts were once taken over the sorted hits).
   */
  facetOrder?: Compare;
}

/**
 * Browsing by filters: every document that passes them is a hit, in the sort's order. They go
 * into the scratch array (no catalog-sized allocation per request).
 */
export function browse(
  index: InvertedIndex,
  scratch: Scratch,
  request: SearchRequest,
  filter: Filter | null,
  wanted: number,
): Browse {
  const all = scratch.hits[0];
  const alive = index.aliveFlags;
  const sorted = index.orders.get(request.sort);
  let count = 0;
  if (sorted) {
    for (let i = 0; i < sorted.length; i++) {
      const n = sorted[i]!;
      if (alive[n] === 1 && (filter === null || filter(n))) all[count++] = n;
    }
    const inOrder = all.subarray(0, count);
    return { hits: inOrder, order: Array.from(inOrder.subarray(0, wanted)) };
  }
  // The order is still being built (a large index just loaded): only the page is put in order.
  for (let n = 0; n < index.capacity; n++) {
    if (alive[n] === 1 && (filter === null || filter(n))) all[count++] = n;
  }
  const hits = all.subarray(0, count);
  const facetOrder = index.columns.comparator(request.sort, (a, b) => index.compareIds(a, b));
  return { hits, order: firstK(hits, facetOrder, wanted), facetOrder };
}
