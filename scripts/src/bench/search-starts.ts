import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Checkout } from './checkouts';
import { waitUntilReady } from './child-process';
import { phaseAt, type TurnEvent, turnEventOf } from './search-turns';

// The starts of `npm run bench:search -- --against DIR` (search-compare.ts): after the import, a
// plain restart, and a start whose index mirror is gone, each timed from the API's spawn.

/** A checkout's API as the comparison runs it. */
export interface StartSide {
  checkout: Checkout;
  dataDir: string;
  base: string;
  env: Record<string, string>;
  api?: ChildProcess;
}

export interface StartTimes {
  readySeconds: number;
  searchableSeconds: number;
}

/** One of the lost mirror's slowest searches: when it was asked (s after the spawn) and by whom it was answered. */
export interface SlowSearch {
  atSeconds: number;
  ms: number;
  degraded: boolean;
  query: string;
}

export interface FaultFigures {
  searches: number;
  empty: number;
  degraded: number;
  engineSeconds: number;
  slowestSearchMs: number;
  slowestHealthMs: number;
  /** Each answer the store gave (X-Search-Degraded), ms: what the lost mirror's visitors wait. */
  degradedMs: number[];
  /** The five slowest searches, slowest first: where in the start they fell says what they waited for. */
  slowest: SlowSearch[];
  /** When each worker waited for its turn to load the rebuilt index, loaded it, answered from it. */
  turns: TurnEvent[];
  /** The workers that answered the run's requests (its connection is kept, so mostly one). */
  workersAsked: string[];
}

/** The lost mirror's second query: a use case that has matches (the first is the probe's name). */
export const USE_CASE = 'answer customer emails for online stores';

/** The slow searches kept beside the figures. */
const SLOWEST_KEPT = 5;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

/** A search: the names answered and whether the store answered (X-Search-Degraded). */
async function searchNames(base: string, query: string): Promise<{ names: string[]; degraded: boolean }> {
  const response = await fetch(`${base}/api/search?${new URLSearchParams({ query })}`);
  const body = (await response.json()) as Array<{ name: string }>;
  return {
    names: response.ok ? body.map((agent) => agent.name) : [],
    degraded: response.headers.has('x-search-degraded'),
  };
}

/**
 * Starts the side's API and times it: /healthz 200, then every agent searchable: the last agent
 * imported found by its name by the engine (not the store's fallback), four answers in a row (so
 * that both workers answer from the whole index).
 */
export async function timeStart(side: StartSide, probe: string): Promise<StartTimes> {
  const started = performance.now();
  side.api = side.checkout.startApi(side.env);
  const readySeconds = (await waitUntilReady(`${side.base}/healthz`, side.api, 300_000)) / 1000;
  let inARow = 0;
  while (inARow < 4) {
    if (side.api.exitCode !== null) throw new Error(`the ${side.checkout.label} API exited`);
    if (performance.now() - started > 600_000) throw new Error('not searchable within 10 minutes');
    const { names, degraded } = await searchNames(side.base, probe);
    inARow = !degraded && names.includes(probe) ? inARow + 1 : 0;
    if (inARow === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { readySeconds, searchableSeconds: (performance.now() - started) / 1000 };
}

/**
 * The index mirror lost (search.db and its snapshot gone, as on a new machine): from the moment the
 * API is spawned, search (the probe's name and a use case that has matches) and /healthz are asked
 * in turn until the engine answers for the probe four times in a row.
 */
export async function timeLostIndex(side: StartSide, probe: string): Promise<FaultFigures> {
  for (const name of fs.readdirSync(side.dataDir)) {
    if (name.startsWith('search.db') || name.startsWith('search-index.snapshot'))
      fs.rmSync(path.join(side.dataDir, name), { force: true });
  }
  const started = performance.now();
  const figures: FaultFigures = {
    searches: 0,
    empty: 0,
    degraded: 0,
    engineSeconds: 0,
    slowestSearchMs: 0,
    slowestHealthMs: 0,
    degradedMs: [],
    slowest: [],
    turns: [],
    workersAsked: [],
  };
  // At info, the API logs each worker's load turn, load and first answer from the rebuilt index
  // (search-turns.ts); its other lines (one a request) are read and dropped.
  side.api = side.checkout.startApi({ ...side.env, LOG_LEVEL: 'info' }, [], (line) => {
    const event = turnEventOf(line, (performance.now() - started) / 1000);
    if (event) figures.turns.push(event);
  });
  await waitUntilReady(`${side.base}/livez`, side.api, 300_000);
  let inARow = 0;
  while (inARow < 4) {
    if (performance.now() - started > 600_000) throw new Error('the engine did not answer within 10 minutes');
    for (const query of [probe, USE_CASE]) {
      const atSeconds = (performance.now() - started) / 1000;
      const [answer, ms] = await timed(() => searchNames(side.base, query));
      figures.searches += 1;
      figures.slowestSearchMs = Math.max(figures.slowestSearchMs, ms);
      keepSlow(figures.slowest, { atSeconds, ms, degraded: answer.degraded, query });
      if (answer.names.length === 0) figures.empty += 1;
      if (answer.degraded) {
        figures.degraded += 1;
        figures.degradedMs.push(ms);
      }
      if (query === probe) inARow = !answer.degraded && answer.names.includes(probe) ? inARow + 1 : 0;
    }
    const [health, healthMs] = await timed(
      async () => (await (await fetch(`${side.base}/healthz`)).json()) as { worker?: string },
    );
    figures.slowestHealthMs = Math.max(figures.slowestHealthMs, healthMs);
    const worker = String(health.worker ?? '?');
    if (!figures.workersAsked.includes(worker)) figures.workersAsked.push(worker);
  }
  figures.engineSeconds = (performance.now() - started) / 1000;
  return figures;
}

function keepSlow(slowest: SlowSearch[], search: SlowSearch): void {
  slowest.push(search);
  slowest.sort((a, b) => b.ms - a.ms);
  slowest.length = Math.min(slowest.length, SLOWEST_KEPT);
}

/** "212 ms at 19.4 s (store), ...": the slowest searches of a lost-mirror start, for the log. */
export function slowestLine(figures: FaultFigures): string {
  return figures.slowest
    .map(
      (search) =>
        `${search.ms.toFixed(0)} ms at ${search.atSeconds.toFixed(1)} s (${search.degraded ? 'store' : 'engine'}, ${search.query === USE_CASE ? 'use case' : 'probe'}; ${phaseAt(figures.turns, search.atSeconds)})`,
    )
    .join('; ');
}
