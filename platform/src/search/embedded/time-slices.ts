// Long work on the thread that answers requests (loading an index of 100,000 agents) is cut into
// slices: the loop asks `due()` now and then and, once a slice has run its budget, lets the event
// loop run what waits (requests, timers) before going on. Elsewhere (a worker thread, a CLI) the
// budget is infinite and nothing yields.

/**
 * The budget of a slice of a load that replaces a serving index while the store answers every
 * search (a lost mirror's rebuilt index): each degraded search crosses the event loop three times
 * (its request, its turn, the plain-matching thread's answer) and may wait a slice at each, on a
 * process whose other threads share two cores with the load (issue 24: the slowest of those
 * answers 100-172 ms, goal 100 ms). Half the usual budget halves those waits; the load itself does
 * the same work, in twice as many turns.
 */
export const BESIDE_THE_STORE_MS = 4;

export class TimeSlices {
  private started = performance.now();

  /** `budgetMs`: the longest the loop holds the event loop; Infinity never yields. */
  constructor(private readonly budgetMs = 8) {}

  /** Whether the loop ever lets the event loop run (a thread that answers requests); false for UNSLICED. */
  get yields(): boolean {
    return this.budgetMs !== Number.POSITIVE_INFINITY;
  }

  /** True when this slice has used its budget (the caller then awaits next()). */
  due(): boolean {
    return this.budgetMs !== Number.POSITIVE_INFINITY && performance.now() - this.started >= this.budgetMs;
  }

  /** Lets the event loop run, then starts a new slice. */
  async next(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.started = performance.now();
  }

  /** next() when due(), else nothing: `await slices.pause()` in a loop. */
  pause(): Promise<void> | undefined {
    return this.due() ? this.next() : undefined;
  }
}

/** Never yields: for worker threads and command-line tools. */
export const UNSLICED = new TimeSlices(Number.POSITIVE_INFINITY);
