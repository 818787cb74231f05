import { percentile } from './child-process';
import type { ProductKind } from './product-mix';
import { rateLimitReason } from './rate-limit-reason';
import type { Answer } from './virtual-user';

// Per-kind figures of the whole-product load: latencies, errors (an answer other than 2xx/3xx and
// 429, or no answer in time) and 429s apart, each 429 with the limiter that sent it, and the
// first message of each kind of error so the report can say what went wrong. Beside each kind's
// latencies, how long its actions waited for their person's earlier action (product-load.ts), and
// the p99 counted from the schedule (latency plus that wait), as the figures before 2026-11-28 counted.

export interface ProductKindFigures {
  requests: number;
  errors: number;
  tooMany: number;
  p50: number;
  p99: number;
  max: number;
  /** Waits for the person's earlier action (ms after the schedule): p99 and max. */
  waitedP99: number;
  waitedMax: number;
  /** The p99 of latency plus that wait, from the action's scheduled start. */
  p99FromSchedule: number;
}

export interface ProductFigures {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  tooMany: number;
  /** "kind status" → count (status "timeout"/"network" when no answer came). */
  errorKinds: Record<string, number>;
  /** "kind: limiter" → count. */
  tooManyReasons: Record<string, number>;
  /** "kind status" → the first error message seen. */
  errorSamples: Record<string, string>;
  /** Per explained kind, its slowest action part by part (token, write, the server's Server-Timing). */
  slowest: Partial<Record<ProductKind, string>>;
  p50: number;
  p99: number;
  byKind: Partial<Record<ProductKind, ProductKindFigures>>;
}

/** What one window of a long run saw (the soak's rows). */
export interface WindowFigures {
  requests: number;
  errors: number;
  tooMany: number;
  p50: number;
  p99: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
function listOf<K>(lists: Map<K, number[]>, key: K): number[] {
  let list = lists.get(key);
  if (!list) {
    list = [];
    lists.set(key, list);
  }
  return list;
}
const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

export class ProductRecorder {
  private readonly latencies = new Map<ProductKind, number[]>();
  private readonly fromSchedule = new Map<ProductKind, number[]>();
  private readonly waits = new Map<ProductKind, number[]>();
  private readonly slowest = new Map<ProductKind, { ms: number; parts: string }>();
  private readonly errors = new Map<ProductKind, number>();
  private readonly tooMany = new Map<ProductKind, number>();
  private readonly errorKinds: Record<string, number> = {};
  private readonly tooManyReasons: Record<string, number> = {};
  private readonly errorSamples: Record<string, string> = {};
  private window: number[] = [];
  private windowErrors = 0;
  private windowTooMany = 0;

  /**
   * One request of `kind` that took `ms` (from its person's click for an action's last request, which
   * came `waited` ms after the action's scheduled start). `failure` overrides the answer's verdict:
   * a 200 that says "signed out" is an error here.
   */
  record(
    kind: ProductKind,
    method: string,
    ms: number,
    answer: Answer,
    failure: string | null = null,
    waited = 0,
  ): void {
    listOf(this.latencies, kind).push(ms);
    listOf(this.fromSchedule, kind).push(ms + waited);
    this.window.push(ms);
    if (answer.status === 429) {
      this.tooMany.set(kind, (this.tooMany.get(kind) ?? 0) + 1);
      this.windowTooMany += 1;
      bump(this.tooManyReasons, `${kind}: ${rateLimitReason(answer, method)}`);
      return;
    }
    const ok = answer.failure === null && answer.status >= 200 && answer.status < 400;
    if (ok && failure === null) return;
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    this.windowErrors += 1;
    const key = `${kind} ${failure ?? answer.failure ?? answer.status}`;
    bump(this.errorKinds, key);
    if (!(key in this.errorSamples)) {
      const said = (answer.json as { error?: unknown } | null)?.error;
      this.errorSamples[key] = typeof said === 'string' ? said.slice(0, 160) : (failure ?? 'no message');
    }
  }

  /** Keeps `parts` (what the action's time was made of) if it is the slowest of its kind so far. */
  keepSlowest(kind: ProductKind, ms: number, parts: string): void {
    const kept = this.slowest.get(kind);
    if (!kept || ms > kept.ms) this.slowest.set(kind, { ms, parts });
  }

  /** An action of `kind` waited `ms` past its schedule for its person's earlier action to answer. */
  recordWait(kind: ProductKind, ms: number): void {
    listOf(this.waits, kind).push(ms);
  }

  /** The figures since the last call (for rows printed as a long run goes). */
  takeWindow(): WindowFigures {
    const list = this.window.sort((a, b) => a - b);
    const figures = {
      requests: list.length,
      errors: this.windowErrors,
      tooMany: this.windowTooMany,
      p50: list.length ? round(percentile(list, 0.5)) : 0,
      p99: list.length ? round(percentile(list, 0.99)) : 0,
    };
    this.window = [];
    this.windowErrors = 0;
    this.windowTooMany = 0;
    return figures;
  }

  figures(seconds: number): ProductFigures {
    const all: number[] = [];
    const byKind: ProductFigures['byKind'] = {};
    let errors = 0;
    let tooMany = 0;
    for (const [kind, list] of this.latencies) {
      const sorted = [...list].sort((a, b) => a - b);
      for (const ms of sorted) all.push(ms);
      const kindErrors = this.errors.get(kind) ?? 0;
      const kindTooMany = this.tooMany.get(kind) ?? 0;
      errors += kindErrors;
      tooMany += kindTooMany;
      const waits = [...(this.waits.get(kind) ?? [0])].sort((a, b) => a - b);
      const fromSchedule = [...(this.fromSchedule.get(kind) ?? [])].sort((a, b) => a - b);
      byKind[kind] = {
        requests: sorted.length,
        errors: kindErrors,
        tooMany: kindTooMany,
        p50: round(percentile(sorted, 0.5)),
        p99: round(percentile(sorted, 0.99)),
        max: round(sorted[sorted.length - 1]!),
        waitedP99: round(percentile(waits, 0.99)),
        waitedMax: round(waits[waits.length - 1]!),
        p99FromSchedule: round(percentile(fromSchedule, 0.99)),
      };
    }
    all.sort((a, b) => a - b);
    return {
      seconds,
      requests: all.length,
      requestsPerSecond: Math.round(all.length / seconds),
      errors,
      tooMany,
      errorKinds: { ...this.errorKinds },
      tooManyReasons: { ...this.tooManyReasons },
      errorSamples: { ...this.errorSamples },
      slowest: Object.fromEntries([...this.slowest].map(([kind, { parts }]) => [kind, parts])),
      p50: all.length ? round(percentile(all, 0.5)) : 0,
      p99: all.length ? round(percentile(all, 0.99)) : 0,
      byKind,
    };
  }
}
