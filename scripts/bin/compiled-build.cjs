// Whether dist/ (the compiled server, indexer and CLIs of `npm run build`) is current, and building
// it when it is not. Used by `npm start`, the production CLIs (`npm run import`...), the benchmarks
// and jest (the server project's globalSetup, jest-ensure-built.cjs, for the tests that start the
// API or a CLI as a process), so that none of them runs code older than the
// sources beside it. Plain CommonJS: it runs before anything is compiled.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const processArgs = require('@agentry/server/bin/process-args.cjs');

const ROOT = path.resolve(__dirname, '../..');
const DIST = path.join(ROOT, 'dist');
const BUILD_INFO = path.join(DIST, 'build-info.json');

/**
 * Why dist/ must be (re)built, or null when it is current. Current means every file the last build
 * wrote is there and no file it read changed or went away since (both lists: dist/build-info.json). Without TypeScript sources
 * (the production image copies dist/ alone) dist/ is the code there is, hence current.
 */
function staleness(root = ROOT) {
  const infoFile = path.join(root, 'dist/build-info.json');
  if (!fs.existsSync(infoFile)) return 'dist/ has not been built';
  if (!fs.existsSync(path.join(root, 'server/src'))) return null;
  const { builtAt, inputs, outputs = [] } = JSON.parse(fs.readFileSync(infoFile, 'utf8'));
  for (const output of outputs) {
    if (!fs.existsSync(path.join(root, output))) return `${output} is missing`;
  }
  for (const input of inputs) {
    let stat;
    try {
      stat = fs.statSync(path.join(root, input));
    } catch {
      return `${input} is gone since the last build`;
    }
    if (stat.mtimeMs > builtAt) return `${input} changed since the last build`;
  }
  return null;
}

function canBuild(root = ROOT) {
  try {
    require.resolve('esbuild', { paths: [root] });
    require.resolve('tsx', { paths: [root] });
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds dist/ when it is stale (about a second), reporting on stderr; throws with what to do when
 * it cannot (no esbuild: production dependencies only). Building on demand rather than refusing
 * keeps `npm start` and `npm run import` doing what they say after a `git pull`, and a stale dist/
 * can never be what a test or benchmark measures.
 */
function ensureBuilt(root = ROOT) {
  const reason = staleness(root);
  if (reason === null) return;
  if (!canBuild(root))
    throw new Error(
      `dist/ must be built (${reason}), but esbuild and tsx (development dependencies) are not installed here: run \`npm run build\` where they are.`,
    );
  console.error(`Compiling the server into dist/ (${reason})...`);
  // The build's listing goes to stderr too: stdout may be a CLI's own output.
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/src/build/build-main.ts'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (build.status !== 0)
    throw new Error(
      `Compiling the server failed (${build.error ? build.error.message : `exit code ${build.status}`}); see the error above.`,
    );
}

/** The Node.js arguments that run dist/<name>.js (server/bin/process-args.cjs), built first if stale. */
function compiledEntryArgs(name, root = ROOT) {
  ensureBuilt(root);
  return processArgs.compiledEntryArgs(name, root);
}

module.exports = { ensureBuilt, compiledEntryArgs, staleness, DIST, BUILD_INFO };
