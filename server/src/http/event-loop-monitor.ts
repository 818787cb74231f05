import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from '@agentry/platform/log/logger';

// How late the event loop runs timers: the one figure that says whether a request is holding up
// everyone else. Measured over one-second windows; /healthz reports the last full window, and a
// window whose worst delay passes SPIKE_MS is logged (at most once per LOG_EVERY_MS, so a stalled
// server does not also flood its log; each line counts the windows over SPIKE_MS since the last
// line, so the log still says how many seconds had a stall, and the worst of them).

export interface EventLoopWindow {
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  window_s: number;
}

const WINDOW_MS = 1000;
/** Issue 24's goal: no stall over 50 ms under the open-loop load. */
export const SPIKE_MS = 50;
const LOG_EVERY_MS = 10_000;
/**
 * A last second's p99 delay above this says the process is busy answering requests: background work
 * of the same thread (the link checks, jobs/trust-jobs.ts) slows down meanwhile.
 */
export const BUSY_P99_MS = 20;

const RESOLUTION_MS = 10;
/**
 * The histogram records the time between the monitor's ticks, which includes the tick interval
 * itself: what is left after it is the delay.
 */
const delayMs = (nanoseconds: number) => Math.max(0, Math.round(nanoseconds / 1e4) / 100 - RESOLUTION_MS);

const round = (value: number) => Math.round(value * 100) / 100;

export interface EventLoopMonitorOptions {
  /** False: windows end only when closeWindow() is called (tests), not every second. */
  everySecond?: boolean;
  now?: () => number;
  /** The delays' histogram (node:perf_hooks' by default; tests give their own figures). */
  histogram?: Pick<IntervalHistogram, 'percentile' | 'max' | 'reset' | 'enable' | 'disable'>;
}

export class EventLoopMonitor {
  private readonly histogram: NonNullable<EventLoopMonitorOptions['histogram']>;
  private last: EventLoopWindow = { p50_ms: 0, p99_ms: 0, max_ms: 0, window_s: WINDOW_MS / 1000 };
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  private lastLogged = Number.NEGATIVE_INFINITY;
  /** Windows over SPIKE_MS not yet in a log line, and the worst delay among them. */
  private unlogged = { spikes: 0, worstMs: 0 };

  constructor(
    private readonly logger: Logger,
    options: EventLoopMonitorOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.histogram = options.histogram ?? monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    this.histogram.enable();
    if (options.everySecond !== false) {
      this.timer = setInterval(() => this.closeWindow(), WINDOW_MS);
      this.timer.unref();
    }
  }

  /** The last full window. */
  get current(): EventLoopWindow {
    return this.last;
  }

  /** Whether the last full window's p99 delay was over BUSY_P99_MS. */
  get busy(): boolean {
    return this.last.p99_ms > BUSY_P99_MS;
  }

  /** Ends the window under way: it becomes `current`, and a spike in it is logged. */
  closeWindow(): void {
    const h = this.histogram;
    this.last = {
      p50_ms: round(delayMs(h.percentile(50))),
      p99_ms: round(delayMs(h.percentile(99))),
      max_ms: round(delayMs(h.max)),
      window_s: WINDOW_MS / 1000,
    };
    h.reset();
    const now = this.now();
    if (this.last.max_ms <= SPIKE_MS) return;
    this.unlogged.spikes += 1;
    this.unlogged.worstMs = Math.max(this.unlogged.worstMs, this.last.max_ms);
    if (now - this.lastLogged > LOG_EVERY_MS) {
      this.lastLogged = now;
      this.logger.warn(
        { eventLoop: this.last, spikes: this.unlogged.spikes, worst_ms: this.unlogged.worstMs },
        'event loop delay spike',
      );
      this.unlogged = { spikes: 0, worstMs: 0 };
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.histogram.disable();
  }
}
