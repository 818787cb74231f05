// Checks that measure wall-clock time (`*.bench.ts`), run by `npm run bench:no-stall`, not by
// `npm test`: on a busy machine (CI runs two jest lanes and a browser on two cores) a process that is
// not scheduled for 100 ms looks like a stall of its own (issue 24: npm test must not depend on
// wall-clock luck). They run as the server project's tests do, with its set-up.
const config = require('./jest.config.js');

const server = config.projects.find((project) => project.displayName === 'server');

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 120_000,
  projects: [{ ...server, displayName: 'bench', testMatch: ['<rootDir>/server/src/**/*.bench.ts'] }],
};
