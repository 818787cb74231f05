import { pauseBetweenWrites } from '@agentry/platform/concurrency/write-gap';
import { CLAIM_HOLD_MS } from './auth/one-time-tokens';
import { renewDueSubscriptions } from './commands/renew-due-subscriptions';
import type { Services } from './commands/services';

// Background upkeep of the API process: re-read subscriptions whose billing period ended (the
// renewal sweep), delete expired sessions and one-time tokens so those tables stay small, and
// delete the agents held for a claim that nobody took within CLAIM_HOLD_DAYS (their e-mail said so),
// forget the checkouts opened a month ago, and provider analytics' once-a-day keys of days that are over.
// Timers are unref'd (they never keep the process alive) and a run never overlaps the previous one.

const PURGE_EVERY_MS = 60 * 60 * 1000;
/** Stripe retries a webhook for up to 3 days; a replay after 90 is not one to recognise. */
const KEEP_EVENT_IDS_MS = 90 * 24 * 60 * 60 * 1000;
/** A checkout expires within a day; its success page is visited right after paying. */
const KEEP_CHECKOUTS_MS = 30 * 24 * 60 * 60 * 1000;
/** Lapsed claims deleted per batch; batches follow each other until one comes back short. */
const LAPSED_BATCH = 200;

/** Analytics' once-a-day tallies deleted per batch (agent_stats_seen): a few milliseconds of SQLite. */
const ONCE_KEYS_BATCH = 2_000;

/**
 * Forgets the once-a-day tallies of provider analytics whose day is over (MongoDB's TTL index does
 * it too), a batch at a time with a pause between: a busy day leaves one per
 * audience and kind, up to a million of them.
 */
export async function purgeOnceKeys(services: Services): Promise<number> {
  const now = new Date(services.now());
  let total = 0;
  for (;;) {
    const deleted = await services.store.agentStats.purgeOnce(now, ONCE_KEYS_BATCH);
    total += deleted;
    if (deleted < ONCE_KEYS_BATCH) return total;
    // The lock left free for others' writes between batches (write-gap.ts), the thread too.
    await pauseBetweenWrites();
  }
}

/** Deletes the agents held for a claim longer than CLAIM_HOLD_MS, in short transactions with a pause between. */
export async function discardLapsedClaims(services: Services): Promise<number> {
  const before = new Date(services.now() - CLAIM_HOLD_MS);
  let total = 0;
  for (;;) {
    const deleted = await services.store.agents.discardLapsedClaims(before, LAPSED_BATCH);
    total += deleted;
    if (deleted < LAPSED_BATCH) return total;
    // Between batches the thread and the store's lock are others' (write-gap.ts).
    await pauseBetweenWrites();
  }
}

export function startMaintenance(services: Services, options: { sweepMs: number }) {
  const { logger, store } = services;
  const every = (ms: number, name: string, task: () => Promise<unknown>) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      task()
        .catch((error) => logger.error({ err: error, task: name }, 'maintenance task failed'))
        .finally(() => {
          running = false;
        });
    }, ms);
    timer.unref();
    return timer;
  };
  const timers = [
    every(options.sweepMs, 'renewals', () => renewDueSubscriptions(services)),
    every(PURGE_EVERY_MS, 'purge', async () => {
      const now = new Date(services.now());
      const sessions = await store.sessions.purgeExpired(now);
      const tokens = await store.tokens.purgeExpired(now);
      const events = await store.billing.purgeEvents(new Date(now.getTime() - KEEP_EVENT_IDS_MS));
      const checkouts = await store.billing.purgeCheckouts(new Date(now.getTime() - KEEP_CHECKOUTS_MS));
      const lapsedClaims = await discardLapsedClaims(services);
      const analyticsKeys = await purgeOnceKeys(services);
      if (sessions + tokens + events + checkouts + lapsedClaims + analyticsKeys > 0)
        logger.info(
          { sessions, tokens, events, checkouts, lapsedClaims, analyticsKeys },
          'expired records deleted',
        );
    }),
  ];
  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
    },
  };
}
