// The Node.js arguments the API and the production CLIs run with, written once for `npm start`,
// the image, the benchmarks and the tests that start a whole process, so that what is measured and
// tested is what runs. Plain CommonJS: used before anything is compiled. Whether dist/ is current,
// and building it, is the build's business (scripts/bin/compiled-build.cjs); the tests that start a
// process get a current dist/ from jest (the server project's globalSetup).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

/**
 * The old-generation heap cap. V8 otherwise lets the heap grow to several times its live size under
 * a high request rate (measured: 1 GB RSS for ~250 MB of live data at 100k agents); with a cap it
 * collects sooner. 512 MB suits catalogs up to about 150k agents; raise NODE_HEAP_MB beyond.
 */
const DEFAULT_HEAP_MB = 512;

/**
 * `runtime`: 'compiled' (default, what production runs): dist/api.js, with source maps so stack
 * traces name the .ts lines. 'tsx': the TypeScript sources through the tsx loader, as before the
 * build step (`npm run dev`, and the start-up benchmark's baseline).
 */
function apiNodeArgs(env = process.env, { runtime = 'compiled' } = {}) {
  const heap = [];
  const options = env.NODE_OPTIONS ?? '';
  if (!/--max-old-space-size/.test(options)) {
    const megabytes = Number(env.NODE_HEAP_MB ?? DEFAULT_HEAP_MB);
    if (!Number.isInteger(megabytes) || megabytes < 64)
      throw new Error(`NODE_HEAP_MB must be a whole number of megabytes >= 64, not "${env.NODE_HEAP_MB}"`);
    heap.push(`--max-old-space-size=${megabytes}`);
  }
  if (runtime === 'tsx') return ['--import', 'tsx', ...heap, 'server/src/main.ts'];
  if (runtime !== 'compiled') throw new Error(`unknown runtime "${runtime}" (compiled or tsx)`);
  return ['--enable-source-maps', ...heap, 'dist/api.js'];
}

/**
 * The Node.js arguments that run dist/<name>.js (a name of scripts/src/build/entries.ts); relative
 * to the repository root, where callers run it. Source maps on, so stack traces name the .ts lines.
 */
function compiledEntryArgs(name, root = ROOT) {
  const entry = path.join('dist', `${name}.js`);
  if (!fs.existsSync(path.join(root, entry)))
    throw new Error(`No compiled entry ${entry}; the entries are listed in scripts/src/build/entries.ts.`);
  return ['--enable-source-maps', entry];
}

module.exports = { apiNodeArgs, compiledEntryArgs, DEFAULT_HEAP_MB };
