import cluster from 'node:cluster';
import os from 'node:os';
import { loadConfigOrExit } from '@agentry/platform/config/env';
import { createLogger, type Logger } from '@agentry/platform/log/logger';
import { runWorkers } from './cluster/run-workers';
import { startServer } from './start';

// The API process: `npm start` (via scripts/bin/start.cjs) or `npm run dev`. With
// WEB_CONCURRENCY > 1 (default: one per core) this process only supervises that many workers,
// each a whole API on the same port (node:cluster hands connections out in turn).

const SHUTDOWN_GRACE_MS = 10_000;

async function serve(logger: Logger, leader: boolean) {
  const config = loadConfigOrExit();
  const running = await startServer(config, { logger, leader });
  // The supervisor waits for the leader (seed, migrations, index) before starting the others.
  process.send?.({ type: 'ready' });

  const shutdown = (reason: string, code: number) => {
    logger.info({ reason }, 'shutting down');
    // In-flight requests get a grace period; after it the process exits regardless.
    setTimeout(() => {
      logger.error('shutdown grace period over; exiting');
      process.exit(code || 1);
    }, SHUTDOWN_GRACE_MS).unref();
    running.close().then(
      () => process.exit(code),
      (error) => {
        logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM', 0));
  process.once('SIGINT', () => shutdown('SIGINT', 0));
  process.on('unhandledRejection', (error) => {
    logger.fatal({ err: error }, 'unhandled rejection');
    shutdown('unhandledRejection', 1);
  });
}

async function main() {
  const config = loadConfigOrExit();
  const base = createLogger(config.LOG_LEVEL, 'api');
  const workers = config.WEB_CONCURRENCY ?? os.availableParallelism();
  if (workers <= 1) return serve(base, true);
  if (cluster.isPrimary) return runWorkers(workers, base.child({ role: 'supervisor' }));
  const index = Number(process.env.AGENTRY_WORKER ?? '0');
  return serve(base.child({ worker: index }), index === 0);
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
