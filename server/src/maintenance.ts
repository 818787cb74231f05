import { renewDueSubscriptions } from './commands/renew-due-subscriptions';
import type { Services } from './commands/services';

// Background upkeep of the API process: re-read subscriptions whose billing period ended (the
// renewal sweep), and delete expired sessions and one-time tokens so those tables stay small.
// Timers are unref'd (they never keep the process alive) and a run never overlaps the previous one.

const PURGE_EVERY_MS = 60 * 60 * 1000;
/** Stripe retries a webhook for up to 3 days; a replay after 90 is not one to recognise. */
const KEEP_EVENT_IDS_MS = 90 * 24 * 60 * 60 * 1000;

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
      if (sessions + tokens + events > 0)
        logger.info({ sessions, tokens, events }, 'expired records deleted');
    }),
  ];
  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
    },
  };
}
