import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { type DigestServices, sendDigests } from '../commands/saved-searches/send-digests';

// The digests of saved searches (issue 28), in the API's first worker beside the trust jobs and
// scheduled the same way: every DIGESTS_TICK_MS, the digests due, at most DIGESTS_PER_TURN searches
// a turn, one search at a time with a turn of the event loop between them (send-digests.ts). With
// several API containers one process at a time does it, the one holding the lease in the store. A
// turn never overlaps the previous one; stop() ends the turn after the search under way.

export const DIGEST_LEASE_NAME = 'saved-search-digests';
const LEASE_MS = 5 * 60 * 1000;

export interface DigestJobSettings {
  DIGESTS_TICK_MS: number;
  DIGESTS_PER_TURN: number;
}

export class DigestJobs {
  private readonly holder = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly services: DigestServices,
    private readonly settings: DigestJobSettings,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.turn(), this.settings.DIGESTS_TICK_MS);
    this.timer.unref();
  }

  /** One turn, unless one is under way. Resolves when it is done. */
  turn(): Promise<void> {
    this.running ??= this.work()
      .catch((error) =>
        this.services.logger.error({ err: error, task: 'digests' }, 'maintenance task failed'),
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async work(): Promise<void> {
    const { store, now, logger } = this.services;
    if (this.abort.signal.aborted) return;
    if (!(await store.leases.acquire(DIGEST_LEASE_NAME, this.holder, LEASE_MS, new Date(now())))) return;
    const result = await sendDigests(this.services, {
      limit: this.settings.DIGESTS_PER_TURN,
      signal: this.abort.signal,
    });
    if (result.examined > 0) logger.info(result, 'digests of saved searches');
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.running;
    await this.services.store.leases.release(DIGEST_LEASE_NAME, this.holder).catch(() => undefined);
  }
}
