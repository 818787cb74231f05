// One jest run covers every workspace. TypeScript is compiled by swc (TS 7 has no JS API for ts-jest);
// a few ESM-only dependencies are compiled too so they load under jest's CommonJS runtime (otplib's
// @scure/base and @noble/hashes, nested under @otplib's plugins; plain Node 20.19+ requires them).
const esmOnly = ['meilisearch', 'stemmer', '@otplib', '@scure', '@noble'];
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx },
      transform: tsx ? { react: { runtime: 'automatic' } } : undefined,
    },
    module: { type: 'commonjs' },
  },
];
const base = {
  transform: { '^.+\\.tsx$': swc(true), '^.+\\.(t|m?j)s$': swc(false) },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testEnvironment: 'node',
};
// Each project's file map covers its own folder (`roots`): by default jest crawls the whole tree for
// every project, node_modules, dist/'s bundles and the test data included (22 s cold for the seven,
// BENCHMARKS.md, CI time, session 14). Modules outside the roots still load (they are resolved on
// disk); only test discovery and __mocks__ (the repo has none) use the map.
const project = (name, extra = {}) => ({
  ...base,
  displayName: name,
  roots: [`<rootDir>/${name}/src`],
  testMatch: [`<rootDir>/${name}/src/**/*.test.ts`],
  ...extra,
});

/** @type {import('jest').Config} */
module.exports = {
  // A test's time limit catches a hang, it does not measure speed: on a busy shared machine a test
  // that hashes a few passwords or starts a process (0.4 s of a core each) can pass 5 s, jest's
  // default, without anything being wrong. Figures belong in the benchmarks.
  testTimeout: 30_000,
  projects: [
    project('domain'),
    // Their worker threads run dist/'s bundles when it is current (scripts/bin/jest-compiled-workers.cjs).
    project('platform', { globalSetup: '<rootDir>/scripts/bin/jest-compiled-workers.cjs' }),
    // Some server tests start the compiled API or a CLI as a process: dist/ is brought up to date first.
    project('server', {
      globalSetup: '<rootDir>/scripts/bin/jest-ensure-built.cjs',
      // Every supertest answer held against the API's contract (server/src/testing/live-answers.ts).
      setupFilesAfterEnv: ['<rootDir>/server/src/testing/jest-setup.ts'],
    }),
    project('indexer', { globalSetup: '<rootDir>/scripts/bin/jest-compiled-workers.cjs' }),
    // The fuzzer's servers start worker threads too (scripts/bin/jest-compiled-workers.cjs).
    project('scripts', { globalSetup: '<rootDir>/scripts/bin/jest-compiled-workers.cjs' }),
    project('client', {
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/client/src/**/*.test.{ts,tsx}'],
      // Route modules import their stylesheets; jsdom renders no CSS, so they load as nothing.
      moduleNameMapper: { '\\.css$': '<rootDir>/client/src/testing/style-stub.cjs' },
      setupFilesAfterEnv: ['<rootDir>/client/src/testing/jest-setup.ts'],
    }),
    {
      ...base,
      displayName: 'e2e',
      roots: ['<rootDir>/e2e'],
      testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
      // 60 s per test and hook: a project's testTimeout is ignored by jest, so the setup file sets it.
      setupFilesAfterEnv: ['<rootDir>/e2e/support/jest-setup.ts'],
      // One Chromium for the run, which each file connects to (e2e/support/shared-browser.ts).
      globalSetup: '<rootDir>/e2e/support/shared-browser-setup.ts',
      globalTeardown: '<rootDir>/e2e/support/shared-browser-teardown.ts',
    },
  ],
};
