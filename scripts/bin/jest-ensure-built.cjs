// jest's globalSetup for the server project: dist/ compiled when it is older than the sources,
// before any test starts the API or a CLI as a process (server/src/testing/api-process.ts), so a
// single test file run after an edit tests the code of the checkout. About a second when stale,
// nothing when current. Worker threads then run dist/'s bundles too (jest-compiled-workers.cjs).
'use strict';
const { ensureBuilt } = require('./compiled-build.cjs');
const { useCompiledWorkersIfCurrent } = require('./jest-compiled-workers.cjs');

module.exports = async () => {
  ensureBuilt();
  useCompiledWorkersIfCurrent();
};
