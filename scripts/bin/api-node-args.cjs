// The API's Node.js arguments (server/bin/process-args.cjs) with dist/ built first when it is older
// than the sources: what `npm start` and the benchmarks run. Plain CommonJS: used before anything
// is compiled.
'use strict';
const { ensureBuilt } = require('./compiled-build.cjs');
const processArgs = require('@agentry/server/bin/process-args.cjs');

/** As server/bin/process-args.cjs's apiNodeArgs, after building dist/ for the compiled runtime. */
function apiNodeArgs(env = process.env, options = {}) {
  const args = processArgs.apiNodeArgs(env, options);
  if ((options.runtime ?? 'compiled') === 'compiled') ensureBuilt();
  return args;
}

module.exports = { apiNodeArgs, DEFAULT_HEAP_MB: processArgs.DEFAULT_HEAP_MB };
