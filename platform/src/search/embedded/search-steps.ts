import { setImmediate as nextTurn } from 'node:timers';

// A search as a run of steps, so that a dear one need not hold the event loop whole (issue 24:
// a search scoring 20,000 matching agents held the request thread about 90 ms cold, and under the
// open loop every other request waited behind it). The engine's stages are generators that
// `yield` between stages and between blocks of their long loops (a few thousand documents); they
// yield nothing but the chance to stop there. Run whole (runWhole) they are exactly the one
// synchronous search they were, which scripts, evaluations and tests call (executeSearch); the
// serving engine runs them in slices of the event loop (runInSlices).
//
// Why slices on the request thread rather than a worker thread: a worker would need the index
// too, and the index is the largest thing a worker holds (about 40 MB of heap and 115 MB of typed
// arrays at 100,000 agents, changed in place by every write): a copy per thread would break issue
// 24's 400 MB per process, and sharing it would mean rebuilding it on SharedArrayBuffers. A slice
// costs a clock read per block and a turn of the event loop per slice; what a slice must never
// see (another search's use of the scratch arrays, an index change half-applied) is kept out by
// the engine running searches and index changes one at a time (exclusive.ts).

/** A stage of a search: yields where it may stop for a while, returns its result. */
export type Steps<T> = Generator<void, T, void>;

/** Runs steps to their end at once: the synchronous search. */
export function runWhole<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Items a long loop handles between two chances to stop: in the dearest loops (a name compared per
 * document, a few microseconds each when cold, several times that on a busy machine) about 1–3 ms
 * of work; a chance costs well under a microsecond.
 */
export const BLOCK = 512;

/**
 * Event-loop time one slice of a search may take before the process goes back to its sockets (ms);
 * the default of SEARCH_SLICE_MS (config/env.ts). A distinct search at the 100,000-agent catalog's
 * p50 (about 4 ms) runs in one slice, as before; 5 ms slices raised the open loop's p50
 * (BENCHMARKS.md, "A dear search in slices of the event loop").
 */
export const SLICE_BUDGET_MS = 20;

export interface SliceOptions {
  /** How long a slice may run, ms (SLICE_BUDGET_MS). */
  budgetMs?: number;
  /** The clock that measures a slice (performance.now); tests pass their own. */
  now?: () => number;
  /** Lets other work run between slices (one turn of the event loop); tests pass their own. */
  pause?: () => Promise<void>;
}

const oneTurn = () => new Promise<void>((resolve) => nextTurn(resolve));

/**
 * Runs steps in slices: whole while a slice lasts, then a pause (a turn of the event loop: the
 * sockets are read, timers and other requests run) before the next. `setImmediate` is node:timers'
 * own, not a test's fake one: a search never waits for a fake clock to be advanced.
 */
export async function runInSlices<T>(steps: Steps<T>, options: SliceOptions = {}): Promise<T> {
  const budget = options.budgetMs ?? SLICE_BUDGET_MS;
  const now = options.now ?? (() => performance.now());
  const pause = options.pause ?? oneTurn;
  let began = now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (now() - began >= budget) {
      await pause();
      began = now();
    }
  }
}
