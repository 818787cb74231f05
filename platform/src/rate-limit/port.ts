// The rate-limit store port: fixed-window hit counters kept where every API process can see them,
// so that a client spreading its requests over several processes meets one limit, not one per
// process. The store in use provides it (Store.rateLimits); server/src/http/rate-limits.ts decides
// what to count and when to ask.
//
// A window starts at a key's first hit and lasts windowMs; a hit after its end starts a new one.
// Keys are opaque to the store (the limiters pass a hash, never an address or an e-mail).

/** A key's window after a hit: every process's hits in it, and when it ends (epoch ms). */
export interface WindowCount {
  total: number;
  resetAt: number;
}

export interface RateLimitHit {
  key: string;
  windowMs: number;
  /** How many hits to add (a batch of one process's hits); at least 1. */
  by: number;
}

/** Longest key a store accepts: the limiters' keys are a name and a hash. */
export const RATE_LIMIT_KEY_MAX = 200;

export interface RateLimitStore {
  /** Adds `by` hits to the key's current window (starting one if none runs) atomically; returns its total. */
  hit(key: string, windowMs: number, by?: number): Promise<WindowCount>;
  /** The same for several keys at once (one process's batch); answers in the order asked. */
  hitMany(hits: RateLimitHit[]): Promise<WindowCount[]>;
  /** Takes `by` hits back from the key's current window, never below 0; nothing when it has ended. */
  refund(key: string, by?: number): Promise<void>;
}

/** Throws on input no adapter should store: the limiters never send it, so it is a bug to hear about. */
export function assertValidHit({ key, windowMs, by }: RateLimitHit): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > RATE_LIMIT_KEY_MAX)
    throw new RangeError(`rate-limit key must be 1 to ${RATE_LIMIT_KEY_MAX} characters`);
  if (!Number.isSafeInteger(windowMs) || windowMs < 1)
    throw new RangeError('windowMs must be a positive integer');
  if (!Number.isSafeInteger(by) || by < 1) throw new RangeError('by must be a positive integer');
}
