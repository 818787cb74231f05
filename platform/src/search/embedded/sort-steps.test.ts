import { BLOCK, runWhole } from './search-steps';
import { sortSteps } from './sort-steps';

describe('a list sorted in steps', () => {
  /** A total order: by score, highest first, then by id. */
  const byScore = (a: { id: number; score: number }, b: { id: number; score: number }) =>
    b.score - a.score || a.id - b.id;
  /** Scores with many ties, from a fixed pseudo-random sequence. */
  const items = (count: number) =>
    Array.from({ length: count }, (_, id) => ({ id, score: ((id * 7919) % 97) / 7 }));

  it.each([0, 1, BLOCK, 2 * BLOCK + 1, 5 * BLOCK + 17, 9 * BLOCK])(
    'gives exactly what sort gives (%i items)',
    (count) => {
      const expected = items(count).sort(byScore);
      expect(runWhole(sortSteps(items(count), byScore))).toEqual(expected);
    },
  );

  it('stops between blocks of a long list, never for a short one', () => {
    const steps = (count: number) => {
      const sorting = sortSteps(items(count), byScore);
      let stops = 0;
      while (!sorting.next().done) stops += 1;
      return stops;
    };
    expect(steps(2 * BLOCK)).toBe(0);
    // Eight runs sorted, then three passes placing every item once each.
    expect(steps(8 * BLOCK)).toBe(8 + 3 * 8);
  });
});
