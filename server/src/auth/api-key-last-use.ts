import { PeriodicFlush } from '@agentry/platform/concurrency/periodic-flush';
import type { Logger } from '@agentry/platform/log/logger';
import type { ApiKey, ApiKeyRepository } from '@agentry/platform/store/port';

// When each API key was last used, for the employer dashboard, without a store write per request:
// a use is noted in memory only when the stored time is older than LAST_USE_PRECISION_MS, and the
// notes are written in one batch every FLUSH_EVERY_MS. So a key used a thousand times a minute
// costs at most one write a minute per API process; the dashboard's time is right to a minute
// and a few seconds.

export const LAST_USE_PRECISION_MS = 60_000;
export const FLUSH_EVERY_MS = 10_000;
/** Keys noted between two flushes, at most (a key is noted once a minute at most, so this is ample). */
export const MAX_NOTED_KEYS = 10_000;

export class ApiKeyLastUse {
  private noted = new Map<string, number>();
  private readonly flusher: PeriodicFlush;

  constructor(
    private readonly options: {
      repository: Pick<ApiKeyRepository, 'touch'>;
      logger: Logger;
      flushEveryMs?: number;
    },
  ) {
    this.flusher = new PeriodicFlush(() => this.write(), options.flushEveryMs ?? FLUSH_EVERY_MS);
  }

  /** A request used the key at `nowMs`. O(1), no I/O. */
  note(key: Pick<ApiKey, 'id' | 'last_used_at'>, nowMs: number): void {
    const stored = key.last_used_at ? Date.parse(key.last_used_at) : Number.NEGATIVE_INFINITY;
    if (nowMs - stored < LAST_USE_PRECISION_MS) return;
    if (!this.noted.has(key.id) && this.noted.size >= MAX_NOTED_KEYS) return;
    this.noted.set(key.id, Math.max(nowMs, this.noted.get(key.id) ?? 0));
  }

  get pending(): number {
    return this.noted.size;
  }

  flush(): Promise<void> {
    return this.flusher.flush();
  }

  start(): void {
    this.flusher.start();
  }

  stop(): Promise<void> {
    return this.flusher.stop();
  }

  private async write(): Promise<void> {
    if (this.noted.size === 0) return;
    const batch = this.noted;
    this.noted = new Map();
    try {
      await this.options.repository.touch(
        [...batch].map(([id, at]) => ({ id, at: new Date(at).toISOString() })),
      );
    } catch (error) {
      // A lost "last used" time is no loss worth a retry queue: the next use notes it again.
      this.options.logger.warn({ err: error, keys: batch.size }, 'API key last-use times not written');
    }
  }
}
