import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Config } from '@agentry/platform/config/env';
import type { Services } from '../commands/services';
import { checkDomain } from '../commands/verification/check-domain';
import { LinkChecker } from '../link-check/link-checker';
import type { Outbound } from '../link-check/outbound';

// The trust layer's background work (issue 26), in the API's first worker beside the other upkeep
// (maintenance.ts): every TRUST_JOBS_TICK_MS, the verified domains whose recheck is due, then a
// batch of link checks. With several API containers, one process at a time does it: the one that
// holds the lease in the store (renewed each turn; a process that died lets it lapse in 5 minutes).
// A turn never overlaps the previous one, and stop() cuts the checks under way (they are not
// recorded: a cut check says nothing about a site).

export const LEASE_NAME = 'trust-jobs';
const LEASE_MS = 5 * 60 * 1000;
const RECHECKS_PER_TURN = 20;
const HOUR_MS = 60 * 60 * 1000;

export type TrustJobSettings = Pick<
  Config,
  | 'TRUST_JOBS_TICK_MS'
  | 'LINK_CHECK_INTERVAL_HOURS'
  | 'LINK_CHECK_CONCURRENCY'
  | 'LINK_CHECK_MAX_PER_SECOND'
  | 'LINK_CHECK_HOST_INTERVAL_MS'
  | 'VERIFICATION_RECHECK_HOURS'
>;

export class TrustJobs {
  private readonly holder = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly checker: LinkChecker;
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly services: Services,
    private readonly outbound: Outbound,
    private readonly settings: TrustJobSettings,
    /** Whether this process is busy answering requests: link checks then slow down (link-checker.ts). */
    busy?: () => boolean,
  ) {
    this.checker = new LinkChecker(services, outbound, {
      intervalMs: settings.LINK_CHECK_INTERVAL_HOURS * HOUR_MS,
      concurrency: settings.LINK_CHECK_CONCURRENCY,
      maxPerSecond: settings.LINK_CHECK_MAX_PER_SECOND,
      hostIntervalMs: settings.LINK_CHECK_HOST_INTERVAL_MS,
      busy,
    });
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.turn(), this.settings.TRUST_JOBS_TICK_MS);
    this.timer.unref();
  }

  /** One turn, unless one is under way: rechecks due, then link checks. Resolves when it is done. */
  turn(): Promise<void> {
    this.running ??= this.work()
      .catch((error) =>
        this.services.logger.error({ err: error, task: 'trust-jobs' }, 'maintenance task failed'),
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async work(): Promise<void> {
    const { store, now } = this.services;
    if (this.abort.signal.aborted) return;
    if (!(await store.leases.acquire(LEASE_NAME, this.holder, LEASE_MS, new Date(now())))) return;
    const due = await store.verifications.listDue(new Date(now()), RECHECKS_PER_TURN);
    for (const verification of due) {
      if (this.abort.signal.aborted) return;
      await checkDomain(
        { ...this.services, outbound: this.outbound },
        { verification, recheckMs: this.settings.VERIFICATION_RECHECK_HOURS * HOUR_MS },
      );
    }
    await this.checker.runOnce(this.abort.signal);
  }

  /** Stops the timer, cuts the checks under way, waits for the turn to end and lets the lease go. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.running;
    await this.services.store.leases.release(LEASE_NAME, this.holder).catch(() => undefined);
  }
}
