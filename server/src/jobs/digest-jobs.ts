import { randomUUID } from 'node:crypto';
import os from 'node:os';
import {
  type DigestRunResult,
  type DigestServices,
  sendDigests,
} from '../commands/saved-searches/send-digests';
import type { DigestWorker } from './digest-worker';

// The digests of saved searches (issue 28), in the API's first worker beside the trust jobs and
// scheduled the same way: every DIGESTS_TICK_MS, the digests due, at most DIGESTS_PER_TURN searches
// a turn, one search at a time with a turn of the event loop between them (send-digests.ts). With
// several API containers one process at a time does it, the one holding the lease in the store. A
// turn never overlaps the previous one; stop() ends the turn after the search under way.
//
// Where a turn runs (DIGESTS): `worker` (the default) on a worker thread of its own
// (digest-worker.ts), so no digest search holds the thread that answers visitors; `inprocess` on
// the API's thread, one search at a time (each search one synchronous slice: up to ~0.6 s at
// 100,000 agents with the embedded engine; fine for a small catalog or with Meilisearch).

export const DIGEST_LEASE_NAME = 'saved-search-digests';
const LEASE_MS = 5 * 60 * 1000;

export interface DigestJobSettings {
  DIGESTS_TICK_MS: number;
  DIGESTS_PER_TURN: number;
}

/** How a turn is run: here (sendDigests on this thread) or on the digest worker thread. */
export type DigestTurnRunner = (limit: number, signal: AbortSignal) => Promise<DigestRunResult>;

/** A turn on this thread, as `npm run digests` runs it. */
export const inThisThread =
  (services: DigestServices): DigestTurnRunner =>
  (limit, signal) =>
    sendDigests(services, { limit, signal });

/**
 * A turn on the digest worker thread. The thread (and, with the embedded engine, its copy of the
 * index) is started only once a digest is due: a site with no saved searches never loads it.
 */
export const onWorkerThread =
  (worker: DigestWorker, services: Pick<DigestServices, 'store' | 'now'>): DigestTurnRunner =>
  async (limit) => {
    if (!worker.started && (await services.store.savedSearches.countDue(new Date(services.now()))) === 0)
      return { examined: 0, sent: 0, quiet: 0, skipped: 0, searches: 0, searchNotReady: false };
    return worker.run(limit);
  };

export class DigestJobs {
  private readonly holder = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly services: Pick<DigestServices, 'store' | 'now' | 'logger'>,
    private readonly settings: DigestJobSettings,
    private readonly runTurn: DigestTurnRunner,
    /** Stops what runs the turns (the worker thread), after the turn under way. */
    private readonly stopRunner: () => Promise<void> = async () => undefined,
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
    const result = await this.runTurn(this.settings.DIGESTS_PER_TURN, this.abort.signal);
    if (result.examined > 0) logger.info(result, 'digests of saved searches');
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.abort.abort();
    // The worker thread is told to stop first: it ends the turn under way after its current search.
    await this.stopRunner();
    await this.running;
    await this.services.store.leases.release(DIGEST_LEASE_NAME, this.holder).catch(() => undefined);
  }
}
