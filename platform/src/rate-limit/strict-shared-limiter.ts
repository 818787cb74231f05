import { FixedWindowLimiter } from './fixed-window-limiter';
import { type HitAnswer, type Limiter, policyOf, secondsUntil, weightOf } from './limiter';
import type { RateLimitStore } from './port';
import type { RateLimitStoreHealth } from './store-health';
import { storeKeyOf } from './store-key';

// Exact limits for rare requests that must not be multiplied by the number of API processes
// (sign-in per client and per account, sign-ups): every hit is one atomic store call, so the
// answer counts every process's hits. This process also counts locally, and answers from that
// count when the store fails or is late (fails open to the per-process limit, never a 500).

export interface SharedLimiterOptions {
  /** Names the limiter's keys in the store (limits of different windows never share a count). */
  name: string;
  limit: number;
  windowMs: number;
  store: RateLimitStore;
  health: RateLimitStoreHealth;
  now?: () => number;
}

export class StrictSharedLimiter implements Limiter {
  readonly limit: number;
  readonly policy: string;
  private readonly local: FixedWindowLimiter;
  private readonly now: () => number;

  constructor(private readonly options: SharedLimiterOptions) {
    this.limit = options.limit;
    this.policy = policyOf(options.limit, options.windowMs);
    this.now = options.now ?? Date.now;
    this.local = new FixedWindowLimiter(options.limit, options.windowMs, this.now);
  }

  async hit(key: string, weight?: number): Promise<HitAnswer> {
    const by = weightOf(weight);
    const local = this.local.hit(key, by);
    const { name, store, windowMs, health } = this.options;
    try {
      const { total, resetAt } = await health.call(name, () =>
        store.hit(storeKeyOf(name, key), windowMs, by),
      );
      return { remaining: this.limit - total, resetSeconds: secondsUntil(resetAt, this.now()) };
    } catch {
      return local;
    }
  }

  refund(key: string): void {
    this.local.refund(key);
    const { name, store, health } = this.options;
    // Not awaited: the answer has gone already. A refund lost to a failing store only makes the
    // limit stricter, for this window.
    health.call(name, () => store.refund(storeKeyOf(name, key))).catch(() => undefined);
  }
}
