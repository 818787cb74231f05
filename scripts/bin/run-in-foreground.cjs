// Runs a Node.js process in the foreground of this one: its output is ours, a terminal's Ctrl+C or
// an orchestrator's SIGTERM reaches it once, and we exit with its code. Plain CommonJS.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

function runInForeground(nodeArgs) {
  // Its own process group, so that a terminal's Ctrl+C reaches it once, through us (npm passes the
  // signal on as well); the API and the indexer stop gracefully on the first signal.
  const child = spawn(process.execPath, nodeArgs, { cwd: ROOT, stdio: 'inherit', detached: true });
  let forwarded = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (forwarded) return;
      forwarded = true;
      child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

module.exports = { runInForeground };
