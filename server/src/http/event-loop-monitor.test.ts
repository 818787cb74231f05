import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLogger } from '@agentry/platform/log/logger';
import { BUSY_P99_MS, EventLoopMonitor } from './event-loop-monitor';

// The windows are closed by the test, not by a timer, so what lands in which window does not
// depend on how promptly a busy machine runs timers. A loop held for 300 ms delays the monitor's
// own timer by at least 290 ms whatever the machine does: that is the one figure asserted.
// The histogram records the time between two of its ticks, so the hold counts only if a tick came
// before it and one after it: the test waits for those ticks (the histogram's sample count), not
// for a duration — on a busy machine a 30 ms pause can end before the first tick, and the hold was
// then not measured at all (seen as 12-87 ms at load 15).

function recorded() {
  const lines: string[] = [];
  const logger = createLogger('warn', 'test', { write: (line: string) => lines.push(line) });
  return { lines, logger };
}

/** Holds the event loop, as a request that builds a huge answer in one go would. */
function holdLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

/** Waits until the histogram has ticked since it held `count` samples. */
async function tickAfter(histogram: { count: number }, count: number): Promise<void> {
  while (histogram.count <= count) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('EventLoopMonitor', () => {
  it('reports a window in which the loop was held as that much delay, and logs the spike', async () => {
    const { lines, logger } = recorded();
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    const monitor = new EventLoopMonitor(logger, { everySecond: false, histogram });
    try {
      // A first sample means the tick before the hold has happened (the very first tick records nothing).
      await tickAfter(histogram, 0);
      const before = histogram.count;
      holdLoop(300);
      await tickAfter(histogram, before);
      monitor.closeWindow();
      expect(monitor.current.max_ms).toBeGreaterThanOrEqual(250);
      expect(monitor.current.window_s).toBe(1);
      expect(lines.join('')).toContain('event loop delay spike');
    } finally {
      monitor.stop();
    }
  });

  it('logs spikes at most once every 10 seconds, each line counting the windows over 50 ms since the last', () => {
    const { lines, logger } = recorded();
    let clock = 0;
    // A histogram of given figures (ns, the monitor's 10 ms tick included): no timing involved.
    let worstMs = 0;
    const histogram = {
      percentile: () => (worstMs + 10) * 1e6,
      get max() {
        return (worstMs + 10) * 1e6;
      },
      reset: () => undefined,
      enable: () => true,
      disable: () => true,
    };
    const monitor = new EventLoopMonitor(logger, { everySecond: false, now: () => clock, histogram });
    for (const [at, ms] of [
      [0, 150],
      [1_000, 40],
      [5_000, 180],
      [6_000, 60],
      [10_001, 70],
    ] as const) {
      clock = at;
      worstMs = ms;
      monitor.closeWindow();
    }
    monitor.stop();
    const spikes = lines
      .filter((line) => line.includes('event loop delay spike'))
      .map((line) => JSON.parse(line) as { spikes: number; worst_ms: number });
    expect(spikes).toHaveLength(2);
    // The windows at 5 s and 6 s were not logged on their own: the next line counts them (40 ms is no spike).
    expect(spikes).toMatchObject([
      { spikes: 1, worst_ms: 150 },
      { spikes: 3, worst_ms: 180 },
    ]);
  });

  it('When the last second’s p99 delay is over 20 ms, then the process counts as busy (background work slows down)', () => {
    const { logger } = recorded();
    let p99Ms = 0;
    const histogram = {
      percentile: (p: number) => ((p >= 99 ? p99Ms : 0) + 10) * 1e6,
      get max() {
        return (p99Ms + 10) * 1e6;
      },
      reset: () => undefined,
      enable: () => true,
      disable: () => true,
    };
    const monitor = new EventLoopMonitor(logger, { everySecond: false, histogram });
    expect(monitor.busy).toBe(false);
    const busyAfter = (ms: number) => {
      p99Ms = ms;
      monitor.closeWindow();
      return monitor.busy;
    };
    expect([
      busyAfter(5),
      busyAfter(BUSY_P99_MS),
      busyAfter(BUSY_P99_MS + 1),
      busyAfter(150),
      busyAfter(3),
    ]).toEqual([false, false, true, true, false]);
    monitor.stop();
  });
});
