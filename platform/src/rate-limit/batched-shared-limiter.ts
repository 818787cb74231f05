import { type HitAnswer, type Limiter, policyOf, secondsUntil, weightOf } from './limiter';
import type { WindowCount } from './port';
import { storeKeyOf } from './store-key';
import type { SharedLimiterOptions } from './strict-shared-limiter';

// Reads and writes, counted without a store call on most requests. Every hit adds to this process's
// count of the key, sent to the shared store in one batch every syncMs. A client's first hit of a
// window at this process either waits for a store call of its own (firstHit 'store': the writes,
// rarer, so a process it has not met yet refuses at once a client that spent its limit elsewhere)
// or is counted like the others and goes with the next batch (firstHit 'local': the reads, where a
// call per new visitor and process, one SQLite transaction each, cost about 7 % of a worker at
// 300 req/s; BENCHMARKS.md). A request of a client past half its limit whose counts this process
// has not exchanged for a sync interval asks the store at once. The store answers with every
// process's total, so the decision is
//
//   hits seen = max(this process's hits, last shared total + hits sent or not yet sent since)
//
// Overshoot bound: what a process does not see is the other processes' hits since its last exchange
// for the client, which is at most about one sync interval old while the client keeps sending to it
// (with firstHit 'local', a client new to the process is exchanged by its first batch, within one
// interval of its first hit), plus those the others have not sent yet (at most one interval). Once
// the limit is reached, each process therefore admits at most what the client sends it within about
// 2 × syncMs (plus a store round trip): 500 ms at the default 250 ms. With firstHit 'local' that
// includes a client that spent its limit at one process and moves to another: admitted there for at
// most its first interval. A process never admits more than the limit by itself, so the old worst
// case (N processes, N × the limit) is also a ceiling. With one process the count is exact. When
// the store fails, the batch is dropped and each process's own count decides.

/** Keys sent per batch: a SQLite transaction of this many upserts takes a few ms. */
export const MAX_BATCH_KEYS = 2_000;

interface KeyWindow {
  /** This process's hits in the window. */
  own: number;
  /** Not yet sent to the store. */
  pending: number;
  /** Sent, answer not back yet. */
  sending: number;
  /** Every process's hits as of the store's last answer. */
  shared: number;
  /** The store's window end once it answered; until then this process's guess. */
  resetAt: number;
  /** When the store last answered for this key (or the window opened here). */
  exchangedAt: number;
}

export interface BatchedLimiterOptions extends SharedLimiterOptions {
  syncMs: number;
  /** A client's first hit of a window here: a store call of its own (the default), or the next batch. */
  firstHit?: 'store' | 'local';
}

export class BatchedSharedLimiter implements Limiter {
  readonly limit: number;
  readonly policy: string;
  private readonly windows = new Map<string, KeyWindow>();
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> | null = null;
  private nextSweep = 0;

  constructor(private readonly options: BatchedLimiterOptions) {
    this.limit = options.limit;
    this.policy = policyOf(options.limit, options.windowMs);
    this.now = options.now ?? Date.now;
  }

  /**
   * O(1), no I/O, the hit going out with the next batch; but a client's first hit in a window here
   * waits for the store when firstHit is 'store' (so a process it has not met yet learns at once what
   * the others counted), and so does a stale client past half its limit.
   */
  hit(key: string, weight?: number): HitAnswer | Promise<HitAnswer> {
    const by = weightOf(weight);
    const now = this.now();
    if (now >= this.nextSweep) this.sweep(now);
    let known = this.windows.get(key);
    if (!known || known.resetAt <= now) {
      known = this.open(key, now, by);
      if (this.options.firstHit !== 'local') return this.ask(key, known, by);
      // Counted here; its first batch (or a stale ask) brings what the others counted.
      known.pending += by;
      this.schedule();
      return this.answer(known, now);
    }
    known.own += by;
    // A client near its limit that this process has not exchanged counts for lately (it came back
    // after a pause, perhaps having spent its limit elsewhere) is asked about too: cheap, since it
    // happens at most once per sync interval per such client.
    const stale = known.exchangedAt + this.options.syncMs <= now && known.sending === 0;
    if (stale && this.seen(known) >= this.limit / 2) return this.ask(key, known, by);
    known.pending += by;
    this.schedule();
    return this.answer(known, now);
  }

  refund(key: string): void {
    const window = this.windows.get(key);
    if (!window) return;
    if (window.own > 0) window.own -= 1;
    if (window.pending > 0) {
      window.pending -= 1;
      return;
    }
    const { name, store, health } = this.options;
    health.call(name, () => store.refund(storeKeyOf(name, key))).catch(() => undefined);
  }

  private open(key: string, now: number, by: number): KeyWindow {
    const { windowMs } = this.options;
    const window = { own: by, pending: 0, sending: 0, shared: 0, resetAt: now + windowMs, exchangedAt: now };
    this.windows.set(key, window);
    return window;
  }

  /** Sends this hit of `weight` (and what is pending for the key) at once and answers with the store's total. */
  private async ask(key: string, window: KeyWindow, weight: number): Promise<HitAnswer> {
    const by = window.pending + weight;
    window.pending = 0;
    window.sending += by;
    const { name, store, windowMs, health } = this.options;
    try {
      const count = await health.call(name, () => store.hit(storeKeyOf(name, key), windowMs, by));
      this.learn(window, by, count);
    } catch {
      window.sending -= by;
    }
    return this.answer(window, this.now());
  }

  private seen(window: KeyWindow): number {
    return Math.max(window.own, window.shared + window.sending + window.pending);
  }

  private answer(window: KeyWindow, now: number): HitAnswer {
    return { remaining: this.limit - this.seen(window), resetSeconds: secondsUntil(window.resetAt, now) };
  }

  /** The store's answer to `sent` hits of this window. */
  private learn(window: KeyWindow, sent: number, { total, resetAt }: WindowCount): void {
    window.sending -= sent;
    window.shared = total;
    window.resetAt = resetAt;
    // When the store started a new window, hits of the ended one no longer count here either.
    window.own = Math.min(window.own, total + window.pending + window.sending);
    window.exchangedAt = this.now();
  }

  /** Sends what is pending now (tests; a batch under way is waited for first). */
  async flush(): Promise<void> {
    while (this.sending) await this.sending;
    this.sending = this.send().finally(() => {
      this.sending = null;
    });
    await this.sending;
  }

  private schedule(): void {
    if (this.timer) return;
    // Only while there is something to send: an idle API holds no timer, and this one never keeps
    // the process alive.
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.sending) void this.flush();
      else this.schedule();
    }, this.options.syncMs);
    this.timer.unref();
  }

  private async send(): Promise<void> {
    const batch: Array<{ key: string; window: KeyWindow; by: number }> = [];
    for (const [key, window] of this.windows) {
      if (window.pending === 0) continue;
      batch.push({ key, window, by: window.pending });
      window.sending += window.pending;
      window.pending = 0;
      if (batch.length === MAX_BATCH_KEYS) {
        this.schedule();
        break;
      }
    }
    if (batch.length === 0) return;
    const { name, store, windowMs, health } = this.options;
    try {
      const counts = await health.call(name, () =>
        store.hitMany(batch.map(({ key, by }) => ({ key: storeKeyOf(name, key), windowMs, by }))),
      );
      counts.forEach((count, index) => {
        const { window, by } = batch[index]!;
        this.learn(window, by, count);
      });
    } catch {
      // Dropped, not kept for later: kept, they could land in a later window. `own` still counts them.
      for (const { window, by } of batch) window.sending -= by;
    }
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows)
      if (window.resetAt <= now && window.pending === 0 && window.sending === 0) this.windows.delete(key);
    this.nextSweep = now + this.options.windowMs;
  }
}
