import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import { openMailer } from '@agentry/platform/mail/factory';
import { openSearchEngine } from '@agentry/platform/search/factory';
import { openStore } from '@agentry/platform/store/factory';
import { sendDigests } from '../commands/saved-searches/send-digests';
import { SearchFreshness } from '../search-service/search-freshness';
import { SearchService } from '../search-service/search-service';
import type { DigestWorkerReply, DigestWorkerRequest } from './digest-worker';

// The worker thread of DigestWorker (digest-worker.ts): its own store connection, its own search
// engine (the embedded index loaded from DATA_DIR, or the Meilisearch client), its own mailer.
// It answers one turn at a time: { turn } → sendDigests → { done } or { failed }; { stop } aborts
// the turn under way, closes everything and lets the thread end. Nothing here runs on the thread
// that answers visitors: an engine search of up to ~0.6 s at 100,000 agents holds only this one.

const { config, secret, logLevel } = workerData as { config: Config; secret: string; logLevel: string };
const port = parentPort!;
const logger = createLogger(logLevel, 'digests');

async function open() {
  const store = await openStore(config);
  const engine = await openSearchEngine(config, { serve: true, logger });
  const mailer = await openMailer(config, { logger: logger.child({ component: 'mail' }) });
  // Search answers from the store until this thread's index holds what the store held at start:
  // sendDigests then stops and the due digests wait (no e-mail from a lesser matcher).
  const freshness = new SearchFreshness(engine, store, { logger });
  await freshness.start();
  const search = new SearchService(engine, store, logger, { freshness });
  return { store, engine, mailer, freshness, search };
}

const opened = open();
let turn: AbortController | null = null;
// The turn under way: stop waits for it before closing the store it reads.
let current: Promise<unknown> = Promise.resolve();
const reply = (message: DigestWorkerReply) => port.postMessage(message);

port.on('message', (message: DigestWorkerRequest) => {
  if (message.type === 'stop') {
    turn?.abort();
    void current
      .then(() => opened)
      .then(async ({ store, engine, mailer, freshness }) => {
        freshness.stop();
        await mailer.close();
        await engine.close();
        await store.close();
      })
      .catch((error) => logger.error({ err: error }, 'digest worker could not close cleanly'))
      .finally(() => {
        reply({ type: 'stopped' });
        port.close();
      });
    return;
  }
  turn = new AbortController();
  const { signal } = turn;
  current = opened
    .then(({ store, mailer, search }) =>
      sendDigests(
        {
          store,
          mailer,
          logger,
          config,
          now: Date.now,
          search: (request) => search.search(request),
          secret,
        },
        { limit: message.limit, signal },
      ),
    )
    .then(
      (result) => reply({ type: 'done', id: message.id, result }),
      (error: unknown) =>
        reply({
          type: 'failed',
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
});
