import { searchDocument } from '../contract';
import type { SortOrder } from '../port';
import { InvertedIndex } from './inverted-index';
import { SortedOrders } from './sorted-orders';

// The sorted orders must list every live document in exactly the order a full sort gives, however
// they were made (at once, in slices, or merged with documents indexed since).

const SORTS: SortOrder[] = ['name', 'newest', 'price_asc', 'price_desc'];

function agent(i: number, version = 0) {
  return searchDocument(`a${i}`, {
    // Few distinct names, prices and dates: most of the order is decided by ties.
    name: ['Beta', 'alpha', 'Alpha', 'gamma'][(i + version) % 4]!,
    price_monthly: [null, 10, 20, 20][(i * 7 + version) % 4]!,
    ...(i % 5 === 0 ? {} : { created_at: `2026-0${1 + ((i + version) % 3)}-01T00:00:00.000Z` }),
  });
}

function indexOf(count: number): InvertedIndex {
  const index = new InvertedIndex();
  index.load(Array.from({ length: count }, (_, i) => agent(i)));
  return index;
}

/** Live numbers sorted whole by the sort's comparator. */
function fullSort(index: InvertedIndex, sort: SortOrder): number[] {
  const live = Array.from({ length: index.capacity }, (_, n) => n).filter((n) => index.aliveFlags[n] === 1);
  return live.sort(index.columns.comparator(sort, (a, b) => index.compareIds(a, b)));
}

const liveOf = (index: InvertedIndex, order: Int32Array | null) =>
  order === null ? null : Array.from(order).filter((n) => index.aliveFlags[n] === 1);

describe('sorted orders', () => {
  it('when the index is small, then an order is sorted at once on first read', () => {
    const index = indexOf(500);
    const orders = new SortedOrders(index, { syncLimit: 1000 });
    for (const sort of SORTS) expect(liveOf(index, orders.get(sort))).toEqual(fullSort(index, sort));
  });

  it('when the index is large, then the first read starts a build in slices and meanwhile gives null', async () => {
    const index = indexOf(5000);
    const orders = new SortedOrders(index, { syncLimit: 100, sliceMs: 0 });
    expect(orders.get('newest')).toBeNull();
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    await orders.prepare();
    clearInterval(counting);
    // The build yielded to the event loop between slices.
    expect(turns).toBeGreaterThan(0);
    for (const sort of SORTS) expect(liveOf(index, orders.get(sort))).toEqual(fullSort(index, sort));
  });

  it('when documents are edited, added and removed, then the next read merges them in and drops the dead', async () => {
    const index = indexOf(3000);
    const orders = new SortedOrders(index, { syncLimit: 100, sliceMs: 0 });
    await orders.prepare();
    for (let round = 1; round <= 3; round++) {
      for (let i = 0; i < 200; i++) index.upsert(agent((i * 13 + round) % 3000, round));
      for (let i = 0; i < 50; i++) index.upsert(agent(3000 + round * 100 + i, round));
      for (let i = 0; i < 40; i++) index.remove(`a${(i * 31 + round) % 3000}`);
      for (const sort of SORTS) {
        const order = orders.get(sort)!;
        // Merged orders hold no dead numbers.
        expect(Array.from(order)).toEqual(fullSort(index, sort));
      }
    }
  });

  it('when too many documents came since, then a read rebuilds the order in slices rather than merging', async () => {
    const index = indexOf(2000);
    const orders = new SortedOrders(index, { syncLimit: 100, mergeLimit: 500, sliceMs: 0 });
    await orders.prepare();
    for (let i = 0; i < 600; i++) index.upsert(agent(i, 1));
    expect(orders.get('price_desc')).toBeNull();
    await orders.prepare();
    expect(liveOf(index, orders.get('price_desc'))).toEqual(fullSort(index, 'price_desc'));
  });

  it('reads relevance and no sort as the name order', () => {
    const index = indexOf(300);
    const orders = new SortedOrders(index);
    const byName = fullSort(index, 'name');
    expect(liveOf(index, orders.get('relevance'))).toEqual(byName);
    expect(liveOf(index, orders.get(undefined))).toEqual(byName);
  });
});
