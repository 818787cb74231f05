import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { openStore } from '@agentry/platform/store/factory';
import { optionOf } from '../cli/options';
import { type AttackFigures, type AttackOptions, victims, type WaitFigures } from './abuse-load';
import { vocabularyOf } from './abuse-requests';
import { freePort, startProcess, stop } from './child-process';
import { type EventLoopSample, withEventLoopSamples } from './event-loop-samples';
import { importWithCli, timeStart } from './start-paths';
import { syntheticAgents, useCaseQueries } from './synthetic-agents';

// The launcher's arguments live in plain CommonJS (it runs before anything is compiled).
const { apiNodeArgs } = require('../../bin/api-node-args.cjs') as { apiNodeArgs: () => string[] };

// `npm run bench:abuse [-- --agents 1030,100000 --dataset ../shared/data/agents.json --seconds 20
//   --quiet 5 --victims 4 --victim-rate 4 --burst-ms 2000 --mcp 6 --calls 100 --multi 12
//   --searches 20 --facet 1 --facet-values 9000 --query-length 490 --out results.json]`
//
// Issue 21, finding 1: can one client's expensive requests stall another client's cheap reads?
// For each catalog size, the catalog imported as a person imports it (`npm run import`: the
// dataset's 1,030 agents, or bench:search's synthetic agents), then the API started as `npm start`
// starts it (compiled dist/, two workers, the production rate limits, TRUST_PROXY=1 so each
// simulated client has its own X-Forwarded-For address). Victims read alone first (the baseline),
// then while one attacker sends, every --burst-ms, --mcp JSON-RPC batches of --calls search_agents
// calls with --query-length-character queries, --multi multi-search POSTs of --searches searches
// and --facet searches carrying --facet-values facet filter values. Printed: the victims' wait
// (p50, p99, max, from each request's scheduled start), the attacker's answers by status, and the
// API's worst event-loop delay from /healthz. Target: victims' reads wait at most 300 ms.

const number = (argv: string[], name: string, fallback: number) => {
  const value = Number(optionOf(argv, name, String(fallback)));
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name}: not a number`);
  return value;
};

const log = (line: string) => process.stdout.write(`${line}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
const fromCwd = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

const statuses = (figures: WaitFigures) =>
  Object.entries(figures.statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');

const waits = (figures: WaitFigures) =>
  `${figures.requests} reads, p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms (${statuses(figures)})`;

/** The attacker, run in a process of its own (abuse-attacker.ts): its figures when it is done. */
function attackFrom(base: string, options: AttackOptions): Promise<AttackFigures> {
  const child = fork(path.join(__dirname, 'abuse-attacker.ts'), [base, JSON.stringify(options)], {
    execArgv: process.execArgv,
  });
  return new Promise((resolve, reject) => {
    child.once('message', (figures) => resolve(figures as AttackFigures));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`the attacker exited with ${code}`)));
  });
}

interface Catalog {
  file: string;
  descriptions: string[];
}

/** The catalog to import: the dataset for its own size, else synthetic agents written to a file. */
function catalogFile(agents: number, dataset: string, dir: string): Catalog {
  if (fs.existsSync(dataset)) {
    const records = JSON.parse(fs.readFileSync(dataset, 'utf8')) as Array<{ description: string }>;
    if (records.length === agents) return { file: dataset, descriptions: records.map((r) => r.description) };
  }
  const file = path.join(dir, 'synthetic-agents.json');
  const records = [...syntheticAgents(agents)];
  fs.writeFileSync(file, JSON.stringify(records));
  return { file, descriptions: records.slice(0, 5000).map((r) => r.description) };
}

async function measure(argv: string[], agents: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-abuse-'));
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
  try {
    const catalog = catalogFile(
      agents,
      fromCwd(optionOf(argv, 'dataset', '../shared/data/agents.json')),
      dataDir,
    );
    const imported = importWithCli(catalog.file, env);
    log(
      `\n${agents.toLocaleString()} agents (${path.basename(catalog.file)}): imported in ${imported.toFixed(1)} s`,
    );

    const store = await openStore(loadConfig(env));
    const agentIds: string[] = [];
    for await (const batch of store.agents.scan(2000)) {
      agentIds.push(...batch.map((agent) => agent.id));
      if (agentIds.length >= 2000) break;
    }
    const newest = (await store.agents.get(agentIds[agentIds.length - 1]!))!;
    await store.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const api = startProcess(apiNodeArgs(), {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: optionOf(argv, 'workers', '2'),
      TRUST_PROXY: '1',
      PAYMENTS_MODE: 'test',
    });
    try {
      const start = await timeStart(base, api, newest);
      log(
        `  API (compiled, ${optionOf(argv, 'workers', '2')} workers): searchable after ${start.searchableSeconds.toFixed(1)} s`,
      );
      const victimOptions = {
        clients: number(argv, 'victims', 4),
        rate: number(argv, 'victim-rate', 4),
        agentIds,
        queries: useCaseQueries(200),
      };
      await victims(base, { ...victimOptions, seconds: 3 }); // warm-up: code compiled, caches filled
      const [quiet, quietLoop] = await withEventLoopSamples(
        base,
        victims(base, { ...victimOptions, seconds: number(argv, 'quiet', 5) }),
      );
      const seconds = number(argv, 'seconds', 20);
      log(`  load average before the attack: ${loadAverage()}`);
      const [[underAttack, attack], attackLoop] = await withEventLoopSamples(
        base,
        Promise.all([
          victims(base, { ...victimOptions, seconds }),
          attackFrom(base, {
            seconds,
            burstMs: number(argv, 'burst-ms', 2000),
            mcpPosts: number(argv, 'mcp', 6),
            calls: number(argv, 'calls', 100),
            multiPosts: number(argv, 'multi', 12),
            searches: number(argv, 'searches', 20),
            facetPosts: number(argv, 'facet', 1),
            facetValues: number(argv, 'facet-values', 9000),
            queryLength: number(argv, 'query-length', 490),
            maxInFlight: 64,
            vocabulary: vocabularyOf(catalog.descriptions),
            seed: 21,
          }),
        ]),
      );
      report(quiet, quietLoop, underAttack, attack, attackLoop, seconds);
      return { agents, quiet, quietLoop, underAttack, attack, attackLoop, loadAverage: os.loadavg() };
    } finally {
      await stop(api);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(
  quiet: WaitFigures,
  quietLoop: EventLoopSample | null,
  underAttack: WaitFigures,
  attack: AttackFigures,
  attackLoop: EventLoopSample | null,
  seconds: number,
) {
  const loop = (sample: EventLoopSample | null) =>
    sample
      ? `event-loop delay p99 ${sample.p99} ms, max ${sample.max} ms`
      : 'event loop not sampled (no /healthz answer)';
  log(`  victims alone:        ${waits(quiet)}; ${loop(quietLoop)}`);
  log(`  victims under attack: ${waits(underAttack)}; ${loop(attackLoop)}`);
  const target = underAttack.max <= 300 ? 'met' : 'MISSED';
  log(`  target (every victim read within 300 ms): ${target}`);
  log(`  attacker, ${seconds} s:`);
  for (const [kind, figures] of Object.entries(attack.byKind))
    log(
      `    ${kind.padEnd(13)} ${figures.requests} POSTs (${statuses(figures)}), p50 ${figures.p50} ms, max ${figures.max} ms`,
    );
  if (attack.skipped) log(`    ${attack.skipped} sends skipped (64 unanswered already)`);
  log(`  load average after: ${loadAverage()}`);
}

async function main(argv: string[]) {
  const sizes = optionOf(argv, 'agents', '1030,100000').split(',').map(Number);
  log(
    `Agentry abuse benchmark (issue 21, finding 1): ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, load average ${loadAverage()}`,
  );
  const results = [];
  for (const agents of sizes) results.push(await measure(argv, agents));
  const out = optionOf(argv, 'out', '');
  if (out)
    fs.writeFileSync(
      fromCwd(out),
      `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`,
    );
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
