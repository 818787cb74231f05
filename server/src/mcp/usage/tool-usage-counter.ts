import { isoWeek } from '@agentry/domain/iso-weeks';
import { PeriodicFlush } from '@agentry/platform/concurrency/periodic-flush';
import type { Logger } from '@agentry/platform/log/logger';
import type { ToolUsageRepository, ToolWeekCalls } from '@agentry/platform/store/port';
import { FLUSH_EVERY_MS } from '../../analytics/agent-event-counter';

// MCP calls are counted as the provider analytics are: in memory, per tool and ISO week, written to
// the store in one batch every FLUSH_EVERY_MS and at shutdown, so a call never waits for the
// store. A count is a tool, a week and a number: nothing about the caller or the arguments. The
// entries are few (a handful of tools a week), so a store outage keeps them all until it ends.

export interface ToolUsageCounterOptions {
  repository: Pick<ToolUsageRepository, 'increment'>;
  logger: Logger;
  now?: () => number;
  flushEveryMs?: number;
}

export class ToolUsageCounter {
  private readonly repository: Pick<ToolUsageRepository, 'increment'>;
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly flusher: PeriodicFlush;
  /** Calls not written yet, keyed by week and tool. */
  private pending = new Map<string, ToolWeekCalls>();

  constructor(options: ToolUsageCounterOptions) {
    this.repository = options.repository;
    this.logger = options.logger;
    this.now = options.now ?? Date.now;
    this.flusher = new PeriodicFlush(() => this.write(), options.flushEveryMs ?? FLUSH_EVERY_MS);
  }

  /** Counts one call of `tool` in the current week. No I/O. */
  count(tool: string): void {
    this.add({ week: isoWeek(new Date(this.now())), tool, calls: 1 });
  }

  /** What this process counted and has not written yet, from `sinceWeek` on. */
  pendingSince(sinceWeek: string): ToolWeekCalls[] {
    return [...this.pending.values()]
      .filter((entry) => entry.week >= sinceWeek)
      .map((entry) => ({ ...entry }));
  }

  /** Writes what was counted in one store call; on failure keeps it for the next. Never rejects. */
  flush(): Promise<void> {
    return this.flusher.flush();
  }

  /** Flushes every flushEveryMs; the timer does not keep the process alive. */
  start(): void {
    this.flusher.start();
  }

  /** Stops the timer and writes what is left. */
  stop(): Promise<void> {
    return this.flusher.stop();
  }

  private add({ week, tool, calls }: ToolWeekCalls): void {
    const key = `${week}\u0000${tool}`;
    const entry = this.pending.get(key);
    if (entry) entry.calls += calls;
    else this.pending.set(key, { week, tool, calls });
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.repository.increment(batch);
    } catch (error) {
      // Added back to what was counted meanwhile, for the next flush.
      for (const entry of batch) this.add(entry);
      this.logger.warn(
        { err: error, pending: this.pending.size },
        'MCP usage counts not written; kept for the next flush',
      );
    }
  }
}
