import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

// Whose tail is the open loop's p99 (issue 24)? The load generator runs on the same two cores as
// the API: when its own event loop is held (its garbage collection, a core taken by the workers),
// it sends late and reads answers late, and every request in flight meanwhile counts that as the
// server's latency. While a load runs, this watches the generator itself: how late its event loop
// ran, how late it sent against the schedule, its longest garbage-collection pauses and how much
// CPU it used. A generator p99 well under the latencies it reports clears it; one near them names
// the generator.

export interface GeneratorHealth {
  /** The generator's own event-loop delay over the run, ms. */
  loopP99Ms: number;
  loopMaxMs: number;
  /** How late requests left against their schedule (an open loop's sends), ms. */
  lateSendP99Ms: number;
  lateSendMaxMs: number;
  /** Its longest garbage-collection pause, and how many passed 50 ms. */
  gcMaxMs: number;
  gcOver50: number;
  /** CPU seconds the generator used per second of the run (1 = a whole core). */
  cpuShare: number;
  /** Its JavaScript heap in use at the end, MB (what its garbage collection walks). */
  heapMb: number;
}

const RESOLUTION_MS = 10;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** The p-quantile (0..1) of sorted values; 0 for none. */
export function quantile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** start() before the load, lateBy() per send, stop() after: the figures above. */
export class GeneratorWatch {
  private readonly histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private readonly late: number[] = [];
  private readonly gcPauses: number[] = [];
  private readonly observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) this.gcPauses.push(entry.duration);
  });
  private cpuAtStart = process.cpuUsage();
  private startedAt = 0;

  start(): void {
    this.histogram.enable();
    this.observer.observe({ entryTypes: ['gc'] });
    this.cpuAtStart = process.cpuUsage();
    this.startedAt = performance.now();
  }

  /** A request left `ms` after its scheduled time. */
  lateBy(ms: number): void {
    this.late.push(Math.max(0, ms));
  }

  stop(): GeneratorHealth {
    const seconds = (performance.now() - this.startedAt) / 1000;
    const cpu = process.cpuUsage(this.cpuAtStart);
    this.histogram.disable();
    this.observer.disconnect();
    const late = [...this.late].sort((a, b) => a - b);
    // The histogram's values include its own resolution (the time between its ticks).
    const delay = (ns: number) => round(Math.max(0, ns / 1e6 - RESOLUTION_MS));
    return {
      loopP99Ms: delay(this.histogram.percentile(99)),
      loopMaxMs: delay(this.histogram.max),
      lateSendP99Ms: round(quantile(late, 0.99)),
      lateSendMaxMs: round(late.at(-1) ?? 0),
      gcMaxMs: round(Math.max(0, ...this.gcPauses)),
      gcOver50: this.gcPauses.filter((ms) => ms > 50).length,
      cpuShare: seconds > 0 ? Math.round(((cpu.user + cpu.system) / 1e6 / seconds) * 100) / 100 : 0,
      heapMb: Math.round(process.memoryUsage().heapUsed / 1e6),
    };
  }
}

/** One line for the report. */
export function describeGenerator(health: GeneratorHealth): string {
  return `    the generator itself: event-loop delay p99 ${health.loopP99Ms} / max ${health.loopMaxMs} ms, sent late p99 ${health.lateSendP99Ms} / max ${health.lateSendMaxMs} ms, GC pause max ${health.gcMaxMs} ms (${health.gcOver50} over 50 ms), CPU ${Math.round(health.cpuShare * 100)} % of a core, heap ${health.heapMb} MB`;
}
