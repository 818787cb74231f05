import os from 'node:os';

// How many API workers WEB_CONCURRENCY asks for, read before the configuration is loaded: the
// supervisor forks its workers first and loads its own configuration (zod) and logger (pino)
// beside them (issue 24: every agent searchable ≤ 3 s after a restart). The same rule as
// platform/src/config/env.ts (an empty value is unset; a whole number from 1 to 64; default one per
// core), which worker-count.test.ts holds it to.

/** The workers to fork, or null when WEB_CONCURRENCY is not a valid value (the configuration says why). */
export function workerCountBeforeConfig(env: NodeJS.ProcessEnv): number | null {
  const given = env.WEB_CONCURRENCY?.trim();
  if (!given) return os.availableParallelism();
  const count = Number(given);
  return Number.isInteger(count) && count >= 1 && count <= 64 ? count : null;
}
