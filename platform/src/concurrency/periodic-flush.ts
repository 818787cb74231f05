/**
 * The write-behind lifecycle of a counter kept in memory and written to a store in batches: one
 * write at a time (a flush asked while one runs joins it), a timer that does not keep the process
 * alive, and a stop that waits for the write under way and then writes what is left. The counter
 * supplies `write`, which takes its pending entries and must not reject: on failure it keeps them
 * for the next flush and logs.
 */
export class PeriodicFlush {
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly write: () => Promise<void>,
    private readonly everyMs: number,
  ) {}

  /** True while a write runs. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** True between start() and stop(). */
  get started(): boolean {
    return this.timer !== null;
  }

  /** Writes now, or joins the write under way. */
  flush(): Promise<void> {
    this.running ??= this.write().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.everyMs);
    this.timer.unref();
  }

  /** Stops the timer, waits for the write under way, then writes what was counted meanwhile. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.running) await this.running;
    await this.flush();
  }
}
