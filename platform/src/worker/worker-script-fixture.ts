import { parentPort, workerData } from 'node:worker_threads';
import { COMPILED_WORKERS_DIR } from './worker-script';

// A worker entry for worker-script.test.ts: answers with what it was given and a value imported
// from another .ts module, which only a worker that registered tsx can load. Not a
// *-worker-entry.ts, so the build leaves it out of dist/.

parentPort?.postMessage({ echo: workerData, imported: COMPILED_WORKERS_DIR });
