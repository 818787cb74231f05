import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { RESULT_CACHE_SIZE } from '@agentry/platform/search/embedded/result-cache';
import { openStore } from '@agentry/platform/store/factory';
import { freePort, percentile, startProcess, stop, treeMemory, waitUntilReady } from './child-process';
import { load } from './load';
import { lruHitRate, zipfLog } from './query-log';
import { compareSearch } from './search-compare';
import { importWithCli, type StartFigures, timeStart } from './start-paths';
import { syntheticAgents, useCaseQueries } from './synthetic-agents';

// The launcher's arguments live in plain CommonJS (it runs before anything is compiled).
const { apiNodeArgs } = require('../../bin/api-node-args.cjs') as { apiNodeArgs: () => string[] };

// `npm run bench:search [-- --agents 100000 --duration 10 --connections 16 --out results.json]`
// Generates synthetic agents into a fresh DATA_DIR, builds the index, starts the API as its own
// process (as `npm start` would), and measures: index build time, time to ready, RSS, server-side
// latency of multi-word use-case queries, throughput of /api/search next to a bare Express
// hello-world measured in the same run, and how long a change takes to become searchable.

function option(argv: string[], name: string, fallback: number): number {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

async function main(argv: string[]) {
  // --against DIR: the table of issue 24, before (the checkout at DIR) and after, in one run.
  if (argv.includes('--against')) return compareSearch(argv);
  const agents = option(argv, 'agents', 100_000);
  const duration = option(argv, 'duration', 10);
  const connections = option(argv, 'connections', 16);
  const outAt = argv.indexOf('--out');
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model}`,
    node: process.version,
    agents,
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  log(
    `Agentry search benchmark: ${agents.toLocaleString()} synthetic agents in ${dataDir} (${results.machine}, Node ${process.version})`,
  );

  // 1. The path a person takes: the agents in a JSON file, `npm run import -- FILE`, `npm start`.
  const file = path.join(dataDir, 'agents.json');
  const generated = [...syntheticAgents(agents)];
  fs.writeFileSync(file, JSON.stringify(generated));
  const last = generated[generated.length - 1]!;
  generated.length = 0;
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
  results.importSeconds = importWithCli(file, env);
  fs.rmSync(file);
  log(`npm run import -- FILE          ${(results.importSeconds as number).toFixed(1)} s`);
  const store = await openStore(config);
  // The last agent imported is the last one an index build reaches: found, every agent is.
  // Its name ends in its index in base 36, a word no other agent has.
  const newest = (await store.agents.searchBasic(last.name.split(' ').pop()!, 50)).find(
    (agent) => agent.name === last.name,
  );
  if (!newest) throw new Error(`the import did not store "${last.name}"`);

  // 2. The API as its own process, started as `npm start` starts it (same Node.js arguments, heap
  // cap included, default number of workers): first after the import, then a plain restart.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const apiEnv = {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The benchmark is one client hammering the API: lift the per-client read limit (the limiter still runs).
    RATE_LIMIT_READS_PER_MINUTE: '100000000',
  };
  let api = startProcess(apiNodeArgs(), apiEnv);
  try {
    results.startAfterImport = await timeStart(base, api, newest);
    log(
      `start after the import: /healthz 200 after ${(results.startAfterImport as StartFigures).readySeconds.toFixed(1)} s, every agent searchable after ${(results.startAfterImport as StartFigures).searchableSeconds.toFixed(1)} s`,
    );
    await stop(api);
    api = startProcess(apiNodeArgs(), apiEnv);
    results.restart = await timeStart(base, api, newest);
    results.memoryWhenReady = treeMemory(api.pid!);
    log(
      `plain restart:          /healthz 200 after ${(results.restart as StartFigures).readySeconds.toFixed(1)} s, every agent searchable after ${(results.restart as StartFigures).searchableSeconds.toFixed(1)} s; RSS ${JSON.stringify(results.memoryWhenReady)}`,
    );

    // 3. Latency: distinct queries one at a time, so no answer comes from the result cache.
    const queries = useCaseQueries(1200, 99);
    const serverTimes: number[] = [];
    const roundTrips: number[] = [];
    for (const [i, query] of queries.entries()) {
      const t = performance.now();
      const response = await fetch(`${base}/api/search?${new URLSearchParams({ query })}`);
      await response.arrayBuffer();
      if (i < 200) continue; // warm-up
      roundTrips.push(performance.now() - t);
      serverTimes.push(
        Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN),
      );
    }
    serverTimes.sort((a, b) => a - b);
    roundTrips.sort((a, b) => a - b);
    results.latency = {
      queries: serverTimes.length,
      server: {
        p50: percentile(serverTimes, 0.5),
        p95: percentile(serverTimes, 0.95),
        p99: percentile(serverTimes, 0.99),
      },
      roundTrip: {
        p50: percentile(roundTrips, 0.5),
        p95: percentile(roundTrips, 0.95),
        p99: percentile(roundTrips, 0.99),
      },
    };
    const latency = results.latency as { server: Record<string, number>; roundTrip: Record<string, number> };
    log(
      `search latency, server (uncached) p50 ${ms(latency.server.p50!)}  p95 ${ms(latency.server.p95!)}  p99 ${ms(latency.server.p99!)}`,
    );
    log(
      `search latency, round trip        p50 ${ms(latency.roundTrip.p50!)}  p95 ${ms(latency.roundTrip.p95!)}  p99 ${ms(latency.roundTrip.p99!)}`,
    );

    // 4. Throughput under three workloads: popular queries (answers cached, as in production), a
    // Zipf-distributed search log (head cached, long tail computed), and all-distinct queries.
    const asPath = (query: string) => `/api/search?${new URLSearchParams({ query })}`;
    const hot = useCaseQueries(50, 5).map(asPath);
    const pool = [...new Set(useCaseQueries(40_000, 23))].slice(0, 20_000);
    const mixLog = zipfLog(pool, 200_000);
    const mix = mixLog.map(asPath);
    const cold = useCaseQueries(20_000, 11).map((query, i) => asPath(`${query} ${i}`));
    results.searchHot = await load(base, hot, { connections, durationSeconds: duration });
    const mixLoad = await load(base, mix, { connections, durationSeconds: duration });
    results.searchMix = {
      ...mixLoad,
      distinctQueries: pool.length,
      // Over the requests actually sent, from a cache that starts without any of them.
      expectedCacheHitRate: lruHitRate(
        Array.from({ length: mixLoad.requests }, (_, i) => mixLog[i % mixLog.length]!),
        RESULT_CACHE_SIZE,
        { keepOnSecondAsk: true },
      ),
    };
    results.searchCold = await load(base, cold, { connections, durationSeconds: duration });
    results.memoryAfterLoad = treeMemory(api.pid!);

    // 5. Change to searchable, through the store the API uses (SQLite, another process).
    const namesFor = async (query: string) =>
      (
        (await (await fetch(`${base}/api/search?${new URLSearchParams({ query })}`)).json()) as Array<{
          name: string;
        }>
      ).map((a) => a.name);
    const until = async (condition: () => Promise<boolean>) => {
      const deadline = performance.now() + 10_000;
      while (!(await condition())) {
        if (performance.now() > deadline) throw new Error('a change did not become searchable within 10 s');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const lags: number[] = [];
    for (let i = 0; i < 40; i++) {
      const name = `Zqxbench${i}x${Date.now().toString(36)}`;
      const t = performance.now();
      const agent = await store.agents.create({
        name,
        provider: 'Bench',
        category: 'Testing',
        role: 'Benchmark',
        description: 'Lag probe.',
        cost: 'Free',
        address: 'https://bench.example',
      });
      await until(async () => (await namesFor(name)).includes(name));
      lags.push(performance.now() - t);
      const removed = performance.now();
      await store.agents.update(agent.id, { removed: true });
      await until(async () => !(await namesFor(name)).includes(name));
      lags.push(performance.now() - removed);
    }
    lags.sort((a, b) => a - b);
    results.changeToSearchable = {
      changes: lags.length,
      p50: percentile(lags, 0.5),
      p95: percentile(lags, 0.95),
      max: lags[lags.length - 1],
    };
  } finally {
    await stop(api);
    await store.close();
  }

  // 6. Bare Express in the same run, same load.
  const barePort = await freePort();
  const bare = startProcess(
    [
      '-e',
      `const e=require('express');const a=e();a.get('/',(q,r)=>r.json({hello:'world'}));a.listen(${barePort},'127.0.0.1')`,
    ],
    {},
  );
  try {
    await waitUntilReady(`http://127.0.0.1:${barePort}/`, bare);
    results.bareExpress = await load(`http://127.0.0.1:${barePort}`, ['/'], {
      connections,
      durationSeconds: duration,
    });
  } finally {
    await stop(bare);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });

  const hot = results.searchHot as { requestsPerSecond: number };
  const cold = results.searchCold as { requestsPerSecond: number };
  const bareRps = (results.bareExpress as { requestsPerSecond: number }).requestsPerSecond;
  log(
    `throughput /api/search, popular queries   ${hot.requestsPerSecond} req/s  (${((hot.requestsPerSecond / bareRps) * 100).toFixed(0)} % of bare Express)`,
  );
  const mix = results.searchMix as {
    requestsPerSecond: number;
    distinctQueries: number;
    expectedCacheHitRate: number;
  };
  log(
    `throughput /api/search, Zipf search log   ${mix.requestsPerSecond} req/s  (${((mix.requestsPerSecond / bareRps) * 100).toFixed(0)} % of bare Express; ${mix.distinctQueries} distinct queries, s = 1, ~${(mix.expectedCacheHitRate * 100).toFixed(0)} % cache hits)`,
  );
  log(
    `throughput /api/search, distinct queries  ${cold.requestsPerSecond} req/s  (${((cold.requestsPerSecond / bareRps) * 100).toFixed(0)} % of bare Express)`,
  );
  log(`throughput bare Express hello-world       ${bareRps} req/s`);
  log(`RSS after load ${JSON.stringify(results.memoryAfterLoad)}`);
  const lag = results.changeToSearchable as { p50: number; p95: number; max: number };
  log(`change → searchable (create and remove)   p50 ${ms(lag.p50)}  p95 ${ms(lag.p95)}  max ${ms(lag.max)}`);
  if (outAt >= 0)
    fs.writeFileSync(
      path.resolve(process.env.INIT_CWD ?? process.cwd(), argv[outAt + 1]!),
      `${JSON.stringify(results, null, 2)}\n`,
    );
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
