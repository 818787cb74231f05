import fs from 'node:fs';
import path from 'node:path';
import { setFeatures } from '@agentry/platform/search/query/features';
import { optionValue, switchesOption } from '../cli/options';
import { runMain } from '../cli/run-main';
import { type Bm25Agent, bm25Ranker } from './bm25';
import { serveFreshCatalog } from './fresh-catalog';
import { readQueryFile } from './query-file';
import { evaluate, formatReport, type Qrels } from './score';

// `npm run eval:relevance -- QUERIES QRELS [--agents FILE] [--out RUN.json]`
// Loads the agents file (default ../shared/data/agents.json) into a fresh DATA_DIR, asks the real
// GET /api/search for every query, and scores the top 10 as ../shared/eval/score.py does.
// `--engine bm25` scores the plain BM25 reference instead (no server); `--without a,b` and
// `--with a,b` turn ranking components off or on (see platform/src/search/query/features.ts).

const USAGE =
  'Usage: npm run eval:relevance -- QUERIES QRELS.json [--agents agents.json] [--out run.json] [--engine bm25] [--without feature,...] [--with feature,...]\n';

async function main(argv: string[]): Promise<number> {
  const positional = argv.filter((arg, i) => !arg.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  const option = (name: string) => optionValue(argv, name);
  const from = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const [queriesFile, qrelsFile] = positional;
  if (!queriesFile || !qrelsFile) {
    process.stderr.write(USAGE);
    return 2;
  }
  const agentsFile = from(option('agents') ?? '../shared/data/agents.json');
  const queries = readQueryFile(from(queriesFile)).map((line) => line.query);
  const qrels = JSON.parse(fs.readFileSync(from(qrelsFile), 'utf8')) as Qrels;
  const report = (run: Record<string, string[]>) => {
    const { perQuery, summary } = evaluate(run, qrels);
    process.stdout.write(`${formatReport(perQuery, summary)}\n`);
    const out = option('out');
    if (out) fs.writeFileSync(from(out), `${JSON.stringify(run, null, 1)}\n`);
  };
  if (option('engine') === 'bm25') {
    const agents = JSON.parse(fs.readFileSync(agentsFile, 'utf8')) as Bm25Agent[];
    const rank = bm25Ranker(agents);
    report(Object.fromEntries(queries.map((query) => [query, rank(query, 10).map((i) => agents[i]!.name)])));
    return 0;
  }
  setFeatures(switchesOption(argv));

  const catalog = await serveFreshCatalog(agentsFile);
  try {
    process.stderr.write(
      `Loaded ${catalog.added} agents from ${agentsFile}; running ${queries.length} queries through GET /api/search\n`,
    );
    const run: Record<string, string[]> = {};
    const latencies: number[] = [];
    for (const query of queries) {
      const started = performance.now();
      const response = await fetch(
        `${catalog.server.url}/api/search?${new URLSearchParams({ query, limit: '10' })}`,
      );
      latencies.push(performance.now() - started);
      if (!response.ok) throw new Error(`GET /api/search answered ${response.status} for "${query}"`);
      run[query] = ((await response.json()) as Array<{ name: string }>).map((agent) => agent.name);
    }
    report(run);
    latencies.sort((a, b) => a - b);
    process.stdout.write(
      `median round trip ${latencies[Math.floor(latencies.length / 2)]!.toFixed(1)} ms over ${latencies.length} queries\n`,
    );
    return 0;
  } finally {
    await catalog.stop();
  }
}

runMain('Relevance evaluation', () => main(process.argv.slice(2)));
