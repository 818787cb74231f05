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
  /** Counts a hit for the key. Never rejects: a limiter whose store fails answers from local counts. */
  hit(key: string): HitAnswer | Promise<HitAnswer>;
  /** Takes a hit back (sign-in counts failures only). */
  refund(key: string): void;
}

export const policyOf = (limit: number, windowMs: number) => `${limit};w=${Math.round(windowMs / 1000)}`;
export const secondsUntil = (resetAt: number, now: number) => Math.max(0, Math.ceil((resetAt - now) / 1000));
