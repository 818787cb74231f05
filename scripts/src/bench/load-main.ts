import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { openStore } from '@agentry/platform/store/factory';
import {
  freePort,
  memoryOf,
  processTree,
  REPO_ROOT,
  startProcess,
  stop,
  waitUntilReady,
} from './child-process';
import { coreShares, coreSnapshot, describeCoreShares } from './core-shares';
import { withEventLoopSamples } from './event-loop-samples';
import { closedLoop, openLoop } from './http-load';
import { compareLoad } from './load-compare';
import { printFigures } from './load-report';
import { describeLoopTrace, LoopTraceSummary } from './loop-trace-summary';
import { seedAccounts } from './product-accounts';
import type { ProductRun } from './product-actions';
import { productOpenLoop } from './product-load';
import { contactsPerEmployerPerHour, meanRequestsPerAction, mixWithout, planProduct } from './product-mix';
import { ProductRecorder } from './product-recorder';
import { printProductFigures } from './product-report';
import { RestartUnderTraffic } from './restart-under-traffic';
import { soak } from './soak';
import { catalogOf, importWithCli, untilSearchable } from './start-paths';
import { syntheticAgents } from './synthetic-agents';
import { planTraffic, visitorSlices } from './traffic-mix';
import { describeBalance, WorkerBalance } from './worker-balance';
import { waitForWorkers } from './workers-ready';

// The launcher's arguments live in plain CommonJS (it runs before anything is compiled).
const { apiNodeArgs } = require('../../bin/api-node-args.cjs') as { apiNodeArgs: () => string[] };

// `npm run bench:load [-- --agents 100000 --clients 200 --closed 60 --rate 300 --open 30 --warm 5
//   --workers 1,2 --mix visitors,product --product 60 --providers 100 --employers 100
//   --restart-at S --out results.json]`, or `npm run bench:load -- --soak 60 [--soak-rate 100 --workers 2]`
// The path a person takes: synthetic agents written to a JSON file, `npm run import` of it, then
// the API started as `npm start` starts it (in-process indexer catching up on the import). Then,
// for each worker count, the visitor mix of issue 10 in a closed loop (saturation throughput) and
// an open loop at a fixed rate (latency from each request's scheduled start), per kind, with the
// server's own event-loop delay read from /healthz while it runs. Then the whole product
// (issue 15): providers and employers made through the API before the count starts, and the mix of
// product-mix.ts — visitors, dashboards, the employers' advanced search, writes, sign-ins and
// sign-ups — with sessions, CSRF tokens and the rate limits at their production settings, every
// person from their own address (TRUST_PROXY=1, as behind a proxy). --soak MINUTES runs that mix
// at --soak-rate requests a second for that long instead, watching memory (soak.ts).

function option(argv: string[], name: string, fallback: string): string {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1]! : fallback;
}

const log = (line: string) => process.stdout.write(`${line}\n`);
/** The machine is shared: its load average goes beside every figure. */
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

async function main(argv: string[]) {
  // --against DIR: issue 24's table, the code at DIR ("before") and this checkout, in one run.
  if (argv.includes('--against')) return compareLoad(argv);
  const agents = Number(option(argv, 'agents', '100000'));
  const clients = Number(option(argv, 'clients', '200'));
  const closedSeconds = Number(option(argv, 'closed', '60'));
  const rate = Number(option(argv, 'rate', '300'));
  const openSeconds = Number(option(argv, 'open', '30'));
  const warmSeconds = Number(option(argv, 'warm', '5'));
  const soakMinutes = Number(option(argv, 'soak', '0'));
  const soakRate = Number(option(argv, 'soak-rate', '100'));
  const workerCounts = option(argv, 'workers', soakMinutes ? '2' : '1,2')
    .split(',')
    .map(Number);
  const mixes = soakMinutes ? ['product'] : option(argv, 'mix', 'visitors,product').split(',');
  const productSeconds = Number(option(argv, 'product', '60'));
  const providerCount = Number(option(argv, 'providers', '100'));
  const employerCount = Number(option(argv, 'employers', '100'));
  // --without "sign-in,register provider": the mix without those kinds (to tell their cost apart).
  const without = option(argv, 'without', '').split(',').filter(Boolean);
  const mix = mixWithout(without);
  for (const [name, value] of Object.entries({
    warmSeconds,
    soakMinutes,
    soakRate,
    productSeconds,
    providerCount,
    employerCount,
  })) {
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name}: not a number (${value})`);
  }
  for (const mix of mixes) {
    if (mix !== 'visitors' && mix !== 'product') throw new Error(`--mix: visitors or product, not "${mix}"`);
  }
  const outAt = argv.indexOf('--out');
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model}`,
    node: process.version,
    agents,
    clients,
    rate,
    mixes,
    without,
    uptimeBefore: os.loadavg(),
  };
  // --data DIR: keep the imported catalog there and reuse it on the next run (for profiling).
  const keptAt = argv.indexOf('--data');
  const kept = keptAt >= 0 ? path.resolve(process.env.INIT_CWD ?? process.cwd(), argv[keptAt + 1]!) : null;
  const dataDir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-load-'));
  const reuse = kept !== null && fs.existsSync(path.join(kept, 'agentry.db'));
  fs.mkdirSync(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
  log(
    `Agentry load benchmark: ${agents.toLocaleString()} agents in ${dataDir} (${results.machine}, Node ${process.version})`,
  );

  // 1. The import a person runs.
  let started = performance.now();
  if (reuse) {
    log(`reusing the catalog imported before in ${dataDir}`);
  } else {
    const file = path.join(dataDir, 'agents.json');
    fs.writeFileSync(file, JSON.stringify([...syntheticAgents(agents)]));
    importWithCli(file, env); // the compiled CLI, as `npm run import` runs it
    fs.rmSync(file);
    results.importSeconds = (performance.now() - started) / 1000;
    log(
      `npm run import of ${agents.toLocaleString()} agents: ${(results.importSeconds as number).toFixed(1)} s`,
    );
  }

  const config = loadConfig(env);
  const store = await openStore(config);
  const catalog = await catalogOf(store);
  // The generator shares the two cores with the API, and a pause of its own counts as the server's
  // latency: it keeps only the requests its runs send (the plans of 400,000 visits and 400,000
  // product actions held 300 MB of its heap, and its garbage collection paused it for up to 1.4 s
  // under load: generator-health.ts).
  const visits = visitorSlices(planTraffic(catalog, 400_000, 42), {
    closed: closedSeconds > 0,
    open: rate * openSeconds,
  });
  const wantsProduct = soakMinutes > 0 || mixes.includes('product');
  const productPlan = !wantsProduct
    ? []
    : planProduct(
        catalog,
        { providers: providerCount, employers: employerCount, visitors: 5000 },
        // Room for the warm-up's actions at the end (10 s, taken from the plan's last 3,000), so no
        // sign-up of the measured window repeats one of the warm-up's.
        soakMinutes ? Math.ceil((soakRate / meanRequestsPerAction(mix)) * soakMinutes * 60) + 5000 : 400_000,
        43,
        mix,
      );
  const contactRate = contactsPerEmployerPerHour(
    (soakMinutes ? soakRate : rate) / meanRequestsPerAction(),
    employerCount,
  );
  if (contactRate > 9) {
    log(
      `warning: ${contactRate.toFixed(1)} contact requests per employer per hour (the store allows 10): add --employers`,
    );
  }

  /** The whole-product open loop, measured and printed beside its targets. */
  const measureProduct = async (mode: Record<string, unknown>, run: ProductRun, base: string) => {
    const [figures, loop] = await withEventLoopSamples(
      base,
      productOpenLoop(run, productPlan, { rate, seconds: productSeconds, mix }),
    );
    mode.product = { ...figures, eventLoop: loop, loadAverage: os.loadavg() };
    printProductFigures(`whole product, open loop, ${rate} req/s, ${productSeconds} s`, figures, loop, log);
    log(`  load average after: ${loadAverage()}`);
  };
  const modes: Record<string, unknown> = {};
  results.modes = modes;

  for (const [i, workers] of workerCounts.entries()) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // --profile DIR: a V8 CPU profile of every API process, written when it stops (where the time goes).
    const profileDir = option(argv, 'profile', '');
    // --node-args "--trace-gc,--max-semi-space-size=32": more V8 flags for the API's processes
    // (what a flag does to the stalls, measured without changing what `npm start` runs).
    const extraNodeArgs = option(argv, 'node-args', '').split(',').filter(Boolean);
    const apiDir = option(argv, 'api-dir', '');
    // --loop-trace MS: the workers log what ran whenever their event loop was blocked longer than MS
    // (LOOP_TRACE_MS, server/src/http/long-task-trace.ts; async hooks cost a little per callback, so
    // a run to name the stalls, not to time the server), summed up beside the open loop's figures.
    const loopTraceMs = Number(option(argv, 'loop-trace', '0'));
    const loopTrace = loopTraceMs > 0 ? new LoopTraceSummary() : null;
    // --restart-at S: the last worker killed S s into the open loop (restart-under-traffic.ts).
    const restartAtS = Number(option(argv, 'restart-at', '0'));
    let restart: RestartUnderTraffic | null = null;
    const nodeArgs = [
      ...(profileDir
        ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.INIT_CWD ?? process.cwd(), profileDir)}`]
        : []),
      ...extraNodeArgs,
      ...apiNodeArgs(),
    ];
    const api = startProcess(
      nodeArgs,
      {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_CONCURRENCY: String(workers),
        // As behind a production proxy: the client address comes from X-Forwarded-For, so each
        // virtual visitor has its own and the per-client limits stay at their production settings.
        TRUST_PROXY: '1',
        // The built-in test-mode checkout (never charges), whatever the caller's environment says.
        PAYMENTS_MODE: 'test',
        ...(loopTrace ? { LOOP_TRACE_MS: String(loopTraceMs) } : {}),
      },
      // --api-dir DIR: the API built in another checkout (its dist/), loaded by this generator,
      // so that two trees' servers are compared under the same load generator.
      apiDir ? path.resolve(process.env.INIT_CWD ?? process.cwd(), apiDir) : undefined,
      // Read for the trace's summary and a restart's spikes; with BENCH_SERVER_STDOUT=1 also shown.
      loopTrace || restartAtS > 0
        ? (line) => {
            if (process.env.BENCH_SERVER_STDOUT) log(line);
            loopTrace?.add(line);
            restart?.line(line);
          }
        : undefined,
    );
    if (restartAtS > 0) restart = new RestartUnderTraffic(api.pid!, restartAtS * 1000, log);
    const mode: Record<string, unknown> = { workers };
    modes[`${workers} worker${workers === 1 ? '' : 's'}`] = mode;
    try {
      started = performance.now();
      mode.readySeconds = (await waitUntilReady(`${base}/healthz`, api)) / 1000;
      // The first start after the import also indexes it. Searchable means the serving process
      // answers from the whole catalog: the newest agent is found by its name.
      const newest = await store.agents.get(catalog.ids[catalog.ids.length - 1]!);
      // An answer of the store's plain matching (X-Search-Degraded, the index still loading or
      // being rebuilt) does not count: that work would otherwise run inside the timed window.
      await untilSearchable(base, newest!.name);
      mode.searchableSeconds = (performance.now() - started) / 1000;
      log(
        `\n${workers} worker(s): ready in ${(mode.readySeconds as number).toFixed(1)} s, every agent searchable after ${(mode.searchableSeconds as number).toFixed(1)} s${i === 0 ? ' (import → start, the index built by the in-process indexer)' : ''}`,
      );
      // Every worker listening and its index current: a connection goes to a worker only once it
      // listens, so load sent while the others still start would all land on the first one.
      await waitForWorkers(base, workers);
      mode.allWorkersSeconds = (performance.now() - started) / 1000;
      // The signed-in people, made through the API before anything is measured.
      let run: ProductRun | null = null;
      if (mixes.includes('product')) {
        log(`  seeding ${providerCount} providers and ${employerCount} employers through the API:`);
        const agent = new http.Agent({ keepAlive: true, maxSockets: 4096 });
        const runId = `${Date.now().toString(36)}w${workers}`;
        const people = await seedAccounts({
          base: new URL(base),
          agent,
          outboxDir: path.join(dataDir, 'outbox'),
          runId,
          catalog,
          providers: providerCount,
          employers: employerCount,
          log,
        });
        run = {
          base: new URL(base),
          agent,
          recorder: new ProductRecorder(),
          catalog,
          runId,
          visitors: new Map(),
          ...people,
        };
      }
      // Warm-up: code paths compiled, caches as a running site has them. --warm 0: none, so the
      // open loop's first seconds meet what a worker still does after it is ready (issue 24: the
      // start-up jobs and first loads a restart under traffic gives its first visitors).
      if (mixes.includes('visitors') && warmSeconds > 0)
        await closedLoop(base, visits.warm, { clients: 20, seconds: warmSeconds });
      if (run) {
        await productOpenLoop(run, productPlan, {
          rate: soakMinutes ? soakRate : rate,
          seconds: 10,
          offset: productPlan.length - 3000,
          mix,
        });
        run.recorder = new ProductRecorder();
      }

      if (soakMinutes && run) {
        const soakOut = argv.indexOf('--soak-out');
        const summaryPath =
          soakOut >= 0
            ? path.resolve(process.env.INIT_CWD ?? process.cwd(), argv[soakOut + 1]!)
            : path.join(
                REPO_ROOT,
                'scripts/tmp',
                `bench-load-soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
              );
        fs.mkdirSync(path.dirname(summaryPath), { recursive: true });
        log(
          `\n  soak: whole-product mix, open loop at ${soakRate} req/s for ${soakMinutes} min; a row every 30 s (load average ${loadAverage()})`,
        );
        const summary = await soak({
          run,
          plan: productPlan,
          mix,
          rate: soakRate,
          minutes: soakMinutes,
          apiPid: api.pid!,
          base,
          workers,
          dataDir,
          summaryPath,
          catalogSize: catalog.ids.length,
          log,
        });
        mode.soak = summary;
        printProductFigures(`soak, ${soakRate} req/s, ${soakMinutes} min`, summary.figures!, null, log);
      } else {
        if (mixes.includes('visitors')) {
          const [closed, closedLoopDelay] = await withEventLoopSamples(
            base,
            closedLoop(base, visits.closed, { clients, seconds: closedSeconds }),
          );
          mode.closed = { ...closed, eventLoop: closedLoopDelay };
          printFigures(log, `closed loop, ${clients} clients, ${closedSeconds} s`, closed, closedLoopDelay);
          // The window's clock times, to read the API's stall log (event loop delay spike) for it.
          const openFrom = new Date().toISOString();
          // Which worker answered how much, and how busy each one's event loop was meanwhile.
          const workerPids = workers > 1 ? processTree(api.pid!).slice(1) : [api.pid!];
          const balance = new WorkerBalance(port, workerPids);
          // Who had the cores meanwhile: each process's main thread and its other threads, and the rest of the machine.
          const coreLabels = new Map<number, string>([
            [process.pid, 'generator'],
            ...(workers > 1 ? ([[api.pid!, 'primary']] as Array<[number, string]>) : []),
            ...workerPids.map((pid, i): [number, string] => [pid, `worker ${i}`]),
          ]);
          const coresBefore = coreSnapshot([...coreLabels.keys()]);
          balance.start();
          const [open, openLoopDelay] = await withEventLoopSamples(
            base,
            openLoop(base, visits.open, {
              rate,
              seconds: openSeconds,
              answered: (localPort) => balance.count(localPort),
              onStart: restart ? (at) => restart.arm(at) : undefined,
              onAnswer: restart ? (...answer) => restart.answer(...answer) : undefined,
            }),
          );
          const shares = await balance.stop();
          const cores = coreShares(coresBefore, coreSnapshot([...coreLabels.keys()]), coreLabels);
          const openTo = new Date().toISOString();
          mode.open = { ...open, eventLoop: openLoopDelay, from: openFrom, to: openTo, workers: shares };
          log(`  open loop from ${openFrom} to ${openTo} (UTC)`);
          printFigures(log, `open loop, ${rate} req/s, ${openSeconds} s`, open, openLoopDelay);
          for (const line of describeBalance(shares)) log(line);
          if (restart) mode.restart = restart.report(Date.parse(openFrom));
          mode.cores = cores;
          log(describeCoreShares(cores));
          if (loopTrace) {
            // The workers' last lines of the window are written a tick after it (the trace waits for the collections' entries).
            await new Promise((resolve) => setTimeout(resolve, 500));
            const figures = loopTrace.figures(Date.parse(openFrom), Date.parse(openTo));
            mode.loopTrace = figures;
            for (const line of describeLoopTrace(figures)) log(line);
          }
        }
        if (run) await measureProduct(mode, run, base);
      }
      mode.memory = processTree(api.pid!).map((pid) => ({ pid, ...memoryOf(pid) }));
      log(`  RSS per process: ${JSON.stringify(mode.memory)}`);
      run?.agent.destroy();
    } finally {
      await stop(api);
    }
  }
  await store.close();
  if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
  if (outAt >= 0) {
    fs.writeFileSync(
      path.resolve(process.env.INIT_CWD ?? process.cwd(), argv[outAt + 1]!),
      `${JSON.stringify(results, null, 2)}\n`,
    );
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
