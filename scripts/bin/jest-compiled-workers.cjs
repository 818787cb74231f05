// jest's globalSetup for the projects whose tests start worker threads from the sources (platform,
// indexer): when dist/ is current, their workers run its bundles (platform/src/worker/
// worker-script.ts), which start in about a third of the time of a worker compiling its .ts entry
// through tsx. dist/ is only looked at, never built here: a stale one leaves the workers on tsx.
'use strict';
const { staleness, DIST } = require('./compiled-build.cjs');

/** The variable worker-script.ts reads (COMPILED_WORKERS_DIR). */
const COMPILED_WORKERS_DIR = 'AGENTRY_COMPILED_WORKERS_DIR';

function useCompiledWorkersIfCurrent() {
  if (staleness() === null) process.env[COMPILED_WORKERS_DIR] = DIST;
}

module.exports = async () => useCompiledWorkersIfCurrent();
module.exports.useCompiledWorkersIfCurrent = useCompiledWorkersIfCurrent;
