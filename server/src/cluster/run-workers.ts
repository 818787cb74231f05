import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '@agentry/platform/log/logger';
import { onShutdownSignals } from '../lifecycle/shutdown-signals';
import { AWAIT_LEADER, LEADER_READY, LeaderGate, STORE_READY } from './leader-gate';

// The supervisor of WEB_CONCURRENCY API workers, all forked at once. Worker 0 is the leader: it
// alone migrates the store and seeds the demo catalog (which must not run twice at once) and runs
// the in-process indexer and the upkeep timers; the others load their code meanwhile and open the
// store once it has set it up (leader-gate.ts). A worker that dies
// is started again (after a pause, so a crash loop does not spin). On SIGTERM or SIGINT the signal
// is passed on to every worker, which drains its requests and closes the store
// (lifecycle/request-drain.ts); the supervisor exits when they all have, 0 if every one exited 0.
// A second signal is passed on too (the workers then exit at once); past stopTimeoutMs the workers
// left are killed.

const RESTART_DELAY_MS = 1000;

export interface Supervision {
  logger: Logger;
  /** How long the workers may take to stop before they are killed (longer than their own deadline). */
  stopTimeoutMs: number;
}

/**
 * Forks the workers at once and supervises them once `setup` (the supervisor's configuration and
 * logger) is known: the supervisor forks before it loads them (zod and pino, about a fifth of a
 * second of CPU at start under load), so the workers' boots do not wait behind it (issue 24). A
 * worker's exit before then is logged and answered once it is; a setup that fails (a bad
 * configuration, said by loadConfigOrExit) ends this process, and the workers with it (a cluster
 * worker exits when its supervisor's channel closes).
 */
export async function runWorkers(count: number, setup: Promise<Supervision>): Promise<void> {
  // Node's round robin: this process accepts each connection and hands it to the first worker free
  // to take it (one that has acknowledged its last connection: a worker whose event loop is busy
  // answers late and is passed over; node's lib/internal/cluster/round_robin_handle.js). Each
  // connection carries at most KEEPALIVE_MAX_REQUESTS requests (start.ts), so connections a client
  // keeps open are dealt again this way rather than staying where they first landed. The
  // kernel's own choice (SCHED_NONE) connects a burst of new clients faster, but it measured
  // unfair: in some runs one worker got nearly every connection and throughput fell to a single
  // worker's (bench:load, 2 workers: 752 req/s that way against 1,200–1,270 round robin).
  cluster.schedulingPolicy = cluster.SCHED_RR;
  const workers = new Map<number, Worker>();
  let stopping = false;
  let unclean = 0;
  const exitWhenAllStopped = (logger: Logger) => {
    if (!stopping || workers.size > 0) return;
    logger.info({ unclean }, 'API workers stopped');
    process.exit(unclean > 0 ? 1 : 0);
  };

  const gate = new LeaderGate();
  const fork = (index: number): Promise<void> =>
    new Promise((resolve) => {
      const worker = cluster.fork({ AGENTRY_WORKER: String(index) });
      workers.set(index, worker);
      let ready = false;
      let forget = () => {};
      worker.on('message', (message: { type?: string }) => {
        if (message?.type === AWAIT_LEADER) {
          forget = gate.wait(() => {
            if (worker.isConnected()) worker.send({ type: LEADER_READY });
          });
          return;
        }
        // The leader has set up the store (ready implies it: an older leader never says store-ready).
        if (index === 0 && (message?.type === STORE_READY || message?.type === 'ready')) gate.open();
        if (message?.type !== 'ready') return;
        ready = true;
        resolve();
      });
      worker.on('exit', (code, signal) => {
        forget();
        if (workers.get(index) === worker) workers.delete(index);
        resolve();
        void setup.then(({ logger }) => {
          if (stopping) {
            logger.info({ worker: index, code, signal }, 'API worker stopped');
            // One still loading its code ends by SIGTERM's default action: it had nothing in flight.
            const startingAndEnded = !ready && signal === 'SIGTERM';
            if (code !== 0 && !startingAndEnded) unclean++;
            return exitWhenAllStopped(logger);
          }
          logger.error({ worker: index, code, signal }, 'API worker exited; starting it again');
          setTimeout(() => {
            if (!stopping) void fork(index);
          }, RESTART_DELAY_MS).unref();
        });
      });
    });

  const started = Promise.all(Array.from({ length: count }, (_, i) => fork(i)));
  const { logger, stopTimeoutMs } = await setup;
  const forward = (signal: NodeJS.Signals) => {
    for (const worker of workers.values()) worker.process.kill(signal);
  };
  onShutdownSignals(logger, {
    graceful: (signal) => {
      stopping = true;
      logger.info({ signal, workers: workers.size }, 'shutdown: passing SIGTERM on to the API workers');
      forward('SIGTERM');
      setTimeout(() => {
        logger.error({ workers: workers.size }, 'API workers did not stop in time; killing them');
        forward('SIGKILL');
      }, stopTimeoutMs).unref();
      exitWhenAllStopped(logger);
    },
    force: () => forward('SIGTERM'),
  });

  logger.info({ workers: count }, 'starting API workers');
  await started;
  if (stopping) return;
  logger.info({ workers: workers.size }, 'API workers ready');
}
