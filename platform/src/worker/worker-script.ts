import fs from 'node:fs';
import path from 'node:path';
import type { WorkerOptions } from 'node:worker_threads';

// How a worker thread is started from either form of the code. Compiled (`npm run build`), this
// module is inlined in a bundle in dist/ and each worker entry is a bundle of its own beside it,
// dist/<entry file name>.js (scripts/src/build/entries.ts finds every *-worker-entry.ts). From the
// TypeScript sources (tsx under `npm run dev`, swc under jest), the worker registers tsx and loads
// the .ts entry, whatever compiles the main thread. __filename tells which: the bundle's .js or
// this .ts file (the build rewrites __dirname, never __filename).

const COMPILED = path.extname(__filename) === '.js';

/**
 * A dist/ built from these very sources, whose worker bundles a worker started from the sources
 * runs instead of the .ts entry. Set by jest's globalSetup (scripts/bin/jest-compiled-workers.cjs)
 * only when dist/ is current: a worker that registers tsx compiles its ~240 modules in the thread,
 * 3.2-5.4 s a start against 1.0-1.5 s for the bundle (load 14-16), and the tests start dozens.
 */
export const COMPILED_WORKERS_DIR = 'AGENTRY_COMPILED_WORKERS_DIR';

export interface WorkerScript {
  /** The first argument of new Worker(). */
  script: string;
  /** Options to spread into new Worker()'s (eval, execArgv). */
  options: Pick<WorkerOptions, 'eval' | 'execArgv'>;
}

function compiledScript(dir: string, sourceFile: string): WorkerScript {
  // The process's own flags (a heap cap sized for the API) are not the worker's; source maps are.
  return {
    script: path.join(dir, `${path.basename(sourceFile, '.ts')}.js`),
    options: { execArgv: ['--enable-source-maps'] },
  };
}

/** `sourceFile`: the entry's TypeScript file, path.join(__dirname, '<name>-worker-entry.ts'). */
export function workerScript(sourceFile: string, env: NodeJS.ProcessEnv = process.env): WorkerScript {
  if (COMPILED) return compiledScript(path.dirname(__filename), sourceFile);
  const builtDir = env[COMPILED_WORKERS_DIR];
  if (builtDir) {
    const built = compiledScript(builtDir, sourceFile);
    if (fs.existsSync(built.script)) return built;
  }
  return {
    script: `require('tsx/cjs/api').register(); require(${JSON.stringify(sourceFile)});`,
    options: { eval: true, execArgv: [] },
  };
}
