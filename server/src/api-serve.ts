import cluster from 'node:cluster';
import type { Config } from '@agentry/platform/config/env';
import type { Logger } from '@agentry/platform/log/logger';
import { configAndLogger } from './cluster/config-and-logger';
import { awaitLeader, STORE_READY } from './cluster/leader-gate';
import { processShutdownMs } from './lifecycle/shutdown-budget';
import { onShutdownSignals } from './lifecycle/shutdown-signals';

// One API process that serves: each of the supervisor's workers (main.ts forks them with this file
// as their script, dist/api-serve.js compiled), or the API itself when it runs as one process
// (WEB_CONCURRENCY=1, main.ts loads this file in its place). A bundle of its own so that the
// supervisor, which never serves, does not read and compile the whole API before it forks (issue
// 24: every agent searchable ≤ 3 s after a restart).

async function serve(config: Config, logger: Logger, leader: boolean) {
  // Loaded once the configuration is known (a bad one is said before the whole API is loaded).
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
  const { config, base } = await configAndLogger();
  if (cluster.isPrimary) return serve(config, base, true);
  const index = Number(process.env.AGENTRY_WORKER ?? '0');
  return serve(config, base.child({ worker: index }), index === 0);
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
