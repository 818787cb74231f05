// Sorting a large array in one call holds the event loop for as long as the sort takes: the
// analytics flush put its ~10,000 counts in store order with one Array.prototype.sort, 13–46 ms of
// CPU in one callback at load 12 and 58 ms of a worker's loop in issue 24's quiet trace, though each
// of its store writes is sized to 10 ms. This is a stable bottom-up merge sort that gives the thread
// back (`pause`) after every `step` comparisons, so a request waits for one slice, not the sort.
// Same order as a stable Array.prototype.sort with the same comparator; O(n log n) comparisons.

/** Comparisons between two pauses (about 1 ms of a quiet core with a string comparator). */
export const SORT_STEP = 4_000;

export interface SliceOptions {
  /** Comparisons (or items handled) between pauses. */
  step?: number;
  /** Gives the thread back between slices: the next turn of the event loop by default. */
  pause?: () => Promise<void>;
}

/** The next turn of the event loop, after the I/O that is ready (a request's bytes) has run. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs sorted by insertion before the merges: short, so a slice overruns `step` by at most RUN²/2. */
const RUN = 16;

/** A sorted copy of `items`, made in slices of at most about `step` comparisons. */
export async function sortInSlices<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  { step = SORT_STEP, pause = nextTurn }: SliceOptions = {},
): Promise<T[]> {
  if (!(step >= 1)) throw new Error('sortInSlices: step must be at least 1');
  const n = items.length;
  let from = items.slice();
  let work = 0;
  for (let lo = 0; lo < n; lo += RUN) {
    const hi = Math.min(n, lo + RUN);
    for (let i = lo + 1; i < hi; i++) {
      const item = from[i]!;
      let j = i - 1;
      for (; j >= lo; j--) {
        work += 1;
        if (compare(from[j]!, item) <= 0) break;
        from[j + 1] = from[j]!;
      }
      from[j + 1] = item;
    }
    if (work >= step) {
      work = 0;
      await pause();
    }
  }
  let to = new Array<T>(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width);
      const hi = Math.min(n, lo + 2 * width);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k++) {
        // Ties take the left run's item first: stable.
        if (j >= hi || (i < mid && compare(from[i]!, from[j]!) <= 0)) to[k] = from[i++]!;
        else to[k] = from[j++]!;
        if (++work >= step) {
          work = 0;
          await pause();
        }
      }
    }
    [from, to] = [to, from];
  }
  return from;
}
