import type { Logger } from '../log/logger';

// The shared limiters' calls to the store, with a deadline, and one log line when the store starts
// failing (and again every minute while it does), one when it answers again: a store that is down
// must not flood the log at hundreds of requests a second.

/** How long a limiter waits for the store before it answers from this process's own counts. */
export const STORE_DEADLINE_MS = 1_000;
const REPEAT_WARNING_MS = 60_000;

export class RateLimitStoreHealth {
  private failingSince: number | null = null;
  private warnedAt = 0;

  constructor(
    private readonly logger: Logger,
    private readonly deadlineMs = STORE_DEADLINE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** True while the last call failed. */
  get failing(): boolean {
    return this.failingSince !== null;
  }

  async call<T>(limiter: string, work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the rate-limit store did not answer within ${this.deadlineMs} ms`)),
        this.deadlineMs,
      );
    });
    try {
      const result = await Promise.race([work(), deadline]);
      if (this.failingSince !== null) {
        this.logger.info({ failed_ms: this.now() - this.failingSince }, 'rate-limit store answers again');
        this.failingSince = null;
      }
      return result;
    } catch (error) {
      const now = this.now();
      if (this.failingSince === null || now - this.warnedAt >= REPEAT_WARNING_MS) {
        this.logger.warn(
          { err: error, limiter },
          'rate-limit store failed: each API process counts alone until it answers',
        );
        this.warnedAt = now;
      }
      this.failingSince ??= now;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}
