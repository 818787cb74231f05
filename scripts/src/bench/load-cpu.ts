import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Checkout } from './checkouts';
import { treeCpuSeconds } from './child-process';

// Two things bench:load -- --against needs on a shared machine (issue 24):
// - the CPU a request costs the API (every process and thread of it: workers, their helper
//   threads, the supervisor) and the generator, per closed run: at a load average of 20 the closed
//   loop's throughput says how many cores the others left (9-43 req/s in one run), while the CPU a
//   request costs moves far less with them, and on a quiet machine bounds the throughput;
// - each tree's import kept (`--data DIR`, by the tree's commit) and copied for each run, so a
//   short quiet window goes to the loads, not to imports (78-176 s each at load 14).

/** Measures from now: perRequest(requests) gives each side's CPU ms a request since. */
export function cpuPerRequest(apiPid: number): {
  perRequest(requests: number): { api: number; generator: number };
} {
  const api = treeCpuSeconds(apiPid);
  const generator = process.cpuUsage();
  return {
    perRequest(requests) {
      const apiMs = (treeCpuSeconds(apiPid) - api) * 1000;
      const used = process.cpuUsage(generator);
      const generatorMs = (used.user + used.system) / 1000;
      const per = (ms: number) => (requests > 0 ? Math.round((ms / requests) * 100) / 100 : 0);
      return { api: per(apiMs), generator: per(generatorMs) };
    },
  };
}

/** The checkout's commit (its import is kept under it: another tree's store may be laid out otherwise). */
function commitOf(root: string): string {
  try {
    return execFileSync('git', ['-C', root, 'rev-parse', '--short=7', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * Imports `file` into `dataDir` with the checkout's own CLI; with `keptRoot`, once per tree (kept
 * in keptRoot/<label>-<commit>-<agents>) and copied into dataDir from then on. Resolves with the
 * import's seconds, NaN when the kept one was copied.
 */
export function importKept(
  checkout: Checkout,
  file: string,
  dataDir: string,
  keptRoot: string,
  agents: number,
): number {
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
  if (!keptRoot) return checkout.importFile(file, env);
  const root = path.resolve(process.env.INIT_CWD ?? process.cwd(), keptRoot);
  const keptDir = path.join(root, `${checkout.label}-${commitOf(checkout.root)}-${agents}`);
  const marker = path.join(keptDir, '.bench-imported');
  let seconds = Number.NaN;
  if (!fs.existsSync(marker)) {
    fs.rmSync(keptDir, { recursive: true, force: true });
    fs.mkdirSync(keptDir, { recursive: true });
    seconds = checkout.importFile(file, { ...env, DATA_DIR: keptDir });
    fs.writeFileSync(marker, `${JSON.stringify({ importSeconds: seconds })}\n`);
  }
  // A kept import may be a symbolic link to another commit's of the same store layout.
  fs.cpSync(fs.realpathSync(keptDir), dataDir, {
    recursive: true,
    filter: (from) => path.basename(from) !== '.bench-imported',
  });
  return seconds;
}

/**
 * Waits until the API's processes use less than `share` of a core over each of `calmSeconds`
 * consecutive seconds, or `maxSeconds` have passed; resolves with the seconds waited. After the
 * first start on an import the in-process indexer and the engine's change polling still catch up
 * once the newest agent is searchable (callbacks of 37-86 ms in a loop trace): a run begun then
 * measures the start, not the steady state (the first open run after a start was the worst of
 * every pair in sessions 14 and 15).
 */
export async function untilSettled(
  apiPid: number,
  { share = 0.1, calmSeconds = 2, maxSeconds = 60 } = {},
): Promise<number> {
  const started = performance.now();
  let calm = 0;
  let last = treeCpuSeconds(apiPid);
  while (calm < calmSeconds && performance.now() - started < maxSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = treeCpuSeconds(apiPid);
    calm = now - last < share ? calm + 1 : 0;
    last = now;
  }
  return (performance.now() - started) / 1000;
}
