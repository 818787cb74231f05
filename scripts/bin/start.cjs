#!/usr/bin/env node
// `npm start`: the compiled API (dist/api.js), as production runs it. Builds first what is missing
// or out of date: the client if it has never been built (its build takes a while, and the API
// serves whatever client/dist holds), the server whenever dist/ is older than its sources (about
// a second, so a checkout never runs stale server code). Plain CommonJS: it runs before anything
// is compiled.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { apiNodeArgs } = require('./api-node-args.cjs');
const { runInForeground } = require('./run-in-foreground.cjs');

const root = path.resolve(__dirname, '../..');

if (!fs.existsSync(path.join(root, 'client/dist/index.html'))) {
  console.log('No client build found (client/dist/index.html): running `npm run build` first...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) {
    console.error(
      `Building failed (${build.error ? build.error.message : `exit code ${build.status}`}); fix the error above and run \`npm start\` again.`,
    );
    process.exit(1);
  }
}

let args;
try {
  // Also compiles dist/ when it is out of date.
  args = apiNodeArgs();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
runInForeground(args);
