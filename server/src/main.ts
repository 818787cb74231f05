import cluster from 'node:cluster';
import path from 'node:path';
import { configAndLogger } from './cluster/config-and-logger';
import { runWorkers } from './cluster/run-workers';
import { workerCountBeforeConfig } from './cluster/worker-count';
import { supervisorShutdownMs } from './lifecycle/shutdown-budget';

// The API process: `npm start` (via scripts/bin/start.cjs) or `npm run dev`. With
// WEB_CONCURRENCY > 1 (default: one per core) this process only supervises that many workers,
// each a whole API on the same port (node:cluster hands connections out in turn; each connection
// carries at most KEEPALIVE_MAX_REQUESTS requests, so kept-open connections are dealt again).
//
// The workers run api-serve.ts (dist/api-serve.js compiled, beside this file's dist/api.js); this
// file holds only what the supervisor needs, so that it forks them sooner (issue 24: every agent
// searchable ≤ 3 s after a restart). Before, the supervisor read and compiled the whole API's
// bundle and loaded zod and pino for its configuration before its first fork.

/** The script that serves: api-serve.js beside the bundle, api-serve.ts beside this source. */
const SERVE_SCRIPT = path.join(path.dirname(__filename), `api-serve${path.extname(__filename)}`);

function main() {
  const supervised = cluster.isPrimary ? workerCountBeforeConfig(process.env) : null;
  // One process (or a WEB_CONCURRENCY the configuration will refuse, with its reason): it serves.
  if (supervised === null || supervised <= 1) {
    require(SERVE_SCRIPT);
    return;
  }
  cluster.setupPrimary({ exec: SERVE_SCRIPT });
  runWorkers(
    supervised,
    configAndLogger().then(({ config, base }) => ({
      logger: base.child({ role: 'supervisor' }),
      stopTimeoutMs: supervisorShutdownMs(config),
    })),
  ).catch((error) => {
    process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}

main();
