import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ALTERNATE_ORDER } from './checkouts';
import { freePort, stop, treeCpuSeconds, waitUntilReady } from './child-process';
import { type CpuProfile, sourceAt, sourceMarkers, summariseProfile, type Window } from './cpu-profile';
import { load } from './load';
import { useCaseQueries } from './synthetic-agents';

// `npm run bench:load -- --against DIR --popular SECONDS` (issue 24's "popular (cached) query /
// bare Express, same run"): with both trees' APIs up, in turn (before, after, then after, before),
// a load of the 50 popular use-case searches (answered from the engine's cache, as a running site
// answers its popular queries), of `/healthz` (everything Express and our middleware cost before
// a route, less the limits and sessions /api adds), and of a bare Express app in its own process
// (one route, `res.json`): the requests per second of each and the API's CPU a request. Every
// request comes from its own address of 10,000 (X-Forwarded-For, TRUST_PROXY=1), so the read
// limit counts them as it counts visitors. With --profile, each kind's windows are cut from the
// API's CPU profiles: where a popular search's time goes, beside a /healthz's.

export const POPULAR_KINDS = ['popular search', '/healthz', 'bare Express'] as const;
export type PopularKind = (typeof POPULAR_KINDS)[number];

export interface PopularSide {
  label: string;
  base: string;
  apiPid: number;
}

export interface KindFigures {
  /** Requests per second, mean of the runs. */
  rps: number;
  /** The API's CPU (every process and thread) a request, µs (bare Express: its own process). */
  cpuUs: number;
  requests: number;
  errors: number;
  /** When each run ran, on the clock V8's profiles are stamped with (µs). */
  windows: Window[];
}

export type PopularFigures = Record<PopularKind, KindFigures>;

const popularPaths = () =>
  useCaseQueries(50, 5).map((query) => `/api/search?${new URLSearchParams({ query })}`);

/** One visitor in 10,000 for each request, by address (what the read limit keys on behind a proxy). */
const visitorAddress = (i: number) => `10.0.${(i % 10_000) >> 8}.${(i % 10_000) & 255}`;

function startBareExpress(port: number, root: string): ChildProcess {
  return spawn(
    process.execPath,
    [
      '-e',
      `const e=require('express');const a=e();a.get('/',(q,r)=>r.json({hello:'world'}));a.listen(${port},'127.0.0.1')`,
    ],
    { stdio: 'ignore', cwd: root },
  );
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

const emptyFigures = (): PopularFigures =>
  Object.fromEntries(
    POPULAR_KINDS.map((kind) => [kind, { rps: 0, cpuUs: 0, requests: 0, errors: 0, windows: [] }]),
  ) as unknown as PopularFigures;

/** The popular search, /healthz and bare Express, each side in turn, `rounds` pairs of runs. */
export async function popularAgainstBare(
  sides: PopularSide[],
  options: { seconds: number; connections: number; rounds: number; root: string },
  log: (line: string) => void,
): Promise<PopularFigures[]> {
  const barePort = await freePort();
  const bare = startBareExpress(barePort, options.root);
  const figures = sides.map(emptyFigures);
  try {
    await waitUntilReady(`http://127.0.0.1:${barePort}/`, bare);
    const popular = popularPaths();
    // Every connection, bare Express's too, opened again after 100 requests, as the API closes it then
    // (KEEPALIVE_MAX_REQUESTS): left open, what the API was sent after that was answered 503.
    const run = {
      connections: options.connections,
      durationSeconds: options.seconds,
      addressOf: visitorAddress,
      reconnectEvery: 100,
    };
    const measure = async (
      kind: PopularKind,
      f: PopularFigures,
      base: string,
      paths: string[],
      pid: number,
    ) => {
      const cpu = treeCpuSeconds(pid);
      const fromUs = nowUs();
      const result = await load(base, paths, run);
      const figure = f[kind];
      figure.windows.push({ fromUs, toUs: nowUs() });
      figure.cpuUs += (treeCpuSeconds(pid) - cpu) * 1e6;
      figure.requests += result.requests;
      figure.errors += result.errors + result.non2xx;
      figure.rps += result.requestsPerSecond;
      return result.requestsPerSecond;
    };
    for (let round = 0; round < options.rounds; round++) {
      for (const s of ALTERNATE_ORDER[round % 2]!) {
        const side = sides[s]!;
        const f = figures[s]!;
        // Warm-up: the popular answers cached as a running site has them (an answer is kept on its
        // second ask, in each worker): every query asked eight times.
        await load(side.base, popular, { ...run, connections: 8, amount: popular.length * 8 });
        const rates = [
          await measure('popular search', f, side.base, popular, side.apiPid),
          await measure('/healthz', f, side.base, ['/healthz'], side.apiPid),
          await measure('bare Express', f, `http://127.0.0.1:${barePort}`, ['/'], bare.pid!),
        ];
        log(
          `  ${side.label}: popular search ${rates[0]} req/s, /healthz ${rates[1]}, bare Express ${rates[2]}: popular / bare ${(rates[0]! / rates[2]!).toFixed(2)}; errors and non-2xx answers so far ${POPULAR_KINDS.map((kind) => f[kind].errors).join(', ')}`,
        );
      }
    }
  } finally {
    await stop(bare);
  }
  for (const f of figures) {
    for (const kind of POPULAR_KINDS) {
      const figure = f[kind];
      figure.rps /= Math.max(1, figure.windows.length);
      figure.cpuUs /= Math.max(1, figure.requests);
    }
  }
  return figures;
}

export interface KindProfile {
  kind: string;
  requests: number;
  /** Self time per group and per function, summed over the processes' profiles, µs a request. */
  groups: Array<{ name: string; us: number }>;
  functions: Array<{ name: string; us: number }>;
}

/**
 * Where each kind's time went in one side's API: its processes' CPU profiles (written to `dir` as
 * they stopped) cut to the kind's windows, self time summed over processes, a request's share.
 */
export function profileByKind(
  dir: string,
  root: string,
  kinds: Array<{ kind: string; windows: Window[]; requests: number }>,
  top = 15,
): KindProfile[] {
  const bundle = path.join(root, 'dist/api.js');
  const markers = fs.existsSync(bundle) ? sourceMarkers(fs.readFileSync(bundle, 'utf8')) : [];
  const sourceOf = (frame: { url: string; lineNumber: number }) =>
    frame.url.endsWith('/dist/api.js') ? sourceAt(markers, frame.lineNumber) : null;
  const profiles = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as CpuProfile);
  return kinds.map(({ kind, windows, requests }) => {
    const groups = new Map<string, number>();
    const functions = new Map<string, number>();
    for (const profile of profiles) {
      for (const window of windows) {
        const summary = summariseProfile(profile, sourceOf, 200, window);
        for (const g of summary.groups) groups.set(g.name, (groups.get(g.name) ?? 0) + g.ms);
        for (const fn of summary.functions) functions.set(fn.name, (functions.get(fn.name) ?? 0) + fn.ms);
      }
    }
    const perRequest = (counts: Map<string, number>) =>
      [...counts]
        .filter(([name]) => !name.startsWith('(idle)'))
        .map(([name, ms]) => ({ name, us: (ms * 1000) / Math.max(1, requests) }))
        .sort((a, b) => b.us - a.us);
    return {
      kind,
      requests,
      groups: perRequest(groups).filter((g) => !g.name.startsWith('idle')),
      functions: perRequest(functions).slice(0, top),
    };
  });
}

/** A kind's profile as Markdown lines: the groups above 1 % of its busy time, then the top functions. */
/**
 * A kind's profile as Markdown lines: the groups above 1 % of its busy samples, then the top
 * functions. A profile's sample stands for the wall time until the next one, so on a busy machine
 * it over-counts the CPU: each share is given as its part of `cpuUs`, the CPU a request measured
 * from /proc in the same windows (every process and thread of the API), when known.
 */
export function describeKindProfile(label: string, profile: KindProfile, cpuUs?: number): string[] {
  const busy = profile.groups.reduce((sum, g) => sum + g.us, 0);
  const us = (sampled: number) => (cpuUs ? (sampled / Math.max(1, busy)) * cpuUs : sampled);
  const lines = [
    '',
    `${label}, ${profile.kind}: ${profile.requests.toLocaleString()} requests; µs a request ${cpuUs ? `as shares of the ${cpuUs.toFixed(0)} µs of CPU measured` : 'sampled'} (every API process)`,
    '',
    '| where (self time) | µs a request | share |',
    '| --- | --- | --- |',
  ];
  for (const g of profile.groups.filter((g) => g.us >= busy * 0.01))
    lines.push(`| ${g.name} | ${us(g.us).toFixed(1)} | ${((g.us / busy) * 100).toFixed(1)} % |`);
  lines.push('', '| function (self time) | µs a request | share |', '| --- | --- | --- |');
  for (const fn of profile.functions)
    lines.push(`| \`${fn.name}\` | ${us(fn.us).toFixed(1)} | ${((fn.us / busy) * 100).toFixed(1)} % |`);
  return lines;
}
