import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { openStore } from '@agentry/platform/store/factory';
import { numberOption } from '../cli/options';
import { freePort, memoryOf, startProcess, stop, waitUntilReady } from './child-process';
import { importWithCli, timeStart } from './start-paths';
import { syntheticAgents, useCaseQueries } from './synthetic-agents';

// The launcher's arguments live in plain CommonJS (it runs before anything is compiled).
const { apiNodeArgs } = require('../../bin/api-node-args.cjs') as {
  apiNodeArgs: (env: NodeJS.ProcessEnv, options: { runtime: Runtime }) => string[];
};

// `npm run bench:startup [-- --runs 5 --agents 100000 --out results.json]`: the API started the old
// way (its TypeScript sources through the tsx loader) and the new way (dist/api.js, compiled by
// `npm run build`), on the same prepared data: the demo catalog, then `--agents` synthetic agents
// imported with the CLI. Each data set is started once first (seeding or indexing it), then `--runs`
// times each way, alternating (tsx first on even runs, compiled first on odd), so drift on the
// machine hits both alike. Per start: spawn → /healthz 200, spawn → /readyz 200, RSS when ready,
// and RSS after a fixed small load (LOAD_REQUESTS searches and home pages, 4 at a time). One API
// process (WEB_CONCURRENCY=1), same Node.js arguments as `npm start` but for the runtime.

type Runtime = 'tsx' | 'compiled';
const RUNTIMES: Runtime[] = ['tsx', 'compiled'];
const LOAD_REQUESTS = 400;
const LOAD_CONCURRENCY = 4;

interface StartSample {
  healthzMs: number;
  readyzMs: number;
  rssReadyMb: number;
  rssAfterLoadMb: number;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

/** A fixed mix: searches over a few use-case queries, one in five the home page (server-rendered shell). */
async function smallLoad(base: string) {
  const queries = useCaseQueries(20);
  let next = 0;
  const worker = async () => {
    while (next < LOAD_REQUESTS) {
      const i = next++;
      const url =
        i % 5 === 4 ? `${base}/` : `${base}/api/search?${new URLSearchParams({ query: queries[i % 20]! })}`;
      const response = await fetch(url);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, worker));
}

async function startOnce(runtime: Runtime, env: Record<string, string>): Promise<StartSample> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const processEnv = { ...env, PORT: String(port), HOST: '127.0.0.1' };
  // Built (if stale) before the clock starts: the build is not part of a start.
  const args = apiNodeArgs({ ...process.env, ...processEnv }, { runtime });
  const started = performance.now();
  const api: ChildProcess = startProcess(args, processEnv);
  try {
    await waitUntilReady(`${base}/healthz`, api);
    const healthzMs = performance.now() - started;
    await waitUntilReady(`${base}/readyz`, api);
    const readyzMs = performance.now() - started;
    const rssReadyMb = memoryOf(api.pid!)?.rssMb ?? Number.NaN;
    await smallLoad(base);
    const rssAfterLoadMb = memoryOf(api.pid!)?.rssMb ?? Number.NaN;
    return { healthzMs, readyzMs, rssReadyMb, rssAfterLoadMb };
  } finally {
    await stop(api);
  }
}

/** Starts the API once and waits until the last agent imported is found by search: all are indexed. */
async function indexFully(env: Record<string, string>, lastName: string): Promise<number> {
  const store = await openStore(
    loadConfig({ DATA_DIR: env.DATA_DIR!, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }),
  );
  // Its name ends in its index in base 36, a word no other agent has.
  const probe = (await store.agents.searchBasic(lastName.split(' ').pop()!, 50)).find(
    (agent) => agent.name === lastName,
  );
  await store.close();
  if (!probe) throw new Error(`the import did not store "${lastName}"`);
  const port = await freePort();
  const processEnv = { ...env, PORT: String(port), HOST: '127.0.0.1' };
  const api = startProcess(
    apiNodeArgs({ ...process.env, ...processEnv }, { runtime: 'compiled' }),
    processEnv,
  );
  try {
    return (await timeStart(`http://127.0.0.1:${port}`, api, probe)).searchableSeconds;
  } finally {
    await stop(api);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function report(name: string, samples: Record<Runtime, StartSample[]>) {
  const rows: Array<[string, keyof StartSample, string]> = [
    ['spawn → /healthz 200', 'healthzMs', 'ms'],
    ['spawn → /readyz 200', 'readyzMs', 'ms'],
    ['RSS when ready', 'rssReadyMb', 'MB'],
    [`RSS after ${LOAD_REQUESTS} requests`, 'rssAfterLoadMb', 'MB'],
  ];
  log(`\n${name}: median (min–max) of ${samples.tsx.length} starts each`);
  log(`  ${''.padEnd(28)} ${'tsx (sources)'.padStart(22)} ${'compiled (dist/)'.padStart(22)}  compiled/tsx`);
  const summary: Record<string, unknown> = {};
  for (const [label, key, unit] of rows) {
    const cell = (runtime: Runtime) => {
      const values = samples[runtime].map((sample) => sample[key]);
      return `${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}) ${unit}`;
    };
    const ratio = median(samples.compiled.map((s) => s[key])) / median(samples.tsx.map((s) => s[key]));
    log(
      `  ${label.padEnd(28)} ${cell('tsx').padStart(22)} ${cell('compiled').padStart(22)}  ${ratio.toFixed(2)}`,
    );
    summary[key] = {
      tsx: median(samples.tsx.map((s) => s[key])),
      compiled: median(samples.compiled.map((s) => s[key])),
      ratio,
    };
  }
  return summary;
}

async function measure(name: string, runs: number, env: Record<string, string>) {
  const samples: Record<Runtime, StartSample[]> = { tsx: [], compiled: [] };
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? RUNTIMES : [...RUNTIMES].reverse();
    for (const runtime of order) {
      const sample = await startOnce(runtime, env);
      samples[runtime].push(sample);
      log(
        `  ${name} run ${run + 1} ${runtime.padEnd(8)} /healthz ${Math.round(sample.healthzMs)} ms, /readyz ${Math.round(sample.readyzMs)} ms, RSS ${sample.rssReadyMb} → ${sample.rssAfterLoadMb} MB`,
      );
    }
  }
  return { samples, summary: report(name, samples) };
}

async function main(argv: string[]) {
  const runs = numberOption(argv, 'runs', 5);
  const agents = numberOption(argv, 'agents', 100_000);
  const outAt = argv.indexOf('--out');
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model}`,
    node: process.version,
    runs,
  };
  log(`Agentry start-up benchmark, tsx vs compiled (${results.machine}, Node ${process.version})`);
  const common = {
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: '1',
    // One client makes every request: lift the per-client read limit (the limiter still runs).
    RATE_LIMIT_READS_PER_MINUTE: '100000000',
  };
  const dirs: string[] = [];
  try {
    // 1. The demo catalog, seeded and indexed by a first start.
    const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-startup-demo-'));
    dirs.push(demoDir);
    const demoEnv = { ...common, DATA_DIR: demoDir, SEED_DEMO: 'true' };
    await startOnce('compiled', demoEnv);
    results.demo = await measure('demo catalog', runs, demoEnv);

    // 2. `agents` synthetic agents imported with the CLI, indexed by a first start.
    const bigDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-startup-big-'));
    dirs.push(bigDir);
    const bigEnv = { ...common, DATA_DIR: bigDir, SEED_DEMO: 'false' };
    const file = path.join(bigDir, 'agents.json');
    const generated = [...syntheticAgents(agents)];
    fs.writeFileSync(file, JSON.stringify(generated));
    const last = generated[generated.length - 1]!;
    generated.length = 0;
    const importSeconds = importWithCli(file, bigEnv);
    fs.rmSync(file);
    log(
      `\nimported ${agents.toLocaleString()} agents in ${importSeconds.toFixed(1)} s; indexing them (first start)...`,
    );
    const indexedSeconds = await indexFully(bigEnv, last.name);
    log(`  first start: every agent searchable after ${indexedSeconds.toFixed(1)} s`);
    results.agents = agents;
    results.big = await measure(`${agents.toLocaleString()} agents`, runs, bigEnv);
  } finally {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
  if (outAt >= 0) fs.writeFileSync(argv[outAt + 1]!, `${JSON.stringify(results, null, 2)}\n`);
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
