import { BLOCK, type Steps } from './search-steps';

// A long list sorted in steps (search-steps.ts): a deep page's window holds every hit (20,000 at
// the no-stall bench's catalog), and sorting it at once held the event loop 25–40 ms on a busy
// machine. Runs of BLOCK items are sorted at once, then merged pairwise, with a chance to stop after
// every BLOCK items placed.

/**
 * `items` in the order of `compare`, which must be a total order (no two items equal): then this is
 * exactly what `items.sort(compare)` gives. Lists of up to two blocks are sorted at once. May reorder
 * `items` itself; use the list it returns.
 */
export function* sortSteps<T>(items: T[], compare: (a: T, b: T) => number): Steps<T[]> {
  const count = items.length;
  if (count <= 2 * BLOCK) return items.sort(compare);
  let source = items;
  for (let start = 0; start < count; start += BLOCK) {
    const run = source.slice(start, start + BLOCK).sort(compare);
    for (let i = 0; i < run.length; i++) source[start + i] = run[i]!;
    yield;
  }
  let target = new Array<T>(count);
  for (let width = BLOCK; width < count; width *= 2) {
    for (let left = 0; left < count; left += 2 * width) {
      const middle = Math.min(left + width, count);
      const right = Math.min(left + 2 * width, count);
      // Merged a block at a time (a plain function: V8 optimises its loop better than a generator's).
      const merge = { i: left, j: middle, k: left };
      while (merge.k < right) {
        mergeSome(source, target, merge, middle, right, compare);
        yield;
      }
    }
    [source, target] = [target, source];
  }
  return source;
}

/** Up to BLOCK items of two sorted runs (source[i..middle), source[j..right)) into target from k. */
function mergeSome<T>(
  source: T[],
  target: T[],
  at: { i: number; j: number; k: number },
  middle: number,
  right: number,
  compare: (a: T, b: T) => number,
): void {
  let { i, j, k } = at;
  const end = Math.min(right, k + BLOCK);
  while (k < end) {
    if (j >= right || (i < middle && compare(source[i]!, source[j]!) <= 0)) target[k++] = source[i++]!;
    else target[k++] = source[j++]!;
  }
  at.i = i;
  at.j = j;
  at.k = k;
}
