import { percentile } from './child-process';

// The open loop's tail span by span of its schedule (issue 24): a p99 over 30 s cannot say whether
// its slow answers came together (start-up work meeting the first requests, a pause) or spread
// over the window. Each answer counts in the span its request was scheduled in.

export const SPAN_MS = 5000;

/** Latencies by the span of the schedule their request left in. */
export class LatencySpans {
  private readonly spans: number[][] = [];

  constructor(private readonly spanMs = SPAN_MS) {}

  /** One answer: `scheduledAtMs` from the loop's start, `ms` its latency. */
  add(scheduledAtMs: number, ms: number): void {
    const span = Math.max(0, Math.floor(scheduledAtMs / this.spanMs));
    while (this.spans.length <= span) this.spans.push([]);
    this.spans[span]!.push(ms);
  }

  /** Each span's p99 and count, in order (a span with no answer: p99 0, count 0). */
  p99s(): Array<{ fromS: number; p99: number; count: number }> {
    return this.spans.map((list, i) => {
      const sorted = [...list].sort((a, b) => a - b);
      return {
        fromS: (i * this.spanMs) / 1000,
        p99: sorted.length ? Math.round(percentile(sorted, 0.99) * 10) / 10 : 0,
        count: sorted.length,
      };
    });
  }
}

/** "0-5 s 41 ms, 5-10 s 38 ms, …" */
export function describeSpans(spans: ReturnType<LatencySpans['p99s']>, spanMs = SPAN_MS): string {
  return spans.map((s) => `${s.fromS}-${s.fromS + spanMs / 1000} s ${s.p99}`).join(', ');
}
