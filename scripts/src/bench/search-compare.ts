import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ALTERNATE_ORDER,
  checkoutsToCompare,
  loadAverageNow,
  optionOf as option,
  ratioOf,
  tableRow,
} from './checkouts';
import { freePort, percentile, stop, treeCpuSeconds, treeMemory, waitUntilReady } from './child-process';
import { load } from './load';
import { compareLostMirror, spread } from './search-lost-mirror';
import {
  type FaultFigures,
  type StartSide,
  type StartTimes,
  slowestLine,
  timeLostIndex,
  timeStart,
} from './search-starts';
import { turnsLine } from './search-turns';
import { syntheticAgents, useCaseQueries } from './synthetic-agents';

// `npm run bench:search -- --against DIR [--agents 100000 --duration 10 --connections 50]`: the
// table of issue 24, before (the checkout at DIR) and after (this one), measured in one run on the
// same machine: each imports the same catalog with its own `npm run import`, then, one after the
// other, every start is timed (after the import, a plain restart, and a start whose index mirror is
// gone), and with both APIs up, the latency and throughput figures are taken alternately (before,
// after, after, before) so that a machine busy with other work weighs on both alike.
//   --data DIR      keep each side's import in DIR/before and DIR/after (made once, then copied for
//                   each run), so that a short quiet window goes to the starts, not to importing;
//   --only starts   the starts alone (the first three rows of the table);
//   --only lost     the lost mirror's start alone, --rounds N times a side (search-lost-mirror.ts).

const log = (line: string) => process.stdout.write(`${line}\n`);

interface Side extends StartSide {
  port: number;
}

/** Server-side time (Server-Timing) of distinct use-case queries, one at a time. */
async function distinctLatency(base: string, queries: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const query of queries) {
    const response = await fetch(`${base}/api/search?${new URLSearchParams({ query })}`);
    await response.arrayBuffer();
    times.push(Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN));
  }
  return times;
}

/** The heap of each worker, as /healthz reports it (asked on new connections, so each worker answers). */
async function workerHeaps(base: string): Promise<Record<string, number>> {
  const heaps: Record<string, number> = {};
  for (let i = 0; i < 20; i++) {
    const health = (await (await fetch(`${base}/healthz`, { headers: { connection: 'close' } })).json()) as {
      worker?: string;
      memory?: { heap_used_mb: number };
    };
    if (health.worker && health.memory) heaps[health.worker] = health.memory.heap_used_mb;
  }
  return heaps;
}

function startBareExpress(port: number): ChildProcess {
  return spawn(
    process.execPath,
    [
      '-e',
      `const e=require('express');const a=e();a.get('/',(q,r)=>r.json({hello:'world'}));a.listen(${port},'127.0.0.1')`,
    ],
    { stdio: 'ignore', cwd: path.resolve(__dirname, '../../..') },
  );
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

/** The workers' RSS (and peaks) in MB, the supervisor (first) left out. */
const workersMemory = (tree: Array<{ rssMb: number; peakMb: number }>) =>
  tree
    .slice(1)
    .map((entry) => `${entry.rssMb} (${entry.peakMb})`)
    .join(', ');

const throughput = (f: { popular: number; categories: number; health: number; bare: number }) =>
  `${fixed(f.popular / f.bare, 2)}; ${[f.popular, f.categories, f.health, f.bare].map((rps) => fixed(rps, 0)).join(', ')}`;

export async function compareSearch(argv: string[]): Promise<void> {
  const agents = Number(option(argv, 'agents', '100000'));
  const duration = Number(option(argv, 'duration', '10'));
  const connections = Number(option(argv, 'connections', '50'));
  const checkouts = checkoutsToCompare(option(argv, 'against', ''));
  const kept = option(argv, 'data', '');
  const keptRoot = kept ? path.resolve(process.env.INIT_CWD ?? process.cwd(), kept) : null;
  const startsOnly = option(argv, 'only', '') === 'starts';
  log(
    `Agentry search benchmark, before (${checkouts[0].root}) and after (${checkouts[1].root}): ${agents.toLocaleString()} synthetic agents; ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; load average ${loadAverageNow()}`,
  );
  const sides: Side[] = [];
  for (const checkout of checkouts) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agentry-bench-${checkout.label}-`));
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      // The link checker off: the synthetic agents' sites do not exist, so its first pass would mark
      // them down one by one, mail their providers and touch them (each touch empties the engine's
      // answer cache); what it costs is not what these figures are about.
      TRUST_JOBS: 'off',
      // Two API workers, as issue 24 measured (the default on two cores, said so on any machine).
      WEB_CONCURRENCY: '2',
      // One client hammers the API: the per-client read limit is lifted (the limiter still runs).
      RATE_LIMIT_READS_PER_MINUTE: '100000000',
    };
    sides.push({ checkout, dataDir, port, base: `http://127.0.0.1:${port}`, env });
  }
  const file = path.join(os.tmpdir(), `agentry-bench-agents-${process.pid}.json`);
  const generated = [...syntheticAgents(agents)];
  fs.writeFileSync(file, JSON.stringify(generated));
  const probe = generated[generated.length - 1]!.name;
  generated.length = 0;
  const rows: string[] = [];
  const both = <T>(f: (side: Side) => T) => sides.map(f) as [T, T];
  try {
    const imports = both((side) => {
      if (!keptRoot) return side.checkout.importFile(file, { DATA_DIR: side.dataDir, SEED_DEMO: 'false' });
      // The import kept from an earlier run of the same catalog, or made now and kept.
      const keptDir = path.join(keptRoot, `${side.checkout.label}-${agents}`);
      const marker = path.join(keptDir, '.bench-imported');
      let seconds = Number.NaN;
      if (!fs.existsSync(marker)) {
        fs.rmSync(keptDir, { recursive: true, force: true });
        fs.mkdirSync(keptDir, { recursive: true });
        seconds = side.checkout.importFile(file, { DATA_DIR: keptDir, SEED_DEMO: 'false' });
        fs.writeFileSync(marker, `${JSON.stringify({ probe, importSeconds: seconds })}\n`);
      }
      fs.cpSync(keptDir, side.dataDir, { recursive: true, filter: (from) => from !== marker });
      return seconds;
    });
    log(
      `npm run import: before ${fixed(imports[0])} s, after ${fixed(imports[1])} s${keptRoot ? ` (NaN: kept in ${keptRoot})` : ''} (load average ${loadAverageNow()})`,
    );

    if (option(argv, 'only', '') === 'lost')
      return await compareLostMirror(sides, probe, Number(option(argv, 'rounds', '2')), log);

    const afterImport: StartTimes[] = [];
    const restart: StartTimes[] = [];
    const lost: FaultFigures[] = [];
    for (const side of sides) {
      afterImport.push(await timeStart(side, probe));
      await stop(side.api!);
    }
    // RSS of each API process once every agent is searchable after the restart (supervisor first).
    const startedMemory: Array<Array<{ pid: number; rssMb: number; peakMb: number }>> = [];
    for (const side of sides) {
      restart.push(await timeStart(side, probe));
      startedMemory.push(treeMemory(side.api!.pid!));
      await stop(side.api!);
    }
    log(`starts timed (load average ${loadAverageNow()})`);
    for (const side of sides) {
      lost.push(await timeLostIndex(side, probe));
      await stop(side.api!);
    }
    log(`lost-index starts timed (load average ${loadAverageNow()})`);
    for (const [s, side] of sides.entries()) {
      log(`  ${side.checkout.label}, slowest searches: ${slowestLine(lost[s]!)}`);
      log(
        `  ${side.checkout.label}, the store's ${lost[s]!.degraded} answers: p50 / p90 / slowest ${spread(lost[s]!)} ms`,
      );
      log(
        `  ${side.checkout.label}, the rebuilt index (searches asked of worker ${lost[s]!.workersAsked.join(', ')}): ${turnsLine(lost[s]!.turns)}`,
      );
    }
    const startRows = [
      tableRow(
        'search after a start with the index mirror lost: empty answers / searches, degraded answers',
        `${lost[0]!.empty} / ${lost[0]!.searches}, ${lost[0]!.degraded} degraded`,
        `${lost[1]!.empty} / ${lost[1]!.searches}, ${lost[1]!.degraded} degraded`,
        '—',
        'no empty answer',
      ),
      tableRow(
        'same: engine answers after (s); slowest search / /healthz meanwhile (ms)',
        `${fixed(lost[0]!.engineSeconds)} s; ${fixed(lost[0]!.slowestSearchMs, 0)} / ${fixed(lost[0]!.slowestHealthMs, 0)} ms`,
        `${fixed(lost[1]!.engineSeconds)} s; ${fixed(lost[1]!.slowestSearchMs, 0)} / ${fixed(lost[1]!.slowestHealthMs, 0)} ms`,
        ratioOf(lost[1]!.slowestSearchMs, lost[0]!.slowestSearchMs),
        '≤ 100 ms',
      ),
      tableRow(
        'every agent searchable after `npm start` following the import (ready)',
        `${fixed(afterImport[0]!.searchableSeconds)} s (${fixed(afterImport[0]!.readySeconds)} s)`,
        `${fixed(afterImport[1]!.searchableSeconds)} s (${fixed(afterImport[1]!.readySeconds)} s)`,
        ratioOf(afterImport[1]!.searchableSeconds, afterImport[0]!.searchableSeconds),
        '≤ 3 s',
      ),
      tableRow(
        'every agent searchable after a restart (ready)',
        `${fixed(restart[0]!.searchableSeconds)} s (${fixed(restart[0]!.readySeconds)} s)`,
        `${fixed(restart[1]!.searchableSeconds)} s (${fixed(restart[1]!.readySeconds)} s)`,
        ratioOf(restart[1]!.searchableSeconds, restart[0]!.searchableSeconds),
        '≤ 3 s',
      ),
      tableRow(
        'RSS per API worker once searchable after the restart (peak)',
        workersMemory(startedMemory[0]!),
        workersMemory(startedMemory[1]!),
        '—',
        '≤ 400 MB under load',
      ),
    ];
    if (startsOnly) {
      log('');
      log('| what | before | after | after / before | goal |');
      log('| --- | --- | --- | --- | --- |');
      for (const row of startRows) log(row);
      log('');
      log(`load average at the end: ${loadAverageNow()}`);
      return;
    }

    // Both APIs up; every figure below taken before, after, after, before.
    for (const side of sides) await timeStart(side, probe);
    const barePort = await freePort();
    const bare = startBareExpress(barePort);
    await waitUntilReady(`http://127.0.0.1:${barePort}/`, bare);
    const queries = useCaseQueries(1000, 99);
    const popular = useCaseQueries(50, 5).map((query) => `/api/search?${new URLSearchParams({ query })}`);
    const figures = sides.map(() => ({
      server: [] as number[],
      popular: 0,
      popularCpuSeconds: 0,
      popularRequests: 0,
      categories: 0,
      health: 0,
      bare: 0,
    }));
    for (const order of ALTERNATE_ORDER) {
      for (const s of order) {
        const side = sides[s]!;
        const f = figures[s]!;
        // Warm-up: compiled code paths, the popular answers cached as a running site has them.
        await load(side.base, popular, { connections: 8, durationSeconds: 2 });
        f.server.push(
          ...(await distinctLatency(side.base, queries.slice(s === order[0] ? 0 : 500).slice(0, 500))),
        );
        const run = { connections, durationSeconds: duration };
        // The API's own CPU time per cached answer: what a request costs, less moved by other work
        // on the machine than requests per second are.
        const cpuBefore = treeCpuSeconds(side.api!.pid!);
        const hot = await load(side.base, popular, run);
        f.popularCpuSeconds += treeCpuSeconds(side.api!.pid!) - cpuBefore;
        f.popularRequests += hot.requests;
        f.popular += hot.requestsPerSecond / 2;
        f.categories += (await load(side.base, ['/api/categories'], run)).requestsPerSecond / 2;
        f.health += (await load(side.base, ['/healthz'], run)).requestsPerSecond / 2;
        f.bare += (await load(`http://127.0.0.1:${barePort}`, ['/'], run)).requestsPerSecond / 2;
      }
    }
    await stop(bare);
    const memory = both((side) => treeMemory(side.api!.pid!));
    const heaps = await Promise.all(sides.map((side) => workerHeaps(side.base)));
    for (const side of sides) await stop(side.api!);
    log(`load tests done (load average ${loadAverageNow()})`);

    const server = figures.map((f) => [...f.server].sort((a, b) => a - b));
    const p = (s: number, q: number) => percentile(server[s]!, q);
    const workersRss = memory.map((tree) =>
      Math.max(...tree.slice(1).map((entry) => entry.rssMb), tree[0]!.rssMb),
    );
    const cpuPerRequest = figures.map((f) => (f.popularCpuSeconds / Math.max(1, f.popularRequests)) * 1e6);
    const maxHeap = heaps.map((heap) => Math.max(0, ...Object.values(heap)));
    rows.push(
      ...startRows,
      tableRow(
        'distinct queries on the server (Server-Timing), p50 / p99',
        `${fixed(p(0, 0.5), 2)} / ${fixed(p(0, 0.99), 1)} ms`,
        `${fixed(p(1, 0.5), 2)} / ${fixed(p(1, 0.99), 1)} ms`,
        `${ratioOf(p(1, 0.5), p(0, 0.5))} / ${ratioOf(p(1, 0.99), p(0, 0.99))}`,
        'p50 ≤ 3 ms, p99 ≤ 20 ms',
      ),
      tableRow(
        `popular (cached) search / bare Express, ${connections} connections; popular, /api/categories, /healthz, bare (req/s)`,
        throughput(figures[0]!),
        throughput(figures[1]!),
        ratioOf(figures[1]!.popular / figures[1]!.bare, figures[0]!.popular / figures[0]!.bare),
        '≥ 0.6',
      ),
      tableRow(
        'CPU time of the API processes per cached search, during the popular-query runs',
        `${fixed(cpuPerRequest[0]!, 0)} µs`,
        `${fixed(cpuPerRequest[1]!, 0)} µs`,
        ratioOf(cpuPerRequest[1]!, cpuPerRequest[0]!),
        '—',
      ),
      tableRow(
        'memory per API process after the load tests: RSS (largest), heap used (largest)',
        `${workersRss[0]} MB, heap ${maxHeap[0]} MB`,
        `${workersRss[1]} MB, heap ${maxHeap[1]} MB`,
        ratioOf(workersRss[1]!, workersRss[0]!),
        '≤ 400 MB',
      ),
    );
    log('');
    log('| what | before | after | after / before | goal |');
    log('| --- | --- | --- | --- | --- |');
    for (const row of rows) log(row);
    log('');
    log(
      `RSS per process (supervisor first): before ${JSON.stringify(memory[0])}, after ${JSON.stringify(memory[1])}`,
    );
    log(`load average at the end: ${loadAverageNow()}`);
  } finally {
    for (const side of sides) {
      if (side.api) await stop(side.api);
      fs.rmSync(side.dataDir, { recursive: true, force: true });
    }
    fs.rmSync(file, { force: true });
  }
}
