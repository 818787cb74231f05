import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { BACKGROUND_NICE, kernelThreadId } from './background-priority';

// Run in a worker thread, as the builds do: lowering the main thread's priority here would slow the
// rest of the test run.
function inWorker(): Promise<{ tid: number | null; nice: number | null }> {
  const source = path.join(__dirname, 'background-priority.ts');
  const code = `require('tsx/cjs/api').register();
const os = require('node:os');
const { parentPort } = require('node:worker_threads');
const { runInBackground } = require(${JSON.stringify(source)});
const tid = runInBackground();
parentPort.postMessage({ tid, nice: tid === null ? null : os.getPriority(tid) });`;
  const worker = new Worker(code, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once('message', (message) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

const linux = process.platform === 'linux';

describe('background builds at the lowest priority', () => {
  (linux ? it : it.skip)(
    'lowers the worker thread that asks, and leaves the thread answering requests as it was',
    async () => {
      const before = os.getPriority(process.pid);
      const { tid, nice } = await inWorker();
      expect(tid).not.toBeNull();
      expect(tid).not.toBe(process.pid);
      expect(nice).toBe(BACKGROUND_NICE);
      expect(os.getPriority(process.pid)).toBe(before);
      expect(kernelThreadId()).toBe(process.pid);
    },
  );
});
