import { startSharedBrowser } from './shared-browser';

// jest's globalSetup for the e2e project (jest.config.js): the run's Chromium, and the worker threads
// of each file's server (the search snapshot's build, the digests, plain matching, uploads) from
// dist/'s bundles when it is current, as `npm test` and `npm run test:e2e` leave it (a worker from
// the sources compiles its modules through tsx: about three times as long a start).
const { useCompiledWorkersIfCurrent } = require('@agentry/scripts/bin/jest-compiled-workers.cjs') as {
  useCompiledWorkersIfCurrent(): void;
};

export default async function setUp(): Promise<void> {
  useCompiledWorkersIfCurrent();
  await startSharedBrowser();
}
