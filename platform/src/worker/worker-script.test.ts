import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { COMPILED_WORKERS_DIR, workerScript } from './worker-script';

// From the sources, a worker registers tsx and loads its .ts entry (as under `npm run dev`), unless
// a current dist/ was named (jest's globalSetup does when dist/ is current): then the entry's bundle.

const ENTRY = path.join(__dirname, 'parse-upload-worker-entry.ts');

describe('the script a worker thread starts', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-script-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('when no dist/ is named, then the worker registers tsx and loads the .ts entry', () => {
    const { script, options } = workerScript(ENTRY, {});
    expect(options).toEqual({ eval: true, execArgv: [] });
    expect(script).toBe(`require('tsx/cjs/api').register(); require(${JSON.stringify(ENTRY)});`);
  });

  it("when a dist/ holding the entry's bundle is named, then the worker runs the bundle", () => {
    fs.writeFileSync(path.join(dir, 'parse-upload-worker-entry.js'), '');
    expect(workerScript(ENTRY, { [COMPILED_WORKERS_DIR]: dir })).toEqual({
      script: path.join(dir, 'parse-upload-worker-entry.js'),
      options: { execArgv: ['--enable-source-maps'] },
    });
  });

  it('when the named dist/ lacks the bundle, then the worker loads the .ts entry', () => {
    expect(workerScript(ENTRY, { [COMPILED_WORKERS_DIR]: dir }).options.eval).toBe(true);
  });

  it('runs a .ts entry that imports another .ts module in a worker (the sources path, as `npm run dev`)', async () => {
    const { script, options } = workerScript(path.join(__dirname, 'worker-script-fixture.ts'), {});
    const worker = new Worker(script, { ...options, workerData: { n: 7 } });
    const message = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(message).toEqual({ echo: { n: 7 }, imported: COMPILED_WORKERS_DIR });
  });
});
