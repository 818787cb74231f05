// What a rate-limit middleware asks of a limiter, whichever way it counts (in memory, in the
// shared store on every hit, or in batches).

export interface HitAnswer {
  /** Hits left in the window; negative once the limit is passed. */
  remaining: number;
  resetSeconds: number;
}

export interface Limiter {
  readonly limit: number;
  /** The IETF RateLimit-Policy value: "<limit>;w=<window seconds>". */
  readonly policy: string;
  /**
   * Counts a hit for the key, weighing `weight` (a whole number, 1 unless given): a request that does
   * the work of several (a batch of MCP tool calls, a POST of 20 searches) costs as many. Never
   * rejects: a limiter whose store fails answers from local counts.
   */
  hit(key: string, weight?: number): HitAnswer | Promise<HitAnswer>;
  /** Takes a hit back (sign-in counts failures only). */
  refund(key: string): void;
}

export const policyOf = (limit: number, windowMs: number) => `${limit};w=${Math.round(windowMs / 1000)}`;
export const secondsUntil = (resetAt: number, now: number) => Math.max(0, Math.ceil((resetAt - now) / 1000));

/** A hit's weight, checked: a whole number from 1 (a bug to hear about otherwise, never a silent 0). */
export function weightOf(weight: number | undefined): number {
  const value = weight ?? 1;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`a hit weighs a whole number from 1, not ${value}`);
  return value;
}
