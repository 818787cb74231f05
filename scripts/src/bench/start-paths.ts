import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import type { Store } from '@agentry/platform/store/port';
import { REPO_ROOT, waitUntilReady } from './child-process';
import type { Catalog } from './traffic-mix';

// The two ways a person starts the product on a large catalog, timed the same way by every
// benchmark: `npm run import -- FILE` then `npm start` (the first start indexes the import), and a
// plain restart of an indexed catalog.

// The launchers' arguments live in plain CommonJS (they run before anything is compiled).
const { compiledEntryArgs } = require('../../bin/compiled-build.cjs') as {
  compiledEntryArgs: (name: string) => string[];
};

/**
 * Runs the import CLI exactly as `npm run import -- FILE` does (compiled: dist/import.js, built
 * first if stale); resolves with its seconds, the build excluded.
 */
export function importWithCli(file: string, env: Record<string, string>): number {
  const args = compiledEntryArgs('import');
  const started = performance.now();
  execFileSync(process.execPath, [...args, file], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return (performance.now() - started) / 1000;
}

export interface StartFigures {
  /** Spawn → /healthz answers 200. */
  readySeconds: number;
  /** Spawn → the probe agent (the last one imported) is found by its name through GET /api/search. */
  searchableSeconds: number;
}

/** Times a freshly spawned API: ready, then every agent searchable (the newest found by name). */
export async function timeStart(
  base: string,
  api: ChildProcess,
  probe: { id: string; name: string },
): Promise<StartFigures> {
  const started = performance.now();
  const readySeconds = (await waitUntilReady(`${base}/healthz`, api)) / 1000;
  const url = `${base}/api/search?${new URLSearchParams({ query: probe.name })}`;
  for (;;) {
    if (api.exitCode !== null)
      throw new Error(`the API exited with ${api.exitCode} before it was searchable`);
    const response = await fetch(url);
    // An answer from the store's plain matching (the engine not answering yet) does not count.
    if (response.ok && !response.headers.get('x-search-degraded')) {
      const hits = (await response.json()) as Array<{ id: string }>;
      if (hits.some((hit) => hit.id === probe.id)) break;
    } else await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { readySeconds, searchableSeconds: (performance.now() - started) / 1000 };
}

/**
 * Until the agent of that name is found by the engine (not the store's fallback, which a process
 * still loading its index answers with), four times in a row so that every worker has answered.
 */
export async function untilSearchable(base: string, name: string, timeoutMs = 600_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let inARow = 0;
  while (inARow < 4) {
    if (performance.now() > deadline)
      throw new Error(`${base}: "${name}" not searchable within ${timeoutMs} ms`);
    const response = await fetch(`${base}/api/search?${new URLSearchParams({ query: name })}`);
    const hits = response.ok ? ((await response.json()) as Array<{ name: string }>) : [];
    if (!response.ok) await response.arrayBuffer();
    const found = !response.headers.has('x-search-degraded') && hits.some((hit) => hit.name === name);
    inARow = found ? inARow + 1 : 0;
    if (!found) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the load's plans draw from: every agent's id, the categories and their roles. */
export async function catalogOf(store: Store): Promise<Catalog> {
  const ids: string[] = [];
  for await (const batch of store.agents.scan(5000, undefined, { trust: false }))
    for (const agent of batch) ids.push(agent.id);
  const categories = await store.agents.categories();
  const roles: Array<{ category: string; role: string }> = [];
  for (const category of categories) {
    for (const role of await store.agents.roles(category)) roles.push({ category, role });
  }
  return { ids, roles, categories };
}
