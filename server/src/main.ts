import cluster from 'node:cluster';
import os from 'node:os';
import { type Config, loadConfigOrExit } from '@agentry/platform/config/env';
import { createLogger, type Logger } from '@agentry/platform/log/logger';
import { awaitLeader, STORE_READY } from './cluster/leader-gate';
import { runWorkers } from './cluster/run-workers';
import { processShutdownMs, supervisorShutdownMs } from './lifecycle/shutdown-budget';
import { onShutdownSignals } from './lifecycle/shutdown-signals';

// The API process: `npm start` (via scripts/bin/start.cjs) or `npm run dev`. With
// WEB_CONCURRENCY > 1 (default: one per core) this process only supervises that many workers,
// each a whole API on the same port (node:cluster hands connections out in turn; each connection
// carries at most KEEPALIVE_MAX_REQUESTS requests, so kept-open connections are dealt again).

async function serve(config: Config, logger: Logger, leader: boolean) {
  // Loaded here, not at the top: the supervisor of several workers never serves, and skipping the
  // whole API (Express, the store, the engine, every route and their packages) lets it fork the
  // first worker sooner (issue 24: every agent searchable after a restart).
  const loading = import('./start');
  // The others load their code beside the leader and open the store once it has set it up
  // (cluster/leader-gate.ts); the leader says when it has, before it loads its index and listens.
  const gate = leader ? Promise.resolve() : awaitLeader();
  let passedGate = leader;
  const started = Promise.all([loading, gate]).then(([{ startServer }]) => {
    passedGate = true;
    return startServer(config, {
      logger,
      leader,
      onStoreReady: leader ? () => process.send?.({ type: STORE_READY }) : undefined,
    });
  });

  const forceExit = (reason: string) => {
    logger.error({ reason }, 'shutdown: forced exit');
    process.exit(1);
  };
  let shuttingDown = false;
  const shutdown = (reason: string, code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ reason }, 'shutting down');
    // Still waiting for the leader: nothing opened, nothing to drain.
    if (!passedGate) process.exit(code);
    // Whatever the shutdown waits for, the process is gone after this.
    setTimeout(() => forceExit('shutdown took too long'), processShutdownMs(config)).unref();
    // A signal that comes while starting stops the server once it has started.
    started
      .then((running) => running.close())
      .then(
        // Requests cut at the deadline make it an unclean exit.
        ({ cut }) => process.exit(cut > 0 ? 1 : code),
        (error) => {
          logger.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  onShutdownSignals(logger, {
    graceful: (signal) => shutdown(signal, 0),
    force: (signal) => forceExit(`${signal} received again`),
  });
  process.on('unhandledRejection', (error) => {
    logger.fatal({ err: error }, 'unhandled rejection');
    shutdown('unhandledRejection', 1);
  });

  await started;
  // The supervisor waits for the leader (seed, migrations, index) before starting the others.
  process.send?.({ type: 'ready' });
}

async function main() {
  const config = loadConfigOrExit(process.env, 'api');
  const base = createLogger(config.LOG_LEVEL, 'api');
  const workers = config.WEB_CONCURRENCY ?? os.availableParallelism();
  if (workers <= 1) return serve(config, base, true);
  if (cluster.isPrimary) {
    const stopTimeoutMs = supervisorShutdownMs(config);
    return runWorkers(workers, base.child({ role: 'supervisor' }), { stopTimeoutMs });
  }
  const index = Number(process.env.AGENTRY_WORKER ?? '0');
  return serve(config, base.child({ worker: index }), index === 0);
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
