import { seededRandom } from '@agentry/domain/testing/seeded-random';
import { sortInSlices } from './sort-in-slices';

interface Item {
  key: number;
  /** Where it stood before the sort: equal keys must keep this order. */
  at: number;
}

const byKey = (a: Item, b: Item) => a.key - b.key;
const noPause = async () => {};

describe('sortInSlices', () => {
  it.each([0, 1, 2, 15, 16, 17, 100, 1_000, 4_097])(
    'when %i items are sorted, then the order is Array.prototype.sort’s, equal keys in their first order',
    async (n) => {
      const next = seededRandom(n + 1);
      // Few distinct keys, so that ties are many.
      const items = Array.from({ length: n }, (_, at) => ({ key: Math.floor(next() * 50), at }));
      const sorted = await sortInSlices(items, byKey, { step: 97, pause: noPause });
      expect(sorted).toEqual([...items].sort(byKey));
      // A copy: the caller's array is left as it was.
      expect(items.map((item) => item.at)).toEqual(items.map((_, at) => at));
    },
  );

  it('when the sort is long, then it pauses after at most about `step` comparisons each time', async () => {
    const next = seededRandom(7);
    const items = Array.from({ length: 10_000 }, (_, at) => ({ key: next(), at }));
    let comparisons = 0;
    const between: number[] = [];
    const sorted = await sortInSlices(
      items,
      (a, b) => {
        comparisons += 1;
        return byKey(a, b);
      },
      {
        step: 1_000,
        pause: async () => {
          between.push(comparisons);
          comparisons = 0;
        },
      },
    );
    between.push(comparisons);
    expect(sorted).toEqual([...items].sort(byKey));
    // 10,000 items take over 100,000 comparisons: many slices, none much over the step (a run of
    // 16 sorted by insertion may finish past it).
    expect(between.length).toBeGreaterThan(50);
    expect(Math.max(...between)).toBeLessThanOrEqual(1_000 + (16 * 15) / 2);
  });

  it('when the step is not a positive number, then it says so', async () => {
    await expect(sortInSlices([3, 1], (a, b) => a - b, { step: 0 })).rejects.toThrow(/step/);
  });
});
