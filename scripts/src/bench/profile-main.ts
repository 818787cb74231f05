import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAverageNow, optionOf as option } from './checkouts';
import { freePort, startProcess, stop, treeCpuSeconds, waitUntilReady } from './child-process';
import {
  type CpuProfile,
  type ProfileSummary,
  sourceAt,
  sourceMarkers,
  summariseProfile,
} from './cpu-profile';
import { load } from './load';
import { importWithCli, untilSearchable } from './start-paths';
import { syntheticAgents, useCaseQueries } from './synthetic-agents';

// `npm run bench:profile -- [--agents 100000 --seconds 10 --connections 50 --paths popular]`: where
// one request's time goes in the API. The path a person takes (`npm run import`, then the API as
// `npm start` runs it, with one worker so that one profile holds every request), a V8 CPU profile
// of the worker (`--cpu-prof`), and a load of one kind of request: `popular` (50 use-case searches,
// answered from the engine's cache, as the popular queries of a running site are), `distinct`
// (searches never asked before), `categories` (/api/categories) or `health` (/healthz). Only the
// samples taken during the load are counted; the self time is grouped by where the code lives.

const { apiNodeArgs } = require('../../bin/api-node-args.cjs') as { apiNodeArgs: () => string[] };
const log = (line: string) => process.stdout.write(`${line}\n`);

const PATHS: Record<string, () => string[]> = {
  popular: () => useCaseQueries(50, 5).map((query) => `/api/search?${new URLSearchParams({ query })}`),
  distinct: () =>
    useCaseQueries(40_000, 11).map(
      (query, i) => `/api/search?${new URLSearchParams({ query: `${query} ${i}` })}`,
    ),
  categories: () => ['/api/categories'],
  health: () => ['/healthz'],
};

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

function printSummary(summary: ProfileSummary, requests: number) {
  const perRequest = (ms: number) => `${((ms * 1000) / requests).toFixed(0)} µs`;
  log('');
  log(`| where (self time) | share of the worker's time | per request |`);
  log('| --- | --- | --- |');
  for (const group of summary.groups.filter((g) => g.share >= 0.005))
    log(`| ${group.name} | ${(group.share * 100).toFixed(1)} % | ${perRequest(group.ms)} |`);
  log('');
  log('| function (self time) | share | per request |');
  log('| --- | --- | --- |');
  for (const fn of summary.functions)
    log(`| \`${fn.name}\` | ${(fn.share * 100).toFixed(1)} % | ${perRequest(fn.ms)} |`);
}

async function main(argv: string[]) {
  const agents = Number(option(argv, 'agents', '100000'));
  const seconds = Number(option(argv, 'seconds', '10'));
  const connections = Number(option(argv, 'connections', '50'));
  const kind = option(argv, 'paths', 'popular');
  const paths = PATHS[kind]?.();
  if (!paths) throw new Error(`--paths is one of ${Object.keys(PATHS).join(', ')}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-profile-'));
  const profileDir = path.join(dataDir, 'profiles');
  log(
    `Agentry CPU profile: ${kind} requests at ${agents.toLocaleString()} agents, one worker; ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; load average ${loadAverageNow()}`,
  );
  const file = path.join(dataDir, 'agents.json');
  const generated = [...syntheticAgents(agents)];
  fs.writeFileSync(file, JSON.stringify(generated));
  const last = generated[generated.length - 1]!;
  generated.length = 0;
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
  importWithCli(file, env);
  fs.rmSync(file);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = startProcess(['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...apiNodeArgs()], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_CONCURRENCY: '1',
    // The link checker off: the synthetic agents' sites do not exist, so its first pass would mark
    // them down one by one, mail their providers and touch them (each touch empties the engine's
    // answer cache); what it costs is not what these figures are about.
    TRUST_JOBS: 'off',
    // One client hammers the API: the per-client read limit is lifted (the limiter still runs).
    RATE_LIMIT_READS_PER_MINUTE: '100000000',
  });
  let window: { fromUs: number; toUs: number };
  let requests: number;
  let cpuSeconds: number;
  let requestsPerSecond: number;
  try {
    await waitUntilReady(`${base}/healthz`, api, 300_000);
    await untilSearchable(base, last.name);
    // Warm-up: compiled code paths, the popular answers cached.
    await load(base, paths, { connections: 8, durationSeconds: 3 });
    const cpuBefore = treeCpuSeconds(api.pid!);
    const fromUs = nowUs();
    const result = await load(base, paths, { connections, durationSeconds: seconds });
    window = { fromUs, toUs: nowUs() };
    cpuSeconds = treeCpuSeconds(api.pid!) - cpuBefore;
    requests = result.requests;
    requestsPerSecond = result.requestsPerSecond;
  } finally {
    await stop(api);
  }
  // The supervisor writes a profile too: the worker's is the one with the most samples in the window.
  // The workers' code is dist/api-serve.js (dist/api.js is the supervisor's, which forks them).
  const bundle = path.join(path.resolve(__dirname, '../../..'), 'dist/api-serve.js');
  const markers = sourceMarkers(fs.readFileSync(bundle, 'utf8'));
  const sourceOf = (frame: { url: string; lineNumber: number }) =>
    frame.url.endsWith('/dist/api-serve.js') ? sourceAt(markers, frame.lineNumber) : null;
  const summaries = fs
    .readdirSync(profileDir)
    .map((name) =>
      summariseProfile(
        JSON.parse(fs.readFileSync(path.join(profileDir, name), 'utf8')) as CpuProfile,
        sourceOf,
        25,
        window,
      ),
    )
    .sort((a, b) => b.busyShare * b.totalMs - a.busyShare * a.totalMs);
  const worker = summaries[0];
  if (!worker) throw new Error('no CPU profile was written');
  log(
    `${requests.toLocaleString()} requests in ${seconds} s (${requestsPerSecond} req/s, ${connections} connections); the API's CPU time ${((cpuSeconds * 1e6) / requests).toFixed(0)} µs per request; the worker busy ${(worker.busyShare * 100).toFixed(0)} % of the time; load average ${loadAverageNow()}`,
  );
  printSummary(worker, requests);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
