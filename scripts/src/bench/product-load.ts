import { type ProductRun, perform, personFor } from './product-actions';
import { type MixEntry, meanRequestsPerAction, PRODUCT_MIX, type ProductAction } from './product-mix';
import type { ProductFigures } from './product-recorder';
import { TIMEOUT_MS } from './virtual-user';

// The open loop of the whole-product load: actions leave on a fixed schedule whether or not earlier
// ones answered, each person's actions in their order (a person clicks again only once the page
// answered), and every latency counts from the action's scheduled start, so neither a stalled
// server nor a busy person hides a delay. The rate asked is in requests a second: writes send two
// (token and write), so actions leave a little slower than requests.

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
        return perform(run, action, scheduled);
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
      });
    vu.queue = done;
    pending.add(done);
    done.finally(() => pending.delete(done));
  }
  await Promise.all(pending);
  // Requests a second over the scheduled window, as the visitor open loop counts them.
  return run.recorder.figures(options.seconds);
}
