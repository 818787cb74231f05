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
  // The kernel hands each new connection to a worker, rather than this process accepting them all
  // and passing them on (Node's round robin): under full load this process gets too little CPU to
  // keep up, and new connections waited up to 10 s (measured with bench:load's 200 clients, both
  // ways, same run: max latency 7–10 s round robin, about 1 s here, the same throughput).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
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
