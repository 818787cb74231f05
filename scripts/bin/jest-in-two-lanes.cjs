// Runs every jest project in two lanes at once: the browser tests in one, the rest in the other.
// Why: jest on a 2-core machine uses one worker, so the whole suite ran one file at a time while
// a browser test mostly waits on Chromium and the product's server (CPU idle in the jest process),
// and CI came within 21 s of its 30-minute limit. Two lanes by project, not `--maxWorkers=2`,
// so that two browser tests (each a server and a Chromium) never run at once.
// Plain CommonJS: it runs before anything is compiled. Extra arguments go to both lanes.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');
const readline = require('node:readline');

const ROOT = path.resolve(__dirname, '../..');
const JEST = require.resolve('jest/bin/jest', { paths: [ROOT] });

// The scripts project (the fuzzer's ~2,400 requests, the compiled-process and import runs) went
// with the browser tests, so that the lanes take about as long. In CI (e56e326, 2026-11-28) the
// browser lane still ended 148 s after the other (1,269 s against 1,121 s); since then the browser
// lane lost each file's Chromium launch (one Chromium per run: ~1-3 s a file, 40 files) and most
// axe loads. The fuzzer (41 s there) was moved to the other lane, where in the next CI (c2f87a2)
// it took 179 s, and that lane ended last (1,427 s against 1,344 s): it is back with the browser
// tests. MOVED_TO_UNIT lists a scripts file to run in the unit lane. In the clean-clone CI of
// 3ed62e7 (2026-11-29) the browser lane still ended last, by 107 s (1,219 s against 1,112 s): the
// import CLI's run (18 s there) and the compiled-process run (18 s) moved, about 36 s each way.
// In ecf82fb's (session 14) the lanes ended 13 s apart (unit 1,211 s, browser 1,198 s); session 15
// took ~55 s from the browser lane (kept pages in responsive, header-footer, directory-first-view:
// their CPU ratios applied to that CI's figures, BENCHMARKS.md) and next to nothing from the unit
// lane, so the compiled-process run (29 s there) is back with the browser tests.
// Each lane is a list of projects and a list of paths it leaves out; a file the listing check
// (scripts/src/build/jest-lanes.test.ts) finds in no lane or in both fails the build.
const MOVED_TO_UNIT = ['scripts/src/import/main.test.ts'];
const asPattern = (file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const moved = MOVED_TO_UNIT.length > 0;
const movedPattern = `/(${MOVED_TO_UNIT.map(asPattern).join('|')})$`;
const LANES = [
  {
    name: 'unit',
    projects: ['domain', 'platform', 'server', 'indexer', 'client', ...(moved ? ['scripts'] : [])],
    // The scripts project's other files stay in the browser lane.
    ignore: [
      '/node_modules/',
      ...(moved
        ? [
            `/scripts/src/(?!(${MOVED_TO_UNIT.map((file) => asPattern(file.slice('scripts/src/'.length))).join('|')})$)`,
          ]
        : []),
    ],
  },
  { name: 'e2e', projects: ['e2e', 'scripts'], ignore: ['/node_modules/', ...(moved ? [movedPattern] : [])] },
];

/** The jest arguments of a lane (before the ones given to this script). */
function laneArgs(lane) {
  return ['--selectProjects', ...lane.projects, '--testPathIgnorePatterns', ...lane.ignore, '--maxWorkers=1'];
}

const children = new Set();

function runLane(lane, extraArgs) {
  const started = Date.now();
  const args = [JEST, ...laneArgs(lane), ...extraArgs];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const prefix = `[${lane.name}]`.padEnd(7);
  // Line by line, each prefixed, so that the two lanes' reports interleave readably.
  for (const stream of [child.stdout, child.stderr]) {
    readline
      .createInterface({ input: stream })
      .on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({
        lane: lane.name,
        code: code ?? (signal ? 1 : 0),
        seconds: Math.round((Date.now() - started) / 1000),
      });
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    process.exitCode = 1;
  });
}

async function main() {
  const results = await Promise.all(LANES.map((lane) => runLane(lane, process.argv.slice(2))));
  process.stdout.write('\n');
  for (const { lane, code, seconds } of results) {
    process.stdout.write(
      `jest lane ${lane.padEnd(4)} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n`,
    );
  }
  process.exitCode = results.some((result) => result.code !== 0) ? 1 : process.exitCode;
}

if (require.main === module) main();

module.exports = { LANES, laneArgs, MOVED_TO_UNIT };
