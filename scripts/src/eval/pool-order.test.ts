import { shuffled } from './pool-order';

// The judged pools in scripts/eval/judging were shown in this order with their seeds: a change to
// the shuffle would make `--shuffle SEED` no longer reproduce a committed round.
describe('the seeded order of a pool', () => {
  it('gives the same order for the same seed, as the committed rounds were made with', () => {
    expect(shuffled([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 'train2')).toEqual([1, 9, 4, 6, 8, 2, 0, 3, 7, 5]);
    expect(shuffled(['a', 'b', 'c'], '')).toEqual(['b', 'c', 'a']);
  });

  it('moves every item once and leaves the input as it was', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const order = shuffled(items, 'fresh23-s37');
    expect([...order].sort((a, b) => a - b)).toEqual(items);
    expect(order).not.toEqual(items);
    expect(items[0]).toBe(0);
  });
});
