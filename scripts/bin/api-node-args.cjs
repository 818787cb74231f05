// The Node.js arguments the API runs with, shared by `npm start` and the benchmarks so that what
// is measured is what runs. Plain CommonJS: used before anything is compiled.
'use strict';

/**
 * The old-generation heap cap. V8 otherwise lets the heap grow to several times its live size under
 * a high request rate (measured: 1 GB RSS for ~250 MB of live data at 100k agents); with a cap it
 * collects sooner. 512 MB suits catalogs up to about 150k agents; raise NODE_HEAP_MB beyond.
 */
const DEFAULT_HEAP_MB = 512;

function apiNodeArgs(env = process.env) {
  const args = ['--import', 'tsx'];
  const options = env.NODE_OPTIONS ?? '';
  if (!/--max-old-space-size/.test(options)) {
    const heap = Number(env.NODE_HEAP_MB ?? DEFAULT_HEAP_MB);
    if (!Number.isInteger(heap) || heap < 64)
      throw new Error(`NODE_HEAP_MB must be a whole number of megabytes >= 64, not "${env.NODE_HEAP_MB}"`);
    args.push(`--max-old-space-size=${heap}`);
  }
  return [...args, 'server/src/main.ts'];
}

module.exports = { apiNodeArgs, DEFAULT_HEAP_MB };
