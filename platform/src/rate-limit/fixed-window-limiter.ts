import { type HitAnswer, type Limiter, policyOf, weightOf } from './limiter';

// Fixed windows kept in this process's memory: the limiter of RATE_LIMIT_STORE=memory, and the
// local count a shared limiter falls back to when its store fails.

interface Window {
  count: number;
  resetAt: number;
}

export class FixedWindowLimiter implements Limiter {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;
  readonly policy: string;

  constructor(
    readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.policy = policyOf(limit, windowMs);
  }

  /** Counts a hit of `weight` for the key; returns what is left in its window. */
  hit(key: string, weight?: number): HitAnswer {
    const by = weightOf(weight);
    const now = this.now();
    if (now >= this.nextSweep) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += by;
    return { remaining: this.limit - window.count, resetSeconds: Math.ceil((window.resetAt - now) / 1000) };
  }

  refund(key: string): void {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    this.nextSweep = now + this.windowMs;
  }
}
