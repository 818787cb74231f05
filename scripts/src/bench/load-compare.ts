import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { openStore } from '@agentry/platform/store/factory';
import {
  ALTERNATE_ORDER,
  type Checkout,
  checkoutsToCompare,
  loadAverageNow,
  optionOf as option,
  ratioOf,
  tableRow,
} from './checkouts';
import { freePort, stop, treeMemory, waitUntilReady } from './child-process';
import { withEventLoopSamples } from './event-loop-samples';
import { closedLoop, openLoop } from './http-load';
import { cpuPerRequest, importKept, untilSettled } from './load-cpu';
import {
  describeKindProfile,
  POPULAR_KINDS,
  type PopularFigures,
  popularAgainstBare,
  profileByKind,
} from './load-popular';
import { type Run, summariseClosed, summariseOpen } from './load-runs';
import { catalogOf, untilSearchable } from './start-paths';
import { syntheticAgents } from './synthetic-agents';
import { MIX, planTraffic } from './traffic-mix';

// `npm run bench:load -- --against DIR [--agents 100000 --clients 200 --closed 30 --rate 300
// --open 30 --workers 2]`: the visitor mix of issue 10 (1 % full catalog lists) on the code at DIR
// ("before") and on this checkout ("after"), each with its own `npm run import` of the same
// catalog and its API started as `npm start` starts it, both up at once and loaded in turn (before,
// after, then after, before), with the server's event-loop delay read from /healthz meanwhile: the
// closed loop's throughput and the open loop's per-kind p99 of issue 24's table, and the memory
// of each API process after the runs. Both are measured once neither works on its own any more
// (`--settle S`, at most 60 s by default: the first start's catching up, load-cpu.ts' untilSettled).

const log = (line: string) => process.stdout.write(`${line}\n`);

interface Side {
  checkout: Checkout;
  dataDir: string;
  base: string;
  env: Record<string, string>;
  closed: Run[];
  open: Run[];
  /** Per closed run: the API's CPU (all its processes and threads) and the generator's, ms a request. */
  cpu: Array<{ api: number; generator: number }>;
  /** The closed runs' windows on the profiles' clock (µs). */
  closedWindows: Array<{ fromUs: number; toUs: number }>;
}

export async function compareLoad(argv: string[]): Promise<void> {
  const agents = Number(option(argv, 'agents', '100000'));
  const clients = Number(option(argv, 'clients', '200'));
  const closedSeconds = Number(option(argv, 'closed', '30'));
  const rate = Number(option(argv, 'rate', '300'));
  const openSeconds = Number(option(argv, 'open', '30'));
  const workers = option(argv, 'workers', '2');
  // --rounds N: pairs of runs, alternating which side goes first (2: before-after, after-before).
  const rounds = Number(option(argv, 'rounds', '2'));
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 5)
    throw new Error(`--rounds: 1 to 5, not ${rounds}`);
  // --data DIR: each tree's import kept there (by its commit) and copied for the run (load-cpu.ts).
  const kept = option(argv, 'data', '');
  const checkouts = checkoutsToCompare(option(argv, 'against', ''));
  // --profile DIR: a V8 CPU profile of every API process, DIR/before and DIR/after, written when it
  // stops (warm-up and runs included); --node-args "--trace-gc,...": more V8 flags for both APIs.
  const profileDir = option(argv, 'profile', '');
  const extraNodeArgs = option(argv, 'node-args', '').split(',').filter(Boolean);
  const nodeFlags = (label: string) => [
    ...(profileDir
      ? [
          '--cpu-prof',
          `--cpu-prof-dir=${path.resolve(process.env.INIT_CWD ?? process.cwd(), profileDir, label)}`,
        ]
      : []),
    ...extraNodeArgs,
  ];
  // --popular SECONDS: then the popular (cached) search, /healthz and a bare Express app, each side in
  // turn (load-popular.ts), with --connections (50).
  const popularSeconds = Number(option(argv, 'popular', '0'));
  const connections = Number(option(argv, 'connections', '50'));
  if (!Number.isFinite(popularSeconds) || popularSeconds < 0)
    throw new Error(`--popular: seconds, not ${popularSeconds}`);
  let popular: PopularFigures[] | null = null;
  const kinds = MIX.map(([kind]) => kind);
  log(
    `Agentry load benchmark, before (${checkouts[0].root}) and after (${checkouts[1].root}): ${agents.toLocaleString()} agents, ${workers} workers each; ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; load average ${loadAverageNow()}`,
  );
  const file = path.join(os.tmpdir(), `agentry-load-agents-${process.pid}.json`);
  const generated = [...syntheticAgents(agents)];
  fs.writeFileSync(file, JSON.stringify(generated));
  const newest = generated[generated.length - 1]!.name;
  generated.length = 0;
  const sides: Side[] = [];
  const apis = new Map<Side, ReturnType<Checkout['startApi']>>();
  try {
    for (const checkout of checkouts) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agentry-load-${checkout.label}-`));
      const port = await freePort();
      const seconds = importKept(checkout, file, dataDir, kept, agents);
      log(`${checkout.label}: npm run import ${seconds.toFixed(1)} s (load average ${loadAverageNow()})`);
      sides.push({
        checkout,
        dataDir,
        base: `http://127.0.0.1:${port}`,
        env: {
          DATA_DIR: dataDir,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          PORT: String(port),
          HOST: '127.0.0.1',
          WEB_CONCURRENCY: workers,
          // The link checker off: the synthetic agents' sites do not exist, so its first pass would mark
          // them down one by one, mail their providers and touch them (each touch empties the engine's
          // answer cache); what it costs is not what these figures are about.
          TRUST_JOBS: 'off',
          // Each visitor from its own address (X-Forwarded-For), the limits at their production settings.
          TRUST_PROXY: '1',
          PAYMENTS_MODE: 'test',
        },
        closed: [],
        open: [],
        cpu: [],
        closedWindows: [],
      });
    }
    const store = await openStore(
      loadConfig({ DATA_DIR: sides[1]!.dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }),
    );
    const catalog = await catalogOf(store);
    await store.close();
    const plan = planTraffic(catalog, 400_000, 42);
    for (const side of sides) {
      const api = side.checkout.startApi(side.env, nodeFlags(side.checkout.label));
      apis.set(side, api);
      await waitUntilReady(`${side.base}/healthz`, api, 600_000);
      await untilSearchable(side.base, newest);
      // Warm-up: code paths compiled, caches as a running site has them.
      await closedLoop(side.base, plan.slice(300_000), { clients: 20, seconds: 5 });
    }
    // Then until neither API works on its own any more (the first start's catching up): --settle 0
    // skips it. Not with --profile unless asked: the profiler's sampling keeps a process above a
    // tenth of a core (never settled in 60 s).
    const settleSeconds = Number(option(argv, 'settle', profileDir ? '0' : '60'));
    for (const side of settleSeconds > 0 ? sides : []) {
      const waited = await untilSettled(apis.get(side)!.pid!, { maxSeconds: settleSeconds });
      log(
        `  ${side.checkout.label}: its own work settled after ${waited.toFixed(0)} s (at most ${settleSeconds})`,
      );
    }
    log(`both APIs answering (load average ${loadAverageNow()})`);
    // Each round starts at its own place in the plan, so that no run asks a search that the same
    // API answered (and cached) in an earlier run: 100,000 requests per closed run, 50,000 per open.
    // The CPU a request costs, which a busy machine delays but does not inflate the way it does
    // throughput: the closed loop's ratio on a shared machine says more through it.
    for (let round = 0; round < rounds; round++) {
      const order = ALTERNATE_ORDER[round % 2]!;
      for (const s of closedSeconds > 0 ? order : []) {
        const side = sides[s]!;
        const cpu = cpuPerRequest(apis.get(side)!.pid!);
        // With --profile: the run's window on the monotonic clock V8's profiles are stamped with (µs).
        const from = process.hrtime.bigint() / 1000n;
        side.closed.push(
          await withEventLoopSamples(
            side.base,
            closedLoop(side.base, plan.slice(round * 40_000, (round + 1) * 40_000), {
              clients,
              seconds: closedSeconds,
            }),
          ),
        );
        side.cpu.push(cpu.perRequest(side.closed.at(-1)![0].requests));
        side.closedWindows.push({ fromUs: Number(from), toUs: Number(process.hrtime.bigint() / 1000n) });
        if (profileDir)
          log(
            `  ${side.checkout.label}: closed run window ${from}-${process.hrtime.bigint() / 1000n} µs, ${side.closed.at(-1)![0].requests} requests`,
          );
        const pages = side.closed.at(-1)![0].byKind['agent page'];
        log(
          `  ${side.checkout.label}: closed loop ${side.closed.at(-1)![0].requestsPerSecond} req/s, CPU a request: API ${side.cpu.at(-1)!.api} ms, generator ${side.cpu.at(-1)!.generator} ms; agent pages sent unrendered (worker behind): ${pages?.unrendered ?? 0} of ${pages?.requests ?? 0} (load average ${loadAverageNow()})`,
        );
      }
      for (const s of openSeconds > 0 ? order : []) {
        const side = sides[s]!;
        side.open.push(
          await withEventLoopSamples(
            side.base,
            openLoop(side.base, plan.slice(200_000 + round * 20_000, 220_000 + round * 20_000), {
              rate,
              seconds: openSeconds,
            }),
          ),
        );
        log(
          `  ${side.checkout.label}: open loop worst per-kind p99 ${summariseOpen([side.open.at(-1)!], kinds).worst} ms; agent pages sent unrendered: ${side.open.at(-1)![0].byKind['agent page']?.unrendered ?? 0} (load average ${loadAverageNow()})`,
        );
      }
    }
    if (popularSeconds > 0) {
      log(
        `popular search, /healthz and bare Express, ${connections} connections (load average ${loadAverageNow()}):`,
      );
      popular = await popularAgainstBare(
        sides.map((side) => ({ label: side.checkout.label, base: side.base, apiPid: apis.get(side)!.pid! })),
        { seconds: popularSeconds, connections, rounds, root: checkouts[1].root },
        log,
      );
    }
    const memory = sides.map((side) => treeMemory(apis.get(side)!.pid!));
    const closed = sides.map((side) => summariseClosed(side.closed));
    const open = sides.map((side) => summariseOpen(side.open, kinds));
    const workerRss = memory.map((tree) => Math.max(...tree.slice(1).map((entry) => entry.rssMb), 0));
    log('');
    log('| what | before | after | after / before | goal |');
    log('| --- | --- | --- | --- | --- |');
    log(
      tableRow(
        `closed loop, ${clients} clients, visitor mix with 1 % full lists (mean of 2 runs of ${closedSeconds} s)`,
        `${closed[0]!.rps.toFixed(0)} req/s, ${closed[0]!.errors} errors`,
        `${closed[1]!.rps.toFixed(0)} req/s, ${closed[1]!.errors} errors`,
        ratioOf(closed[1]!.rps, closed[0]!.rps),
        '≥ 1,500 req/s, 0 errors',
      ),
    );
    log(
      tableRow(
        `open loop ${rate} req/s, worst per-kind p99 (worse of 2 runs of ${openSeconds} s), errors`,
        `${open[0]!.worst} ms, ${open[0]!.errors} errors`,
        `${open[1]!.worst} ms, ${open[1]!.errors} errors`,
        ratioOf(open[1]!.worst, open[0]!.worst),
        'every kind ≤ 50 ms',
      ),
    );
    for (const kind of kinds) {
      log(
        tableRow(
          `  open loop p99: ${kind}`,
          `${open[0]!.byKind[kind]} ms`,
          `${open[1]!.byKind[kind]} ms`,
          ratioOf(open[1]!.byKind[kind]!, open[0]!.byKind[kind]!),
          '≤ 50 ms',
        ),
      );
    }
    log(
      tableRow(
        'event-loop delay under the open loop, worst second: p99 / max',
        `${open[0]!.loopP99} / ${open[0]!.loopMax} ms`,
        `${open[1]!.loopP99} / ${open[1]!.loopMax} ms`,
        ratioOf(open[1]!.loopMax, open[0]!.loopMax),
        'no stall over 50 ms',
      ),
    );
    log(
      tableRow(
        'memory per API worker after the runs (RSS, largest)',
        `${workerRss[0]} MB`,
        `${workerRss[1]} MB`,
        ratioOf(workerRss[1]!, workerRss[0]!),
        '≤ 400 MB',
      ),
    );
    const meanCpu = sides.map(
      (side) => side.cpu.reduce((sum, { api }) => sum + api, 0) / (side.cpu.length || 1),
    );
    log(
      tableRow(
        'API CPU a request in the closed loop (all its processes and threads; mean of the runs)',
        `${meanCpu[0]!.toFixed(2)} ms`,
        `${meanCpu[1]!.toFixed(2)} ms`,
        ratioOf(meanCpu[1]!, meanCpu[0]!),
        '≤ 1.33 ms (2 cores / 1,500 req/s, the generator aside)',
      ),
    );
    if (popular) {
      const [before, after] = popular as [PopularFigures, PopularFigures];
      const of = (f: PopularFigures) => f['popular search'].rps / f['bare Express'].rps;
      const rates = (f: PopularFigures) =>
        `${of(f).toFixed(2)}; ${POPULAR_KINDS.map((kind) => f[kind].rps.toFixed(0)).join(', ')} req/s`;
      log(
        tableRow(
          `popular (cached) search / bare Express, ${connections} connections; popular, /healthz, bare (mean of ${rounds} runs of ${popularSeconds} s)`,
          rates(before),
          rates(after),
          ratioOf(of(after), of(before)),
          '≥ 0.6',
        ),
      );
      log(
        tableRow(
          'CPU a request: the API for a popular search / a /healthz (all its processes and threads); bare Express',
          `${POPULAR_KINDS.map((kind) => before[kind].cpuUs.toFixed(0)).join(' / ')} µs`,
          `${POPULAR_KINDS.map((kind) => after[kind].cpuUs.toFixed(0)).join(' / ')} µs`,
          ratioOf(after['popular search'].cpuUs, before['popular search'].cpuUs),
          '—',
        ),
      );
    }
    log('');
    log(
      `RSS per process (supervisor first): before ${JSON.stringify(memory[0])}, after ${JSON.stringify(memory[1])}`,
    );
    log(`load average at the end: ${loadAverageNow()}`);
  } finally {
    for (const api of apis.values()) await stop(api);
    for (const side of sides) fs.rmSync(side.dataDir, { recursive: true, force: true });
    fs.rmSync(file, { force: true });
  }
  if (!profileDir) return;
  // The workers write their profiles as they exit, a moment after the supervisor's stop resolves.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (const [s, side] of sides.entries()) {
    const kindsProfiled = [
      {
        kind: 'closed loop (visitor mix)',
        windows: side.closedWindows,
        requests: side.closed.reduce((sum, [run]) => sum + run.requests, 0),
        cpuUs: (side.cpu.reduce((sum, { api }) => sum + api, 0) / Math.max(1, side.cpu.length)) * 1000,
      },
      ...(popular
        ? (['popular search', '/healthz'] as const).map((kind) => ({
            kind,
            windows: popular![s]![kind].windows,
            requests: popular![s]![kind].requests,
            cpuUs: popular![s]![kind].cpuUs,
          }))
        : []),
    ].filter((k) => k.windows.length > 0);
    const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), profileDir, side.checkout.label);
    const profiles = profileByKind(dir, side.checkout.root, kindsProfiled);
    for (const [k, profile] of profiles.entries())
      for (const line of describeKindProfile(side.checkout.label, profile, kindsProfiled[k]!.cpuUs))
        log(line);
  }
}
