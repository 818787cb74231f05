#!/usr/bin/env node
// `npm start`: builds the client if it has never been built, then runs the API (which serves it).
// Plain CommonJS: it runs before anything is compiled.
const { spawn, spawnSync } = require('node:child_process');
const { apiNodeArgs } = require('./api-node-args.cjs');
const fs = require('node:fs');
const path = require('node:path');

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
      `Building the client failed (${build.error ? build.error.message : `exit code ${build.status}`}); fix the error above and run \`npm start\` again.`,
    );
    process.exit(1);
  }
}

// The API runs in its own process group so that a terminal's Ctrl+C reaches it once, through us
// (npm passes the signal on as well); it shuts down gracefully on the first signal.
let args;
try {
  args = apiNodeArgs();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const api = spawn(process.execPath, args, {
  cwd: root,
  stdio: 'inherit',
  detached: true,
});
let forwarded = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    api.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
