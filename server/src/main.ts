import { loadConfigOrExit } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import { startServer } from './start';

// The API process: `npm start` (via scripts/bin/start.cjs) or `npm run dev`.

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.LOG_LEVEL, 'api');
  const running = await startServer(config, { logger });

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

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
