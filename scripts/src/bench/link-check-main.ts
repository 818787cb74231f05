import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig } from '@agentry/platform/config/env';
import { startLocalDns } from '@agentry/platform/outbound/testing/local-dns';
import { type SiteSpec, startLocalSites } from '@agentry/platform/outbound/testing/local-sites';
import { openStore } from '@agentry/platform/store/factory';
import { freePort, percentile, startProcess, stop, waitUntilReady } from './child-process';

const { apiNodeArgs } = require('../../bin/api-node-args.cjs') as {
  apiNodeArgs: (env: NodeJS.ProcessEnv, options: { runtime: 'compiled' }) => string[];
};

// `npm run bench:linkcheck [-- --agents 2000 --after 30 --rate 10]`: the link checker (issue 26) as
// it runs in production: inside the compiled API process (one worker, the trust jobs in process, the
// default settings: LINK_CHECK_CONCURRENCY, LINK_CHECK_MAX_PER_SECOND, one request a second per
// host), over --agents listings on fake sites served from this process (a local web server and a
// local DNS server; OUTBOUND_ALLOW_LOOPBACK is what lets it call them, which is why the API runs
// with NODE_ENV=development: production refuses that setting). Check timeout 5 s, not 10. The
// sites: most answer, some redirect, some 404, some are unknown, a few never answer (the timeout);
// most hosts have one listing, some five, one host has 60 (it alone needs a minute at 1 request/s).
// While the pass runs, and then for --after seconds once it is done (same process, checker idle),
// an open-loop sampler sends --rate requests a second (search and an agent's API answer, each
// latency counted from its planned start), so the two windows compare within one run.
// Reported: the pass's pace (checks a second) and what it means for 100,000 agents, the smallest gap
// between two requests to one host, and the latency during vs after with their ratio. Figures from a
// shared machine: the load average is printed beside them.

const { values: args } = parseArgs({
  options: {
    agents: { type: 'string', default: '2000' },
    after: { type: 'string', default: '30' },
    rate: { type: 'string', default: '10' },
  },
});
const AGENTS = Number(args.agents);
const AFTER_SECONDS = Number(args.after);
const RATE = Number(args.rate);
const TIMEOUT_MS = 5000;

const log = (line: string) => process.stdout.write(`${line}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

interface Listing {
  host: string;
  path: string;
}

/** Hosts and their behaviour: a fixed mix, the same on every run. */
function planSites(count: number, origin: (host: string) => string) {
  const listings: Listing[] = [];
  const specs = new Map<string, SiteSpec>();
  // One host with 60 listings, then hosts of five for a tenth of the rest, then one listing each.
  for (let i = 0; i < Math.min(60, count); i++) listings.push({ host: 'big.test', path: `/agents/${i}` });
  specs.set('big.test', {});
  let host = 0;
  while (listings.length < count) {
    const name = `site${host}.test`;
    const size = host % 10 === 0 ? 5 : 1;
    for (let i = 0; i < size && listings.length < count; i++) listings.push({ host: name, path: `/a${i}` });
    // 90 % answer, 4 % redirect, 3 % answer 404, 2 % unknown (404 from the server), 1 % never answer.
    const kind = host % 100;
    if (kind < 90) specs.set(name, {});
    else if (kind < 94) specs.set(name, { redirectTo: `${origin('big.test')}/landing` });
    else if (kind < 97) specs.set(name, { status: 404 });
    else if (kind < 99) {
      // not set: the server answers "no such site"
    } else specs.set(name, { hang: true });
    host += 1;
  }
  return { listings, specs, hosts: host + 1 };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command's closing parenthesis.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The API's own event-loop delay over its last second, from /healthz, once a second. */
function startLoopWatch(base: string) {
  const seen: Array<{ at: number; maxMs: number }> = [];
  const timer = setInterval(async () => {
    try {
      const health = (await (await fetch(`${base}/healthz`)).json()) as { event_loop?: { max_ms: number } };
      seen.push({ at: Date.now(), maxMs: health.event_loop?.max_ms ?? 0 });
    } catch {
      // counted by the sampler
    }
  }, 1000);
  return { seen, stop: () => clearInterval(timer) };
}

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
}

/** Open loop: a request every 1000/RATE ms whether or not the last answered; latency from its planned start. */
function startSampler(base: string, ids: string[]) {
  const samples: Sample[] = [];
  const queries = ['customer support', 'spanish emails', 'bookkeeping', 'helpdesk'];
  let index = 0;
  const interval = 1000 / RATE;
  let next = performance.now();
  let stopped = false;
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    while (!stopped && performance.now() >= next) {
      const planned = next;
      next += interval;
      const url =
        index % 2 === 0
          ? `${base}/api/search?query=${encodeURIComponent(queries[(index / 2) % queries.length]!)}`
          : `${base}/api/agents/${ids[index % ids.length]}`;
      index += 1;
      const request = fetch(url, { signal: AbortSignal.timeout(10_000) })
        .then(async (response) => {
          await response.arrayBuffer();
          samples.push({ at: Date.now(), ms: performance.now() - planned, ok: response.ok });
        })
        .catch(() => {
          samples.push({ at: Date.now(), ms: performance.now() - planned, ok: false });
        })
        .finally(() => pending.delete(request));
      pending.add(request);
    }
  }, 5);
  return {
    samples,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...pending]);
    },
  };
}

function figures(samples: Sample[]) {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  if (sorted.length === 0) return { n: 0, p50: 0, p95: 0, p99: 0, errors: 0 };
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    errors: samples.filter((sample) => !sample.ok).length,
  };
}

async function main() {
  // How late this process (the sites, the DNS server, the sampler) ran: arrival times are read here.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const dns = await startLocalDns();
  const sites = await startLocalSites();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-linkcheck-'));
  const plan = planSites(AGENTS, sites.origin);
  for (const [host, spec] of plan.specs) sites.set(host, spec);

  // The catalog, written to the store before the API starts (it indexes it at start).
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    // Not production: production refuses OUTBOUND_ALLOW_LOOPBACK, and the fake sites are on 127.0.0.1.
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: '1',
    PUBLIC_URL: 'http://agentry.bench',
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
    OUTBOUND_DNS_SERVERS: dns.server,
    OUTBOUND_ALLOW_LOOPBACK: 'true',
    LINK_CHECK_TIMEOUT_MS: String(TIMEOUT_MS),
    RATE_LIMIT_READS_PER_MINUTE: '1000000',
  };
  const store = await openStore(loadConfig(env));
  const ids: string[] = [];
  for (const [index, listing] of plan.listings.entries()) {
    const agent = await store.agents.create({
      name: `Checked ${index.toString(36)}`,
      provider: `Provider ${listing.host}`,
      category: 'Customer Service',
      role: 'Customer Support Agent',
      description: `Answers customer support emails and helpdesk tickets, listing ${index}.`,
      cost: 'Free',
      address: `${sites.origin(listing.host)}${listing.path}`,
    });
    ids.push(agent.id);
  }
  await store.close();
  const config = loadConfig(env);
  log(
    `${AGENTS} agents on ${plan.hosts} hosts; checker: concurrency ${config.LINK_CHECK_CONCURRENCY}, ` +
      `${config.LINK_CHECK_MAX_PER_SECOND} starts/s, ${config.LINK_CHECK_HOST_INTERVAL_MS} ms per host, ` +
      `timeout ${TIMEOUT_MS} ms, tick ${config.TRUST_JOBS_TICK_MS} ms; sampler ${RATE} requests/s`,
  );
  log(`load average before: ${loadAverage()}`);

  const port = await freePort();
  const processEnv = { ...env, PORT: String(port), HOST: '127.0.0.1' };
  const base = `http://127.0.0.1:${port}`;
  let api: ChildProcess | null = null;
  try {
    api = startProcess(apiNodeArgs({ ...process.env, ...processEnv }, { runtime: 'compiled' }), processEnv);
    await waitUntilReady(`${base}/readyz`, api);
    const sampler = startSampler(base, ids);
    const loop = startLoopWatch(base);
    const apiPid = api.pid!;
    const cpuAtStart = cpuSeconds(apiPid);
    const paths = new Set(plan.listings.map((listing) => `${listing.host}${listing.path}`));
    const seen = new Set<string>();
    let read = 0;
    const started = Date.now();
    let firstPage = 0;
    let lastPage = 0;
    // The pass: until every listing's page was asked for, then until the last checks could time out.
    while (seen.size < paths.size) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      for (; read < sites.requests.length; read++) {
        const request = sites.requests[read]!;
        const key = `${request.host}${request.path}`;
        if (paths.has(key) && !seen.has(key)) {
          seen.add(key);
          firstPage ||= request.at;
          lastPage = request.at;
        }
      }
      if (Date.now() - started > 3600_000)
        throw new Error(`pass not done in an hour: ${seen.size}/${paths.size}`);
    }
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS + 1000));
    const passEnd = Date.now();
    const cpuAtPassEnd = cpuSeconds(apiPid);
    const loadDuring = loadAverage();
    await new Promise((resolve) => setTimeout(resolve, AFTER_SECONDS * 1000));
    const cpuAtEnd = cpuSeconds(apiPid);
    const afterEnd = Date.now();
    await sampler.stop();
    loop.stop();
    const loadAfter = loadAverage();

    // Politeness: the smallest gap between two requests to the same host, robots.txt included.
    const byHost = new Map<string, number[]>();
    for (const request of sites.requests)
      byHost.set(request.host, [...(byHost.get(request.host) ?? []), request.at]);
    const gaps: number[] = [];
    for (const times of byHost.values()) {
      times.sort((a, b) => a - b);
      for (let i = 1; i < times.length; i++) gaps.push(times[i]! - times[i - 1]!);
    }
    gaps.sort((a, b) => a - b);
    const minGap = gaps[0] ?? 0;
    const under = gaps.filter((gap) => gap < 1000).length;
    const big = byHost.get('big.test') ?? [];

    const passSeconds = (lastPage - firstPage) / 1000;
    const pace = AGENTS / passSeconds;
    const during = figures(sampler.samples.filter((s) => s.at >= firstPage && s.at <= passEnd));
    const after = figures(sampler.samples.filter((s) => s.at > passEnd + 2000));
    log(`pass: ${AGENTS} checks in ${passSeconds.toFixed(1)} s = ${pace.toFixed(1)} checks/s`);
    log(
      `100,000 agents at this pace: ${(100_000 / pace / 3600).toFixed(2)} h ` +
        `(at the configured ceiling of ${config.LINK_CHECK_MAX_PER_SECOND}/s: ${(100_000 / config.LINK_CHECK_MAX_PER_SECOND / 3600).toFixed(2)} h; a day is 24 h)`,
    );
    log(
      `politeness: ${sites.requests.length} requests to ${byHost.size} hosts; ${gaps.length} gaps between two requests to one host, ` +
        `${under} under 1000 ms, smallest ${minGap} ms, 1st percentile ${percentile(gaps, 0.01)} ms ` +
        `(times of arrival, read by this process, whose event loop lagged up to ${(lag.max / 1e6).toFixed(0)} ms); ` +
        `big.test: ${big.length} requests over ${((big.at(-1)! - big[0]!) / 1000).toFixed(1)} s`,
    );
    const row = (name: string, f: ReturnType<typeof figures>) =>
      `${name}: n=${f.n} p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, errors ${f.errors}`;
    log(row('API latency during the pass', during));
    log(row('API latency after the pass (checker idle)', after));
    log(
      `ratio during/after: p50 ${(during.p50 / after.p50).toFixed(2)}, p95 ${(during.p95 / after.p95).toFixed(2)}, p99 ${(during.p99 / after.p99).toFixed(2)}`,
    );
    const cpuDuring = (cpuAtPassEnd - cpuAtStart) / ((passEnd - started) / 1000);
    const cpuAfter = (cpuAtEnd - cpuAtPassEnd) / ((afterEnd - passEnd) / 1000);
    log(
      `API process CPU: ${(cpuDuring * 100).toFixed(1)} % of a core during the pass, ${(cpuAfter * 100).toFixed(1)} % after ` +
        `(the sampler's requests in both): the checker's own cost about ${((cpuDuring - cpuAfter) * 100).toFixed(1)} % of a core, ` +
        `${(((cpuAtPassEnd - cpuAtStart - cpuAfter * ((passEnd - started) / 1000)) / AGENTS) * 1000).toFixed(2)} ms of CPU a check`,
    );
    const loopMax = (from: number, to: number) => {
      const values = loop.seen
        .filter((s) => s.at >= from && s.at <= to)
        .map((s) => s.maxMs)
        .sort((a, b) => a - b);
      return values.length ? `median ${percentile(values, 0.5)} ms, worst ${values.at(-1)} ms` : 'no reading';
    };
    log(
      `API event-loop delay, worst of each second: during ${loopMax(firstPage, passEnd)}; after ${loopMax(passEnd + 2000, afterEnd)}`,
    );
    log(`load average: during ${loadDuring}, after ${loadAfter}`);
  } finally {
    if (api) await stop(api);
    await sites.close();
    await dns.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
