import { type ProductRun, perform, personFor } from './product-actions';
import { type MixEntry, meanRequestsPerAction, PRODUCT_MIX, type ProductAction } from './product-mix';
import type { ProductFigures } from './product-recorder';
import { TIMEOUT_MS } from './virtual-user';

// The open loop of the whole-product load: actions leave on a fixed schedule whether or not earlier
// ones answered, each person's actions in their order (a person clicks again only once the page
// answered), and every latency counts from the action's scheduled start, or from when its person's
// earlier action answered if that came later: a stalled server hides no delay (the actions of
// everyone else leave on time and wait for it), and the wait for a person's own earlier click is
// counted once, on that click, not again on the next one. That wait is recorded apart per kind
// ('waited'): at 300 req/s an employer's cheap reads and sign-in inherited the tail of the employer
// search before them (issue 21: a sign-in's p99 was one employer's slow search, BENCHMARKS.md).
// The rate asked is in requests a second: writes send two (token and write), so actions leave a
// little slower than requests.

export async function productOpenLoop(
  run: ProductRun,
  plan: readonly ProductAction[],
  options: { rate: number; seconds: number; offset?: number; mix?: readonly MixEntry[] },
): Promise<ProductFigures> {
  const actionsPerSecond = options.rate / meanRequestsPerAction(options.mix ?? PRODUCT_MIX);
  const total = Math.round(actionsPerSecond * options.seconds);
  const interval = 1000 / actionsPerSecond;
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const scheduled = started + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const action = plan[((options.offset ?? 0) + i) % plan.length]!;
    const { vu } = personFor(run, action);
    const done: Promise<void> = vu.queue
      .then(() => {
        // A person whose earlier clicks have not answered for the whole timeout gives up on this
        // one: recorded as a timeout without sending, so a stalled server cannot keep the run
        // draining one person's queue for minutes.
        if (performance.now() - scheduled > TIMEOUT_MS) {
          const answer = { status: 0, failure: 'timeout' as const, headers: {}, json: null, ms: 0 };
          run.recorder.record(
            action.kind,
            'GET',
            performance.now() - scheduled,
            answer,
            'timeout (gave up waiting)',
          );
          return;
        }
        // The person clicks when both the schedule and their earlier action's answer allow it.
        const waited = Math.max(0, vu.idleSince - scheduled);
        run.recorder.recordWait(action.kind, waited);
        return perform(run, action, scheduled + waited, waited);
      })
      .catch((error: unknown) => {
        // A fault of the bench itself (not an answer of the API): counted as an error, never lost.
        const answer = { status: 0, failure: null, headers: {}, json: null, ms: 0 };
        run.recorder.record(
          action.kind,
          'GET',
          performance.now() - scheduled,
          answer,
          `bench: ${String(error)}`,
        );
      })
      .finally(() => {
        vu.idleSince = performance.now();
      });
    vu.queue = done;
    pending.add(done);
    done.finally(() => pending.delete(done));
  }
  await Promise.all(pending);
  // Requests a second over the scheduled window, as the visitor open loop counts them.
  return run.recorder.figures(options.seconds);
}
