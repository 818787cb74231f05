import { assertValidHit, type RateLimitHit, type RateLimitStore, type WindowCount } from './port';

// The rate-limit store port in this process's memory: what RATE_LIMIT_STORE=memory counts in for
// the limiters that need the port's variable windows (progressive-delay.ts), and what they fall back
// to while the shared store fails. Ended windows are swept at most once a minute.

interface Window {
  count: number;
  resetAt: number;
}

const SWEEP_EVERY_MS = 60_000;

export function createMemoryRateLimits(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, Window>();
  let nextSweep = 0;
  const hitOne = ({ key, windowMs, by }: RateLimitHit, at: number): WindowCount => {
    let window = windows.get(key);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + windowMs };
      windows.set(key, window);
    }
    window.count += by;
    return { total: window.count, resetAt: window.resetAt };
  };
  const hitMany = async (hits: RateLimitHit[]) => {
    for (const hit of hits) assertValidHit(hit);
    const at = now();
    if (at >= nextSweep) {
      for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
      nextSweep = at + SWEEP_EVERY_MS;
    }
    return hits.map((hit) => hitOne(hit, at));
  };
  return {
    hitMany,
    async hit(key, windowMs, by = 1) {
      const [count] = await hitMany([{ key, windowMs, by }]);
      return count!;
    },
    async refund(key, by = 1) {
      assertValidHit({ key, windowMs: 1, by });
      const window = windows.get(key);
      if (window && window.resetAt > now()) window.count = Math.max(0, window.count - by);
    },
  };
}
