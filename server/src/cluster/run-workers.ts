import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '@agentry/platform/log/logger';

// The supervisor of WEB_CONCURRENCY API workers. Worker 0 is the leader: it starts alone (it seeds
// the demo catalog and migrates the store, which must not run twice at once), and it alone runs the
// in-process indexer and the upkeep timers; the others start once it is ready. A worker that dies
// is started again (after a pause, so a crash loop does not spin); on SIGTERM or SIGINT every
// worker is asked to finish its requests, and the supervisor exits when they have.

const RESTART_DELAY_MS = 1000;
const SHUTDOWN_GRACE_MS = 12_000;

export async function runWorkers(count: number, logger: Logger): Promise<void> {
  // Node's round robin: this process accepts each connection and hands it to the next worker. The
  // kernel's own choice (SCHED_NONE) connects a burst of new clients faster, but it measured
  // unfair: in some runs one worker got nearly every connection and throughput fell to a single
  // worker's (bench:load, 2 workers: 752 req/s that way against 1,200–1,270 round robin).
  cluster.schedulingPolicy = cluster.SCHED_RR;
  const workers = new Map<number, Worker>();
  let stopping = false;

  const fork = (index: number): Promise<void> =>
    new Promise((resolve) => {
      const worker = cluster.fork({ AGENTRY_WORKER: String(index) });
      workers.set(index, worker);
      worker.on('message', (message: { type?: string }) => {
        if (message?.type === 'ready') resolve();
      });
      worker.on('exit', (code, signal) => {
        if (workers.get(index) === worker) workers.delete(index);
        resolve();
        if (stopping) return;
        logger.error({ worker: index, code, signal }, 'API worker exited; starting it again');
        setTimeout(() => {
          if (!stopping) void fork(index);
        }, RESTART_DELAY_MS).unref();
      });
    });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: workers.size }, 'stopping API workers');
    for (const worker of workers.values()) worker.process.kill('SIGTERM');
    const deadline = setTimeout(() => {
      logger.error('API workers did not stop in time; killing them');
      for (const worker of workers.values()) worker.process.kill('SIGKILL');
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    const check = setInterval(() => {
      if (workers.size === 0) {
        clearInterval(check);
        process.exit(0);
      }
    }, 50);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  logger.info({ workers: count }, 'starting API workers');
  await fork(0);
  await Promise.all(Array.from({ length: count - 1 }, (_, i) => fork(i + 1)));
  logger.info({ workers: workers.size }, 'API workers ready');
}
