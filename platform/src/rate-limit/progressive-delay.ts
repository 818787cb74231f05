import { createMemoryRateLimits } from './memory-rate-limits';
import type { RateLimitStore } from './port';
import type { RateLimitStoreHealth } from './store-health';
import { storeKeyOf } from './store-key';

// Per-account throttling that slows guessing without locking the owner out (issue 21, finding 5).
//
// A lockout ("10 failures, then every attempt refused for 15 minutes") hands anyone who knows a
// username the power to keep its owner out. Here an account's attempts are never refused outright:
// the first `freeAttempts` in a window go through at once; after that each attempt must come at
// least a delay after the one before, the delay doubling from `baseDelayMs` up to `maxDelayMs`. An
// attempt that comes too soon is refused with the seconds to wait (and not counted); whoever comes
// after the delay gets through. Attempts from browsers the account knows (a trusted-device cookie,
// server/src/auth/trusted-device.ts) skip this throttle entirely, so the owner is never slowed by
// someone else's guesses; they still meet the per-client limits.
//
// Two atomic counters in the rate-limit store, so the bound holds across API processes and
// parallel requests: the attempt count of the window, and a "slot" whose window is the current
// delay (an attempt past the free ones passes only when it starts a new slot window, so two
// attempts racing for one slot cannot both pass). A success gives the window's attempts back.
// While the store fails, each process counts in its own memory (fails open to a per-process bound,
// never a 500), as the other limiters do.

export interface ProgressiveDelayOptions {
  /** Names the counters' keys in the store. */
  name: string;
  /** Attempts in a window that go through without any delay. */
  freeAttempts: number;
  /** The delay after the first attempt past the free ones; it doubles with each attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long the attempt count lasts from the window's first attempt. */
  windowMs: number;
  /** The store every API process shares; null to count in this process only. */
  store: RateLimitStore | null;
  health?: RateLimitStoreHealth | null;
  now?: () => number;
}

export type DelayAnswer =
  | { allowed: true /** The attempt's number in its window (give it to succeeded()). */; attempt: number }
  | { allowed: false; retryAfterSeconds: number };

/** The wait the n-th attempt of a window imposes on the next one, in ms. */
export function delayAfterAttempt(
  attempt: number,
  {
    freeAttempts,
    baseDelayMs,
    maxDelayMs,
  }: Pick<ProgressiveDelayOptions, 'freeAttempts' | 'baseDelayMs' | 'maxDelayMs'>,
): number {
  if (attempt <= freeAttempts) return 0;
  const doublings = attempt - freeAttempts - 1;
  // 2^31 ms is 24 days: past any cap worth having, and safe from overflow.
  return Math.min(baseDelayMs * 2 ** Math.min(doublings, 31), maxDelayMs);
}

export class ProgressiveDelay {
  private readonly local: RateLimitStore;
  private readonly now: () => number;

  constructor(private readonly options: ProgressiveDelayOptions) {
    this.now = options.now ?? Date.now;
    this.local = createMemoryRateLimits(this.now);
  }

  /** Asks to make an attempt on the account now. */
  async acquire(account: string): Promise<DelayAnswer> {
    const { freeAttempts, windowMs } = this.options;
    const countKey = this.key('count', account);
    const { total: attempt } = await this.call((store) => store.hit(countKey, windowMs, 1));
    if (attempt <= freeAttempts) return { allowed: true, attempt };
    const delayMs = delayAfterAttempt(attempt, this.options);
    const slot = await this.call((store) => store.hit(this.key('slot', account), Math.max(1, delayMs), 1));
    if (slot.total === 1) return { allowed: true, attempt };
    // Too soon: not an attempt, so it does not lengthen the next delay.
    this.give(countKey, 1);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((slot.resetAt - this.now()) / 1000)) };
  }

  /** The attempt succeeded: the window's attempts up to it are given back (the owner is in). */
  succeeded(account: string, attempt: number): void {
    this.give(this.key('count', account), attempt);
  }

  private key(counter: string, account: string): string {
    return storeKeyOf(`${this.options.name}-${counter}`, account);
  }

  private give(key: string, by: number): void {
    // Not awaited: the answer has gone already. A refund lost to a failing store only leaves the
    // next attempts slower, for this window.
    this.call((store) => store.refund(key, by)).catch(() => undefined);
  }

  private async call<T>(work: (store: RateLimitStore) => Promise<T>): Promise<T> {
    const { store, health, name } = this.options;
    if (!store) return work(this.local);
    try {
      return health ? await health.call(name, () => work(store)) : await work(store);
    } catch {
      return work(this.local);
    }
  }
}
