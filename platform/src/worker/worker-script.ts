import path from 'node:path';
import type { WorkerOptions } from 'node:worker_threads';

// How a worker thread is started from either form of the code. Compiled (`npm run build`), this
// module is inlined in a bundle in dist/ and each worker entry is a bundle of its own beside it,
// dist/<entry file name>.js (scripts/src/build/entries.ts finds every *-worker-entry.ts). From the
// TypeScript sources (tsx under `npm run dev`, swc under jest), the worker registers tsx and loads
// the .ts entry, whatever compiles the main thread. __filename tells which: the bundle's .js or
// this .ts file (the build rewrites __dirname, never __filename).

const COMPILED = path.extname(__filename) === '.js';

export interface WorkerScript {
  /** The first argument of new Worker(). */
  script: string;
  /** Options to spread into new Worker()'s (eval, execArgv). */
  options: Pick<WorkerOptions, 'eval' | 'execArgv'>;
}

/** `sourceFile`: the entry's TypeScript file, path.join(__dirname, '<name>-worker-entry.ts'). */
export function workerScript(sourceFile: string): WorkerScript {
  if (COMPILED) {
    const compiled = path.join(path.dirname(__filename), `${path.basename(sourceFile, '.ts')}.js`);
    // The process's own flags (a heap cap sized for the API) are not the worker's; source maps are.
    return { script: compiled, options: { execArgv: ['--enable-source-maps'] } };
  }
  return {
    script: `require('tsx/cjs/api').register(); require(${JSON.stringify(sourceFile)});`,
    options: { eval: true, execArgv: [] },
  };
}
