import { firstK, topK, topKPositions } from './top-k';

// firstK must give exactly what sorting everything and slicing gives, for any order the items come in.

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

/** A total order with many ties on its first key (a price), broken by name, then by number. */
function catalogOrder(size: number, seed: number) {
  const random = seeded(seed);
  const price = Array.from({ length: size }, () => Math.floor(random() * 5));
  const name = Array.from({ length: size }, () => `n${Math.floor(random() * 10)}`);
  return (a: number, b: number) =>
    price[a]! - price[b]! || (name[a]! < name[b]! ? -1 : name[a]! > name[b]! ? 1 : a - b);
}

const fullSort = (items: number[], compare: (a: number, b: number) => number, k: number) =>
  [...items].sort(compare).slice(0, k);

describe('firstK', () => {
  const size = 2000;
  const compare = catalogOrder(size, 11);
  const ascending = Array.from({ length: size }, (_, i) => i);
  const orders = {
    ascending,
    descending: [...ascending].reverse(),
    sorted: [...ascending].sort(compare),
    'sorted backwards': [...ascending].sort(compare).reverse(),
    shuffled: [...ascending].sort(catalogOrder(size, 99)),
  };

  for (const [name, items] of Object.entries(orders)) {
    it(`when the items come ${name}, then it gives the first k of the full sort, ties included`, () => {
      for (const k of [1, 2, 12, 20, 100, 249, 250, 251, 1999, 2000, 5000]) {
        expect(firstK(items, compare, k)).toEqual(fullSort(items, compare, k));
      }
    });
  }

  it('when k is 0 or there are no items, then it gives nothing', () => {
    expect(firstK(ascending, compare, 0)).toEqual([]);
    expect(firstK([], compare, 12)).toEqual([]);
  });

  it('when a page reaches deep into the items, then the whole list is sorted and sliced', () => {
    // (page + 1) * hitsPerPage of 100 pages of 12 is 1,212: past an eighth of the items.
    expect(firstK(Int32Array.from(orders.shuffled), compare, 1212)).toEqual(
      fullSort(orders.shuffled, compare, 1212),
    );
  });

  it('reads typed arrays as well as plain ones', () => {
    expect(firstK(Int32Array.from(orders.shuffled), compare, 20)).toEqual(
      fullSort(orders.shuffled, compare, 20),
    );
  });
});

// topK must keep, among equal scores, the items the rule for equals puts first, whatever order they
// are offered in (the order follows document numbers, which a re-index renews).
describe('topK', () => {
  const size = 600;
  const random = seeded(7);
  // Few distinct scores: most of every cut falls among equals.
  const scoreOf = Array.from({ length: size }, () => Math.floor(random() * 6) / 2);
  // A rule for equals unrelated to the items' numbers (as agent ids are to document numbers).
  const rank = Array.from({ length: size }, (_, i) => (i * 7919) % size);
  const rule = (a: number, b: number) => rank[a]! - rank[b]!;
  const expected = (k: number) =>
    Array.from({ length: size }, (_, i) => i)
      .sort((a, b) => scoreOf[b]! - scoreOf[a]! || rule(a, b))
      .slice(0, k);
  const orders = {
    ascending: Array.from({ length: size }, (_, i) => i),
    descending: Array.from({ length: size }, (_, i) => size - 1 - i),
    shuffled: Array.from({ length: size }, (_, i) => i).sort(catalogOrder(size, 3)),
  };

  for (const [name, items] of Object.entries(orders)) {
    it(`when the items come ${name}, then it keeps the best scores, equals as the rule orders them`, () => {
      const scores = items.map((item) => scoreOf[item]!);
      for (const k of [1, 5, 20, 100, 599, 600, 700]) {
        expect(topK(items, scores, k, rule)).toEqual(expected(k));
      }
    });
  }

  it('gives positions when asked for positions, equals by the rule applied to what they hold', () => {
    const items = orders.shuffled;
    const scores = items.map((item) => scoreOf[item]!);
    const positions = topKPositions(scores, items.length, 50, (a, b) => rule(items[a]!, items[b]!));
    expect(positions.map((p) => items[p]!)).toEqual(expected(50));
  });
});
